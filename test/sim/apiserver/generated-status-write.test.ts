/**
 * The kubelet's status writes (`updateGeneratedStatus`), a pod's and a Node's: the same stored
 * object, version and answer as `updateStatus` with that status, but the status record is stored
 * as it is given.
 */
import { describe, expect, it } from 'vitest';
import type { ApiObject, Node, NodeCondition, Pod } from '../../../src/sim/api/types.js';
import type { ApiServer } from '../../../src/sim/apiserver/apiserver.js';
import { registrationNode } from '../../../src/sim/controllers/kubelet/registration.js';
import { ok, newApi, podDraft } from './helpers.js';

const READY: NodeCondition = { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' };

/** One kind's case: how to create its object, two different statuses for it, and what tells them apart. */
interface Case<T extends Pod | Node> {
  readonly kind: T['kind'];
  create(api: ApiServer): T;
  first(obj: T): T['status'];
  second(obj: T): T['status'];
  mark(obj: T): unknown;
}

const pod: Case<Pod> = {
  kind: 'Pod',
  create: (api) => ok(api.create(podDraft())),
  first: (p) => ({ ...p.status, hostIP: '10.0.0.1', podIP: '10.1.0.1', startTime: 't' }),
  second: (p) => ({ ...p.status, hostIP: '10.0.0.2' }),
  mark: (p) => p.status.hostIP,
};

const node: Case<Node> = {
  kind: 'Node',
  create: (api) => ok(api.create(registrationNode('node-1', 0, { labels: {}, taints: [], cpu: '4', memory: '8Gi', pods: '110' }, 0))),
  first: (n) => ({ ...n.status, conditions: [READY] }),
  second: (n) => ({ ...n.status, conditions: [{ ...READY, status: 'False' }] }),
  mark: (n) => n.status.conditions?.[0]?.status,
};

function remove(api: ApiServer, obj: ApiObject): void {
  api.store.remove(obj.kind, obj.metadata.namespace ?? '', obj.metadata.name);
}

describe.each([pod, node] as Case<Pod | Node>[])('updateGeneratedStatus of a $kind', (c) => {
  it('stores the status it is given beside the stored spec, as updateStatus stores a copy of it', () => {
    const viaCopy = newApi();
    const direct = newApi();
    const a = c.create(viaCopy);
    const b = c.create(direct);
    const status = c.first(a);
    const copied = ok(viaCopy.updateStatus({ ...a, status } as Pod | Node)) as Pod | Node;
    const written = ok(direct.updateGeneratedStatus(b, status));
    expect(written.status).toBe(status);
    expect(copied.status).not.toBe(status);
    expect(written.spec).toBe(b.spec);
    expect(JSON.stringify(written)).toBe(JSON.stringify(copied));
    expect(direct.store.resourceVersion).toBe(viaCopy.store.resourceVersion);
  });

  it('compares with the stored status when the object it was made from is no longer the stored one', () => {
    const api = newApi();
    const seen = c.create(api);
    const status = c.first(seen);
    const stored = ok(api.updateGeneratedStatus(seen, status));
    const version = api.store.resourceVersion;
    // The same status again, made from the older version: nothing is written.
    expect(ok(api.updateGeneratedStatus(seen, { ...status } as typeof status))).toBe(stored);
    expect(api.store.resourceVersion).toBe(version);
    // A different one is.
    const next = ok(api.updateGeneratedStatus(seen, c.second(seen)));
    expect(c.mark(next)).toBe(c.mark({ ...seen, status: c.second(seen) } as Pod & Node));
    expect(c.mark(next)).not.toBe(c.mark(stored));
    expect(Number(next.metadata.resourceVersion)).toBe(version + 1);
  });

  it('fails with NotFound for an object that is gone', () => {
    const api = newApi();
    const obj = c.create(api);
    remove(api, obj);
    const r = api.updateGeneratedStatus(obj, c.first(obj));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(404);
  });
});
