/**
 * Intents are recorded only while something reads them (intent-log.ts): a cluster made with
 * `intents: true`, or a subscriber that asked for them. Whether they are recorded changes
 * nothing else: the same script gives the same output and the same objects.
 */
import { describe, expect, it } from 'vitest';
import { agentDaemonSet } from '../../../src/cli/bench-fleet-steps.js';
import { exec } from '../../../src/kubectl/exec.js';
import type { Intent } from '../../../src/sim/engine/client.js';
import { IntentLog } from '../../../src/sim/engine/intent-log.js';
import { createCluster, type Cluster } from '../../../src/sim/index.js';
import type { TraceEntry } from '../../../src/sim/engine/cluster.js';

const intent = (name: string): Intent => ({ controller: 'kubelet', verb: 'updateStatus', kind: 'Pod', namespace: 'default', name, reason: 'reports it' });

describe('IntentLog', () => {
  it('records while always on or while a reader holds it, and hands each pass its own list', () => {
    const off = new IntentLog(false);
    expect(off.recording).toBe(false);
    const releaseA = off.addReader();
    const releaseB = off.addReader();
    expect(off.recording).toBe(true);
    off.record(intent('a'));
    expect(off.size).toBe(1);
    const taken = off.take();
    expect(taken).toEqual([intent('a')]);
    expect(off.size).toBe(0);
    expect(off.take()).toEqual([]);
    releaseA();
    releaseA(); // a second call does not release the other reader
    expect(off.recording).toBe(true);
    releaseB();
    expect(off.recording).toBe(false);
    off.record(intent('b'));
    off.clear();
    expect(off.take()).toEqual([]);
    expect(taken).toEqual([intent('a')]);

    const on = new IntentLog(true);
    on.addReader()();
    expect(on.recording).toBe(true);
  });
});

/** Runs a fleet, a rollout (a wave of it by `sim step --wave`) and a node failure; returns every output. */
function script(c: Cluster): string[] {
  const out: string[] = [];
  const run = (line: string, stdin?: string): void => {
    const r = exec(c, line, stdin);
    out.push(`$ ${line}\n${r.stdout}${r.stderr}`);
  };
  run('sim node add node-{1..4}');
  run('sim settle');
  run('kubectl apply -f -', agentDaemonSet('agent'));
  run('sim settle --timeout=10m');
  run('kubectl set image ds/agent agent=registry.example/agent:1.1');
  run('sim step --wave');
  run('sim step --wave');
  run('sim node fail node-2');
  run('sim advance 2m');
  run('kubectl get pods -o wide');
  run('kubectl get events');
  run('kubectl describe ds agent');
  return out;
}

describe('a cluster and its intents', () => {
  it('records none unless asked, and gives a subscriber that asks them while it is subscribed', () => {
    const c = createCluster({ seed: 1 });
    const seen: TraceEntry[] = [];
    const plain = c.subscribe((e) => seen.push(e));
    exec(c, 'sim node add node-1');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.intents.length === 0)).toBe(true);
    expect(c.traceEntries().every((e) => e.intents.length === 0)).toBe(true);

    const asked: TraceEntry[] = [];
    const stop = c.subscribe((e) => asked.push(e), { intents: true });
    exec(c, 'sim node add node-2');
    expect(asked.flatMap((e) => e.intents).some((i) => i.verb === 'create' && i.kind === 'Node' && i.name === 'node-2')).toBe(true);
    // Every subscriber gets the same entries: the plain one sees the intents recorded meanwhile.
    expect(seen.at(-1)).toBe(asked.at(-1));
    stop();
    exec(c, 'sim node add node-3');
    expect(seen.at(-1)!.intents).toEqual([]);
    expect(asked.at(-1)!.intents.length).toBeGreaterThan(0);
    plain();
  });

  it('gives the same output and objects whether it records intents or not', () => {
    const quiet = createCluster({ seed: 7 });
    const recording = createCluster({ seed: 7, intents: true });
    expect(script(recording)).toEqual(script(quiet));
    for (const kind of ['Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'Event'] as const) {
      expect(JSON.stringify(quiet.store.list(kind)), kind).toBe(JSON.stringify(recording.store.list(kind)));
    }
    // The quiet cluster recorded intents only while `sim step --wave` watched for them.
    const count = (c: Cluster): number => c.traceEntries().reduce((n, e) => n + e.intents.length, 0);
    expect(count(quiet)).toBeGreaterThan(0);
    expect(count(quiet)).toBeLessThan(count(recording) / 2);
  });
});
