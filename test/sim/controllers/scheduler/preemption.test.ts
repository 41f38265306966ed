/**
 * Priority and preemption (default_preemption_test.go TestPostFilter, TestSelectNodesForPreemption,
 * TestPickOneNodeForPreemption; preemption executor tests for prepareCandidate; lesson L8).
 */
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../src/sim/engine/cluster.js';
import { explainScheduling } from '../../../../src/sim/controllers/scheduler/index.js';
import { DS_TOLERATIONS, addNode, addPod, addPriorityClass, eventsFor, getPod, newCluster, podScheduled } from './helpers.js';

const CRITICAL = { priorityClassName: 'system-node-critical', tolerations: DS_TOLERATIONS } as const;

/**
 * Lesson L8 (lessons/06-priority-footprint): four 2-CPU nodes, batch-4 (priority 0) takes 1900m
 * of node-4.
 */
function l8(grace?: number): Cluster {
  const c = newCluster();
  for (const n of ['node-1', 'node-2', 'node-3', 'node-4']) addNode(c, n, { cpu: '2', memory: '4Gi' });
  addPod(c, 'batch-4', { nodeName: 'node-4', cpu: '1900m', memory: '1Gi', ...(grace !== undefined ? { grace } : {}) });
  c.settle();
  addPod(c, 'csi-node-x', { ns: 'kube-system', pinTo: 'node-4', cpu: '200m', memory: '256Mi', ...CRITICAL });
  c.settle();
  return c;
}

describe('a system-node-critical DaemonSet pod preempts a priority-0 pod on its node (L8)', () => {
  it('marks the victim, deletes it gracefully and records Preempted', () => {
    const c = l8();
    const victim = getPod(c, 'batch-4');
    const preemptor = getPod(c, 'csi-node-x', 'kube-system');
    expect(preemptor.spec.priority).toBe(2000001000);
    expect(victim.metadata.deletionTimestamp).toBe('2026-01-01T00:00:30Z');
    expect(victim.status.conditions?.find((x) => x.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'PreemptionByScheduler',
      message: 'default-scheduler: preempting to accommodate a higher priority pod',
    });
    expect(eventsFor(c, 'batch-4', 'Preempted')).toMatchObject([
      {
        type: 'Normal',
        message: `Preempted by pod ${preemptor.metadata.uid} on node node-4`,
        action: 'Preempting',
        // `related` is the preemptor (Eventf(victim, preemptor, ...))
        related: { kind: 'Pod', namespace: 'kube-system', name: preemptor.metadata.name, uid: preemptor.metadata.uid },
        source: {},
        reportingComponent: 'default-scheduler',
      },
    ]);
  });

  it('keeps the preemptor Pending, nominated to the node, with no preemption part in its message', () => {
    const c = l8();
    const p = getPod(c, 'csi-node-x', 'kube-system');
    expect(p.spec.nodeName).toBeUndefined();
    expect(p.status.nominatedNodeName).toBe('node-4');
    const msg = "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity].";
    expect(podScheduled(p)?.message).toBe(msg);
    expect(eventsFor(c, 'csi-node-x', 'FailedScheduling')).toMatchObject([{ message: msg, action: 'Scheduling' }]);
  });

  it('binds the preemptor once the kubelet has removed the victim; the nomination stays on the bound pod (v1.34)', () => {
    const c = l8();
    c.settle();
    expect(getPod(c, 'csi-node-x', 'kube-system').spec.nodeName).toBeUndefined();
    c.api.finishPodDeletion(getPod(c, 'batch-4'));
    c.settle();
    const p = getPod(c, 'csi-node-x', 'kube-system');
    expect(p.spec.nodeName).toBe('node-4');
    expect(p.status.nominatedNodeName).toBe('node-4');
    expect(podScheduled(p)?.status).toBe('True');
    expect(eventsFor(c, 'csi-node-x', 'Scheduled')[0]?.message).toBe('Successfully assigned kube-system/csi-node-x to node-4');
    expect(eventsFor(c, 'csi-node-x', 'FailedScheduling')[0]?.series).toBeUndefined();
  });

  it('a lower-priority pod cannot take the room the preemptor is waiting for', () => {
    const c = l8();
    addPod(c, 'sneaky', { pinTo: 'node-4', cpu: '50m' });
    c.settle();
    expect(getPod(c, 'sneaky').spec.nodeName).toBeUndefined();
    expect(podScheduled(getPod(c, 'sneaky'))?.message).toMatch(/^0\/4 nodes are available: 1 Insufficient cpu, 3 node\(s\) didn't satisfy plugin\(s\) \[NodeAffinity\]\./);
    const nodes = c.store.list('Node');
    const on = (n: string) => c.store.podsOnNode(n);
    expect(explainScheduling(getPod(c, 'sneaky'), nodes, on).feasible).toEqual(['node-4']);
    expect(explainScheduling(getPod(c, 'sneaky'), nodes, on, { nominatedPods: [getPod(c, 'csi-node-x', 'kube-system')] }).feasible).toEqual([]);
  });

  it('retried after 5 minutes while the victim still terminates: not eligible, no second preemption', () => {
    const c = l8(600);
    c.advanceTo(c.now + 5 * 60_000);
    expect(podScheduled(getPod(c, 'csi-node-x', 'kube-system'))?.message).toBe(
      "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: not eligible due to a terminating pod on the nominated node.",
    );
    expect(eventsFor(c, 'batch-4', 'Preempted')).toHaveLength(1);
    expect(eventsFor(c, 'csi-node-x', 'FailedScheduling')).toHaveLength(2);
  });
});

describe('when preemption does not happen', () => {
  it('preemptionPolicy Never', () => {
    const c = newCluster();
    addPriorityClass(c, 'high-never', 1000, 'Never');
    addNode(c, 'node-1', { cpu: '2' });
    addPod(c, 'batch', { nodeName: 'node-1', cpu: '1900m' });
    addPod(c, 'polite', { pinTo: 'node-1', cpu: '200m', priorityClassName: 'high-never' });
    c.settle();
    expect(getPod(c, 'polite').spec.preemptionPolicy).toBe('Never');
    expect(podScheduled(getPod(c, 'polite'))?.message).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.');
    expect(getPod(c, 'batch').metadata.deletionTimestamp).toBeUndefined();
  });

  it('still no room after removing every lower-priority pod: the filter reasons are reported', () => {
    const c = newCluster();
    addPriorityClass(c, 'high', 1000);
    addNode(c, 'node-1', { cpu: '2' });
    addPod(c, 'peer', { nodeName: 'node-1', cpu: '1', priorityClassName: 'high' });
    addPod(c, 'low', { nodeName: 'node-1', cpu: '500m' });
    addPod(c, 'big', { cpu: '1500m', priorityClassName: 'high' });
    c.settle();
    expect(podScheduled(getPod(c, 'big'))?.message).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Insufficient cpu.');
    expect(getPod(c, 'low').metadata.deletionTimestamp).toBeUndefined();
  });

  it('a request larger than the node is not helped by preemption', () => {
    const c = newCluster();
    addPriorityClass(c, 'high', 1000);
    addNode(c, 'node-1', { cpu: '2' });
    addPod(c, 'low', { nodeName: 'node-1', cpu: '500m' });
    addPod(c, 'huge', { cpu: '3', priorityClassName: 'high' });
    c.settle();
    expect(podScheduled(getPod(c, 'huge'))?.message).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
  });
});

describe('choosing victims and nodes', () => {
  it('selectVictimsOnNode reprieves the most important pods first, leaving a minimal set', () => {
    const c = newCluster();
    addPriorityClass(c, 'mid', 100);
    addPriorityClass(c, 'high', 1000);
    addNode(c, 'node-1', { cpu: '4' });
    addPod(c, 'mid-1', { nodeName: 'node-1', cpu: '1', priorityClassName: 'mid' });
    addPod(c, 'low-old', { nodeName: 'node-1', cpu: '1', startTime: '2025-12-31T00:00:00Z' });
    addPod(c, 'low-new', { nodeName: 'node-1', cpu: '1', startTime: '2025-12-31T12:00:00Z' });
    addPod(c, 'urgent', { cpu: '2', priorityClassName: 'high' });
    c.settle();
    expect(getPod(c, 'low-new').metadata.deletionTimestamp).toBeDefined();
    expect(getPod(c, 'low-old').metadata.deletionTimestamp).toBeUndefined();
    expect(getPod(c, 'mid-1').metadata.deletionTimestamp).toBeUndefined();
    expect(getPod(c, 'urgent').status.nominatedNodeName).toBe('node-1');
  });

  it('pickOneNodeForPreemption prefers the node whose most important victim has the lowest priority', () => {
    const c = newCluster();
    addPriorityClass(c, 'mid', 100);
    addPriorityClass(c, 'high', 1000);
    addNode(c, 'node-a', { cpu: '1' });
    addNode(c, 'node-b', { cpu: '1' });
    addPod(c, 'on-a', { nodeName: 'node-a', cpu: '1', priorityClassName: 'mid' });
    addPod(c, 'on-b', { nodeName: 'node-b', cpu: '1' });
    addPod(c, 'urgent', { cpu: '1', priorityClassName: 'high' });
    c.settle();
    expect(getPod(c, 'urgent').status.nominatedNodeName).toBe('node-b');
    expect(getPod(c, 'on-b').metadata.deletionTimestamp).toBeDefined();
    expect(getPod(c, 'on-a').metadata.deletionTimestamp).toBeUndefined();
  });

  it('host-port conflicts can be preempted away too', () => {
    const c = newCluster();
    addNode(c, 'node-1');
    const ports = [{ containerPort: 9100, hostPort: 9100 }];
    addPod(c, 'squatter', { nodeName: 'node-1', ports });
    addPod(c, 'exporter', { pinTo: 'node-1', ports, ...CRITICAL });
    c.settle();
    expect(getPod(c, 'squatter').metadata.deletionTimestamp).toBeDefined();
    expect(getPod(c, 'exporter').status.nominatedNodeName).toBe('node-1');
  });
});
