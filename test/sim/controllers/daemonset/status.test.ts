import { describe, expect, it } from 'vitest';
import { EPOCH_MS } from '../../../../src/sim/engine/time.js';
import { computeDaemonSetStatus, nextStatus } from '../../../../src/sim/controllers/daemonset/status.js';
import { byNode, daemonSet, node, pod, T0 } from './fixtures.js';
import { addNodes, counters, createDs, dsSpec, getDs, intentsSince, lastSeq, livePods, markAllReady, markReady, newCluster, updateSpec } from './helpers.js';

describe('updateDaemonSetStatus counters (TestNumberReadyStatus, TestUpdatedNumberScheduled...): the oldest pod per node only', () => {
  const nodes = [node('a'), node('b'), node('c', { taints: [{ key: 'x', effect: 'NoSchedule' }] }), node('d')];

  it('counts desired, current, ready, available, up-to-date and misscheduled as upstream', () => {
    const pods = [
      pod('a-old', 'a', { hash: 'old', readySince: T0, created: T0 }),
      pod('a-new', 'a', { hash: 'new', created: T0 + 1000 }),
      pod('b-new', 'b', { hash: 'new', readySince: T0, generation: 1 }),
      pod('c-old', 'c', { hash: 'old', readySince: T0 }),
      pod('gone', 'zzz', { hash: 'new', readySince: T0 }),
    ];
    const s = computeDaemonSetStatus(daemonSet(), nodes, byNode(pods), 'new', T0 + 60_000);
    expect(s).toEqual({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 2,
      numberMisscheduled: 1,
      numberReady: 2,
      updatedNumberScheduled: 1,
      numberAvailable: 2,
      numberUnavailable: 1,
    });
  });

  it('a Failed or terminating pod still makes its node "current"', () => {
    const pods = [pod('a', 'a', { phase: 'Failed' }), pod('b', 'b', { deleting: true, readySince: T0 })];
    const s = computeDaemonSetStatus(daemonSet(), [node('a'), node('b')], byNode(pods), 'h', T0);
    expect(s).toMatchObject({ currentNumberScheduled: 2, numberReady: 1 });
  });

  it('updatedNumberScheduled also accepts the pod-template-generation label', () => {
    const ds = daemonSet({}, { templateGeneration: 7 });
    const s = computeDaemonSetStatus(ds, [node('a'), node('b')], byNode([pod('a', 'a', { hash: 'old', generation: 7 }), pod('b', 'b', { hash: 'old', generation: 6 })]), 'new', T0);
    expect(s.updatedNumberScheduled).toBe(1);
  });

  it('availability with minReadySeconds is inclusive at the boundary (v1.34+) and needs a transition time', () => {
    const ds = daemonSet({ minReadySeconds: 10 });
    const at = (now: number) => computeDaemonSetStatus(ds, [node('a')], byNode([pod('a', 'a', { readySince: T0 })]), 'h', now).numberAvailable;
    expect(at(T0 + 9_999)).toBe(0);
    expect(at(T0 + 10_000)).toBe(1);
    const noLtt = pod('a', 'a', { readySince: T0 });
    const bare = { ...noLtt, status: { ...noLtt.status, conditions: [{ type: 'Ready' as const, status: 'True' as const }] } };
    expect(computeDaemonSetStatus(ds, [node('a')], byNode([bare]), 'h', T0 + 3_600_000)).toMatchObject({ numberReady: 1, numberAvailable: 0 });
  });
});

describe('TestNumberReadyStatus / minReadySeconds resync: status catches up without any other event', () => {
  it('ready at t0, available exactly at t0 + minReadySeconds', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec({ minReadySeconds: 10 }));
    cluster.settle();
    markAllReady(cluster, 'agent', EPOCH_MS);
    expect(counters(getDs(cluster, 'agent'))).toMatchObject({ numberReady: 2, numberAvailable: 0, numberUnavailable: 2 });
    cluster.advanceTo(EPOCH_MS + 9_999);
    expect(counters(getDs(cluster, 'agent')).numberAvailable).toBe(0);
    cluster.advanceTo(EPOCH_MS + 10_000);
    expect(counters(getDs(cluster, 'agent'))).toMatchObject({ numberReady: 2, numberAvailable: 2, numberUnavailable: 0 });
  });
});

describe('storeDaemonSetStatus: unchanged status is not written; observedGeneration follows generation', () => {
  it('a sync that changes nothing writes nothing', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    markReady(cluster, livePods(cluster, 'agent')[0]!);
    cluster.settle();
    const seq = lastSeq(cluster);
    const ds = getDs(cluster, 'agent');
    cluster.api.updateMetadata(ds, { labels: { touched: 'yes' } });
    cluster.settle();
    expect(intentsSince(cluster, seq).filter((i) => i.verb === 'updateStatus')).toEqual([]);
  });

  it('TestObservedGeneration: a spec change bumps generation and the next status carries it', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    expect(getDs(cluster, 'agent').status.observedGeneration).toBe(getDs(cluster, 'agent').metadata.generation ?? 0);
    updateSpec(cluster, 'agent', { minReadySeconds: 5 });
    const gen = getDs(cluster, 'agent').metadata.generation ?? 0;
    cluster.settle();
    expect(gen).toBe(2);
    expect(getDs(cluster, 'agent').status.observedGeneration).toBe(2);
  });
});

describe('stored status has the apps/v1 wire form: zero omitempty fields are absent', () => {
  it('a healthy DaemonSet shows no numberUnavailable; the four non-omitempty counters are always present', () => {
    const ds = daemonSet();
    const healthy = nextStatus(ds, { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberMisscheduled: 0, numberReady: 3, updatedNumberScheduled: 3, numberAvailable: 3, numberUnavailable: 0 }, true);
    expect(healthy).toEqual({ currentNumberScheduled: 3, desiredNumberScheduled: 3, numberAvailable: 3, numberMisscheduled: 0, numberReady: 3, observedGeneration: ds.metadata.generation ?? 0, updatedNumberScheduled: 3 });
    const empty = nextStatus({ ...ds, status: healthy }, { desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0, updatedNumberScheduled: 0, numberAvailable: 0, numberUnavailable: 0 }, true);
    expect(empty).not.toHaveProperty('numberAvailable');
    expect(empty).not.toHaveProperty('updatedNumberScheduled');
    expect(empty).not.toHaveProperty('numberUnavailable');
    expect(empty).toMatchObject({ currentNumberScheduled: 0, desiredNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0 });
  });
});
