/** The kubelets' event correlator subjects that only old checkpoints hold, as rows: rebuilt exactly. */
import { describe, expect, it } from 'vitest';
import { compactTable, expandTable } from '../../../src/kubectl/timeline/compact.js';
import { SUBJECT_TEMPLATES, subjectsOf } from '../../../src/kubectl/timeline/subjects.js';
import { crashReadyFleet, expectEveryMomentMatchesReplay, rolloutsTimeline, run } from './replay-check.js';

describe('compacted kubelet event subjects', () => {
  it("holds a kubelet's entries about each node and pod it runs, drops a deleted pod's, and builds a table of them again exactly", () => {
    const cluster = crashReadyFleet();
    const firstPods = cluster.store.list('Pod').map((p) => p.metadata.uid);
    const nodes = cluster.store.list('Node').map((n) => n.metadata.uid);
    expect(new Set(cluster.eventSubjects().keys())).toEqual(new Set([...nodes, ...firstPods]));
    run(cluster, 'kubectl set image daemonset/agent a=registry.example/agent:2');
    run(cluster, 'sim advance 3m');
    // The replaced pods are gone from the store, and their kubelets' entries with them.
    const table = subjectsOf(cluster.snapshot());
    const pods = cluster.store.list('Pod').map((p) => p.metadata.uid);
    const gone = firstPods.filter((uid) => !pods.includes(uid));
    expect(gone.length).toBeGreaterThan(0);
    expect(gone.filter((uid) => table.has(uid))).toEqual([]);
    expect(new Set(table.keys())).toEqual(new Set([...nodes, ...pods]));
    const c = compactTable(table, () => false, SUBJECT_TEMPLATES)!;
    expect(c.values.filter((v) => Array.isArray(v)).length).toBeGreaterThan(table.size / 2);
    expect(JSON.stringify([...expandTable(c)])).toBe(JSON.stringify([...table]));
  });

  it('restores every kept moment exactly once rollouts left them the only holders of their subjects', () => {
    const { timeline, store } = rolloutsTimeline();
    expect(store.compactedSubjects).toBeGreaterThan(2);
    expectEveryMomentMatchesReplay(timeline, 2);
  });
});
