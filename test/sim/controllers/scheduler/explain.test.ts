/**
 * Explanations (`sim why`, the inspector): every node's verdict from every filter, in upstream
 * wording, without writing anything; and the scale contract of the PreFilter narrowing
 * (schedule_one_test.go "test prefilter plugin returning a node name subset").
 */
import { describe, expect, it } from 'vitest';
import type { Node } from '../../../../src/sim/api/types.js';
import { explainScheduling, FILTER_PLUGIN_NAMES, Scheduler } from '../../../../src/sim/controllers/scheduler/index.js';
import type { ClusterView } from '../../../../src/sim/controllers/scheduler/framework.js';
import { fitErrorMessage } from '../../../../src/sim/controllers/scheduler/fiterror.js';
import { NodeInfo } from '../../../../src/sim/controllers/scheduler/nodeinfo.js';
import { newCycleState, schedulePod } from '../../../../src/sim/controllers/scheduler/schedule.js';
import { DS_TOLERATIONS, addNode, addPod, getPod, makeNode, newCluster, podObject } from './helpers.js';

describe('explainScheduling', () => {
  const nodes = ['node-1', 'node-2', 'node-3', 'node-4'].map((n) => makeNode(n, { cpu: '2', memory: '4Gi' }));
  const batch = podObject('batch-4', { nodeName: 'node-4', cpu: '1900m' });
  const on = (n: string) => (n === 'node-4' ? [batch] : []);
  const ds = podObject('csi-node-x', { ns: 'kube-system', pinTo: 'node-4', tolerations: DS_TOLERATIONS, cpu: '200m' });

  it('gives the pinned node every plugin verdict and the other nodes the PreFilter reason', () => {
    const e = explainScheduling(ds, nodes, on);
    expect(e).toMatchObject({ pod: 'kube-system/csi-node-x', numNodes: 4, preFilterNodeNames: ['node-4'], feasible: [] });
    expect(e.message).toBe("0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity].");
    const n4 = e.nodes.find((n) => n.node === 'node-4')!;
    expect(n4.plugins.map((v) => v.plugin)).toEqual([...FILTER_PLUGIN_NAMES]);
    expect(n4.plugins.filter((v) => !v.passed).map((v) => v.plugin)).toEqual(['NodeResourcesFit']);
    expect(n4).toMatchObject({ considered: true, fits: false, rejectedBy: 'NodeResourcesFit', reasons: ['Insufficient cpu'] });
    expect(n4.plugins[5]!.insufficient).toEqual([{ resourceName: 'cpu', reason: 'Insufficient cpu', requested: 200, used: 1900, capacity: 2000, unresolvable: false }]);
    expect(e.nodes.find((n) => n.node === 'node-1')).toMatchObject({ considered: false, reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"] });
  });

  it('reports every failing plugin of a node, while the scheduler counts only the first', () => {
    const tainted = [makeNode('node-4', { cpu: '2', taints: [{ key: 'maintenance', effect: 'NoSchedule' }] })];
    const e = explainScheduling(podObject('app', { cpu: '200m' }), tainted, on);
    const v = e.nodes[0]!;
    expect(v.rejectedBy).toBe('TaintToleration');
    expect(v.reasons).toEqual(['node(s) had untolerated taint(s)']);
    expect(v.plugins.filter((p) => !p.passed).map((p) => p.plugin)).toEqual(['TaintToleration', 'NodeResourcesFit']);
    expect(v.plugins[2]!.taint).toEqual({ key: 'maintenance', effect: 'NoSchedule' });
    expect(e.message).toBe('0/1 nodes are available: 1 node(s) had untolerated taint(s).');
  });

  it('`only` narrows the listing, not the message', () => {
    const e = explainScheduling(podObject('app', { cpu: '1900m' }), nodes, on, { only: ['node-4'] });
    expect(e.nodes.map((n) => n.node)).toEqual(['node-4']);
    expect(e.feasible).toEqual(['node-1', 'node-2', 'node-3']);
    expect(e.message).toBeUndefined();
  });
});

describe('Scheduler.explain and lastDecision', () => {
  it('explain reads the live cluster; lastDecision holds what the failed attempt found', () => {
    const c = newCluster();
    addNode(c, 'node-1', { cpu: '1' });
    addPod(c, 'big', { cpu: '2' });
    c.settle();
    const s = c.controller<Scheduler>('default-scheduler')!;
    const d = s.lastDecision('default', 'big');
    expect(d).toMatchObject({ rejections: [{ node: 'node-1', plugin: 'NodeResourcesFit', reasons: ['Insufficient cpu'] }] });
    expect(d?.message).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    expect(s.explain(getPod(c, 'big')).nodes[0]!.plugins[5]!.insufficient?.[0]?.unresolvable).toBe(true);
  });
});

describe('lastDecision after the pod stops being pending', () => {
  it('is dropped when someone else binds the pod, and stays dropped through its status writes', () => {
    const c = newCluster();
    addNode(c, 'node-1', { cpu: '1' });
    addNode(c, 'node-2', { cpu: '4' });
    addPod(c, 'big', { cpu: '2', nodeSelector: { 'kubernetes.io/hostname': 'node-1' } });
    c.settle();
    const s = c.controller<Scheduler>('default-scheduler')!;
    expect(s.lastDecision('default', 'big')?.message).toMatch(/^0\/2 nodes are available/);
    const bound = c.api.bind(getPod(c, 'big'), 'node-2');
    expect(bound.ok).toBe(true);
    expect(s.lastDecision('default', 'big')).toBeUndefined();
    const p = getPod(c, 'big');
    c.api.updateStatus<'Pod'>({ ...p, status: { ...p.status, phase: 'Running' } });
    c.settle();
    expect(s.lastDecision('default', 'big')).toBeUndefined();
    expect(getPod(c, 'big').spec.nodeName).toBe('node-2');
  });
});

describe('the incremental cache agrees with a recomputation from the store', () => {
  it('after binds, a graceful delete, a finished pod and a removal', () => {
    const c = newCluster();
    for (const n of ['node-1', 'node-2']) addNode(c, n, { cpu: '2', memory: '2Gi', pods: 4 });
    for (let i = 0; i < 5; i++) addPod(c, `w${i}`, { cpu: '300m', memory: '300Mi' });
    c.settle();
    c.api.delete('Pod', 'default', 'w0');
    const w1 = getPod(c, 'w1');
    c.api.updateStatus<'Pod'>({ ...w1, status: { ...w1.status, phase: 'Succeeded' } });
    c.api.delete('Pod', 'default', 'w2', { gracePeriodSeconds: 0 });
    c.settle();
    const probe = podObject('probe', { cpu: '1900m', memory: '1900Mi' });
    const s = c.controller<Scheduler>('default-scheduler')!;
    const live = s.explain(probe);
    const fresh = explainScheduling(probe, c.store.list('Node'), (n) => c.store.podsOnNode(n));
    const used = (e: typeof live) => e.nodes.map((n) => n.plugins[5]!.insufficient?.map((r) => `${r.resourceName}:${r.used}`));
    expect(used(live)).toEqual(used(fresh));
    expect(used(live).flat().length).toBeGreaterThan(0);
    const bound = c.store.list('Pod').filter((p) => p.spec.nodeName).length;
    expect(bound).toBe(4);
  });
});

describe('scale: a pinned pod never looks at the other nodes', () => {
  it('filters only the target node of a 10,000-node cluster', () => {
    const target = makeNode('node-07777', { cpu: '1' });
    const seen: string[] = [];
    const view: ClusterView = {
      numNodes: () => 10_000,
      nodes: () => {
        throw new Error('listed every node');
      },
      node: (name) => (name === target.metadata.name ? target : undefined),
      nodeInfo: (n: Node) => {
        seen.push(n.metadata.name);
        return NodeInfo.fromPods(n, []);
      },
      nominatedPods: () => [],
    };
    const r = schedulePod(newCycleState(podObject('ds', { pinTo: 'node-07777', cpu: '2' })), view);
    expect(seen).toEqual(['node-07777']);
    expect(r.kind).toBe('unschedulable');
    if (r.kind !== 'unschedulable') return;
    expect(fitErrorMessage(r.numAllNodes, r.diagnosis)).toBe("0/10000 nodes are available: 1 Insufficient cpu, 9999 node(s) didn't satisfy plugin(s) [NodeAffinity].");
  });

  it('schedules one pinned pod per node across 2,000 nodes', () => {
    const c = newCluster();
    const names = Array.from({ length: 2_000 }, (_, i) => `node-${String(i).padStart(4, '0')}`);
    for (const n of names) addNode(c, n, { cpu: '1' });
    c.settle();
    for (const n of names) addPod(c, `agent-${n}`, { pinTo: n, tolerations: DS_TOLERATIONS, cpu: '100m' });
    c.settle();
    expect(names.every((n) => getPod(c, `agent-${n}`).spec.nodeName === n)).toBe(true);
  });
});
