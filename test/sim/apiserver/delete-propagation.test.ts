import { describe, expect, it } from 'vitest';
import { dsDraft, newApi, ok, podDraft } from './helpers.js';

describe('DELETE propagationPolicy', () => {
  const setup = () => {
    const api = newApi();
    const ds = ok(api.create<'DaemonSet'>(dsDraft()));
    const ref = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name, uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true };
    const other = { apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: 'node-uid' };
    ok(api.create<'Pod'>(podDraft((d) => { d.metadata.name = 'owned'; d.metadata.ownerReferences = [ref]; })));
    ok(api.create<'Pod'>(podDraft((d) => { d.metadata.name = 'two-owners'; d.metadata.ownerReferences = [other, ref]; })));
    return { api, ds };
  };

  it('Orphan (kubectl --cascade=orphan) strips the ownerReference from the dependents, which stay', () => {
    const { api, ds } = setup();
    expect(api.delete('DaemonSet', 'default', ds.metadata.name, { propagationPolicy: 'Orphan' }).ok).toBe(true);
    expect(api.get('Pod', 'default', 'owned')?.metadata.ownerReferences).toBeUndefined();
    expect(api.get('Pod', 'default', 'two-owners')?.metadata.ownerReferences?.map((r) => r.name)).toEqual(['node-1']);
  });

  it('Background (the default) leaves the dependents to the garbage collector', () => {
    const { api, ds } = setup();
    expect(api.delete('DaemonSet', 'default', ds.metadata.name).ok).toBe(true);
    expect(api.get('Pod', 'default', 'owned')?.metadata.ownerReferences?.[0]?.uid).toBe(ds.metadata.uid);
  });
});
