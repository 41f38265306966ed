/** The kubelet's pod runtimes that only old checkpoints hold, as rows: rebuilt exactly. */
import { describe, expect, it } from 'vitest';
import { compactTable, expandTable } from '../../../src/kubectl/timeline/compact.js';
import { RUNTIME_TEMPLATES, runtimesOf } from '../../../src/kubectl/timeline/runtimes.js';
import { crashReadyFleet, expectEveryMomentMatchesReplay, rolloutsTimeline, run } from './replay-check.js';

describe('compacted pod runtimes', () => {
  it('builds a table of runtimes of several stages and shapes again exactly', () => {
    const cluster = crashReadyFleet();
    run(cluster, 'kubectl set image daemonset/agent a=registry.example/agent:2');
    run(cluster, 'sim advance 3m');
    const table = runtimesOf(cluster.snapshot())!;
    expect(table.size).toBeGreaterThanOrEqual(10);
    const c = compactTable(table, () => false, RUNTIME_TEMPLATES)!;
    expect(c.values.filter((v) => Array.isArray(v)).length).toBeGreaterThan(table.size / 2);
    const back = expandTable(c);
    expect(JSON.stringify([...back])).toBe(JSON.stringify([...table]));
    expect([...back.values()]).toStrictEqual([...table.values()]);
  });

  it('restore every kept moment exactly once rollouts left them the only holders of their runtimes', () => {
    const { timeline, store } = rolloutsTimeline();
    expect(store.compactedRuntimes).toBeGreaterThan(2);
    expectEveryMomentMatchesReplay(timeline, 2);
  });
});
