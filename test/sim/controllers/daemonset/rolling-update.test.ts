import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../src/sim/engine/cluster.js';
import {
  addNodes,
  counters,
  createDs,
  dsSpec,
  finishTerminating,
  getDs,
  hashOf,
  lastSeq,
  livePods,
  markAllReady,
  markReady,
  newCluster,
  podsOf,
  podWrites,
  setTaints,
  targetNode,
  updateSpec,
  updateTemplate,
} from './helpers.js';

const ru = (maxUnavailable: number | string, maxSurge: number | string = 0) => ({ updateStrategy: { type: 'RollingUpdate' as const, rollingUpdate: { maxUnavailable, maxSurge } } });

/** Five ready pods of `agent:1.0`, then the template changes to `agent:2.0`: returns the write counts of that sync. */
function startRollout(n: number, strategy: ReturnType<typeof ru>, opts: { ready?: boolean } = {}): { cluster: Cluster; first: { creates: number; deletes: number } } {
  const { cluster } = newCluster();
  addNodes(cluster, n);
  createDs(cluster, 'agent', dsSpec(strategy));
  cluster.settle();
  if (opts.ready !== false) markAllReady(cluster, 'agent');
  const seq = lastSeq(cluster);
  updateTemplate(cluster, 'agent', 'agent:2.0');
  cluster.settle();
  return { cluster, first: podWrites(cluster, seq) };
}

/** One rollout step: the kubelet finishes terminating pods, then (after manage recreates) pods become ready. */
function step(cluster: Cluster): { creates: number; deletes: number } {
  const seq = lastSeq(cluster);
  finishTerminating(cluster, 'agent');
  markAllReady(cluster, 'agent');
  return podWrites(cluster, seq);
}

describe('TestDaemonSetUpdatesPods: maxUnavailable 2 on 5 nodes, delete then create', () => {
  it('replaces 2, 2, then 1 pods, each wave only after the previous became available', () => {
    const { cluster, first } = startRollout(5, ru(2));
    expect(first).toEqual({ creates: 0, deletes: 2 });
    const oldHash = hashOf(livePods(cluster, 'agent')[0]!);
    // Terminating pods still occupy their nodes: no replacement until the kubelet finishes them.
    expect(podsOf(cluster, 'agent').filter((p) => p.metadata.deletionTimestamp).map(targetNode)).toEqual(['node-0', 'node-1']);
    expect(livePods(cluster, 'agent')).toHaveLength(3);
    // Wave 2: replacements created (2), become ready, next two old pods deleted (2).
    expect(step(cluster)).toEqual({ creates: 2, deletes: 2 });
    expect(step(cluster)).toEqual({ creates: 2, deletes: 1 });
    expect(step(cluster)).toEqual({ creates: 1, deletes: 0 });
    const ds = getDs(cluster, 'agent');
    expect(counters(ds)).toMatchObject({ desiredNumberScheduled: 5, updatedNumberScheduled: 5, numberAvailable: 5, numberUnavailable: 0 });
    const pods = livePods(cluster, 'agent');
    expect(new Set(pods.map((p) => p.spec.containers[0]!.image))).toEqual(new Set(['agent:2.0']));
    expect(new Set(pods.map((p) => p.metadata.labels?.['pod-template-generation']))).toEqual(new Set(['2']));
    expect(pods.some((p) => hashOf(p) === oldHash)).toBe(false);
  });
});

describe('TestDaemonSetUpdatesWhenNewPosIsNotReady: unready new pods consume the budget', () => {
  it('maxUnavailable 3: 3 replaced, then nothing while the new pods are not ready', () => {
    const { cluster, first } = startRollout(5, ru(3));
    expect(first).toEqual({ creates: 0, deletes: 3 });
    const seq = lastSeq(cluster);
    finishTerminating(cluster, 'agent');
    expect(podWrites(cluster, seq)).toEqual({ creates: 3, deletes: 0 });
    const seq2 = lastSeq(cluster);
    cluster.settle();
    expect(podWrites(cluster, seq2)).toEqual({ creates: 0, deletes: 0 });
  });
});

describe('TestDaemonSetUpdatesAllOldPodsNotReady: unavailable old pods are replaced outside the budget', () => {
  it('maxUnavailable 3 but all 5 old pods are deleted at once when none is available', () => {
    const { first } = startRollout(5, ru(3), { ready: false });
    expect(first).toEqual({ creates: 5, deletes: 5 });
  });
});

describe('TestDaemonSetUpdatesNoTemplateChanged: a spec change outside the template rolls nothing', () => {
  it('changing only the strategy deletes and creates nothing', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 5);
    createDs(cluster, 'agent', dsSpec(ru(1)));
    cluster.settle();
    markAllReady(cluster, 'agent');
    const seq = lastSeq(cluster);
    updateSpec(cluster, 'agent', ru(3));
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 0 });
    expect(getDs(cluster, 'agent').status.updatedNumberScheduled).toBe(5);
  });
});

describe('TestGetUnavailableNumbers in a cluster: maxUnavailable percentage rounds up on desired (3 x 50% = 2)', () => {
  it('deletes 2 of 3 in the first wave', () => {
    expect(startRollout(3, ru('50%')).first).toEqual({ creates: 0, deletes: 2 });
  });
  it('10% of 5 nodes is 1 (not 0)', () => {
    expect(startRollout(5, ru('10%')).first).toEqual({ creates: 0, deletes: 1 });
  });
});

describe('rollingUpdate node order: node-name order (upstream: random map order)', () => {
  it('maxUnavailable 1 over node-0..node-10 replaces node-0, then node-1, then node-10', () => {
    const { cluster, first } = startRollout(11, ru(1));
    expect(first).toEqual({ creates: 0, deletes: 1 });
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      order.push(...podsOf(cluster, 'agent').filter((p) => p.metadata.deletionTimestamp).map(targetNode));
      step(cluster);
    }
    expect(order).toEqual(['node-0', 'node-1', 'node-10']);
  });
});

describe('TestDaemonSetUpdatesPodsWithMaxSurge: maxSurge 2 on 5 nodes, create then delete', () => {
  it('creates 2, waits, then swaps 2 per wave, deleting old pods only when the new ones are available', () => {
    const { cluster, first } = startRollout(5, ru(0, 2));
    expect(first).toEqual({ creates: 2, deletes: 0 });
    expect(livePods(cluster, 'agent')).toHaveLength(7);
    let seq = lastSeq(cluster);
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 0 });
    seq = lastSeq(cluster);
    markAllReady(cluster, 'agent');
    expect(podWrites(cluster, seq)).toEqual({ creates: 2, deletes: 2 });
    seq = lastSeq(cluster);
    finishTerminating(cluster, 'agent');
    markAllReady(cluster, 'agent');
    expect(podWrites(cluster, seq)).toEqual({ creates: 1, deletes: 2 });
    seq = lastSeq(cluster);
    finishTerminating(cluster, 'agent');
    markAllReady(cluster, 'agent');
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 1 });
    finishTerminating(cluster, 'agent');
    expect(getDs(cluster, 'agent').status).toMatchObject({ updatedNumberScheduled: 5, numberAvailable: 5, currentNumberScheduled: 5 });
    expect(livePods(cluster, 'agent')).toHaveLength(5);
  });

  it('an unavailable old pod gets its new pod at once, outside maxSurge', () => {
    const { first } = startRollout(5, ru(0, 1), { ready: false });
    // Old pods never became ready: every node gets a new pod now; manage then drops the unready old ones.
    expect(first).toEqual({ creates: 5, deletes: 5 });
  });
});

describe('TestDaemonSetUpdatesPodsNotMatchTainstWithMaxSurge: surge removes old pods of ineligible nodes only while availability exceeds desired', () => {
  it('a node tainted NoSchedule keeps its old pod until the other nodes are available beyond desired', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 3);
    createDs(cluster, 'agent', dsSpec(ru(0, 1)));
    cluster.settle();
    markAllReady(cluster, 'agent');
    setTaints(cluster, 'node-2', [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }]);
    cluster.settle();
    expect(getDs(cluster, 'agent').status).toMatchObject({ desiredNumberScheduled: 2, numberMisscheduled: 1 });
    const seq = lastSeq(cluster);
    updateTemplate(cluster, 'agent', 'agent:2.0');
    cluster.settle();
    // 3 available (2 desired + the misscheduled one): deletable = 3 - 2 = 1, so node-2's old pod goes.
    const writes = podWrites(cluster, seq);
    expect(writes).toEqual({ creates: 1, deletes: 1 });
    expect(podsOf(cluster, 'agent').filter((p) => p.metadata.deletionTimestamp).map(targetNode)).toEqual(['node-2']);
  });
});

describe('rollingUpdate (maxUnavailable) removes old pods on misscheduled NoSchedule-tainted nodes, never recreating them', () => {
  it('the tainted node loses its pod as a budget candidate', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec(ru(1)));
    cluster.settle();
    markAllReady(cluster, 'agent');
    setTaints(cluster, 'node-0', [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }]);
    cluster.settle();
    updateTemplate(cluster, 'agent', 'agent:2.0');
    cluster.settle();
    expect(podsOf(cluster, 'agent').filter((p) => p.metadata.deletionTimestamp).map(targetNode)).toEqual(['node-0']);
    finishTerminating(cluster, 'agent');
    expect(podsOf(cluster, 'agent').map(targetNode)).toEqual(['node-1']);
    expect(getDs(cluster, 'agent').status).toMatchObject({ numberMisscheduled: 0, desiredNumberScheduled: 1 });
  });
});

describe('OnDelete strategy (updateStrategies() in every upstream test): old pods stay; replacements use the current template', () => {
  it('nothing is deleted on template change; a deleted pod comes back with the new hash', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 3);
    createDs(cluster, 'agent', dsSpec({ updateStrategy: { type: 'OnDelete' } }));
    cluster.settle();
    markAllReady(cluster, 'agent');
    const seq = lastSeq(cluster);
    updateTemplate(cluster, 'agent', 'agent:2.0');
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 0 });
    expect(counters(getDs(cluster, 'agent')).updatedNumberScheduled).toBe(0);
    const victim = livePods(cluster, 'agent')[0]!;
    cluster.api.delete('Pod', 'default', victim.metadata.name);
    cluster.api.finishPodDeletion(cluster.store.get('Pod', 'default', victim.metadata.name)!);
    cluster.settle();
    const fresh = livePods(cluster, 'agent').filter((p) => targetNode(p) === targetNode(victim));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.spec.containers[0]!.image).toBe('agent:2.0');
    expect(getDs(cluster, 'agent').status.updatedNumberScheduled).toBe(1);
  });
});

describe('TestDaemonSetUpdatesAllOldPodsNotReadyMaxSurge: surge with unready old pods and minReadySeconds', () => {
  it('replaces unready old pods at once, waits minReadySeconds before retiring ready ones', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 5);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    // All old pods are unavailable, so every node surges at once; manage then drops the unready old pods.
    let seq = lastSeq(cluster);
    updateTemplate(cluster, 'agent', 'agent:2.0', ru(0, 3));
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 5, deletes: 5 });
    const t0 = cluster.now;
    markAllReady(cluster, 'agent', t0);
    cluster.advanceTo(t0 + 100_000);
    const t1 = cluster.now;
    seq = lastSeq(cluster);
    updateTemplate(cluster, 'agent', 'agent:3.0', { minReadySeconds: 15 });
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 3, deletes: 0 });
    const image = (p: ReturnType<typeof livePods>[number]) => p.spec.containers[0]!.image;
    const newOn = (n: string) => livePods(cluster, 'agent').find((p) => targetNode(p) === n && image(p) === 'agent:3.0');
    const oldOn = (n: string) => livePods(cluster, 'agent').find((p) => targetNode(p) === n && image(p) === 'agent:2.0');
    expect(['node-0', 'node-1', 'node-2'].map((n) => !!newOn(n))).toEqual([true, true, true]);
    // Two new pods become ready now; the old pod on node-3 (no new pod yet) becomes unready.
    seq = lastSeq(cluster);
    markReady(cluster, newOn('node-0')!, t1);
    markReady(cluster, newOn('node-1')!, t1);
    const unready = oldOn('node-3')!;
    cluster.api.updateStatus<'Pod'>({ ...unready, status: { ...unready.status, conditions: [{ type: 'Ready', status: 'False' }] } });
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 1, deletes: 1 });
    expect(!!newOn('node-3')).toBe(true);
    // The two new pods are available 15 s later; the controller looks again minReadySeconds + 1 s
    // after they turned Ready (updatePod's delayed enqueue): their old pods go, node-4 surges.
    seq = lastSeq(cluster);
    cluster.advanceTo(t1 + 15_999);
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 0 });
    cluster.advanceTo(t1 + 16_000);
    expect(podWrites(cluster, seq)).toEqual({ creates: 1, deletes: 2 });
    cluster.advanceTo(t1 + 20_000);
    finishTerminating(cluster, 'agent');
    markAllReady(cluster, 'agent', t1 + 20_000);
    // Status saw ready != available and asked to look again after minReadySeconds.
    seq = lastSeq(cluster);
    cluster.advanceTo(t1 + 34_999);
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 0 });
    cluster.advanceTo(t1 + 35_000);
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 2 });
    finishTerminating(cluster, 'agent');
    expect(livePods(cluster, 'agent').map(image)).toEqual(Array(5).fill('agent:3.0'));
    expect(getDs(cluster, 'agent').status).toMatchObject({ updatedNumberScheduled: 5, numberAvailable: 5, numberReady: 5 });
  });
});

describe('TestDaemonSetUpdatesSaveOldHealthyPods: only unavailable old pods are replaced when the budget is used up', () => {
  it('20 nodes: 10 never-ready pods are replaced on every template change, the 10 healthy ones never', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 20);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    markAllReady(cluster, 'agent');
    let seq = lastSeq(cluster);
    updateTemplate(cluster, 'agent', 'agent:2.0', ru(10));
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 0, deletes: 10 });
    finishTerminating(cluster, 'agent');
    const healthy = new Set(livePods(cluster, 'agent').filter((p) => p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).map((p) => p.metadata.name));
    expect(healthy.size).toBe(10);
    for (let i = 0; i < 10; i++) {
      seq = lastSeq(cluster);
      updateTemplate(cluster, 'agent', `agent:3.${i}`, ru(1 + i));
      cluster.settle();
      expect(podWrites(cluster, seq)).toEqual({ creates: 10, deletes: 10 });
      const ready = new Set(livePods(cluster, 'agent').filter((p) => p.spec.nodeName).map((p) => p.metadata.name));
      expect([...healthy].every((n) => ready.has(n))).toBe(true);
    }
    seq = lastSeq(cluster);
    updateTemplate(cluster, 'agent', 'agent:4.0', ru(11));
    cluster.settle();
    expect(podWrites(cluster, seq)).toEqual({ creates: 10, deletes: 11 });
    finishTerminating(cluster, 'agent');
    expect(livePods(cluster, 'agent').filter((p) => healthy.has(p.metadata.name))).toHaveLength(9);
  });
});
