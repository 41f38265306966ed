import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IntOrString, Node, Pod } from '../../../../src/sim/api/types.js';
import { daemonSetFacts } from '../../../../src/sim/controllers/daemonset/facts.js';
import { findUpdatedPodsOnNode } from '../../../../src/sim/controllers/daemonset/node-pods-facts.js';
import { rollingUpdate } from '../../../../src/sim/controllers/daemonset/rolling-update.js';
import { byNode, daemonSet, node, pod, T0 } from './fixtures.js';

const NOW = T0 + 60_000;
const ready = { readySince: T0 };

function plan(nodes: Node[], pods: Pod[], maxUnavailable: IntOrString, maxSurge: IntOrString) {
  const ds = daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable, maxSurge } } });
  const r = rollingUpdate(daemonSetFacts(ds, 'new', NOW), nodes, byNode(pods));
  if ('error' in r) return r;
  return { created: r.create.map((c) => c.node), deleted: r.delete.map((d) => d.pod.metadata.name), summary: r.summary };
}

describe('findUpdatedPodsOnNode: one new and one old pod at most, deleting pods ignored', () => {
  it('classifies by hash or template generation and rejects duplicates', () => {
    expect(findUpdatedPodsOnNode([pod('a', 'n', { hash: 'new' }), pod('b', 'n', { hash: 'old' })], 'new', 1)).toMatchObject({ ok: true, newPod: { metadata: { name: 'a' } }, oldPod: { metadata: { name: 'b' } } });
    expect(findUpdatedPodsOnNode([pod('a', 'n', { hash: 'old', generation: 3 })], 'new', 3).newPod?.metadata.name).toBe('a');
    expect(findUpdatedPodsOnNode([pod('a', 'n', { hash: 'new' }), pod('b', 'n', { hash: 'new' })], 'new', 1).ok).toBe(false);
    expect(findUpdatedPodsOnNode([pod('a', 'n', { hash: 'old' }), pod('b', 'n', { hash: 'old', deleting: true })], 'new', 1)).toMatchObject({ ok: true, oldPod: { metadata: { name: 'a' } } });
  });
});

describe('rollingUpdate without surge: counting unavailable nodes', () => {
  const nodes = ['a', 'b', 'c', 'd', 'e'].map((n) => node(n));

  it('a node without pods, one with only a terminating pod, and one with an unready new pod each use the budget', () => {
    const pods = [pod('b-old', 'b', { hash: 'old', deleting: true, ...ready }), pod('c-new', 'c', { hash: 'new' }), pod('d-old', 'd', { hash: 'old', ...ready }), pod('e-old', 'e', { hash: 'old', ...ready })];
    expect(plan(nodes, pods, 3, 0)).toMatchObject({ deleted: [], summary: { numUnavailable: 3 } });
    expect(plan(nodes, pods, 4, 0)).toMatchObject({ deleted: ['d-old'] });
  });

  it('duplicates and old+new nodes count as unavailable even when a pod is available', () => {
    const pods = [
      pod('a-1', 'a', { hash: 'old', ...ready }),
      pod('a-2', 'a', { hash: 'old', ...ready }),
      pod('b-old', 'b', { hash: 'old', ...ready }),
      pod('b-new', 'b', { hash: 'new', ...ready }),
      ...['c', 'd', 'e'].map((n) => pod(`${n}-old`, n, { hash: 'old', ...ready })),
    ];
    expect(plan(nodes, pods, 3, 0)).toMatchObject({ deleted: ['c-old'], summary: { numUnavailable: 2 } });
  });

  it('unavailable old pods all go at once; the budget left over takes candidates in node-name order', () => {
    const pods = [pod('a-old', 'a', { hash: 'old' }), pod('b-old', 'b', { hash: 'old' }), ...['c', 'd', 'e'].map((n) => pod(`${n}-old`, n, { hash: 'old', ...ready }))];
    expect(plan(nodes, pods, 1, 0)).toMatchObject({ created: [], deleted: ['a-old', 'b-old'] });
    expect(plan(nodes, pods, 3, 0)).toMatchObject({ deleted: ['a-old', 'b-old', 'c-old'] });
  });
});

describe('rollingUpdate with surge', () => {
  it('creates beside available old pods up to maxSurge minus nodes already surging', () => {
    const nodes = ['a', 'b', 'c', 'd'].map((n) => node(n));
    const pods = [pod('a-old', 'a', { hash: 'old', ...ready }), pod('a-new', 'a', { hash: 'new' }), ...['b', 'c', 'd'].map((n) => pod(`${n}-old`, n, { hash: 'old', ...ready }))];
    expect(plan(nodes, pods, 0, 2)).toMatchObject({ created: ['b'], deleted: [], summary: { numSurge: 1 } });
  });

  it('an available new pod retires the old one; an unavailable old pod on an ineligible node is deleted', () => {
    const nodes = [node('a'), node('b', { taints: [{ key: 'x', effect: 'NoSchedule' }] })];
    const pods = [pod('a-old', 'a', { hash: 'old', ...ready }), pod('a-new', 'a', { hash: 'new', ...ready }), pod('b-old', 'b', { hash: 'old' })];
    expect(plan(nodes, pods, 0, 1)).toMatchObject({ created: [], deleted: ['a-old', 'b-old'] });
  });

  it('available old pods on ineligible nodes go only while available pods exceed desired', () => {
    const nodes = [node('a'), node('b', { taints: [{ key: 'x', effect: 'NoSchedule' }] }), node('c', { taints: [{ key: 'x', effect: 'NoSchedule' }] })];
    const pods = [pod('a-new', 'a', { hash: 'new', ...ready }), pod('b-old', 'b', { hash: 'old', ...ready }), pod('c-old', 'c', { hash: 'old', ...ready })];
    // 3 available, 1 desired: both may go.
    expect(plan(nodes, pods, 0, 1)).toMatchObject({ deleted: ['b-old', 'c-old'] });
    // a's new pod not yet available: 2 available, 1 desired: one goes.
    expect(plan(nodes, [pod('a-new', 'a', { hash: 'new' }), pods[1]!, pods[2]!], 0, 1)).toMatchObject({ deleted: ['b-old'] });
  });

  it('fails while old pods sit on a node that no longer exists (upstream: until PodGC removes them)', () => {
    expect(plan([node('a')], [pod('gone-old', 'gone', { hash: 'old', ...ready })], 0, 1)).toEqual({ error: `couldn't get node for nodeName "gone": node "gone" not found` });
  });
});

/** A node's daemon pods for the model below: each pod old or new, ready (available) or not. */
const NODE_STATES: readonly (readonly { hash: 'old' | 'new'; ready: boolean }[])[] = [
  [],
  [{ hash: 'old', ready: true }],
  [{ hash: 'old', ready: false }],
  [{ hash: 'new', ready: true }],
  [{ hash: 'new', ready: false }],
  [{ hash: 'old', ready: true }, { hash: 'new', ready: false }],
  [{ hash: 'old', ready: true }, { hash: 'new', ready: true }],
  [{ hash: 'old', ready: false }, { hash: 'new', ready: false }],
  [{ hash: 'old', ready: true }, { hash: 'old', ready: true }],
];

/** Names that sort as their positions do. */
const nodeName = (i: number) => `n${String(i).padStart(2, '0')}`;

/**
 * The rollout's choices over eligible nodes as first written: every candidate listed, the
 * budget's share taken afterwards (the plan now stops listing candidates it could never take).
 */
function modelPlan(states: readonly (typeof NODE_STATES)[number][], maxUnavailable: number, maxSurge: number) {
  const created: string[] = [];
  const deleted: string[] = [];
  const candidates: number[] = [];
  let budgetUsed = 0;
  let numAvailable = 0;
  const atFirst: number[] = [];
  states.forEach((pods, i) => {
    const olds = pods.filter((p) => p.hash === 'old');
    const news = pods.filter((p) => p.hash === 'new');
    const ok = olds.length <= 1 && news.length <= 1;
    const [o, n] = [olds[0], news[0]];
    if (maxSurge === 0) {
      if (!ok || !o === !n) budgetUsed++;
      else if (n) budgetUsed += n.ready ? 0 : 1;
      else if (!o!.ready) {
        atFirst.push(i);
        budgetUsed++;
      } else if (budgetUsed < maxUnavailable) candidates.push(i);
      return;
    }
    if (!ok) {
      budgetUsed++;
      return;
    }
    if (o ? o.ready : n?.ready) numAvailable++;
    if (!o) return;
    if (!n) {
      if (!o.ready) atFirst.push(i);
      else if (budgetUsed < maxSurge) candidates.push(i);
      return;
    }
    if (!n.ready) budgetUsed++;
    else deleted.push(`${nodeName(i)}-old0`);
  });
  const budget = maxSurge === 0 ? maxUnavailable : maxSurge;
  const chosen = [...atFirst, ...candidates.slice(0, Math.max(0, Math.min(candidates.length, budget - budgetUsed)))];
  if (maxSurge === 0) deleted.push(...chosen.map((i) => `${nodeName(i)}-old0`));
  else created.push(...chosen.map(nodeName));
  return { created, deleted };
}

describe('rollingUpdate: the candidates within the budget', () => {
  it('takes what listing every candidate and then taking the budget left took', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(NODE_STATES.length - 1), { minLength: 1, maxLength: 12 }), fc.nat(6), fc.boolean(), (picks, budget, surge) => {
        const states = picks.map((k) => NODE_STATES[k]!);
        const nodes = states.map((_, i) => node(nodeName(i)));
        const pods = states.flatMap((ps, i) =>
          ps.map((p, j) => pod(`${nodeName(i)}-${p.hash}${j === 0 || ps[0]!.hash !== p.hash ? 0 : j}`, nodeName(i), { hash: p.hash, ...(p.ready ? ready : {}) })),
        );
        const maxUnavailable = surge ? 0 : Math.max(1, budget);
        const maxSurge = surge ? Math.max(1, budget) : 0;
        const got = plan(nodes, pods, maxUnavailable, maxSurge);
        expect('error' in got).toBe(false);
        if ('error' in got) return;
        expect({ created: got.created, deleted: got.deleted }).toEqual(modelPlan(states, maxUnavailable, maxSurge));
      }),
    );
  });
});
