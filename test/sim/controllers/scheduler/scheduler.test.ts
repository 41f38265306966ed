/**
 * The Scheduler control loop: binding, conditions and events (schedule_one_test.go
 * TestSchedulerScheduleOne), queue order (queuesort PrioritySort), requeueing on cluster events
 * (scheduling_queue_test.go TestPriorityQueue_MoveAllToActiveOrBackoffQueue,
 * flushUnschedulablePodsLeftover) and the absence of event storms.
 */
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../../src/sim/controllers/scheduler/index.js';
import { DS_TOLERATIONS, addNode, addPod, addPriorityClass, eventsFor, getPod, newCluster, podScheduled, setPhase } from './helpers.js';

describe('binding', () => {
  it('binds to the only fitting node, sets PodScheduled=True and records Scheduled', () => {
    const c = newCluster();
    addNode(c, 'node-1', { cpu: '1' });
    addNode(c, 'node-2', { cpu: '4' });
    addPod(c, 'web', { cpu: '2' });
    c.settle();
    const p = getPod(c, 'web');
    expect(p.spec.nodeName).toBe('node-2');
    expect(podScheduled(p)).toEqual({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' });
    expect(eventsFor(c, 'web', 'Scheduled')).toMatchObject([{ type: 'Normal', message: 'Successfully assigned default/web to node-2', action: 'Binding', source: {}, reportingComponent: 'default-scheduler' }]);
    const bind = c.traceEntries().flatMap((e) => e.intents).find((i) => i.verb === 'bind');
    expect(bind).toMatchObject({ controller: 'default-scheduler', name: 'web', reason: 'node-2 passed every filter' });
  });

  it('prefers the least allocated node, and the first name on a tie', () => {
    const c = newCluster();
    for (const n of ['node-a', 'node-b', 'node-c']) addNode(c, n, { cpu: '4', memory: '8Gi' });
    addPod(c, 'busy', { nodeName: 'node-a', cpu: '3', memory: '6Gi' });
    addPod(c, 'web', { cpu: '500m', memory: '512Mi' });
    c.settle();
    expect(getPod(c, 'web').spec.nodeName).toBe('node-b');
  });

  it('leaves pods of another scheduler alone', () => {
    const c = newCluster();
    addNode(c, 'node-1');
    addPod(c, 'custom', { schedulerName: 'my-scheduler' });
    c.settle();
    const p = getPod(c, 'custom');
    expect(p.spec.nodeName).toBeUndefined();
    expect(podScheduled(p)).toBeUndefined();
    expect(eventsFor(c, 'custom')).toHaveLength(0);
  });
});

describe('cordoned node (NodeUnschedulable)', () => {
  it('keeps an ordinary pod off and lets a pod with the DaemonSet tolerations on', () => {
    const c = newCluster();
    addNode(c, 'node-1', { unschedulable: true });
    addPod(c, 'app');
    addPod(c, 'agent', { pinTo: 'node-1', tolerations: DS_TOLERATIONS });
    c.settle();
    expect(podScheduled(getPod(c, 'app'))?.message).toBe('0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    expect(getPod(c, 'agent').spec.nodeName).toBe('node-1');
  });

  it('schedules the waiting pod once the node is uncordoned', () => {
    const c = newCluster();
    const n = addNode(c, 'node-1', { unschedulable: true });
    addPod(c, 'app');
    c.settle();
    expect(getPod(c, 'app').spec.nodeName).toBeUndefined();
    expect(c.api.update({ ...n, spec: { ...c.store.get('Node', '', 'node-1')!.spec, unschedulable: false } }).ok).toBe(true);
    c.settle();
    expect(getPod(c, 'app').spec.nodeName).toBe('node-1');
  });
});

describe('queue order (PrioritySort)', () => {
  it('attempts higher priority first, then older, then by name', () => {
    const c = newCluster();
    addPriorityClass(c, 'high', 1000);
    addNode(c, 'node-1', { cpu: '1' });
    addPod(c, 'a-low', { cpu: '1' });
    addPod(c, 'z-high', { cpu: '1', priorityClassName: 'high' });
    c.settle();
    expect(getPod(c, 'z-high').spec.nodeName).toBe('node-1');
    expect(getPod(c, 'a-low').spec.nodeName).toBeUndefined();
  });

  it('with equal priority and age, the first name wins the last slot', () => {
    const c = newCluster();
    addNode(c, 'node-1', { cpu: '1' });
    addPod(c, 'b-pod', { cpu: '1' });
    addPod(c, 'a-pod', { cpu: '1' });
    c.settle();
    expect(getPod(c, 'a-pod').spec.nodeName).toBe('node-1');
    expect(podScheduled(getPod(c, 'b-pod'))?.message).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.');
  });
});

describe('retry when capacity frees up', () => {
  function fullNode() {
    const c = newCluster();
    addNode(c, 'node-1', { cpu: '2' });
    addPod(c, 'holder', { nodeName: 'node-1', cpu: '1900m' });
    addPod(c, 'agent', { pinTo: 'node-1', tolerations: DS_TOLERATIONS, cpu: '200m' });
    c.settle();
    expect(getPod(c, 'agent').spec.nodeName).toBeUndefined();
    return c;
  }

  it('a terminating pod still holds its requests; its removal lets the pending pod in', () => {
    const c = fullNode();
    expect(c.api.delete('Pod', 'default', 'holder').ok).toBe(true);
    c.settle();
    expect(getPod(c, 'holder').metadata.deletionTimestamp).toBeDefined();
    expect(getPod(c, 'agent').spec.nodeName).toBeUndefined();
    expect(eventsFor(c, 'agent', 'FailedScheduling')[0]?.series).toBeUndefined();
    c.api.finishPodDeletion(getPod(c, 'holder'));
    c.settle();
    expect(getPod(c, 'agent').spec.nodeName).toBe('node-1');
    expect(podScheduled(getPod(c, 'agent'))?.status).toBe('True');
  });

  it('a bound pod that finishes (Succeeded) frees its requests', () => {
    const c = fullNode();
    setPhase(c, 'holder', 'Succeeded');
    c.settle();
    expect(getPod(c, 'agent').spec.nodeName).toBe('node-1');
  });

  it('more allocatable on the node retries the pod', () => {
    const c = fullNode();
    const n = c.store.get('Node', '', 'node-1')!;
    const res = { ...n.status.allocatable, cpu: '4' };
    expect(c.api.updateStatus({ ...n, status: { ...n.status, capacity: res, allocatable: res } }).ok).toBe(true);
    c.settle();
    expect(getPod(c, 'agent').spec.nodeName).toBe('node-1');
  });
});

describe('no event storm', () => {
  it('does not retry without a relevant change; heartbeats are not one; the 5-minute flush is', () => {
    const c = newCluster();
    addNode(c, 'node-1', { cpu: '1' });
    addPod(c, 'big', { cpu: '2' });
    c.settle();
    const failures = () => eventsFor(c, 'big', 'FailedScheduling');
    expect(failures()).toHaveLength(1);
    const traceLen = c.traceEntries().length;
    c.settle();
    c.settle();
    expect(c.traceEntries().length).toBe(traceLen);
    const n = c.store.get('Node', '', 'node-1')!;
    const beat = (n.status.conditions ?? []).map((x) => ({ ...x, lastHeartbeatTime: '2026-01-01T00:00:40Z' }));
    expect(c.api.updateStatus({ ...n, status: { ...n.status, conditions: beat } }).ok).toBe(true);
    c.settle();
    expect(failures()).toHaveLength(1);
    expect(failures()[0]!.series).toBeUndefined();
    c.advanceTo(c.now + 4 * 60_000);
    expect(failures()).toHaveLength(1);
    // The flush retries it. The first attempt's PodScheduled=False write changed the pod's
    // resourceVersion, which the events.k8s.io/v1 key includes: a second Event, not a series.
    c.advanceTo(c.now + 60_000);
    expect(failures()).toHaveLength(2);
    const second = failures().find((e) => e.involvedObject.resourceVersion !== failures()[0]!.involvedObject.resourceVersion)!;
    expect(second.series).toBeUndefined();
    const labelled = c.store.get('Node', '', 'node-1')!;
    expect(c.api.update({ ...labelled, metadata: { ...labelled.metadata, labels: { ...labelled.metadata.labels, tier: 'x' } } }).ok).toBe(true);
    c.settle();
    // Same message, unchanged pod: isomorphic to the second Event, which gets its series.
    expect(failures()).toHaveLength(2);
    expect(c.store.get('Event', 'default', second.metadata.name)!.series).toMatchObject({ count: 2 });
  });

  it('a change to the pod itself (a new toleration) retries that pod', () => {
    const c = newCluster();
    addNode(c, 'node-1', { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] });
    addPod(c, 'db');
    c.settle();
    expect(podScheduled(getPod(c, 'db'))?.message).toBe('0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    const p = getPod(c, 'db');
    const r = c.api.update({ ...p, spec: { ...p.spec, tolerations: [...(p.spec.tolerations ?? []), { key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }] } });
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    c.settle();
    expect(getPod(c, 'db').spec.nodeName).toBe('node-1');
  });
});

describe('snapshot and restore', () => {
  it('rebuilds its view of node usage from the restored store', () => {
    const c = newCluster();
    addNode(c, 'node-1', { cpu: '1' });
    addPod(c, 'holder', { nodeName: 'node-1', cpu: '800m' });
    c.settle();
    const snap = c.snapshot();
    c.api.delete('Pod', 'default', 'holder', { gracePeriodSeconds: 0 });
    c.settle();
    c.restore(snap);
    addPod(c, 'late', { cpu: '500m' });
    c.settle();
    expect(getPod(c, 'late').spec.nodeName).toBeUndefined();
    expect(c.controller<Scheduler>('default-scheduler')!.lastDecision('default', 'late')?.message).toMatch(/^0\/1 nodes are available: 1 Insufficient cpu\./);
  });
});
