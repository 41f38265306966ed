import { describe, expect, it } from 'vitest';
import { NETWORK_NOT_READY_MESSAGE } from '../../../../src/sim/controllers/kubelet/nodestatus.js';
import { addNode, at, bootNodes, createPod, eventObjects, eventsOf, newCluster, nodeCondition, pod, sec, taintsOf } from './fixture.js';

describe('kubelet: node status', () => {
  it('boots NotReady (cni plugin not initialized) with not-ready:NoSchedule, and is Ready after nodeBootSeconds', () => {
    const f = newCluster();
    addNode(f, 'node-1');
    const conditions = f.c.api.get('Node', '', 'node-1')!.status.conditions!;
    expect(conditions.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'],
      ['DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'],
      ['PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'],
      ['Ready', 'False', 'KubeletNotReady', NETWORK_NOT_READY_MESSAGE],
    ]);
    expect(taintsOf(f, 'node-1')).toEqual(['node.kubernetes.io/not-ready:NoSchedule']);
    at(f, 9.999);
    expect(nodeCondition(f, 'node-1', 'Ready')!.status).toBe('False');
    at(f, 10);
    expect(nodeCondition(f, 'node-1', 'Ready')).toMatchObject({
      status: 'True',
      reason: 'KubeletReady',
      message: 'kubelet is posting ready status',
      lastTransitionTime: '2026-01-01T00:00:10Z',
      lastHeartbeatTime: '2026-01-01T00:00:10Z',
    });
    expect(sec(nodeCondition(f, 'node-1', 'MemoryPressure')!.lastTransitionTime)).toBe(0);
    expect(taintsOf(f, 'node-1')).toEqual([]);
    expect(eventsOf(f, 'node-1')).toEqual([
      'RegisteredNode: Node node-1 event: Registered Node node-1 in Controller',
      'Starting: Starting kubelet.',
      'NodeHasSufficientMemory: Node node-1 status is now: NodeHasSufficientMemory',
      'NodeHasNoDiskPressure: Node node-1 status is now: NodeHasNoDiskPressure',
      'NodeHasSufficientPID: Node node-1 status is now: NodeHasSufficientPID',
      'NodeAllocatableEnforced: Updated Node Allocatable limit across pods',
      'NodeReady: Node node-1 status is now: NodeReady',
    ]);
    expect(eventObjects(f, 'node-1', 'NodeReady')[0]!.source).toEqual({ component: 'kubelet', host: 'node-1' });
    expect(eventObjects(f, 'node-1', 'RegisteredNode')[0]!.source).toEqual({ component: 'node-controller' });
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('nodes that register and boot together share one conditions list; a forced condition gives a node its own', () => {
    const f = newCluster();
    addNode(f, 'node-1');
    addNode(f, 'node-2');
    const conditions = (name: string) => f.c.api.get('Node', '', name)!.status.conditions!;
    expect(conditions('node-2')).toBe(conditions('node-1'));
    at(f, 10);
    expect(conditions('node-1').find((c) => c.type === 'Ready')!.status).toBe('True');
    expect(conditions('node-2')).toBe(conditions('node-1'));
    f.kubelet.setNodeCondition('node-2', 'DiskPressure', 'True');
    f.c.settle();
    expect(conditions('node-2')).not.toBe(conditions('node-1'));
    expect(conditions('node-2').find((c) => c.type === 'DiskPressure')!.status).toBe('True');
    expect(conditions('node-1').find((c) => c.type === 'DiskPressure')!.status).toBe('False');
  });

  it('machines without a forced condition share one empty table; forcing one gives that machine its own', () => {
    const f = newCluster();
    addNode(f, 'node-1');
    addNode(f, 'node-2');
    const forced = (name: string) => f.kubelet.machine(name)!.forced;
    expect(forced('node-2')).toBe(forced('node-1'));
    expect(forced('node-1')).toEqual({});
    f.kubelet.setNodeCondition('node-2', 'PIDPressure', 'True');
    expect(forced('node-2')).toEqual({ PIDPressure: 'True' });
    expect(forced('node-1')).toEqual({});
    addNode(f, 'node-3');
    expect(forced('node-3')).toBe(forced('node-1'));
    expect(forced('node-3')).toEqual({});
  });

  it('reports conditions set with sim node condition until they change, with the kubelet events', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setNodeCondition('node-1', 'MemoryPressure', 'True');
    f.kubelet.setNodeCondition('node-1', 'NetworkUnavailable', 'True');
    f.c.settle();
    expect(nodeCondition(f, 'node-1', 'MemoryPressure')).toMatchObject({ status: 'True', reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available' });
    expect(nodeCondition(f, 'node-1', 'NetworkUnavailable')).toMatchObject({ status: 'True', reason: 'NoRouteCreated' });
    expect(eventsOf(f, 'node-1')).toContain('NodeHasInsufficientMemory: Node node-1 status is now: NodeHasInsufficientMemory');
    at(f, 1800);
    expect(nodeCondition(f, 'node-1', 'MemoryPressure')!.status).toBe('True');
    f.kubelet.setNodeCondition('node-1', 'MemoryPressure', 'False');
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.c.settle();
    expect(nodeCondition(f, 'node-1', 'MemoryPressure')).toMatchObject({ status: 'False', lastTransitionTime: '2026-01-01T00:30:00Z' });
    expect(nodeCondition(f, 'node-1', 'Ready')).toMatchObject({ status: 'False', reason: 'KubeletNotReady' });
    expect(eventObjects(f, 'node-1', 'NodeHasSufficientMemory')[0]!.count).toBe(2);
    expect(eventObjects(f, 'node-1', 'NodeNotReady')[0]).toMatchObject({ source: { component: 'kubelet', host: 'node-1' }, message: 'Node node-1 status is now: NodeNotReady' });
  });

  it('records NodeNotSchedulable / NodeSchedulable when the node is cordoned and uncordoned', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const node = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...node, spec: { ...node.spec, unschedulable: true } });
    f.c.settle();
    expect(eventsOf(f, 'node-1')).toContain('NodeNotSchedulable: Node node-1 status is now: NodeNotSchedulable');
    const cordoned = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...cordoned, spec: { ...cordoned.spec, unschedulable: false } });
    f.c.settle();
    expect(eventsOf(f, 'node-1')).toContain('NodeSchedulable: Node node-1 status is now: NodeSchedulable');
  });

  it('a failed kubelet makes no progress on its pods; a recovered one starts again and catches up', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    createPod(f, 'waiting', { tolerations: [{ operator: 'Exists' }] });
    at(f, 200);
    expect(pod(f, 'waiting')!.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    expect(f.kubelet.heartbeat('node-1')).toEqual({ state: 'stopped', since: f.c.now - 190_000 });
    f.kubelet.recoverNode('node-1', f.c.now);
    f.c.settle();
    expect(f.kubelet.heartbeat('node-1')).toEqual({ state: 'running' });
    expect(nodeCondition(f, 'node-1', 'Ready')).toMatchObject({ status: 'True', reason: 'KubeletReady', lastTransitionTime: '2026-01-01T00:03:20Z' });
    expect(eventObjects(f, 'node-1', 'Starting')[0]!.count).toBe(2);
    expect(f.kubelet.podStage('default', 'waiting')).toBe('Pending.Pulling');
    at(f, 206);
    expect(pod(f, 'waiting')!.status.phase).toBe('Running');
  });
});
