/**
 * Property tests of the rolling-update and manage decision functions over random node/pod
 * states, and of the status counters against an independent recount.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IntOrString, Node, Pod, Taint } from '../../../../src/sim/api/types.js';
import { daemonSetFacts } from '../../../../src/sim/controllers/daemonset/facts.js';
import { manage } from '../../../../src/sim/controllers/daemonset/manage.js';
import { rollingUpdate } from '../../../../src/sim/controllers/daemonset/rolling-update.js';
import { computeDaemonSetStatus } from '../../../../src/sim/controllers/daemonset/status.js';
import { nodeShouldRunDaemonPod } from '../../../../src/sim/controllers/daemonset/eligibility.js';
import { isPodAvailable, isPodReady } from '../../../../src/sim/controllers/daemonset/pod-conditions.js';
import { comparePodsByCreationTimestampAndPhase } from '../../../../src/sim/controllers/daemonset/pod-order.js';
import { getScaledValueFromIntOrPercent } from '../../../../src/sim/api/intstr.js';
import { byNode, daemonSet, node, pod, T0 } from './fixtures.js';

const NOW = T0 + 120_000;
const HASH = 'new';

const taintArb = fc.constantFrom<Taint[]>([], [], [], [{ key: 'x', effect: 'NoSchedule' }], [{ key: 'x', effect: 'NoExecute' }]);
const podArb = fc.record({
  hash: fc.constantFrom('new', 'old', 'older'),
  ready: fc.constantFrom<'no' | 'long' | 'recent'>('no', 'long', 'recent'),
  phase: fc.constantFrom<'Running' | 'Pending' | 'Failed' | 'Succeeded'>('Running', 'Running', 'Running', 'Pending', 'Failed', 'Succeeded'),
  deleting: fc.boolean(),
  bound: fc.boolean(),
  created: fc.integer({ min: 0, max: 5 }),
});
const stateArb = fc.record({
  nodes: fc.array(fc.record({ taints: taintArb, pods: fc.array(podArb, { maxLength: 3 }) }), { minLength: 1, maxLength: 8 }),
  strays: fc.array(podArb, { maxLength: 2 }),
  budget: fc.oneof(
    fc.record({ maxUnavailable: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom('25%', '50%', '100%')), maxSurge: fc.constant<IntOrString>(0) }),
    fc.record({ maxUnavailable: fc.constant<IntOrString>(0), maxSurge: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom('25%', '50%')) }),
    fc.constant({ maxUnavailable: 0 as IntOrString, maxSurge: 0 as IntOrString }),
  ),
  minReadySeconds: fc.constantFrom(0, 0, 10),
});
type State = typeof stateArb extends fc.Arbitrary<infer S> ? S : never;

function build(s: State) {
  const nodes: Node[] = s.nodes.map((n, i) => node(`node-${i}`, { taints: n.taints }));
  const pods: Pod[] = [];
  const mk = (p: State['strays'][number], name: string, nodeName: string) =>
    pod(name, nodeName, {
      hash: p.hash,
      phase: p.phase,
      deleting: p.deleting,
      bound: p.bound,
      created: T0 + p.created * 1000,
      ...(p.ready === 'long' ? { readySince: T0 } : p.ready === 'recent' ? { readySince: NOW - 1000 } : {}),
    });
  s.nodes.forEach((n, i) => n.pods.forEach((p, j) => pods.push(mk(p, `p-${i}-${j}`, `node-${i}`))));
  s.strays.forEach((p, j) => pods.push(mk({ ...p, bound: false }, `stray-${j}`, 'gone')));
  const ds = daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: s.budget }, minReadySeconds: s.minReadySeconds });
  const facts = daemonSetFacts(ds, HASH, NOW);
  return { nodes, pods, ds, facts, map: byNode(pods) };
}

const running = (p: Pod) => !p.metadata.deletionTimestamp && p.status.phase !== 'Failed' && p.status.phase !== 'Succeeded';
const live = (p: Pod) => !p.metadata.deletionTimestamp;

describe('property: manage keeps one pod per node (two with surge: one per revision)', () => {
  it('holds for random nodes, taints, pods, phases and strategies', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const { nodes, facts, map } = build(s);
        const plan = manage(facts, nodes, map, {});
        const deleted = new Set(plan.delete.map((d) => d.pod.metadata.name));
        expect(deleted.size).toBe(plan.delete.length);
        const present = new Set(nodes.map((n) => n.metadata.name));
        for (const d of plan.delete) if (present.has(d.node)) expect(d.pod.metadata.deletionTimestamp).toBeUndefined();
        for (const d of plan.delete) if (!present.has(d.node)) expect(d.pod.spec.nodeName).toBeUndefined();
        for (const n of nodes) {
          const name = n.metadata.name;
          const v = nodeShouldRunDaemonPod(n, facts.ds, facts.compiled);
          const before = map.get(name) ?? [];
          const creates = plan.create.filter((c) => c.node === name).length;
          const after = before.filter((p) => !deleted.has(p.metadata.name) && running(p));
          expect(creates).toBeLessThanOrEqual(1);
          if (creates) expect(v.shouldRun).toBe(true);
          if (!v.shouldContinueRunning) expect(before.filter((p) => live(p) && !deleted.has(p.metadata.name))).toEqual([]);
          if (!facts.allowsSurge) {
            expect(after.length + creates).toBeLessThanOrEqual(1);
            if (creates) expect(before).toEqual([]);
          } else {
            expect(after.filter((p) => p.metadata.labels?.['controller-revision-hash'] === HASH).length).toBeLessThanOrEqual(1);
            expect(after.filter((p) => p.metadata.labels?.['controller-revision-hash'] !== HASH).length).toBeLessThanOrEqual(1);
            if (creates) expect(before.filter(running)).toEqual([]);
          }
        }
      }),
    );
  });
});

describe('property: manage with a bound on creations decides as without it where syncNodes looks', () => {
  it('the first maxCreates creations, every deletion, event, requeue and backoff are the same', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(3), (s, maxCreates) => {
        const { nodes, facts, map } = build(s);
        const fullBackoff = {};
        const boundBackoff = {};
        const full = manage(facts, nodes, map, fullBackoff);
        const bound = manage(facts, nodes, map, boundBackoff, undefined, maxCreates);
        expect(bound.create.slice(0, maxCreates)).toEqual(full.create.slice(0, maxCreates));
        // The creations past the bound are some of the full plan's, in its order.
        let at = 0;
        for (const c of bound.create) {
          while (at < full.create.length && full.create[at]!.node !== c.node) at++;
          expect(full.create[at++]).toEqual(c);
        }
        expect(bound.delete).toEqual(full.delete);
        expect(bound.events).toEqual(full.events);
        expect(bound.requeueAfterMs).toEqual(full.requeueAfterMs);
        expect(boundBackoff).toEqual(fullBackoff);
      }),
      { numRuns: 500 },
    );
  });
});

describe('property: rollingUpdate with a bound on what it lists decides as without it where syncNodes looks', () => {
  it('the first maxListed deletions and creations, and the summary, are the same; no more are listed', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(3), (s, maxListed) => {
        const { nodes, facts, map } = build(s);
        const full = rollingUpdate(facts, nodes, map);
        const bound = rollingUpdate(facts, nodes, map, undefined, maxListed);
        if ('error' in full || 'error' in bound) {
          expect(bound).toEqual(full);
          return;
        }
        expect(bound.delete).toEqual(full.delete.slice(0, maxListed));
        expect(bound.create).toEqual(full.create.slice(0, maxListed));
        expect(bound.summary).toEqual(full.summary);
      }),
      { numRuns: 500 },
    );
  });
});

describe('property: rollingUpdate stays within maxUnavailable / maxSurge beyond the allowed replacements', () => {
  it('holds for random states', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const { nodes, pods, facts, map } = build(s);
        const plan = rollingUpdate(facts, nodes, map);
        if ('error' in plan) {
          expect(plan.error).toMatch(/couldn't get node for nodeName "gone"/);
          return;
        }
        const avail = (p: Pod) => live(p) && isPodAvailable(p, facts.minReadySeconds, NOW);
        const isNew = (p: Pod) => p.metadata.labels?.['controller-revision-hash'] === HASH;
        const desired = nodes.filter((n) => nodeShouldRunDaemonPod(n, facts.ds, facts.compiled).shouldRun);
        const keys = new Set([...map.keys(), ...desired.map((n) => n.metadata.name)]);
        const deleted = new Set(plan.delete.map((d) => d.pod.metadata.name));
        for (const d of plan.delete) {
          expect(isNew(d.pod)).toBe(false);
          expect(d.pod.metadata.deletionTimestamp).toBeUndefined();
        }
        const scaled = (v: IntOrString) => getScaledValueFromIntOrPercent(v, desired.length, true) as number;
        let maxU = scaled(s.budget.maxUnavailable);
        const maxS = scaled(s.budget.maxSurge);
        if (desired.length > 0 && maxU === 0 && maxS === 0) maxU = 1;
        if (maxS === 0) {
          expect(plan.create).toEqual([]);
          const unavailable = (gone: Set<string>) => [...keys].filter((k) => !(map.get(k) ?? []).some((p) => avail(p) && !gone.has(p.metadata.name))).length;
          const before = unavailable(new Set());
          expect(unavailable(deleted)).toBeLessThanOrEqual(Math.max(before, maxU));
        } else {
          const byName = new Map(nodes.map((n) => [n.metadata.name, n]));
          for (const c of plan.create) {
            const livePods = (map.get(c.node) ?? []).filter(live);
            expect(livePods.filter(isNew)).toEqual([]);
            expect(livePods.filter((p) => !isNew(p))).toHaveLength(1);
            expect(nodeShouldRunDaemonPod(byName.get(c.node)!, facts.ds, facts.compiled).shouldRun).toBe(true);
          }
          for (const d of plan.delete) {
            const n = byName.get(d.node);
            const shouldRun = n ? nodeShouldRunDaemonPod(n, facts.ds, facts.compiled).shouldRun : false;
            if (avail(d.pod) && shouldRun) expect((map.get(d.node) ?? []).some((p) => isNew(p) && avail(p))).toBe(true);
          }
          const created = new Set(plan.create.map((c) => c.node));
          const surging = (withCreates: boolean) =>
            [...keys].filter((k) => {
              const l = (map.get(k) ?? []).filter(live);
              const old = l.filter((p) => !isNew(p));
              const nw = l.filter(isNew);
              if (old.length !== 1 || !avail(old[0]!)) return false;
              return (nw.length === 1 && !avail(nw[0]!)) || (withCreates && created.has(k));
            }).length;
          expect(surging(true)).toBeLessThanOrEqual(Math.max(surging(false), maxS));
        }
        expect(pods.length).toBeGreaterThanOrEqual(deleted.size);
      }),
    );
  });
});

describe('property: status counters equal an independent recount', () => {
  it('holds for random states', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const { nodes, ds, facts, map } = build(s);
        const got = computeDaemonSetStatus(ds, nodes, map, HASH, NOW);
        const want = { desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0, updatedNumberScheduled: 0, numberAvailable: 0, numberUnavailable: 0 };
        for (const n of nodes) {
          const untolerated = (n.spec.taints ?? []).filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
          const pods = [...(map.get(n.metadata.name) ?? [])].sort(comparePodsByCreationTimestampAndPhase);
          if (untolerated.length > 0) {
            if (pods.length > 0) want.numberMisscheduled++;
            continue;
          }
          want.desiredNumberScheduled++;
          if (pods.length === 0) continue;
          want.currentNumberScheduled++;
          const first = pods[0]!;
          if (isPodReady(first)) {
            want.numberReady++;
            if (isPodAvailable(first, facts.minReadySeconds, NOW)) want.numberAvailable++;
          }
          if (first.metadata.labels?.['controller-revision-hash'] === HASH) want.updatedNumberScheduled++;
        }
        want.numberUnavailable = want.desiredNumberScheduled - want.numberAvailable;
        expect(got).toEqual(want);
      }),
    );
  });
});
