/**
 * The page's mirror of the cluster, kept from diffs only, matches the worker's store object for
 * object after every batch, in the store's own order.
 */
import { describe, expect, it } from 'vitest';
import { EPOCH_MS, formatDuration } from '../../../src/sim/engine/time.js';
import { LiveCluster } from '../../../src/ui/playground/live-cluster.svelte.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import { manualTicker } from '../worker/in-process.js';
import { APPLY_AGENT } from '../worker/agent-ds.js';
import type { DiffBatch } from '../../../src/ui/worker/protocol.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';
import type { EngineSession } from '../../../src/ui/worker/session.js';

const KINDS = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'PriorityClass', 'Event'] as const;

const DS = APPLY_AGENT;

function mirrored(): { live: LiveCluster; host: EngineHost; batches: DiffBatch[]; session: () => EngineSession } {
  const live = new LiveCluster();
  const batches: DiffBatch[] = [];
  live.onBatch((b) => batches.push(b));
  const host = new EngineHost({ ticker: manualTicker(), post: (m) => m.type === 'batch' && live.apply(structuredClone(m.batch)) });
  host.handle({ id: 0, type: 'load', log: emptyLog() });
  return { live, host, batches, session: () => (host as unknown as { session: EngineSession }).session };
}

function expectSame(live: LiveCluster, session: EngineSession): void {
  for (const kind of KINDS) expect(live.list(kind)).toEqual(session.cluster.store.list(kind));
  expect(live.now).toBe(session.cluster.now);
}

describe('LiveCluster', () => {
  it('mirrors the worker store through adds, updates, deletes and time', () => {
    const m = mirrored();
    let id = 1;
    for (const text of ['sim node add node-b', 'sim node add node-a --labels pool=x', DS, 'sim settle', 'sim node remove node-b', 'kubectl set image ds/agent agent=agent:2', 'sim advance 2m', 'kubectl delete ds agent']) {
      m.host.handle({ id: id++, type: 'run', text, files: {}, source: 'terminal' });
      expectSame(m.live, m.session());
    }
    expect(m.batches.length).toBeGreaterThan(5);
    expect(m.live.version).toBe(m.batches.length);
  });

  it('keeps one list array per kind until that kind changes', () => {
    const m = mirrored();
    m.host.handle({ id: 1, type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    const nodes = m.live.list('Node');
    expect(m.live.list('Node')).toBe(nodes);
    m.host.handle({ id: 2, type: 'run', text: DS, files: {}, source: 'terminal' });
    expect(m.live.list('DaemonSet')).toHaveLength(1);
    m.host.handle({ id: 3, type: 'run', text: 'kubectl label node node-1 a=b', files: {}, source: 'terminal' });
    expect(m.live.list('Node')).not.toBe(nodes);
    expect(m.live.get('Node', undefined, 'node-1')?.metadata.labels?.a).toBe('b');
    expect(m.live.get('DaemonSet', 'default', 'agent')?.metadata.name).toBe('agent');
    expect(m.live.get('Node', undefined, 'nope')).toBeUndefined();
  });

  it('keeps one key array per kind through updates, and makes it again when an object joins or leaves', () => {
    const m = mirrored();
    m.host.handle({ id: 1, type: 'run', text: 'sim node add node-b\nsim node add node-a', files: {}, source: 'terminal' });
    const keys = m.live.keys('Node');
    expect(keys).toEqual(['node-a', 'node-b']);
    m.host.handle({ id: 2, type: 'run', text: 'kubectl label node node-a a=b\nsim advance 1m', files: {}, source: 'terminal' });
    expect(m.live.list('Node')[0]?.metadata.labels?.a).toBe('b');
    expect(m.live.keys('Node')).toBe(keys);
    m.host.handle({ id: 3, type: 'run', text: 'sim node remove node-b', files: {}, source: 'terminal' });
    expect(m.live.keys('Node')).toEqual(['node-a']);
    expect(m.live.keys('DaemonSet')).toEqual([]);
  });

  it('merges a few keys that joined or left into the sorted keys it had, in the store order', () => {
    const m = mirrored();
    m.host.handle({ id: 1, type: 'run', text: 'sim node add node-{1..40}', files: {}, source: 'terminal' });
    const storeKeys = () => m.session().cluster.store.list('Node').map((n) => n.metadata.name);
    expect(m.live.keys('Node')).toEqual(storeKeys());
    m.host.handle({ id: 2, type: 'run', text: 'sim node remove node-7\nsim node add node-0 node-25b zz', files: {}, source: 'terminal' });
    expect(m.live.keys('Node')).toEqual(storeKeys());
    expect(m.live.keys('Node')).toContain('node-25b');
    expect(m.live.keys('Node')).not.toContain('node-7');
    m.host.handle({ id: 3, type: 'rewind', to: 1 });
    expect(m.live.keys('Node')).toEqual(storeKeys());
    expect(m.live.keys('Node')).toContain('node-7');
  });

  it('replaces everything on a reset batch and stops calling a listener that unsubscribed', () => {
    const m = mirrored();
    m.host.handle({ id: 1, type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    let calls = 0;
    const off = m.live.onBatch(() => calls++);
    m.host.handle({ id: 2, type: 'load', log: emptyLog() });
    expect(calls).toBe(1);
    expect(m.live.list('Node')).toEqual([]);
    expectSame(m.live, m.session());
    off();
    m.host.handle({ id: 3, type: 'run', text: 'sim node add node-2', files: {}, source: 'terminal' });
    expect(calls).toBe(1);
  });
});

describe('before the first batch', () => {
  it("reads the virtual clock's start, so the time bar never shows a time before it", () => {
    const live = new LiveCluster();
    expect(live.now).toBe(EPOCH_MS);
    expect(formatDuration(live.now - EPOCH_MS)).toBe('0s');
  });
});
