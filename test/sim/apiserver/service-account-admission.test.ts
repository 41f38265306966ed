/**
 * The ServiceAccount admission plugin on pod create: the default service account and the
 * kube-api-access projected volume mounted in every container.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_ACCOUNT_MOUNT_PATH } from '../../../src/sim/apiserver/strategies/service-account-admission.js';
import { newApi, ok, podDraft } from './helpers.js';

describe('ServiceAccount admission', () => {
  it('sets serviceAccountName and serviceAccount to default and mounts the token volume read-only', () => {
    const pod = ok(newApi().create(podDraft()));
    expect(pod.spec.serviceAccountName).toBe('default');
    expect(pod.spec.serviceAccount).toBe('default');
    const volume = pod.spec.volumes!.at(-1)! as unknown as { name: string; projected: { sources: object[] } };
    expect(volume.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(volume.projected.sources).toHaveLength(3);
    expect(pod.spec.containers[0]!.volumeMounts).toEqual([{ name: volume.name, readOnly: true, mountPath: SERVICE_ACCOUNT_MOUNT_PATH }]);
  });

  it('keeps a named service account and adds no volume with automountServiceAccountToken: false', () => {
    const pod = ok(newApi().create(podDraft((d) => Object.assign(d.spec, { serviceAccountName: 'agent', automountServiceAccountToken: false }))));
    expect(pod.spec.serviceAccountName).toBe('agent');
    expect(pod.spec.serviceAccount).toBe('agent');
    expect(pod.spec.volumes ?? []).toEqual([]);
    expect(pod.spec.containers[0]!.volumeMounts).toBeUndefined();
  });
});
