import { describe, expect, it } from 'vitest';
import { EPOCH_MS } from '../../../../src/sim/engine/time.js';
import {
  addNode,
  addNodes,
  createDs,
  dsSpec,
  events,
  finishTerminating,
  getDs,
  intentsSince,
  lastSeq,
  livePods,
  markAllReady,
  markReady,
  newCluster,
  podsByNode,
  podsOf,
  podWrites,
  setLabels,
  setTaints,
  targetNode,
} from './helpers.js';

describe('TestAddNode / TestUpdateNode: a joining node gets a pod; a registering (not-ready:NoSchedule) node only once Ready', () => {
  it('creates on node add, and on the taint removal that marks the node Ready', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    addNode(cluster, 'node-1');
    cluster.settle();
    expect(Object.keys(podsByNode(livePods(cluster, 'agent'))).sort()).toEqual(['node-0', 'node-1']);
    addNode(cluster, 'node-2', { registering: true });
    cluster.settle();
    expect(livePods(cluster, 'agent').map(targetNode)).not.toContain('node-2');
    setTaints(cluster, 'node-2', []);
    cluster.settle();
    expect(livePods(cluster, 'agent').map(targetNode)).toContain('node-2');
  });
});

describe('TestDaemonSetRespectsTermination: a terminating pod still occupies its node (no surge)', () => {
  it('creates the replacement only after the kubelet finishes the old pod', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    markAllReady(cluster, 'agent');
    const [pod] = livePods(cluster, 'agent');
    cluster.api.delete('Pod', 'default', pod!.metadata.name);
    cluster.settle();
    expect(podsOf(cluster, 'agent')).toHaveLength(1);
    expect(podsOf(cluster, 'agent')[0]!.metadata.deletionTimestamp).toBeDefined();
    expect(getDs(cluster, 'agent').status).toMatchObject({ currentNumberScheduled: 1 });
    finishTerminating(cluster, 'agent');
    expect(livePods(cluster, 'agent')).toHaveLength(1);
    expect(livePods(cluster, 'agent')[0]!.metadata.name).not.toBe(pod!.metadata.name);
  });
});

describe('TestNodeSelectorDaemonDeletesUnselectedPods / TestNoExecuteTaintedDoesEvicitRunningIntolerantPod: NoExecute deletes, NoSchedule keeps (misscheduled)', () => {
  it('label change out of the nodeSelector deletes the pod with the NodeAffinity reason', () => {
    const { cluster } = newCluster();
    addNode(cluster, 'node-0', { labels: { role: 'edge' } });
    const spec = dsSpec();
    createDs(cluster, 'agent', { ...spec, template: { ...spec.template, spec: { ...spec.template.spec, nodeSelector: { role: 'edge' } } } });
    cluster.settle();
    expect(livePods(cluster, 'agent')).toHaveLength(1);
    const seq = lastSeq(cluster);
    setLabels(cluster, 'node-0', { role: 'core' });
    cluster.settle();
    expect(livePods(cluster, 'agent')).toHaveLength(0);
    const del = intentsSince(cluster, seq).find((i) => i.verb === 'delete' && i.kind === 'Pod')!;
    expect(del.reason).toBe("node-0 should not run a pod of this daemonset: node(s) didn't match Pod's node affinity/selector");
  });

  it('NoSchedule taint: the pod stays, desired drops, misscheduled counts it; NoExecute: deleted', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    markAllReady(cluster, 'agent');
    setTaints(cluster, 'node-0', [{ key: 'maintenance', value: 'soon', effect: 'NoSchedule' }]);
    cluster.settle();
    expect(livePods(cluster, 'agent')).toHaveLength(2);
    expect(getDs(cluster, 'agent').status).toMatchObject({ desiredNumberScheduled: 1, currentNumberScheduled: 1, numberMisscheduled: 1, numberReady: 1 });
    setTaints(cluster, 'node-0', [{ key: 'maintenance', value: 'now', effect: 'NoExecute' }]);
    cluster.settle();
    expect(livePods(cluster, 'agent').map(targetNode)).toEqual(['node-1']);
  });
});

describe('TestNameDaemonSetLaunchesPods: template spec.nodeName makes a pre-bound pod on that node only', () => {
  it('creates one pod already bound to node-1 and none elsewhere', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 3);
    const spec = dsSpec();
    createDs(cluster, 'agent', { ...spec, template: { ...spec.template, spec: { ...spec.template.spec, nodeName: 'node-1' } } });
    cluster.settle();
    const pods = livePods(cluster, 'agent');
    expect(pods).toHaveLength(1);
    expect(pods[0]!.spec.nodeName).toBe('node-1');
    expect(getDs(cluster, 'agent').status).toMatchObject({ desiredNumberScheduled: 1, currentNumberScheduled: 1 });
  });
});

describe('TestDeleteUnscheduledPodForNotExistingNode: node deletion is not watched; a later sync deletes only unbound pods', () => {
  it('keeps the bound pod (PodGC owns it) and deletes the never-scheduled one', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    markReady(cluster, livePods(cluster, 'agent').find((p) => targetNode(p) === 'node-0')!);
    cluster.settle();
    cluster.api.delete('Node', '', 'node-0');
    cluster.api.delete('Node', '', 'node-1');
    cluster.settle();
    expect(livePods(cluster, 'agent')).toHaveLength(2);
    addNode(cluster, 'node-2');
    cluster.settle();
    const left = livePods(cluster, 'agent');
    expect(left.map(targetNode).sort()).toEqual(['node-0', 'node-2']);
    expect(left.find((p) => targetNode(p) === 'node-0')!.spec.nodeName).toBe('node-0');
    expect(getDs(cluster, 'agent').status).toMatchObject({ desiredNumberScheduled: 1, currentNumberScheduled: 1, numberMisscheduled: 0 });
  });
});

describe('syncNodes BurstReplicas: at most 250 creations per call', () => {
  it('300 nodes: the first pass creates 250, the next 50', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 300);
    const seq = lastSeq(cluster);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const perPass = cluster
      .traceEntries()
      .filter((e) => e.seq > seq)
      .map((e) => e.intents.filter((i) => i.kind === 'Pod' && i.verb === 'create').length)
      .filter((n) => n > 0);
    expect(perPass).toEqual([250, 50]);
    expect(livePods(cluster, 'agent')).toHaveLength(300);
  });
});

describe('TestDaemonKillFailedPodsBackoff: failed-pod backoff 1s -> 2s -> 4s with FailedDaemonPod events', () => {
  it('kills a failed pod, replaces it, and spaces later kills on that node by the backoff', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const failCurrent = () => {
      const [p] = livePods(cluster, 'agent');
      markReady(cluster, p!);
      const cur = cluster.store.get('Pod', 'default', p!.metadata.name)!;
      cluster.api.updateStatus<'Pod'>({ ...cur, status: { ...cur.status, phase: 'Failed', conditions: [{ type: 'Ready', status: 'False' }] } });
      cluster.settle();
      return p!.metadata.name;
    };
    const first = failCurrent();
    expect(podsOf(cluster, 'agent').map((p) => p.metadata.name)).not.toContain(first);
    expect(livePods(cluster, 'agent')).toHaveLength(1);
    expect(events(cluster, 'agent', 'FailedDaemonPod').map((e) => e.message)).toEqual([`Found failed daemon pod default/${first} on node node-0, will try to kill it`]);
    const second = failCurrent();
    // Within 1 s of the first kill: held by backoff.
    expect(podsOf(cluster, 'agent').map((p) => p.metadata.name)).toEqual([second]);
    cluster.advanceTo(EPOCH_MS + 999);
    expect(podsOf(cluster, 'agent').map((p) => p.metadata.name)).toEqual([second]);
    cluster.advanceTo(EPOCH_MS + 1000);
    expect(podsOf(cluster, 'agent').map((p) => p.metadata.name)).not.toContain(second);
    const third = failCurrent();
    cluster.advanceTo(EPOCH_MS + 2999);
    expect(podsOf(cluster, 'agent').map((p) => p.metadata.name)).toEqual([third]);
    cluster.advanceTo(EPOCH_MS + 3000);
    expect(podsOf(cluster, 'agent').map((p) => p.metadata.name)).not.toContain(third);
    expect(events(cluster, 'agent', 'FailedDaemonPod').map((e) => e.count ?? 1).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('a succeeded pod is deleted at once with SucceededDaemonPod and replaced', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const [p] = livePods(cluster, 'agent');
    markReady(cluster, p!);
    const cur = cluster.store.get('Pod', 'default', p!.metadata.name)!;
    cluster.api.updateStatus<'Pod'>({ ...cur, status: { ...cur.status, phase: 'Succeeded' } });
    const seq = lastSeq(cluster);
    cluster.settle();
    expect(events(cluster, 'agent', 'SucceededDaemonPod')[0]!.message).toBe(`Found succeeded daemon pod default/${p!.metadata.name} on node node-0, will try to delete it`);
    expect(podWrites(cluster, seq)).toEqual({ creates: 1, deletes: 1 });
  });
});

describe('TestDealsWithExistingPods / ClaimPods: adoption, release, and duplicate pruning keep the oldest scheduled pod', () => {
  it('adopts a matching orphan bound to node-0 and deletes the unbound daemon pod there (scheduled first)', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec({ updateStrategy: { type: 'OnDelete' } }));
    cluster.settle();
    const [own] = livePods(cluster, 'agent');
    expect(own!.spec.nodeName).toBeUndefined();
    const seq = lastSeq(cluster);
    const orphan = cluster.api.create<'Pod'>({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'hand-made', namespace: 'default', labels: { app: 'agent' } },
      spec: { nodeName: 'node-0', containers: [{ name: 'agent', image: 'agent:0.9' }] },
    });
    expect(orphan.ok).toBe(true);
    cluster.settle();
    const pods = livePods(cluster, 'agent');
    expect(pods.map((p) => p.metadata.name)).toEqual(['hand-made']);
    expect(pods[0]!.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'DaemonSet', name: 'agent', controller: true });
    const reasons = intentsSince(cluster, seq).map((i) => `${i.verb} ${i.name}: ${i.reason}`);
    expect(reasons).toContain('updateMetadata hand-made: adopting orphan pod hand-made: its labels match the selector of daemonset agent');
    expect(reasons).toContain(`delete ${own!.metadata.name}: node-0 has 2 running daemon pods; only the oldest scheduled one (hand-made) is kept`);
  });

  it('with RollingUpdate an adopted pod without the current hash is an old pod and gets replaced', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    cluster.api.create<'Pod'>({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'hand-made', namespace: 'default', labels: { app: 'agent' } },
      spec: { nodeName: 'node-0', containers: [{ name: 'agent', image: 'agent:0.9' }] },
    });
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const adopted = cluster.store.get('Pod', 'default', 'hand-made')!;
    expect(adopted.metadata.ownerReferences?.[0]?.name).toBe('agent');
    expect(adopted.metadata.deletionTimestamp).toBeDefined();
  });

  it('releases an owned pod whose labels stop matching, and replaces it', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const [p] = livePods(cluster, 'agent');
    cluster.api.updateMetadata(p!, { labels: { app: 'debug' } });
    cluster.settle();
    const released = cluster.store.get('Pod', 'default', p!.metadata.name)!;
    expect(released.metadata.ownerReferences).toBeUndefined();
    expect(livePods(cluster, 'agent')).toHaveLength(1);
    expect(livePods(cluster, 'agent')[0]!.metadata.name).not.toBe(p!.metadata.name);
  });
});
