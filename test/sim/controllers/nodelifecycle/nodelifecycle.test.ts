import { describe, expect, it } from 'vitest';
import { addNode, at, bootNodes, condition, createPod, eventObjects, eventsOf, newCluster, nodeCondition, nodeController, taintsOf, type Fixture } from '../kubelet/fixture.js';

function timeAdded(f: Fixture, node: string, key: string, effect: string): string | undefined {
  return f.c.api.get('Node', '', node)!.spec.taints?.find((t) => t.key === key && t.effect === effect)?.timeAdded;
}

describe('node lifecycle: health', () => {
  it('marks a node whose kubelet stopped Unknown exactly nodeMonitorGracePeriodSeconds later, and its pods not ready', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2'); // t = 10
    f.kubelet.setNodeCondition('node-1', 'NetworkUnavailable', 'False');
    createPod(f, 'web');
    at(f, 20);
    expect(condition(f, 'web', 'Ready')!.status).toBe('True');
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    at(f, 69.999);
    expect(nodeCondition(f, 'node-1', 'Ready')!.status).toBe('True');
    expect(taintsOf(f, 'node-1')).toEqual([]);
    at(f, 70);
    const conds = f.c.api.get('Node', '', 'node-1')!.status.conditions!;
    expect(conds.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['NetworkUnavailable', 'False', 'RouteCreated', 'RouteController created a route'],
      ['MemoryPressure', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
      ['DiskPressure', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
      ['PIDPressure', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
      ['Ready', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
    ]);
    expect(nodeCondition(f, 'node-1', 'Ready')!.lastTransitionTime).toBe('2026-01-01T00:01:10Z');
    expect(nodeCondition(f, 'node-1', 'Ready')!.lastHeartbeatTime).toBe('2026-01-01T00:00:10Z');
    expect(eventObjects(f, 'node-1', 'NodeNotReady')[0]).toMatchObject({ message: 'Node node-1 status is now: NodeNotReady', source: { component: 'node-controller' } });
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    expect(timeAdded(f, 'node-1', 'node.kubernetes.io/unreachable', 'NoExecute')).toBe('2026-01-01T00:01:10Z');
    // MarkPodsNotReady
    expect(condition(f, 'web', 'Ready')).toMatchObject({ status: 'False', lastTransitionTime: '2026-01-01T00:01:10Z' });
    expect(condition(f, 'web', 'ContainersReady')!.status).toBe('True');
    expect(eventObjects(f, 'web', 'NodeNotReady')[0]).toMatchObject({ type: 'Warning', message: 'Node is not ready', source: { component: 'node-controller' } });
    // node-2 is untouched
    expect(nodeCondition(f, 'node-2', 'Ready')!.status).toBe('True');
  });

  it('a recovered kubelet posts Ready again; the taints go and its pods are Ready again', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'web', { tolerations: [{ operator: 'Exists', effect: 'NoExecute' }] });
    at(f, 20);
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    at(f, 100);
    expect(taintsOf(f, 'node-1')).toHaveLength(2);
    f.kubelet.recoverNode('node-1', f.c.now);
    f.c.settle();
    expect(nodeCondition(f, 'node-1', 'Ready')).toMatchObject({ status: 'True', reason: 'KubeletReady' });
    expect(taintsOf(f, 'node-1')).toEqual([]);
    expect(condition(f, 'web', 'Ready')!.status).toBe('True');
  });

  it('a Node created through the API gets a simulated kubelet (KWOK) and turns Ready at once', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.c.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'kwok' }, spec: {}, status: { allocatable: { cpu: '2', memory: '2Gi', pods: '10' } } });
    f.c.settle();
    expect(nodeCondition(f, 'kwok', 'Ready')).toMatchObject({ status: 'True', reason: 'KubeletReady' });
    expect(f.c.store.get('Node', '', 'kwok')!.status.allocatable).toEqual({ cpu: '2', memory: '2Gi', pods: '10' });
    expect(f.c.store.get('Node', '', 'kwok')!.status.nodeInfo?.kubeletVersion).toMatch(/^v1\./);
    at(f, 600);
    expect(nodeCondition(f, 'kwok', 'Ready')!.status).toBe('True');
    expect(taintsOf(f, 'kwok')).toEqual([]);
    expect(f.c.hasPendingWork()).toBe(false);
  });

  it('a Node no kubelet ever posted for turns Unknown after the 60 s startup grace ("Kubelet never posted node status.")', () => {
    const f = newCluster({}, { adoptApiNodes: false });
    bootNodes(f, 'node-1');
    f.c.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'manual' }, spec: {}, status: {} });
    f.c.settle();
    // no condition calls for the admission plugin's not-ready taint, so doNoScheduleTaintingPass drops it
    expect(taintsOf(f, 'manual')).toEqual([]);
    at(f, 69.999);
    expect(nodeCondition(f, 'manual', 'Ready')).toBeUndefined();
    at(f, 70);
    expect(nodeCondition(f, 'manual', 'Ready')).toMatchObject({ status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.', lastHeartbeatTime: '2026-01-01T00:00:10Z' });
    expect(taintsOf(f, 'manual')).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    expect(eventObjects(f, 'manual', 'NodeNotReady')).toEqual([]); // it was never Ready
  });

  it('records RegisteredNode and RemovingNode', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.c.api.delete('Node', '', 'node-1');
    f.c.settle();
    expect(eventsOf(f, 'node-1')).toContain('RemovingNode: Node node-1 event: Removing Node node-1 from Controller');
  });
});

describe('node lifecycle: condition taints', () => {
  it('adds the NoSchedule taint of each condition at once and removes it when the condition clears', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2', 'node-3');
    at(f, 30);
    const cases: [Parameters<typeof f.kubelet.setNodeCondition>[1], string][] = [
      ['MemoryPressure', 'node.kubernetes.io/memory-pressure:NoSchedule'],
      ['DiskPressure', 'node.kubernetes.io/disk-pressure:NoSchedule'],
      ['PIDPressure', 'node.kubernetes.io/pid-pressure:NoSchedule'],
      ['NetworkUnavailable', 'node.kubernetes.io/network-unavailable:NoSchedule'],
    ];
    for (const [type, taint] of cases) {
      f.kubelet.setNodeCondition('node-1', type, 'True');
      f.c.settle();
      expect(taintsOf(f, 'node-1'), type).toEqual([taint]);
      expect(timeAdded(f, 'node-1', taint.split(':')[0]!, 'NoSchedule')).toBe('2026-01-01T00:00:30Z');
      f.kubelet.setNodeCondition('node-1', type, 'False');
      f.c.settle();
      expect(taintsOf(f, 'node-1'), type).toEqual([]);
    }
  });

  it('Ready=False gives not-ready NoSchedule and NoExecute; clearing it removes both', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2', 'node-3');
    at(f, 30);
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.c.settle();
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
    expect(timeAdded(f, 'node-1', 'node.kubernetes.io/not-ready', 'NoExecute')).toBe('2026-01-01T00:00:30Z');
    f.kubelet.setNodeCondition('node-1', 'Ready', 'True');
    f.c.settle();
    expect(taintsOf(f, 'node-1')).toEqual([]);
  });

  it('swaps not-ready for unreachable (both effects) when a NotReady node stops posting', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2', 'node-3');
    at(f, 30);
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.c.settle();
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    at(f, 80);
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    expect(timeAdded(f, 'node-1', 'node.kubernetes.io/unreachable', 'NoExecute')).toBe('2026-01-01T00:01:20Z');
    expect(eventObjects(f, 'node-1', 'NodeNotReady').map((e) => e.source.component)).toEqual(['kubelet']); // the controller saw False, not True
  });

  it('cordon adds node.kubernetes.io/unschedulable:NoSchedule; uncordon removes it', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const node = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...node, spec: { ...node.spec, unschedulable: true } });
    f.c.settle();
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/unschedulable:NoSchedule']);
    const cordoned = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...cordoned, spec: { ...cordoned.spec, unschedulable: false } });
    f.c.settle();
    expect(taintsOf(f, 'node-1')).toEqual([]);
  });

  it('does not monitor a node again for its own taint write (but does for every other Node write)', () => {
    const f = newCluster();
    addNode(f, 'node-1');
    const nc = nodeController(f.c) as unknown as { monitorNode(ctx: unknown, name: string): void };
    const monitored: string[] = [];
    const monitorNode = nc.monitorNode.bind(nc);
    nc.monitorNode = (ctx, name) => {
      monitored.push(name);
      monitorNode(ctx, name);
    };
    at(f, 10); // the kubelet posts Ready; the controller removes not-ready:NoSchedule
    expect(taintsOf(f, 'node-1')).toEqual([]);
    expect(monitored).toEqual(['node-1']);
    const node = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...node, spec: { ...node.spec, unschedulable: true } });
    f.c.settle();
    expect(monitored).toEqual(['node-1', 'node-1']);
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/unschedulable:NoSchedule']);
  });

  it('keeps user taints and keeps the not-ready:NoSchedule taint while a node boots', () => {
    const f = newCluster();
    addNode(f, 'node-1', { taints: [{ key: 'dedicated', value: 'ingest', effect: 'NoSchedule' }] });
    expect(taintsOf(f, 'node-1')).toEqual(['dedicated=ingest:NoSchedule', 'node.kubernetes.io/not-ready:NoSchedule']);
    // without the admission plugin's taint the controller adds it (with timeAdded)
    const node = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...node, spec: { ...node.spec, taints: [{ key: 'dedicated', value: 'ingest', effect: 'NoSchedule' }] } });
    f.c.settle();
    expect(taintsOf(f, 'node-1')).toEqual(['dedicated=ingest:NoSchedule', 'node.kubernetes.io/not-ready:NoSchedule']);
    at(f, 10);
    expect(taintsOf(f, 'node-1')).toEqual(['dedicated=ingest:NoSchedule']);
  });
});

describe('node lifecycle: zones and the NoExecute rate limit', () => {
  it('taints one node per 10 s per zone (--node-eviction-rate 0.1)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2', 'node-3', 'node-4', 'node-5');
    at(f, 100);
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.kubelet.setNodeCondition('node-2', 'Ready', 'False');
    f.c.settle();
    expect(taintsOf(f, 'node-1')).toContain('node.kubernetes.io/not-ready:NoExecute');
    expect(taintsOf(f, 'node-2')).toEqual(['node.kubernetes.io/not-ready:NoSchedule']);
    at(f, 109.999);
    expect(taintsOf(f, 'node-2')).not.toContain('node.kubernetes.io/not-ready:NoExecute');
    at(f, 110);
    expect(timeAdded(f, 'node-2', 'node.kubernetes.io/not-ready', 'NoExecute')).toBe('2026-01-01T00:01:50Z');
  });

  it('stops NoExecute tainting in a small, mostly not-Ready zone (PartialDisruption)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2', 'node-3', 'node-4');
    at(f, 100);
    for (const n of ['node-1', 'node-2', 'node-3']) f.kubelet.setNodeCondition(n, 'Ready', 'False');
    f.c.settle();
    at(f, 400);
    for (const n of ['node-1', 'node-2', 'node-3']) expect(taintsOf(f, n)).toEqual(['node.kubernetes.io/not-ready:NoSchedule']);
  });

  it('when every node is not Ready it assumes it is cut off itself: no NoExecute taints (master disruption mode)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'web');
    at(f, 20);
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    at(f, 600);
    expect(nodeCondition(f, 'node-1', 'Ready')!.status).toBe('Unknown');
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/unreachable:NoSchedule']);
    expect(f.c.api.get('Pod', 'default', 'web')!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('nodes booting together get no NoExecute taint; a node joining a healthy zone gets not-ready:NoExecute until it boots', () => {
    const f = newCluster();
    addNode(f, 'node-1');
    addNode(f, 'node-2');
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/not-ready:NoSchedule']);
    at(f, 100);
    addNode(f, 'node-3');
    expect(taintsOf(f, 'node-3')).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
    at(f, 110);
    expect(taintsOf(f, 'node-3')).toEqual([]);
  });
});

describe('node lifecycle: labels', () => {
  it('keeps the beta os/arch labels in line with the stable ones (reconcileNodeLabels)', () => {
    const f = newCluster();
    f.c.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'win-1', labels: { 'kubernetes.io/os': 'windows', 'kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux' } }, spec: {}, status: {} });
    f.c.settle();
    expect(f.c.api.get('Node', '', 'win-1')!.metadata.labels).toMatchObject({ 'beta.kubernetes.io/os': 'windows', 'beta.kubernetes.io/arch': 'amd64' });
  });

  it('writes the labels onto the node as its NoSchedule taint write left it (one monitor, both writes)', () => {
    const f = newCluster();
    const labels = { 'kubernetes.io/os': 'linux', 'beta.kubernetes.io/os': 'windows' };
    f.c.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n-1', labels }, spec: { unschedulable: true }, status: {} });
    f.c.settle();
    const node = f.c.api.get('Node', '', 'n-1')!;
    expect(node.metadata.labels).toMatchObject({ 'beta.kubernetes.io/os': 'linux' });
    expect(node.spec.taints).toEqual([expect.objectContaining({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' })]);
  });
});

describe('node lifecycle: processPod', () => {
  /** An unbound pod whose status already says Ready (as a pod moved between clusters would), then bound. */
  function bindReadyPod(f: Fixture, name: string, node: string): void {
    const created = f.c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'registry.example/app:1.0' }] } });
    if (!created.ok) throw new Error(created.error.message);
    const ready = f.c.api.updateStatus<'Pod'>({ ...created.obj, status: { ...created.obj.status, conditions: [{ type: 'Ready', status: 'True' }] } });
    if (!ready.ok) throw new Error(ready.error.message);
    const bound = f.c.api.bind(ready.obj, node);
    if (!bound.ok) throw new Error(bound.error.message);
    f.c.settle();
  }

  it('marks a pod newly bound to a not-Ready node not ready, after every node was Ready at the last binding', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2'); // t = 10
    f.kubelet.failNode('node-1', f.c.now);
    f.kubelet.failNode('node-2', f.c.now);
    bindReadyPod(f, 'early', 'node-2');
    expect(condition(f, 'early', 'Ready')!.status).toBe('True');
    at(f, 70); // both nodes Unknown, 'early' marked with its node
    expect(condition(f, 'early', 'Ready')!.status).toBe('False');
    bindReadyPod(f, 'late', 'node-1');
    expect(condition(f, 'late', 'Ready')).toMatchObject({ status: 'False', lastTransitionTime: '2026-01-01T00:01:10Z' });
    expect(eventObjects(f, 'late', 'NodeNotReady')[0]).toMatchObject({ type: 'Warning', message: 'Node is not ready' });
  });
});
