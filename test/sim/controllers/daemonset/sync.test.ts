import { describe, expect, it } from 'vitest';
import type { DaemonSet, Pod } from '../../../../src/sim/api/types.js';
import { syncNodes } from '../../../../src/sim/controllers/daemonset/sync-nodes.js';
import { SyncWriter } from '../../../../src/sim/controllers/daemonset/writer.js';
import type { ControllerClient } from '../../../../src/sim/engine/client.js';
import { createPodTemplate, daemonPodMaker } from '../../../../src/sim/controllers/daemonset/pod-template.js';
import { getTargetNodeName, replaceDaemonSetPodNodeNameNodeAffinity } from '../../../../src/sim/controllers/daemonset/node-affinity-pin.js';
import { daemonSet, pod } from './fixtures.js';
import { addNodes, createDs, dsSpec, events, intentsSince, lastSeq, livePods, newCluster, NS, nodeObject, setLabels, setTaints } from './helpers.js';

/** A client whose creates succeed `quota` times, then fail. */
function fakeClient(quota: number) {
  const calls = { creates: 0, deletes: 0, events: [] as string[] };
  const client = {
    create: () => {
      calls.creates++;
      return calls.creates <= quota
        ? { ok: true, obj: { metadata: { name: `p-${calls.creates}` } } }
        : { ok: false, error: { code: 403, reason: 'Forbidden', message: 'exceeded quota: pods' } };
    },
    delete: (obj: Pod) => {
      calls.deletes++;
      return obj.metadata.name === 'missing' ? { ok: false, error: { code: 404, reason: 'NotFound', message: 'pods "missing" not found' } } : { ok: true, obj };
    },
    event: (_o: unknown, _t: string, reason: string, message: string) => calls.events.push(`${reason}: ${message}`),
  } as unknown as ControllerClient;
  return { client, calls };
}

describe('TestSimpleDaemonSetPodCreateErrors / syncNodes slow start: batches 1, 2, 4, 8 stop after the first failing batch', () => {
  it('100 nodes against a quota of 10: exactly 15 attempts, FailedCreate events for the failures', () => {
    const ds: DaemonSet = daemonSet();
    const { client, calls } = fakeClient(10);
    const toCreate = Array.from({ length: 100 }, (_, i) => ({ node: `n${i}`, reason: 'test' }));
    const r = syncNodes(ds, [], toCreate, createPodTemplate(ds.spec.template, 1, 'h'), new SyncWriter(client));
    expect(r.attemptedCreates).toBe(15);
    expect(calls.creates).toBe(15);
    expect(r.errors).toHaveLength(5);
    expect(calls.events.filter((e) => e.startsWith('FailedCreate: Error creating: exceeded quota: pods'))).toHaveLength(5);
    expect(calls.events.filter((e) => e.startsWith('SuccessfulCreate'))).toHaveLength(10);
  });

  it('swallows creations refused because the namespace is terminating (no event, no error)', () => {
    const ds = daemonSet();
    const events: string[] = [];
    const client = {
      create: () => ({ ok: false, error: { code: 403, reason: 'Forbidden', message: 'pods "x" is forbidden: unable to create new content in namespace default because it is being terminated' } }),
      event: (_o: unknown, _t: string, reason: string) => events.push(reason),
    } as unknown as ControllerClient;
    const r = syncNodes(ds, [], [{ node: 'n', reason: 't' }], createPodTemplate(ds.spec.template, 1, 'h'), new SyncWriter(client));
    expect(r).toMatchObject({ errors: [], attemptedCreates: 1 });
    expect(events).toEqual([]);
  });

  it('caps deletions at 250 and treats "not found" as done, without an event', () => {
    const ds = daemonSet();
    const { client, calls } = fakeClient(0);
    const toDelete = [pod('missing', 'n'), ...Array.from({ length: 300 }, (_, i) => pod(`d${i}`, 'n'))].map((p) => ({ pod: p, node: 'n', reason: 'test' }));
    const r = syncNodes(ds, toDelete, [], createPodTemplate(ds.spec.template, 1, 'h'), new SyncWriter(client));
    expect(calls.deletes).toBe(250);
    expect(r.errors).toEqual([]);
    expect(calls.events.filter((e) => e.startsWith('SuccessfulDelete'))).toHaveLength(249);
  });
});

describe('syncDaemonSet SelectingAll: a DaemonSet selecting every pod only gets a warning', () => {
  it('emits SelectingAll and creates nothing, writes no status and no revision', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    const ds: DaemonSet = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'greedy', namespace: NS, uid: 'greedy-uid', resourceVersion: cluster.store.nextResourceVersion(), creationTimestamp: '2026-01-01T00:00:00Z', generation: 1 },
      spec: { ...dsSpec(), selector: {} },
      status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
    };
    cluster.store.put(ds);
    cluster.settle();
    expect(events(cluster, 'greedy', 'SelectingAll').map((e) => [e.type, e.message])).toEqual([['Warning', 'This daemon set is selecting all pods. A non-empty selector is required.']]);
    expect(cluster.store.list('Pod')).toEqual([]);
    expect(cluster.store.list('ControllerRevision')).toEqual([]);
    expect(cluster.store.get('DaemonSet', NS, 'greedy')!.status).toEqual(ds.status);
  });
});

describe('TestUpdateNode / shouldIgnoreNodeUpdate: what wakes a DaemonSet', () => {
  it('a node status-only update (conditions, heartbeat) does not sync; a label change does', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const seq = lastSeq(cluster);
    const n = cluster.store.get('Node', '', 'node-0')!;
    cluster.api.updateStatus<'Node'>({ ...n, status: { ...n.status, conditions: [{ type: 'Ready', status: 'False' }] } });
    cluster.settle();
    expect(intentsSince(cluster, seq)).toEqual([]);
    setLabels(cluster, 'node-0', { 'kubernetes.io/hostname': 'node-0', tier: 'x' });
    cluster.settle();
    // Same verdict before and after: still no sync (the handler compares shouldRun/shouldContinueRunning).
    expect(intentsSince(cluster, seq)).toEqual([]);
  });

  it('a node add for which the DaemonSet should not run does not sync it', () => {
    const { cluster } = newCluster();
    const spec = dsSpec();
    createDs(cluster, 'agent', { ...spec, template: { ...spec.template, spec: { ...spec.template.spec, nodeSelector: { role: 'edge' } } } });
    cluster.settle();
    const seq = lastSeq(cluster);
    cluster.api.create(nodeObject('other'));
    cluster.settle();
    expect(intentsSince(cluster, seq)).toEqual([]);
    expect(livePods(cluster, 'agent')).toEqual([]);
  });
});

describe('processNextWorkItem: a failing sync is retried with per-key exponential backoff (5 ms doubling)', () => {
  it('an invalid maxUnavailable fails the rolling update: status is still written, retries back off', () => {
    const { cluster, dsc } = newCluster();
    addNodes(cluster, 1);
    const ds: DaemonSet = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'bad', namespace: NS, uid: 'bad-uid', resourceVersion: cluster.store.nextResourceVersion(), creationTimestamp: '2026-01-01T00:00:00Z', generation: 1 },
      spec: dsSpec({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 'x', maxSurge: 0 } } }),
      status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
    };
    cluster.store.put(ds);
    cluster.settle();
    expect(cluster.store.get('DaemonSet', NS, 'bad')!.status).toMatchObject({ desiredNumberScheduled: 1, currentNumberScheduled: 1 });
    const t0 = cluster.now;
    // The first sync fails (retry in 5 ms); its own writes re-queue it at once and it fails again
    // (retry in 10 ms). Every distinct wake is kept.
    expect(dsc.snapshot().failures).toEqual({ 'default/bad': 2 });
    expect(dsc.snapshot().wakes).toEqual({ 'default/bad': [t0 + 5, t0 + 10] });
    cluster.advanceTo(t0 + 5);
    expect(dsc.snapshot().failures).toEqual({ 'default/bad': 3 });
    expect(dsc.snapshot().wakes).toEqual({ 'default/bad': [t0 + 10, t0 + 25] });
    expect(livePods(cluster, 'bad')).toHaveLength(1);
  });
});

describe('TestNoScheduleTaintedDoesntEvicitRunningIntolerantPod on a NotReady node: the pod stays, counted misscheduled', () => {
  it('keeps the pod, drops the node from desired, counts it misscheduled', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    setTaints(cluster, 'node-1', [
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
    ]);
    cluster.settle();
    expect(livePods(cluster, 'agent')).toHaveLength(2);
    expect(cluster.store.get('DaemonSet', NS, 'agent')!.status).toMatchObject({ desiredNumberScheduled: 1, currentNumberScheduled: 1, numberMisscheduled: 1 });
  });
});

describe('daemonPodMaker: the pod POSTed for each node', () => {
  it('is the template with the controller ref, generateName and a pin to the node; only the spec differs per node', () => {
    const ds = daemonSet();
    const template = createPodTemplate({ ...ds.spec.template, metadata: { ...ds.spec.template.metadata, annotations: { a: '1' }, finalizers: ['f'] } }, 1, 'h');
    const make = daemonPodMaker(ds, template);
    const a = make('n1');
    const b = make('n2');
    expect(a).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: 'ds-',
        namespace: 'default',
        labels: template.metadata!.labels,
        annotations: { a: '1' },
        finalizers: ['f'],
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds', uid: 'ds-uid', controller: true, blockOwnerDeletion: true }],
      },
      spec: { ...template.spec, affinity: replaceDaemonSetPodNodeNameNodeAffinity(template.spec.affinity, 'n1') },
    });
    expect(Object.keys(a.metadata)).toEqual(['generateName', 'namespace', 'labels', 'annotations', 'finalizers', 'ownerReferences']);
    expect(template.spec.affinity).toBeUndefined();
    expect(Object.keys(a.spec)).toEqual([...Object.keys(template.spec), 'affinity']);
    expect(b.metadata).toBe(a.metadata);
    expect(b.spec).not.toBe(a.spec);
    expect(getTargetNodeName({ ...b, metadata: { ...b.metadata, name: 'x' } } as unknown as Pod)).toBe('n2');
  });

  it('keeps a template affinity key where the template has it, with the pin merged in', () => {
    const ds = daemonSet();
    const base = createPodTemplate(ds.spec.template, 1, 'h');
    const { containers, ...rest } = base.spec;
    const preferred = [{ weight: 1, preference: { matchExpressions: [{ key: 'zone', operator: 'In' as const, values: ['a'] }] } }];
    const template = { ...base, spec: { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: preferred } }, containers, ...rest } };
    const pod = daemonPodMaker(ds, template)('n3');
    expect(Object.keys(pod.spec)).toEqual(Object.keys(template.spec));
    expect(pod.spec.affinity).toEqual(replaceDaemonSetPodNodeNameNodeAffinity(template.spec.affinity, 'n3'));
    expect(pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution).toEqual(preferred);
  });

  it('stores each created pod with metadata of its own, named from generateName', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 3);
    createDs(cluster, 'ds', dsSpec());
    cluster.settle();
    const pods = livePods(cluster, 'ds');
    expect(pods).toHaveLength(3);
    expect(new Set(pods.map((p) => p.metadata)).size).toBe(3);
    for (const p of pods) expect(p.metadata.name.startsWith('ds-')).toBe(true);
  });
});
