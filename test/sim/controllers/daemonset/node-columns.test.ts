/**
 * The node columns (node-columns.ts) are kept on the pod index's aligned view and patched only
 * where pods changed, and manage skips the nodes whose activity bits are clear. These properties
 * check that a skipped node is one where manage decides nothing, and that the patched columns,
 * and every decision made from them, equal a full recompute over random histories: nodes joining, leaving, tainted,
 * relabelled and cordoned; pods turning Ready (at varied instants), failing and finishing;
 * template changes with random maxSurge / maxUnavailable / minReadySeconds; time passing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { DaemonSetSpec, Node, Taint } from '../../../../src/sim/api/types.js';
import type { Cluster } from '../../../../src/sim/engine/cluster.js';
import { compileLabelSelector } from '../../../../src/sim/api/labels.js';
import { DaemonPodIndex } from '../../../../src/sim/controllers/daemonset/daemon-pod-index.js';
import { alignedPods } from '../../../../src/sim/controllers/daemonset/aligned-pods.js';
import { compileDaemonSetTemplate, nodeListVerdicts } from '../../../../src/sim/controllers/daemonset/eligibility.js';
import { templateGenerationOrUndefined } from '../../../../src/sim/controllers/daemonset/pod-template.js';
import { withDaemonSetDefaults } from '../../../../src/sim/controllers/daemonset/defaults.js';
import { HASH_LABEL } from '../../../../src/sim/controllers/daemonset/constants.js';
import { podsShouldBeOnNode } from '../../../../src/sim/controllers/daemonset/manage.js';
import { daemonSetFacts } from '../../../../src/sim/controllers/daemonset/facts.js';
import { podListFacts, updatedPodsOn } from '../../../../src/sim/controllers/daemonset/node-pods-facts.js';
import { emptyPlan } from '../../../../src/sim/controllers/daemonset/plan.js';
import { comparePodsByCreationTimestampAndPhase } from '../../../../src/sim/controllers/daemonset/pod-order.js';
import { buildColumns, HAS_NEW, HAS_OLD, HAS_PODS, MANAGE_ACTIVE, MANAGE_ACTIVE_IF_SURGE, nodeColumns, OLDEST_UPDATED, UPDATED_OK } from '../../../../src/sim/controllers/daemonset/node-columns.js';
import { daemonSet, node, pod, T0 } from './fixtures.js';
import { addNode, createDs, dsSpec, getDs, intentsSince, lastSeq, livePods, markReady, newCluster, NS, podsOf, setLabels, setPhase, setTaints, targetNode, updateTemplate } from './helpers.js';

const opArb = fc.oneof(
  fc.record({ op: fc.constant('addNode' as const), tier: fc.constantFrom('a', 'b') }),
  fc.record({ op: fc.constant('removeNode' as const), node: fc.nat(9) }),
  fc.record({ op: fc.constant('taint' as const), node: fc.nat(9), taint: fc.constantFrom<Taint[]>([], [{ key: 'k', effect: 'NoSchedule' }], [{ key: 'k', effect: 'NoExecute' }]) }),
  fc.record({ op: fc.constant('cordon' as const), node: fc.nat(9) }),
  fc.record({ op: fc.constant('label' as const), node: fc.nat(9), tier: fc.constantFrom('a', 'b') }),
  fc.record({
    op: fc.constant('template' as const),
    image: fc.constantFrom('v1', 'v2', 'v3'),
    maxSurge: fc.constantFrom<number | string>(0, 1, 2, '30%'),
    maxUnavailable: fc.constantFrom<number | string>(0, 1, 3, '25%'),
    minReadySeconds: fc.constantFrom(0, 0, 5, 30),
  }),
  fc.record({ op: fc.constant('ready' as const), some: fc.nat(3), agoSeconds: fc.constantFrom(0, 3, 10, 60) }),
  fc.record({ op: fc.constant('fail' as const), pod: fc.nat(9), phase: fc.constantFrom<'Failed' | 'Succeeded'>('Failed', 'Succeeded') }),
  fc.record({ op: fc.constant('finish' as const), some: fc.nat(3) }),
  fc.record({ op: fc.constant('tick' as const), seconds: fc.constantFrom(1, 5, 20, 40) }),
);

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const NODES_AT_START = 4;

/** Plays one random history on a fresh cluster; calls `afterStep` after each settled step. */
function play(selectTierA: boolean, ops: readonly Op[], afterStep: (cluster: Cluster) => void): void {
  const { cluster } = newCluster();
  let nodes = 0;
  for (; nodes < NODES_AT_START; nodes++) addNode(cluster, `node-${nodes}`, { labels: { tier: nodes % 2 ? 'b' : 'a' } });
  const spec = dsSpec();
  createDs(cluster, 'agent', selectTierA ? { ...spec, template: { ...spec.template, spec: { ...spec.template.spec, nodeSelector: { tier: 'a' } } } } : spec);
  cluster.settle();
  afterStep(cluster);
  const nodeAt = (i: number): Node | undefined => {
    const all = cluster.store.list('Node');
    return all.length > 0 ? all[i % all.length] : undefined;
  };
  for (const o of ops) {
    switch (o.op) {
      case 'addNode':
        addNode(cluster, `node-${nodes++}`, { labels: { tier: o.tier } });
        break;
      case 'removeNode': {
        const n = nodeAt(o.node);
        if (n) cluster.api.delete('Node', '', n.metadata.name);
        break;
      }
      case 'taint': {
        const n = nodeAt(o.node);
        if (n) setTaints(cluster, n.metadata.name, o.taint);
        break;
      }
      case 'cordon': {
        const n = nodeAt(o.node);
        if (n) cluster.api.update<'Node'>({ ...n, spec: { ...n.spec, unschedulable: true, taints: [...(n.spec?.taints ?? []), { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] } });
        break;
      }
      case 'label': {
        const n = nodeAt(o.node);
        if (n) setLabels(cluster, n.metadata.name, { tier: o.tier });
        break;
      }
      case 'template': {
        const rollingUpdate = { maxSurge: o.maxSurge, maxUnavailable: o.maxSurge === 0 && o.maxUnavailable === 0 ? 1 : o.maxSurge !== 0 ? 0 : o.maxUnavailable };
        const over: Partial<DaemonSetSpec> = { minReadySeconds: o.minReadySeconds, updateStrategy: { type: 'RollingUpdate', rollingUpdate } };
        updateTemplate(cluster, 'agent', `agent:${o.image}`, over);
        break;
      }
      case 'ready': {
        const pending = livePods(cluster, 'agent').filter((p) => p.status.phase !== 'Failed' && p.status.phase !== 'Succeeded' && cluster.store.get('Node', '', targetNode(p)));
        for (const p of pending.filter((_, i) => i % (o.some + 1) === 0)) markReady(cluster, p, cluster.now - o.agoSeconds * 1000);
        break;
      }
      case 'fail': {
        const pods = livePods(cluster, 'agent').filter((p) => p.status.phase === 'Running');
        const p = pods[o.pod % Math.max(1, pods.length)];
        if (p) setPhase(cluster, p, o.phase);
        break;
      }
      case 'finish': {
        const terminating = podsOf(cluster, 'agent').filter((p) => p.metadata.deletionTimestamp);
        for (const p of terminating.filter((_, i) => i % (o.some + 1) === 0)) cluster.api.finishPodDeletion(p);
        break;
      }
      case 'tick':
        cluster.advanceTo(cluster.now + o.seconds * 1000);
        break;
    }
    cluster.settle();
    afterStep(cluster);
  }
}

/** What the controller did and shows after each step: its intents (with reasons), status, Events and pods. */
function transcript(selectTierA: boolean, ops: readonly Op[]): unknown[] {
  const out: unknown[] = [];
  let seq = 0;
  play(selectTierA, ops, (cluster) => {
    const intents = intentsSince(cluster, seq).map((i) => [i.verb, i.kind, i.name, i.reason, i.error ?? '']);
    seq = lastSeq(cluster);
    const events = cluster.store.list('Event', NS).map((e) => [e.reason, e.message, e.count ?? 1]);
    const pods = podsOf(cluster, 'agent').map((p) => [p.metadata.name, targetNode(p), p.metadata.labels?.[HASH_LABEL], p.status.phase, !!p.metadata.deletionTimestamp]);
    out.push({ now: cluster.now, intents, status: getDs(cluster, 'agent').status, events, pods });
  });
  return out;
}

const historyArb = fc.tuple(fc.boolean(), fc.array(opArb, { minLength: 1, maxLength: 18 }));

const podArb = fc.record({
  hash: fc.constantFrom('new', 'old'),
  phase: fc.constantFrom<'Pending' | 'Running' | 'Failed' | 'Succeeded'>('Pending', 'Running', 'Running', 'Failed', 'Succeeded'),
  ready: fc.boolean(),
  deleting: fc.boolean(),
  created: fc.nat(3),
});

describe('node columns: manage skips only the nodes where podsShouldBeOnNode decides nothing', () => {
  it('for any pods on a node, verdict and surge setting, a node without its activity bit gets an empty plan', () => {
    fc.assert(
      fc.property(
        fc.array(podArb, { maxLength: 4 }),
        fc.constantFrom([true, true], [false, true], [false, false]),
        fc.boolean(),
        (specs, [shouldRun, shouldContinueRunning], surge) => {
          const pods = specs.map((o, i) =>
            pod(`p${i}`, 'n1', { hash: o.hash, phase: o.phase, readySince: o.ready && o.phase === 'Running' ? T0 : undefined, deleting: o.deleting, created: T0 + o.created * 1000 }),
          );
          const verdict = { shouldRun: shouldRun!, shouldContinueRunning: shouldContinueRunning!, reasons: [] };
          const lists = pods.length > 0 ? [pods] : [undefined];
          const { flags } = buildColumns({ lists }, { verdicts: [verdict], hash: 'new', generation: undefined });
          const active = (flags[0]! & (surge ? MANAGE_ACTIVE | MANAGE_ACTIVE_IF_SURGE : MANAGE_ACTIVE)) !== 0;
          const facts = daemonSetFacts(daemonSet(surge ? { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } } } : {}), 'new', T0 + 60_000);
          const plan = emptyPlan();
          const backoff = {};
          podsShouldBeOnNode(node('n1'), verdict, lists[0], facts, backoff, plan);
          const decided = plan.create.length + plan.delete.length + plan.events.length + plan.requeueAfterMs.length + Object.keys(backoff).length > 0;
          if (!active) expect(decided).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('node columns: a node with one pod is filled from the pod, without its list facts', () => {
  it("its bits and instants equal findUpdatedPodsOnNode's answer and what the list's facts say", () => {
    fc.assert(
      fc.property(
        fc.record({
          hash: fc.constantFrom<string | undefined>('new', 'old', undefined),
          generation: fc.constantFrom<number | undefined>(1, 2, undefined),
          phase: fc.constantFrom<'Pending' | 'Running' | 'Failed' | 'Succeeded'>('Pending', 'Running', 'Failed', 'Succeeded'),
          ready: fc.boolean(),
          deleting: fc.boolean(),
        }),
        fc.constantFrom('new', ''),
        fc.constantFrom<number | undefined>(1, 2, undefined),
        fc.constantFrom([true, true], [false, true], [false, false]),
        (o, hash, generation, [shouldRun, shouldContinueRunning]) => {
          const p = pod('p0', 'n1', { hash: o.hash, generation: o.generation, phase: o.phase, readySince: o.ready ? T0 : undefined, deleting: o.deleting });
          const list = [p];
          const verdict = { shouldRun: shouldRun!, shouldContinueRunning: shouldContinueRunning!, reasons: [] };
          const columns = buildColumns({ lists: [list] }, { verdicts: [verdict], hash, generation });
          const u = updatedPodsOn([p], hash, generation);
          const f = columns.flags[0]!;
          expect([(f & UPDATED_OK) !== 0, (f & HAS_NEW) !== 0, (f & HAS_OLD) !== 0]).toEqual([u.ok, u.newPod !== undefined, u.oldPod !== undefined]);
          expect([columns.newReadySince[0], columns.oldReadySince[0]]).toEqual([u.newReadySince, u.oldReadySince]);
          // What a list of several pods is read from: its facts (about the oldest pod).
          const facts = podListFacts([p]);
          expect(columns.oldestReadySince[0]).toEqual(facts.oldestReadySince);
          expect((f & OLDEST_UPDATED) !== 0).toBe((hash.length > 0 && facts.oldestHash === hash) || (generation !== undefined && facts.oldestTemplateGeneration === String(generation)));
          const active = !shouldContinueRunning || facts.hasTerminal || facts.running.length > 1 ? MANAGE_ACTIVE : facts.running.length === 0 && shouldRun ? MANAGE_ACTIVE_IF_SURGE : 0;
          expect(f & (MANAGE_ACTIVE | MANAGE_ACTIVE_IF_SURGE)).toBe(active);
          expect(f & HAS_PODS).toBe(HAS_PODS);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('node columns: patched incrementally, equal to a full recompute', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the columns kept on a live pod index equal columns built from scratch after every step', () => {
    fc.assert(
      fc.property(historyArb, ([selectTierA, ops]) => {
        let index: DaemonPodIndex | undefined;
        let checked = 0;
        play(selectTierA, ops, (cluster) => {
          const ds = withDaemonSetDefaults(getDs(cluster, 'agent'));
          if (!index) {
            index = new DaemonPodIndex(ds, compileLabelSelector(ds.spec.selector), cluster.store);
            const live = index;
            cluster.store.watch((c) => live.apply(c));
          }
          const nodes = cluster.store.list('Node');
          const { verdicts } = nodeListVerdicts(nodes, compileDaemonSetTemplate(ds.spec.template));
          const hash = [...cluster.store.list('ControllerRevision', NS)].sort((a, b) => b.revision - a.revision)[0]?.metadata.labels?.[HASH_LABEL] ?? '';
          const revision = { verdicts, hash, generation: templateGenerationOrUndefined(ds) };
          const map = index.map(true);
          const view = alignedPods(nodes, map);
          const kept = nodeColumns(view, revision);
          expect(kept).toEqual(buildColumns({ lists: view.lists }, revision));
          // The view itself equals a fresh alignment of the map.
          const fresh = alignedPods(nodes, new Map(map));
          expect(nodes.map((_, i) => view.lists[i])).toEqual(nodes.map((_, i) => fresh.lists[i]));
          checked++;
        });
        expect(checked).toBe(ops.length + 1);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('every write, reason, Event and status equals those of a run that rebuilds the columns on every read', () => {
    fc.assert(
      fc.property(historyArb, ([selectTierA, ops]) => {
        const incremental = transcript(selectTierA, ops);
        // The reference: the pod index hands out a plain copy of its map, so every read aligns
        // it afresh and builds its columns from scratch.
        const map = DaemonPodIndex.prototype.map;
        const spy = vi.spyOn(DaemonPodIndex.prototype, 'map').mockImplementation(function (this: DaemonPodIndex, includeDeletedTerminal: boolean) {
          return new Map(map.call(this, includeDeletedTerminal));
        });
        const reference = transcript(selectTierA, ops);
        expect(spy).toHaveBeenCalled();
        spy.mockRestore();
        expect(incremental).toEqual(reference);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });
});

describe('pod list facts: the running pods', () => {
  it('are the pods neither being deleted nor Failed or Succeeded, in podByCreationTimestampAndPhase order; the list itself when every pod runs and they are in that order', () => {
    fc.assert(
      fc.property(fc.array(podArb, { minLength: 1, maxLength: 5 }), (specs) => {
        const pods = specs.map((o, i) =>
          pod(`p${i}`, 'n1', { hash: o.hash, phase: o.phase, readySince: o.ready && o.phase === 'Running' ? T0 : undefined, deleting: o.deleting, created: T0 + o.created * 1000 }),
        );
        const facts = podListFacts(pods);
        const running = pods.filter((p) => !p.metadata.deletionTimestamp && p.status.phase !== 'Failed' && p.status.phase !== 'Succeeded');
        const ordered = [...running].sort(comparePodsByCreationTimestampAndPhase);
        expect([...facts.running]).toEqual(ordered);
        expect(facts.hasTerminal).toBe(pods.some((p) => !p.metadata.deletionTimestamp && (p.status.phase === 'Failed' || p.status.phase === 'Succeeded')));
        if (running.length === pods.length && ordered.every((p, i) => p === pods[i])) expect(facts.running).toBe(pods);
      }),
      { numRuns: 300 },
    );
  });
});
