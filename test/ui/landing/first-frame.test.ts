import { describe, expect, it } from 'vitest';
import { firstFrame } from '../../../src/ui/landing/first-frame.js';
import { LANDING_ID, opening } from '../../../src/ui/landing/opening.js';
import type { PresetStart } from '../../../src/ui/playground/presets.js';
import { pageMemory } from '../../../src/ui/page-memory.js';
import { PlaygroundStorage } from '../../../src/ui/persist.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import type { WorkerMessage } from '../../../src/ui/worker/protocol.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';

describe("the landing picture's first frame", () => {
  it('shows the DaemonSet applied, node 1 Ready and its pod on it, 10 s into the clock', () => {
    const frame = firstFrame();
    expect(frame.now).toBe(EPOCH_MS + 10_000);
    expect(frame.entries).toEqual([]);
    const objects = frame.reset ?? [];
    const node = objects.find((o) => o.kind === 'Node');
    expect(node?.metadata.name).toBe('node-1');
    expect(objects.some((o) => o.kind === 'DaemonSet' && o.metadata.name === 'log-agent')).toBe(true);
    const pods = objects.filter((o) => o.kind === 'Pod');
    expect(pods).toHaveLength(1);
    expect(pods[0]).toMatchObject({ metadata: { ownerReferences: [{ kind: 'DaemonSet', name: 'log-agent' }] }, spec: { nodeName: 'node-1' } });
  });

  it("is the very batch the live worker posts for the session the picture's page memory opens", () => {
    // As LandingPicture does: the opening goes into page memory, the playground reads it back and loads it.
    const storage = new PlaygroundStorage(pageMemory(), LANDING_ID);
    expect(storage.write('session', opening())).toBeUndefined();
    const saved = storage.read<PresetStart>('session')!;
    const posted: WorkerMessage[] = [];
    const host = new EngineHost({ post: (m) => posted.push(m), ticker: { now: () => 0, frame: () => () => {} } });
    host.handle({ id: 7, type: 'load', log: saved.log });
    const live = posted.find((m) => m.type === 'batch');
    expect(JSON.stringify(live?.type === 'batch' ? live.batch : undefined)).toBe(JSON.stringify(firstFrame()));
  });
});
