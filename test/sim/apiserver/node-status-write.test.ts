/**
 * The kubelet's node status post (`updateGeneratedStatus`): the same stored Node, version and answer
 * as `updateStatus` with that status, but the status record is stored as it is given.
 */
import { describe, expect, it } from 'vitest';
import type { Node, NodeCondition } from '../../../src/sim/api/types.js';
import { registrationNode } from '../../../src/sim/controllers/kubelet/registration.js';
import { ok, newApi } from './helpers.js';

function nodeDraft() {
  return registrationNode('node-1', 0, { labels: {}, taints: [], cpu: '4', memory: '8Gi', pods: '110' }, 0);
}

const READY: NodeCondition = { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' };

describe('updateGeneratedStatus of a Node', () => {
  it('stores the status it is given beside the stored spec, as updateStatus stores a copy of it', () => {
    const viaCopy = newApi();
    const direct = newApi();
    const a = ok(viaCopy.create(nodeDraft()));
    const b = ok(direct.create(nodeDraft()));
    const status = { ...a.status, conditions: [READY] };
    const copied = ok(viaCopy.updateStatus<'Node'>({ ...a, status }));
    const written = ok(direct.updateGeneratedStatus(b, status));
    expect(written.status).toBe(status);
    expect(copied.status).not.toBe(status);
    expect(written.spec).toBe(b.spec);
    expect(JSON.stringify(written)).toBe(JSON.stringify(copied));
    expect(direct.store.resourceVersion).toBe(viaCopy.store.resourceVersion);
  });

  it('compares with the stored status when the Node it was made from is no longer the stored one', () => {
    const api = newApi();
    const seen = ok(api.create(nodeDraft()));
    const status = { ...seen.status, conditions: [READY] };
    const stored = ok(api.updateGeneratedStatus(seen, status));
    const version = api.store.resourceVersion;
    // The same status again, made from the older version: nothing is written.
    expect(ok(api.updateGeneratedStatus(seen, { ...status }))).toBe(stored);
    expect(api.store.resourceVersion).toBe(version);
    // A different one is.
    const next = ok(api.updateGeneratedStatus(seen, { ...status, conditions: [{ ...READY, status: 'False' }] }));
    expect(next.status.conditions?.[0]?.status).toBe('False');
    expect(Number(next.metadata.resourceVersion)).toBe(version + 1);
  });

  it('fails with NotFound for a Node that is gone', () => {
    const api = newApi();
    const node = ok(api.create(nodeDraft()));
    api.store.remove('Node', '', node.metadata.name);
    const r = api.updateGeneratedStatus(node, { ...node.status, conditions: [READY] } as Node['status']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(404);
  });
});
