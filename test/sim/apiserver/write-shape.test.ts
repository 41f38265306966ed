/**
 * The shape of written objects, keys in order, compared with the spreads the API server used
 * before it copied objects onto fresh literals (to share V8 hidden classes): a create's
 * metadata and status, a binding's spec and status, a graceful delete's metadata.
 * `-o yaml` and `-o json` print keys in this order, so any change would show.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApiObject, DaemonSet, Node, ObjectMeta, Pod } from '../../../src/sim/api/types.js';
import { ok, newApi, dsDraft, podDraft } from './helpers.js';

/** The metadata a create request may carry beyond its name, in any order and any subset. */
const OPTIONAL_META: Record<string, unknown> = {
  namespace: 'default',
  labels: { app: 'x' },
  annotations: { note: 'n' },
  uid: 'from-the-request',
  resourceVersion: '42',
  creationTimestamp: '2020-01-01T00:00:00Z',
  deletionTimestamp: '2020-01-01T00:00:00Z',
};

/** The previous construction of a created object's keys (metadata and top level). */
function previousShape(draft: Record<string, unknown>, namespaced: boolean, withStatus: boolean): { top: string[]; meta: string[] } {
  const meta: Record<string, unknown> = {
    ...(draft['metadata'] as object),
    name: 'n',
    ...(namespaced ? { namespace: 'default' } : {}),
    uid: 'u',
    resourceVersion: '0',
    creationTimestamp: 't',
    // PrepareForCreate's generation of a PriorityClass (a Pod's and a Node's have none).
    ...(draft['kind'] === 'PriorityClass' ? { generation: 1 } : {}),
  };
  delete meta['deletionTimestamp'];
  if (!namespaced) delete meta['namespace'];
  const obj: Record<string, unknown> = { ...draft, metadata: meta };
  if (withStatus) obj['status'] = draft['status'] ?? {};
  else delete obj['status'];
  return { top: Object.keys(obj), meta: Object.keys(meta) };
}

const metaKeysArb = fc.subarray(Object.keys(OPTIONAL_META)).chain((keys) => fc.shuffledSubarray(keys, { minLength: keys.length }));

describe('create: the stored object keeps the request key order and adds identity after it', () => {
  it('for a namespaced kind with status (Pod) and cluster-scoped kinds with and without status (Node, PriorityClass)', () => {
    fc.assert(
      fc.property(metaKeysArb, fc.boolean(), fc.boolean(), fc.constantFrom('Pod', 'Node', 'PriorityClass'), (metaKeys, nameFirst, statusInRequest, kind) => {
        const metadata: Record<string, unknown> = {};
        if (nameFirst) metadata['name'] = 'n';
        for (const k of metaKeys) metadata[k] = OPTIONAL_META[k];
        if (!nameFirst) metadata['name'] = 'n';
        const body: Record<string, unknown> =
          kind === 'Pod'
            ? { spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } }
            : kind === 'Node'
              ? { spec: {} }
              : { value: 1000, preemptionPolicy: 'PreemptLowerPriority' };
        const draft: Record<string, unknown> = { apiVersion: kind === 'PriorityClass' ? 'scheduling.k8s.io/v1' : 'v1', kind, metadata, ...body };
        if (statusInRequest) draft['status'] = {};
        const created = ok(newApi().create(draft as never)) as unknown as Record<string, unknown>;
        const expected = previousShape(draft, kind === 'Pod', kind !== 'PriorityClass');
        expect(Object.keys(created['metadata'] as object)).toEqual(expected.meta);
        expect(Object.keys(created)).toEqual(expected.top);
      }),
      { numRuns: 300 },
    );
  });

  it('drops a deletionTimestamp and, on a cluster-scoped kind, a namespace the request carried', () => {
    const api = newApi();
    const node = ok(api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', namespace: 'default', deletionTimestamp: '2020-01-01T00:00:00Z' }, spec: {} }));
    expect(node.metadata).not.toHaveProperty('namespace');
    expect(node.metadata).not.toHaveProperty('deletionTimestamp');
    const pod = ok(api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', deletionTimestamp: '2020-01-01T00:00:00Z' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } }));
    expect(Object.keys(pod.metadata)).toEqual(['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp']);
    expect(pod.metadata.namespace).toBe('default');
  });
});

describe('bind and graceful delete: keys stay where a spread puts them', () => {
  /** A pod with these spec keys written in this order (nodeName among them when `bound`), stored. */
  function storedPod(specOrder: readonly string[]) {
    const api = newApi();
    const fields: Record<string, unknown> = { containers: [{ name: 'c', image: 'nginx:1.27' }], hostname: 'h', schedulerName: 'default-scheduler', nodeName: '' };
    const pod = ok(api.create(podDraft((d) => (d.spec = Object.fromEntries(specOrder.map((k) => [k, fields[k]]))))));
    return { api, pod };
  }

  it('bind: nodeName replaces an empty one in place, or comes last; PodScheduled is added to the status', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['hostname', 'schedulerName', 'nodeName']), (rest) => {
        const { api, pod } = storedPod(['containers', ...rest]);
        const bound = ok(api.bind(pod, 'node-1'));
        expect(Object.keys(bound.spec)).toEqual(Object.keys({ ...pod.spec, nodeName: 'node-1' }));
        expect(bound.spec.nodeName).toBe('node-1');
        expect(Object.keys(bound.status)).toEqual(Object.keys({ ...pod.status, conditions: [] }));
        expect(bound.status.conditions?.map((c) => [c.type, c.status])).toEqual([['PodScheduled', 'True']]);
        expect(Object.keys(bound)).toEqual(Object.keys(pod));
      }),
      { numRuns: 30 },
    );
  });

  it('graceful delete: deletionTimestamp and deletionGracePeriodSeconds come last, and a shorter second delete rewrites them in place', () => {
    const { api, pod } = storedPod(['containers']);
    const bound: Pod = ok(api.bind(pod, 'node-1'));
    const deleting = ok(api.delete('Pod', 'default', 'p')) as Pod;
    expect(Object.keys(deleting.metadata)).toEqual([...Object.keys(bound.metadata), 'deletionTimestamp', 'deletionGracePeriodSeconds']);
    expect(deleting.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(deleting.metadata.resourceVersion).not.toBe(bound.metadata.resourceVersion);
    const shorter = ok(api.delete('Pod', 'default', 'p', { gracePeriodSeconds: 5 })) as Pod;
    expect(Object.keys(shorter.metadata)).toEqual(Object.keys(deleting.metadata));
    expect(shorter.metadata.deletionGracePeriodSeconds).toBe(5);
    expect(Object.keys(shorter)).toEqual(Object.keys(bound));
  });
});

describe('update and status update: the stored object is the request as a spread stores it', () => {
  it('update: keys of the object, metadata and spec in the request order, a deleted spec key gone, values the request gave', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['podCIDR', 'podCIDRs', 'unschedulable', 'taints']), fc.boolean(), (specOrder, dropLast) => {
        const api = newApi();
        const fields: Record<string, unknown> = { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24'], unschedulable: true, taints: [{ key: 'k', effect: 'NoSchedule' }] };
        const node = ok(api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, spec: Object.fromEntries(specOrder.map((k) => [k, fields[k]])) }));
        // As the node lifecycle controller removes a node's last taint: a spread, then a delete.
        const spec: Record<string, unknown> = { ...node.spec };
        if (dropLast && specOrder.length > 0) delete spec[specOrder[specOrder.length - 1]!];
        // A label as well, so that every update writes.
        const request = { ...node, metadata: { ...node.metadata, labels: { zone: 'a' } }, spec };
        const updated = ok(api.update<'Node'>(request as Node));
        const expected = { ...request, metadata: { ...request.metadata, resourceVersion: updated.metadata.resourceVersion } };
        expect(Object.keys(updated)).toEqual(Object.keys(expected));
        expect(Object.keys(updated.metadata)).toEqual(Object.keys(expected.metadata));
        expect(Object.keys(updated.spec)).toEqual(Object.keys(spec));
        for (const k of Object.keys(spec)) expect((updated.spec as Record<string, unknown>)[k]).toBe(spec[k]);
        expect(updated.metadata.resourceVersion).not.toBe(node.metadata.resourceVersion);
      }),
      { numRuns: 40 },
    );
  });

  it('update: identity and status come from the stored object as the spreads placed them, and a request that changes nothing writes nothing', () => {
    /** The previous construction of an update's object, before defaults and validation. */
    const previous = (obj: ApiObject, old: ApiObject): Record<string, unknown> => ({
      ...obj,
      metadata: {
        ...obj.metadata,
        uid: old.metadata.uid,
        creationTimestamp: old.metadata.creationTimestamp,
        ...(old.metadata.deletionTimestamp ? { deletionTimestamp: old.metadata.deletionTimestamp } : {}),
        ...(old.metadata.generation !== undefined ? { generation: old.metadata.generation } : {}),
      },
      ...('status' in old ? { status: (old as { status: unknown }).status } : {}),
    });
    const extra: Record<string, unknown> = { uid: 'from-the-request', creationTimestamp: '2020-01-01T00:00:00Z', generation: 7, deletionTimestamp: '2020-01-01T00:00:00Z', finalizers: ['example.com/keep'] };
    fc.assert(
      fc.property(
        fc.constantFrom('DaemonSet', 'Node'),
        fc.boolean(),
        fc.shuffledSubarray([...Object.keys(extra), 'name', 'namespace', 'resourceVersion', 'labels']),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('stored', 'other', 'absent'),
        (kind, deleting, metaKeys, withStatus, change, version) => {
          const api = newApi();
          let stored: ApiObject =
            kind === 'DaemonSet'
              ? ok(api.create({ ...dsDraft(), metadata: { name: 'd', finalizers: ['example.com/keep'] } }))
              : ok(api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', finalizers: ['example.com/keep'] }, spec: {} }));
          if (deleting) stored = ok(api.delete(kind, 'default', stored.metadata.name));
          const metadata: Record<string, unknown> = {};
          const own = stored.metadata as unknown as Record<string, unknown>;
          for (const k of metaKeys) {
            if (k === 'resourceVersion') {
              if (version !== 'absent') metadata[k] = version === 'stored' ? own[k] : '1';
            } else if (k === 'labels') metadata[k] = change ? { zone: 'a' } : own[k];
            else if (k === 'finalizers') metadata[k] = own[k];
            else if (k in own) metadata[k] = own[k];
            else if (k !== 'name' && k !== 'namespace' && k !== 'deletionTimestamp' && k !== 'generation') metadata[k] = extra[k];
          }
          if (!('name' in metadata)) metadata['name'] = stored.metadata.name;
          if (!('namespace' in metadata) && own['namespace'] !== undefined) metadata['namespace'] = own['namespace'];
          const { status: _, ...body } = stored as unknown as Record<string, unknown>;
          const request = { ...(withStatus ? stored : body), metadata } as unknown as ApiObject;
          const expected = previous(request, stored);
          const result = api.update(request);
          const written = ok(result) as unknown as Record<string, unknown>;
          if (change && metaKeys.includes('labels')) expect(written).not.toBe(stored);
          // A request that changes nothing returns the stored object (below, whatever version it names).
          if (written === (stored as unknown)) return;
          const meta = written['metadata'] as Record<string, unknown>;
          expect(Object.keys(written)).toEqual(Object.keys(expected));
          const expectedMeta = expected['metadata'] as Record<string, unknown>;
          const keys = Object.keys(expectedMeta);
          // The version is set where the request had it, or comes after them (keys the strategy adds, such as a DaemonSet's annotations, are left out).
          const ordered = keys.includes('resourceVersion') ? keys : [...keys, 'resourceVersion'];
          expect(Object.keys(meta).filter((k) => ordered.includes(k))).toEqual(ordered);
          for (const k of keys) if (k !== 'resourceVersion' && k !== 'generation') expect(meta[k]).toEqual(expectedMeta[k]);
          expect(meta['uid']).toBe(stored.metadata.uid);
          if (kind === 'DaemonSet') expect((written as unknown as DaemonSet).status).toBe((stored as DaemonSet).status);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('update: a request equal to the stored object but for the version it names writes nothing', () => {
    for (const version of [undefined, 'stored', '1']) {
      const api = newApi();
      const stored = ok(api.create(dsDraft()));
      const metadata = { ...stored.metadata, resourceVersion: version === 'stored' ? stored.metadata.resourceVersion : version } as ObjectMeta;
      if (version === undefined) delete (metadata as { resourceVersion?: string }).resourceVersion;
      expect(ok(api.update<'DaemonSet'>({ ...stored, metadata }))).toBe(stored);
      expect(api.store.resourceVersion).toBe(Number(stored.metadata.resourceVersion));
      const changed = ok(api.update<'DaemonSet'>({ ...stored, metadata: { ...metadata, labels: { zone: 'b' } } }));
      expect(changed).not.toBe(stored);
      expect(changed.metadata.labels).toEqual({ zone: 'b' });
    }
  });

  it('status update: the status as written, in its key order, beside the stored spec', () => {
    const api = newApi();
    const pod = ok(api.create(podDraft()));
    const status = { ...pod.status, hostIP: '10.0.0.1', podIP: '10.1.0.1', startTime: 't' };
    const written = ok(api.updateStatus<'Pod'>({ ...pod, status }));
    expect(Object.keys(written.status)).toEqual(Object.keys(status));
    expect(written.status).toEqual(status);
    expect(written.status).not.toBe(status);
    expect(written.spec).toBe(pod.spec);
    expect(Object.keys(written)).toEqual(Object.keys(pod));
    expect(Object.keys(written.metadata)).toEqual(Object.keys(pod.metadata));
  });
});
