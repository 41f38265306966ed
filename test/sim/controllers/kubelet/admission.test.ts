/**
 * Kubelet admission (predicate.go `Admit`): the first failing check, in upstream order, with the
 * reason and message the kubelet reports.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../src/sim/api/types.js';
import { admissionCheck } from '../../../../src/sim/controllers/kubelet/admission.js';
import { NodeInfo } from '../../../../src/sim/controllers/scheduler/nodeinfo.js';
import { fitsRequest } from '../../../../src/sim/controllers/scheduler/plugins/noderesourcesfit.js';
import { podRequests } from '../../../../src/sim/controllers/scheduler/resources.js';

function node(extra: Partial<Node['spec']> = {}, pods = '110'): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1', uid: 'n1', resourceVersion: '1', creationTimestamp: 'x', labels: { zone: 'a' } },
    spec: { ...extra },
    status: { allocatable: { cpu: '1', memory: '1Gi', pods } },
  };
}

function pod(name: string, spec: Partial<Pod['spec']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: name, resourceVersion: '1', creationTimestamp: 'x' },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i' }], ...spec },
    status: { phase: 'Pending' },
  };
}

const withPort = (port: number) => ({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 80, hostPort: port, protocol: 'TCP' as const }] }] });

describe('kubelet admission', () => {
  it('admits a pod that fits', () => {
    expect(admissionCheck(pod('a'), node(), [])).toBeUndefined();
  });

  it('counts the requests of the pods already admitted: OutOfmemory with requested/used/capacity in bytes', () => {
    const half = { containers: [{ name: 'c', image: 'i', resources: { requests: { memory: '600Mi' } } }] };
    expect(admissionCheck(pod('b', half), node(), [pod('a', half)])).toEqual({
      reason: 'OutOfmemory',
      message: "Node didn't have enough resource: memory, requested: 629145600, used: 629145600, capacity: 1073741824",
    });
  });

  it('checks the pod count first: OutOfpods', () => {
    expect(admissionCheck(pod('b'), node({}, '1'), [pod('a')])).toEqual({ reason: 'OutOfpods', message: "Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1" });
  });

  it("a node's first pod is checked against totals of none, as a NodeInfo of no pods has them, however many checks came before", () => {
    const quantity = fc.integer({ min: 0, max: 3000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(quantity, quantity, fc.boolean()), { minLength: 1, maxLength: 8 }), (checks) => {
        for (const [cpu, memory, withOthers] of checks) {
          const p = pod('p', { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: `${cpu}m`, memory: `${memory}Mi` } } }] });
          const short = fitsRequest(podRequests(p).requests, NodeInfo.fromPods(node(), []))[0];
          const got = admissionCheck(p, node(), withOthers ? [pod('a', { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1m' } } }] })] : []);
          if (withOthers) continue;
          if (short) expect(got?.message).toBe(`Node didn't have enough resource: ${short.resourceName}, requested: ${short.requested}, used: 0, capacity: ${short.capacity}`);
          else expect(got).toBeUndefined();
        }
      }),
    );
  });

  it('host ports in use: NodePorts', () => {
    expect(admissionCheck(pod('b', withPort(9100)), node(), [pod('a', withPort(9100))])).toEqual({
      reason: 'NodePorts',
      message: "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports",
    });
  });

  it('an untolerated NoExecute taint rejects, a NoSchedule one does not', () => {
    expect(admissionCheck(pod('a'), node({ taints: [{ key: 'k', effect: 'NoSchedule' }] }), [])).toBeUndefined();
    expect(admissionCheck(pod('a'), node({ taints: [{ key: 'k', effect: 'NoExecute' }] }), [])).toEqual({
      reason: 'TaintToleration',
      message: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
    });
  });

  it('pods sharing one affinity object are checked against each Node object they meet (labels changed: checked again)', () => {
    const affinity = {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In' as const, values: ['a'] }] }] } },
    };
    const zoneA = node();
    const zoneB = { ...zoneA, metadata: { ...zoneA.metadata, labels: { zone: 'b' } } };
    const rejected = { reason: 'NodeAffinity', message: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector" };
    expect(admissionCheck(pod('a', { affinity }), zoneA, [])).toBeUndefined();
    expect(admissionCheck(pod('b', { affinity }), zoneB, [])).toEqual(rejected);
    expect(admissionCheck(pod('c', { affinity }), zoneA, [])).toBeUndefined();
    // The same affinity with a nodeSelector the node does not meet.
    expect(admissionCheck(pod('d', { affinity, nodeSelector: { zone: 'b' } }), zoneA, [])).toEqual(rejected);
  });
});
