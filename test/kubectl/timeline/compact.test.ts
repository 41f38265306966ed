/** Pods only old checkpoints hold, as rows of their differences from a prototype: rebuilt exactly. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactTable, expandTable } from '../../../src/kubectl/timeline/compact.js';
import type { ApiObject, Pod } from '../../../src/sim/api/types.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';
import { expectEveryMomentMatchesReplay, rolloutsTimeline, run } from './replay-check.js';

/** A name table as text: names and objects in order, every key in its order. */
const text = (t: ReadonlyMap<string, ApiObject>) => JSON.stringify([...t]);

/** The pod table of a cluster of `nodes` nodes with one DaemonSet, settled, as a snapshot holds it. */
function settledPods(nodes: number): ReadonlyMap<string, ApiObject> {
  const cluster = createCluster({ seed: 3 });
  run(cluster, `sim node add node-{1..${nodes}}`);
  run(cluster, 'kubectl apply -f -', agentYaml());
  run(cluster, 'sim settle');
  return cluster.snapshot().store.objects.get('Pod')!.get('default')!;
}

describe('compactTable', () => {
  it("keeps a rollout generation's pods as rows and builds them again exactly", () => {
    const table = settledPods(12);
    expect(table.size).toBe(12);
    const c = compactTable(table, () => false)!;
    // One pod is the prototype, the others rows.
    expect(c.values.filter((v) => Array.isArray(v))).toHaveLength(11);
    const back = expandTable(c);
    expect(text(back)).toBe(text(table));
    expect([...back.values()]).toStrictEqual([...table.values()]);
    // Built again, not handed back.
    expect([...back.values()].filter((p) => [...table.values()].includes(p))).toHaveLength(1);
  });

  it("shares each rebuilt pod's node affinity and hostIPs with its node's other pods, as the pods did", () => {
    const table = settledPods(6);
    const back = expandTable(compactTable(table, () => false)!);
    expect(text(back)).toBe(text(table));
    for (const [name, obj] of table) {
      const pod = obj as Pod;
      const rebuilt = back.get(name) as Pod;
      expect(rebuilt.spec.affinity).toBeDefined();
      expect(rebuilt.spec.affinity).toBe(pod.spec.affinity);
      expect(rebuilt.status.hostIPs).toBe(pod.status.hostIPs);
    }
  });

  it('leaves the objects held elsewhere as they are', () => {
    const table = settledPods(6);
    const [first, second] = [...table.keys()];
    const c = compactTable(table, (name) => name === first || name === second)!;
    const back = expandTable(c);
    expect(back.get(first!)).toBe(table.get(first!));
    expect(back.get(second!)).toBe(table.get(second!));
    expect(text(back)).toBe(text(table));
    expect(compactTable(table, () => true)).toBeUndefined();
  });

  it('builds any table again exactly, whatever its objects share or do not', () => {
    const leaf = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -2, max: 2 }), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const part = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('record')),
      list: fc.array(tie('value'), { maxLength: 3 }),
      record: fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__', '0'), tie('value'), { maxKeys: 3 }),
    })).value;
    const obj = fc.record({ owner: fc.constantFrom('u1', 'u2'), hash: fc.constantFrom(undefined, 'h1'), spec: part, status: part, shared: fc.boolean() });
    fc.assert(
      fc.property(fc.array(obj, { maxLength: 12 }), fc.array(fc.boolean(), { maxLength: 12 }), (objs, held) => {
        const common = { tolerations: [{ key: 'k' }] };
        const table = new Map<string, ApiObject>();
        objs.forEach((o, i) => {
          const metadata = { name: `p${i}`, ...(o.hash ? { labels: { 'controller-revision-hash': o.hash } } : {}), ownerReferences: [{ uid: o.owner, controller: true }] };
          table.set(`p${i}`, { kind: 'Pod', metadata, spec: o.spec, status: o.status, ...(o.shared ? { common } : {}) } as unknown as ApiObject);
        });
        const c = compactTable(table, (name) => held[Number(name.slice(1))] === true);
        if (!c) return;
        const back = expandTable(c);
        expect([...back.keys()]).toEqual([...table.keys()]);
        expect(text(back)).toBe(text(table));
        for (const [name, o] of table) expect(back.get(name)).toStrictEqual(o);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('compacted checkpoints', () => {
  it('restore every kept moment exactly once rollouts left them the only holders of their pods', () => {
    const { timeline, store } = rolloutsTimeline();
    expect(store.compacted).toBeGreaterThan(2);
    expectEveryMomentMatchesReplay(timeline, 2);
  });
});
