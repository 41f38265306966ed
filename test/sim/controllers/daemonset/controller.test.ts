import { describe, expect, it } from 'vitest';
import { EPOCH_MS } from '../../../../src/sim/engine/time.js';
import { addNode, addNodes, createDs, dsSpec, livePods, markAllReady, markReady, newCluster, podsOf, updateTemplate } from './helpers.js';

function failFirstPod(cluster: ReturnType<typeof newCluster>['cluster']): void {
  const [p] = livePods(cluster, 'agent');
  const ready = markReady(cluster, p!);
  cluster.api.updateStatus<'Pod'>({ ...ready, status: { ...ready.status, phase: 'Failed' } });
  cluster.settle();
}

describe('snapshot/restore: controller state is plain data and replays byte for byte', () => {
  it('restoring mid-backoff and replaying gives the same pods, names and timers', () => {
    const { cluster, dsc } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    failFirstPod(cluster);
    failFirstPod(cluster);
    const snap = cluster.snapshot();
    expect(JSON.parse(JSON.stringify(dsc.snapshot()))).toEqual(dsc.snapshot());
    expect(Object.keys((dsc.snapshot() as { backoff: object }).backoff)).toHaveLength(1);
    const run = () => {
      cluster.advanceTo(EPOCH_MS + 5_000);
      addNode(cluster, 'node-9');
      cluster.settle();
      return JSON.stringify(cluster.store.list('Pod').map((p) => [p.metadata.name, p.metadata.labels, p.metadata.deletionTimestamp ?? null]));
    };
    const first = run();
    cluster.restore(snap);
    const second = run();
    expect(second).toBe(first);
    expect(JSON.parse(first).length).toBeGreaterThanOrEqual(3);
  });
});

describe('explain (sim why): verdicts, pods and what manage and the rollout would do', () => {
  it('explains a tainted node with no pod, and an eligible node still waiting for its pod', () => {
    const { cluster, dsc } = newCluster();
    addNode(cluster, 'node-0');
    addNode(cluster, 'gpu-0', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] });
    createDs(cluster, 'agent', dsSpec());
    const before = dsc.explain('default/agent', 'node-0', cluster.now)!;
    expect(before.manage.create).toBe('node-0 should run a daemon pod and has none');
    cluster.settle();
    const gpu = dsc.explain('default/agent', 'gpu-0', cluster.now)!;
    expect(gpu.verdict).toMatchObject({ shouldRun: false, shouldContinueRunning: true });
    expect(gpu.verdict!.reasons.find((r) => !r.passed)).toMatchObject({ name: 'TaintToleration', message: 'node(s) had untolerated taint(s)', taint: { effect: 'NoSchedule' } });
    expect(gpu.pods).toEqual([]);
    expect(gpu.manage).toEqual({ delete: [], events: [] });
    const ok = dsc.explain('default/agent', 'node-0', cluster.now)!;
    expect(ok.pods).toHaveLength(1);
    expect(ok.pods[0]).toMatchObject({ phase: 'Pending', ready: false, updated: true, terminating: false, orphan: false });
    expect(dsc.explain('default/nope', 'node-0')).toBeUndefined();
  });

  it('explains a node held back by the maxUnavailable budget during a rollout', () => {
    const { cluster, dsc } = newCluster();
    addNodes(cluster, 3);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    markAllReady(cluster, 'agent');
    updateTemplate(cluster, 'agent', 'agent:2.0');
    cluster.settle();
    expect(podsOf(cluster, 'agent').filter((p) => p.metadata.deletionTimestamp)).toHaveLength(1);
    const e = dsc.explain('default/agent', 'node-2', cluster.now)!;
    expect(e.pods[0]).toMatchObject({ updated: false, available: true });
    expect(e.rollingUpdate).toMatchObject({ delete: [], summary: { maxUnavailable: 1, numUnavailable: 1, desiredNumberScheduled: 3 } });
    const zero = dsc.explain('default/agent', 'node-0', cluster.now)!;
    expect(zero.pods[0]).toMatchObject({ terminating: true });
    expect(zero.manage).toEqual({ delete: [], events: [] });
  });
});
