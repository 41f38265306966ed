/**
 * Each Filter plugin's verdicts and exact reasons, through the pure `fitsOnNode` /
 * `explainScheduling`. Cases follow the upstream plugin tests named in each `describe`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ERR_REASON_CONFLICT,
  ERR_REASON_NODE_NAME,
  ERR_REASON_POD,
  ERR_REASON_PORTS,
  ERR_REASON_UNSCHEDULABLE,
  ERR_REASON_UNTOLERATED_TAINT,
  explainScheduling,
  fitsOnNode,
  podRequests,
} from '../../../../src/sim/controllers/scheduler/index.js';
import type { NodeSelectorTerm, Pod } from '../../../../src/sim/api/types.js';
import { nodeAffinityPreFilter } from '../../../../src/sim/controllers/scheduler/plugins/nodeaffinity.js';
import { DS_TOLERATIONS, makeNode, podObject } from './helpers.js';

describe('NodeUnschedulable (node_unschedulable_test.go TestNodeUnschedulable)', () => {
  const cordoned = makeNode('n1', { unschedulable: true });
  it('rejects a pod without the unschedulable toleration as unresolvable', () => {
    const r = fitsOnNode(podObject('p'), cordoned, []);
    expect(r.status).toMatchObject({ plugin: 'NodeUnschedulable', code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_UNSCHEDULABLE] });
    expect(ERR_REASON_UNSCHEDULABLE).toBe('node(s) were unschedulable');
  });
  it('admits a pod that tolerates node.kubernetes.io/unschedulable:NoSchedule (DaemonSet pods do)', () => {
    expect(fitsOnNode(podObject('p', { tolerations: DS_TOLERATIONS }), cordoned, []).fits).toBe(true);
  });
  it('ignores a schedulable node', () => {
    expect(fitsOnNode(podObject('p'), makeNode('n2'), []).fits).toBe(true);
  });
});

describe('NodeName (node_name_test.go TestNodeName)', () => {
  it('rejects other nodes for a pod that names one', () => {
    const r = fitsOnNode(podObject('p', { nodeName: 'n2' }), makeNode('n1'), []);
    expect(r.status).toMatchObject({ plugin: 'NodeName', reasons: [ERR_REASON_NODE_NAME] });
    expect(ERR_REASON_NODE_NAME).toBe("node(s) didn't match the requested node name");
    expect(fitsOnNode(podObject('p', { nodeName: 'n1' }), makeNode('n1'), []).fits).toBe(true);
  });
});

describe('TaintToleration (taint_toleration_test.go TestTaintTolerationFilter)', () => {
  it('reports the generic reason of upstream master and remembers which taint', () => {
    const node = makeNode('n1', { taints: [{ key: 'dedicated', value: 'db', effect: 'PreferNoSchedule' }, { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] });
    const r = fitsOnNode(podObject('p'), node, []);
    expect(r.status).toMatchObject({ plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'] });
    expect(r.status?.taint?.key).toBe('node-role.kubernetes.io/control-plane');
    expect(ERR_REASON_UNTOLERATED_TAINT).toBe('node(s) had untolerated taint(s)');
    expect(r.status!.taint).toMatchObject({ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' });
  });
  it('ignores PreferNoSchedule taints and counts NoExecute ones', () => {
    expect(fitsOnNode(podObject('p'), makeNode('n1', { taints: [{ key: 'a', effect: 'PreferNoSchedule' }] }), []).fits).toBe(true);
    expect(fitsOnNode(podObject('p'), makeNode('n1', { taints: [{ key: 'a', effect: 'NoExecute' }] }), []).fits).toBe(false);
  });
  it('passes when a toleration matches (Exists with empty key tolerates everything)', () => {
    const node = makeNode('n1', { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] });
    expect(fitsOnNode(podObject('p', { tolerations: [{ key: 'gpu', operator: 'Equal', value: 'true', effect: 'NoSchedule' }] }), node, []).fits).toBe(true);
    expect(fitsOnNode(podObject('p', { tolerations: [{ key: 'gpu', operator: 'Equal', value: 'false', effect: 'NoSchedule' }] }), node, []).fits).toBe(false);
    expect(fitsOnNode(podObject('p', { tolerations: [{ operator: 'Exists' }] }), node, []).fits).toBe(true);
  });
});

describe('NodeAffinity (node_affinity_test.go TestNodeAffinity, PreFilter cases)', () => {
  const nodes = ['n1', 'n2', 'n3'].map((n) => makeNode(n, { labels: n === 'n2' ? { disk: 'ssd' } : {} }));
  const none = (): Pod[] => [];
  it('rejects nodes that do not match the nodeSelector', () => {
    const e = explainScheduling(podObject('p', { nodeSelector: { disk: 'ssd' } }), nodes, none);
    expect(e.feasible).toEqual(['n2']);
    expect(e.nodes.find((n) => n.node === 'n1')).toMatchObject({ considered: true, rejectedBy: 'NodeAffinity', reasons: [ERR_REASON_POD] });
    expect(ERR_REASON_POD).toBe("node(s) didn't match Pod's node affinity/selector");
  });
  it('narrows to the matchFields metadata.name node; the others are not filtered at all', () => {
    const e = explainScheduling(podObject('p', { pinTo: 'n3' }), nodes, none);
    expect(e.preFilterNodeNames).toEqual(['n3']);
    expect(e.feasible).toEqual(['n3']);
    expect(e.nodes.find((n) => n.node === 'n1')).toMatchObject({ considered: false, reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"], plugins: [] });
  });
  it('a term without a node-name field opens every node again (terms are ORed)', () => {
    const pod = podObject('p');
    const spec = {
      ...pod.spec,
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: ['n1'] }] }, { matchExpressions: [{ key: 'disk', operator: 'In' as const, values: ['ssd'] }] }],
          },
        },
      },
    };
    const e = explainScheduling({ ...pod, spec }, nodes, none);
    expect(e.preFilterNodeNames).toBeUndefined();
    expect(e.feasible).toEqual(['n1', 'n2']);
  });
  it('requirements of one term intersect; an empty intersection is "pod affinity terms conflict"', () => {
    const pod = podObject('p');
    const spec = {
      ...pod.spec,
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: ['n1'] }, { key: 'metadata.name', operator: 'In' as const, values: ['n2'] }] }],
          },
        },
      },
    };
    const e = explainScheduling({ ...pod, spec }, nodes, none);
    expect(e.message).toBe(`0/3 nodes are available: ${ERR_REASON_CONFLICT}.`);
  });
});

describe('NodePorts (node_ports_test.go TestNodePorts, HostPortInfo.CheckConflict)', () => {
  const node = makeNode('n1');
  const holder = (hostIP: string | undefined, protocol?: 'TCP' | 'UDP'): Pod =>
    podObject('holder', { nodeName: 'n1', ports: [{ containerPort: 8080, hostPort: 8080, ...(hostIP !== undefined ? { hostIP } : {}), ...(protocol ? { protocol } : {}) }] });
  const want = (hostIP?: string, protocol?: 'TCP' | 'UDP'): Pod =>
    podObject('p', { ports: [{ containerPort: 80, hostPort: 8080, ...(hostIP !== undefined ? { hostIP } : {}), ...(protocol ? { protocol } : {}) }] });

  it('0.0.0.0 (or unset) conflicts with a specific IP on the same port and protocol, both ways', () => {
    expect(fitsOnNode(want(), node, [holder('127.0.0.1')]).status).toMatchObject({ plugin: 'NodePorts', code: 'Unschedulable', reasons: [ERR_REASON_PORTS] });
    expect(fitsOnNode(want('127.0.0.1'), node, [holder('0.0.0.0')]).fits).toBe(false);
    expect(fitsOnNode(want('127.0.0.1'), node, [holder(undefined)]).fits).toBe(false);
    expect(ERR_REASON_PORTS).toBe("node(s) didn't have free ports for the requested pod ports");
  });
  it('different specific IPs, or different protocols, do not conflict', () => {
    expect(fitsOnNode(want('127.0.0.1'), node, [holder('127.0.0.2')]).fits).toBe(true);
    expect(fitsOnNode(want(undefined, 'UDP'), node, [holder(undefined)]).fits).toBe(true);
    expect(fitsOnNode(want(undefined, 'UDP'), node, [holder(undefined, 'UDP')]).fits).toBe(false);
  });
  it('hostNetwork pods use their container port as host port; terminal holders free it', () => {
    const hn = podObject('p', { hostNetwork: true, ports: [{ containerPort: 8080 }] });
    expect(fitsOnNode(hn, node, [holder(undefined)]).fits).toBe(false);
    const done: Pod = { ...holder(undefined), status: { phase: 'Succeeded' } };
    expect(fitsOnNode(hn, node, [done]).fits).toBe(true);
  });
});

describe('NodeResourcesFit (fit_test.go TestEnoughRequests)', () => {
  it('"Too many pods" when the pod count is at allocatable pods, even for a pod requesting nothing', () => {
    const node = makeNode('n1', { pods: 2 });
    const r = fitsOnNode(podObject('p'), node, [podObject('a', { nodeName: 'n1' }), podObject('b', { nodeName: 'n1' })]);
    expect(r.status).toMatchObject({ plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Too many pods'] });
  });
  it('reports several shortages at once, pods then cpu then memory', () => {
    const node = makeNode('n1', { cpu: '1', memory: '1Gi', pods: 1 });
    const r = fitsOnNode(podObject('p', { cpu: '600m', memory: '600Mi' }), node, [podObject('a', { nodeName: 'n1', cpu: '500m', memory: '500Mi' })]);
    expect(r.status?.reasons).toEqual(['Too many pods', 'Insufficient cpu', 'Insufficient memory']);
    expect(r.status?.insufficient?.[1]).toMatchObject({ resourceName: 'cpu', requested: 600, used: 500, capacity: 1000, unresolvable: false });
  });
  it('does not check a resource the pod requests none of', () => {
    const node = makeNode('n1', { cpu: '1', memory: '1Gi' });
    expect(fitsOnNode(podObject('p', { memory: '100Mi' }), node, [podObject('a', { nodeName: 'n1', cpu: '1' })]).fits).toBe(true);
  });
  it('a request larger than the whole node is UnschedulableAndUnresolvable (preemption cannot help)', () => {
    expect(fitsOnNode(podObject('p', { cpu: '8' }), makeNode('n1', { cpu: '4' }), []).status).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient cpu'] });
  });
  it('counts terminating pods but not terminal ones', () => {
    const node = makeNode('n1', { cpu: '1' });
    const holder = podObject('a', { nodeName: 'n1', cpu: '800m' });
    const terminating: Pod = { ...holder, metadata: { ...holder.metadata, deletionTimestamp: '2026-01-01T00:00:30Z' } };
    expect(fitsOnNode(podObject('p', { cpu: '500m' }), node, [terminating]).fits).toBe(false);
    expect(fitsOnNode(podObject('p', { cpu: '500m' }), node, [{ ...holder, status: { phase: 'Failed' } }]).fits).toBe(true);
  });
  it('reports extended resources by name', () => {
    const node = makeNode('n1', { extra: { 'example.com/gpu': '1' } });
    const r = fitsOnNode({ ...podObject('p'), spec: { containers: [{ name: 'c', resources: { requests: { 'example.com/gpu': '2' } } }] } }, node, []);
    expect(r.status?.reasons).toEqual(['Insufficient example.com/gpu']);
  });
});

describe('pod requests (resource.PodRequests, fit_test.go init-container cases)', () => {
  it('takes the max of the summed containers and each init container', () => {
    const p = podObject('p', { cpu: '100m', memory: '100Mi', initContainers: [{ name: 'i', resources: { requests: { cpu: '1', memory: '50Mi' } } }] });
    expect(podRequests(p).requests).toMatchObject({ milliCPU: 1000, memory: 100 * 1024 * 1024 });
  });
  it('adds restartable (sidecar) init containers to the containers', () => {
    const sidecar = { name: 's', restartPolicy: 'Always', resources: { requests: { cpu: '200m' } } } as never;
    const p = podObject('p', { cpu: '100m', initContainers: [sidecar, { name: 'i', resources: { requests: { cpu: '250m' } } }] });
    expect(podRequests(p).requests.milliCPU).toBe(450);
  });
  it('uses limits as requests when requests are unset (API defaulting)', () => {
    const p: Pod = { ...podObject('p'), spec: { containers: [{ name: 'c', resources: { limits: { cpu: '300m', memory: '1Gi' } } }] } };
    expect(podRequests(p).requests).toMatchObject({ milliCPU: 300, memory: 1024 ** 3 });
  });
});

/** The PreFilter as sets: each term's `metadata.name In` lists intersected, terms united (a term without one opens every node). */
function preFilterBySets(terms: readonly NodeSelectorTerm[]): 'all' | 'conflict' | string[] {
  if (terms.length === 0) return 'all';
  const names = new Set<string>();
  for (const term of terms) {
    const lists = (term.matchFields ?? []).filter((r) => r.key === 'metadata.name' && r.operator === 'In').map((r) => r.values ?? []);
    if (lists.length === 0) return 'all';
    for (const n of lists[0]!) if (lists.every((l) => l.includes(n))) names.add(n);
  }
  return names.size === 0 ? 'conflict' : [...names].sort();
}

describe('nodeAffinityPreFilter: the node names a pod is narrowed to', () => {
  it('are the sets answer, in name order, each once (the one-name pin included)', () => {
    const name = fc.constantFrom('n1', 'n2', 'n3', 'n10');
    const requirement = fc.record({
      key: fc.constantFrom('metadata.name', 'metadata.namespace'),
      operator: fc.constantFrom('In', 'NotIn') as fc.Arbitrary<'In' | 'NotIn'>,
      values: fc.array(name, { maxLength: 3 }),
    });
    const term = fc.record({ matchFields: fc.option(fc.array(requirement, { maxLength: 2 }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(term, { maxLength: 3 }), (terms) => {
        const pod = { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } } } as unknown as Pod;
        const r = nodeAffinityPreFilter(pod);
        const want = preFilterBySets(terms);
        if (want === 'all') expect(r).toEqual({});
        else if (want === 'conflict') expect(r.status?.reasons).toEqual([ERR_REASON_CONFLICT]);
        else expect(r.nodeNames).toEqual(want);
      }),
    );
  });
});
