/**
 * The kubelet's pod status write (`updateGeneratedStatus`): the same stored pod, version and answer as
 * `updateStatus` with that status, but the status record is stored as it is given.
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../src/sim/api/types.js';
import { ok, newApi, podDraft } from './helpers.js';

describe('updateGeneratedStatus of a pod', () => {
  it('stores the status it is given beside the stored spec, as updateStatus stores a copy of it', () => {
    const viaCopy = newApi();
    const direct = newApi();
    const a = ok(viaCopy.create(podDraft()));
    const b = ok(direct.create(podDraft()));
    const status = { ...a.status, hostIP: '10.0.0.1', podIP: '10.1.0.1', startTime: 't' };
    const copied = ok(viaCopy.updateStatus<'Pod'>({ ...a, status }));
    const written = ok(direct.updateGeneratedStatus(b, status));
    expect(written.status).toBe(status);
    expect(written.spec).toBe(b.spec);
    expect(JSON.stringify(written)).toBe(JSON.stringify(copied));
    expect(direct.store.resourceVersion).toBe(viaCopy.store.resourceVersion);
  });

  it('compares with the stored status when the pod it was generated from is no longer the stored one', () => {
    const api = newApi();
    const seen = ok(api.create(podDraft()));
    const status = { ...seen.status, hostIP: '10.0.0.1' };
    const stored = ok(api.updateGeneratedStatus(seen, status));
    const version = api.store.resourceVersion;
    // The same status again, generated from the older version: nothing is written.
    expect(ok(api.updateGeneratedStatus(seen, { ...status }))).toBe(stored);
    expect(api.store.resourceVersion).toBe(version);
    // A different one is.
    const next = ok(api.updateGeneratedStatus(seen, { ...status, hostIP: '10.0.0.2' }));
    expect(next.status.hostIP).toBe('10.0.0.2');
    expect(Number(next.metadata.resourceVersion)).toBe(version + 1);
  });

  it('fails with NotFound for a pod that is gone', () => {
    const api = newApi();
    const pod = ok(api.create(podDraft()));
    api.store.remove('Pod', pod.metadata.namespace ?? '', pod.metadata.name);
    const r = api.updateGeneratedStatus(pod, { ...pod.status, hostIP: '10.0.0.1' } as Pod['status']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(404);
  });
});
