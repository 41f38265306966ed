/**
 * FitError message assembly (types.go `FitError.Error`, schedule_one_test.go "FitError" cases)
 * and the messages learners meet in lessons L8, L16, W2 and W3, end to end through the
 * Scheduler control loop.
 */
import { describe, expect, it } from 'vitest';
import { fitErrorMessage } from '../../../../src/sim/controllers/scheduler/index.js';
import { newDiagnosis } from '../../../../src/sim/controllers/scheduler/fiterror.js';
import { DS_TOLERATIONS, addNode, addPod, eventsFor, getPod, makePod, newCluster, podScheduled } from './helpers.js';

describe('FitError.Error', () => {
  it('sorts "<count> <reason>" as whole strings, so "10 ..." comes before "2 ..."', () => {
    const d = newDiagnosis();
    for (let i = 0; i < 10; i++) d.nodeToStatus.explicit.set(`t${i}`, { plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'] });
    d.nodeToStatus.explicit.set('a', { plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu', 'Insufficient memory'] });
    d.nodeToStatus.explicit.set('b', { plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'] });
    expect(fitErrorMessage(12, d)).toBe('0/12 nodes are available: 1 Insufficient memory, 10 node(s) had untolerated taint(s), 2 Insufficient cpu.');
  });
  it('counts nodes the PreFilter excluded with the absent-nodes status and appends the PostFilter message', () => {
    const d = newDiagnosis();
    d.nodeToStatus.absent = { plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"] };
    d.nodeToStatus.explicit.set('n4', { plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Too many pods'] });
    d.postFilterMsg = 'preemption: not eligible due to preemptionPolicy=Never.';
    expect(fitErrorMessage(46, d)).toBe("0/46 nodes are available: 1 Too many pods, 45 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: not eligible due to preemptionPolicy=Never.");
  });
});

describe('messages a learner meets', () => {
  it('DaemonSet pod on a full node in a 4-node cluster (L8), condition and event', () => {
    const c = newCluster();
    for (const n of ['node-1', 'node-2', 'node-3', 'node-4']) addNode(c, n, { cpu: '2', memory: '4Gi' });
    addPod(c, 'batch-4', { nodeName: 'node-4', cpu: '1900m', memory: '1Gi' });
    addPod(c, 'csi-node-abcde', { ns: 'kube-system', pinTo: 'node-4', tolerations: DS_TOLERATIONS, cpu: '200m', memory: '256Mi' });
    c.settle();
    const want =
      "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.";
    const pod = getPod(c, 'csi-node-abcde', 'kube-system');
    expect(pod.spec.nodeName).toBeUndefined();
    expect(podScheduled(pod)).toMatchObject({ status: 'False', reason: 'Unschedulable', message: want, lastProbeTime: null });
    const ev = eventsFor(c, 'csi-node-abcde', 'FailedScheduling');
    expect(ev).toHaveLength(1);
    // events.k8s.io/v1: no count and an empty source; the reporting fields and the action say who and what
    expect(ev[0]).toMatchObject({ type: 'Warning', message: want, action: 'Scheduling', source: {}, reportingComponent: 'default-scheduler', reportingInstance: 'default-scheduler-control-plane' });
    expect(ev[0]!.count).toBeUndefined();
    expect(ev[0]!.series).toBeUndefined();
  });

  it('Insufficient memory in a 6-node cluster (L16)', () => {
    const c = newCluster();
    for (let i = 1; i <= 6; i++) addNode(c, `node-${i}`, { memory: '4096Mi' });
    addPod(c, 'cache-5', { nodeName: 'node-5', memory: '3800Mi' });
    addPod(c, 'fluent-bit-x', { ns: 'kube-system', pinTo: 'node-5', tolerations: DS_TOLERATIONS, cpu: '100m', memory: '400Mi' });
    c.settle();
    expect(podScheduled(getPod(c, 'fluent-bit-x', 'kube-system'))?.message).toBe(
      "0/6 nodes are available: 1 Insufficient memory, 5 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/6 nodes are available: 1 No preemption victims found for incoming pod, 5 Preemption is not helpful for scheduling.",
    );
  });

  it('surge pod blocked by the old pod\'s host port (W3)', () => {
    const c = newCluster();
    for (let i = 1; i <= 6; i++) addNode(c, `node-${i}`);
    const ports = [{ containerPort: 9100, hostPort: 9100 }];
    addPod(c, 'node-exporter-old', { nodeName: 'node-1', ports });
    addPod(c, 'node-exporter-new', { pinTo: 'node-1', tolerations: DS_TOLERATIONS, ports });
    c.settle();
    expect(podScheduled(getPod(c, 'node-exporter-new'))?.message).toBe(
      "0/6 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 5 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/6 nodes are available: 1 No preemption victims found for incoming pod, 5 Preemption is not helpful for scheduling.",
    );
  });

  it('an ordinary pod against a tainted control plane and unlabeled workers: preemption is not helpful anywhere', () => {
    const c = newCluster();
    addNode(c, 'cp-1', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] });
    addNode(c, 'node-1');
    addNode(c, 'node-2');
    addPod(c, 'nowhere', { nodeSelector: { disktype: 'nvme' } });
    c.settle();
    expect(podScheduled(getPod(c, 'nowhere'))?.message).toBe(
      "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
    );
  });

  it('a DaemonSet pod whose node is gone sees every node as "didn\'t satisfy plugin(s) [NodeAffinity]"', () => {
    const c = newCluster();
    addNode(c, 'node-1');
    addNode(c, 'node-2');
    addPod(c, 'ds-gone', { pinTo: 'node-9', tolerations: DS_TOLERATIONS });
    c.settle();
    expect(podScheduled(getPod(c, 'ds-gone'))?.message).toBe(
      "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
    );
  });

  it('no nodes at all: "no nodes available to schedule pods", no preemption part', () => {
    const c = newCluster();
    addPod(c, 'lonely');
    c.settle();
    expect(podScheduled(getPod(c, 'lonely'))).toMatchObject({ status: 'False', reason: 'Unschedulable', message: 'no nodes available to schedule pods' });
    expect(eventsFor(c, 'lonely', 'FailedScheduling')[0]?.message).toBe('no nodes available to schedule pods');
  });

  it('Too many pods on the pinned node (max-pods)', () => {
    const c = newCluster();
    for (let i = 1; i <= 4; i++) addNode(c, `node-${i}`, { pods: 2 });
    addPod(c, 'a', { nodeName: 'node-2' });
    addPod(c, 'b', { nodeName: 'node-2' });
    addPod(c, 'kube-proxy-x', { pinTo: 'node-2', tolerations: DS_TOLERATIONS });
    c.settle();
    expect(podScheduled(getPod(c, 'kube-proxy-x'))?.message).toBe(
      "0/4 nodes are available: 1 Too many pods, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.",
    );
  });

  it('several Insufficient reasons from one node are each counted', () => {
    const c = newCluster();
    for (let i = 1; i <= 3; i++) addNode(c, `node-${i}`, { cpu: '1', memory: '1Gi' });
    addPod(c, 'hog', { nodeName: 'node-3', cpu: '900m', memory: '900Mi' });
    addPod(c, 'agent', { pinTo: 'node-3', tolerations: DS_TOLERATIONS, cpu: '200m', memory: '200Mi' });
    c.settle();
    expect(podScheduled(getPod(c, 'agent'))?.message).toBe(
      "0/3 nodes are available: 1 Insufficient cpu, 1 Insufficient memory, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
    );
  });

  it('the event message is cut to 1024 characters with " ..."; the condition keeps it whole', () => {
    const c = newCluster();
    addNode(c, 'node-1');
    const requests = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`example.com/device-${String(i).padStart(2, '0')}`, '1']));
    const draft = makePod('greedy');
    expect(c.api.create({ ...draft, spec: { ...draft.spec, containers: [{ name: 'c', image: 'x', resources: { requests, limits: requests } }] } }).ok).toBe(true);
    c.settle();
    const full = podScheduled(getPod(c, 'greedy'))!.message!;
    expect(full.length).toBeGreaterThan(1024);
    expect(full.startsWith('0/1 nodes are available: 1 Insufficient example.com/device-00, 1 Insufficient example.com/device-01,')).toBe(true);
    const ev = eventsFor(c, 'greedy', 'FailedScheduling')[0]!.message;
    expect(ev).toHaveLength(1024);
    expect(ev).toBe(full.slice(0, 1020) + ' ...');
  });
});
