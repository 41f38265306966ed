/**
 * The ServiceAccount admission plugin on pod create: the default service account and the
 * kube-api-access projected volume mounted in every container.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Container, Pod, PodSpec } from '../../../src/sim/api/types.js';
import { SERVICE_ACCOUNT_MOUNT_PATH, mountServiceAccountToken, serviceAccountMountOrigin } from '../../../src/sim/apiserver/strategies/service-account-admission.js';
import { newRngState, randomSuffix } from '../../../src/sim/engine/rng.js';
import { validatePodSpec } from '../../../src/sim/apiserver/validation/podspec.js';
import { validateVolumes } from '../../../src/sim/apiserver/validation/volumes.js';
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

/** The plugin's changes on a copy of the pod's spec, as the pod create's admission chain makes them. */
function admitServiceAccount(pod: Pod): Pod {
  const spec: { -readonly [K in keyof PodSpec]: PodSpec[K] } = { ...pod.spec };
  mountServiceAccountToken(spec, pod.metadata.uid);
  return { ...pod, spec };
}

describe('validation of an admitted pod', () => {
  // Validation checks the containers list the admission copied from once per source list; the
  // answer must be the one a fresh check of the copy gives, whatever the mounts and volumes.
  const mount = fc.record({
    name: fc.constantFrom('data', 'logs', 'missing', '', 'TOKEN'),
    mountPath: fc.constantFrom('/data', '/logs', SERVICE_ACCOUNT_MOUNT_PATH, ''),
  });
  const container = fc.record({
    name: fc.constantFrom('a', 'b', 'a'),
    image: fc.constantFrom('busybox', ' busybox', ''),
    volumeMounts: fc.option(fc.array(mount, { maxLength: 3 }), { nil: undefined }),
  });

  it('equals a fresh check of the same spec (source lists validated once, copies never)', () => {
    fc.assert(
      fc.property(fc.array(container, { minLength: 1, maxLength: 3 }), fc.subarray(['data', 'logs']), fc.nat(1000), (containers, volumes, uid) => {
        const pod = ok(newApi().create(podDraft())) as Pod;
        const draft: Pod = {
          ...pod,
          metadata: { ...pod.metadata, uid: `${uid.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000` },
          spec: { ...pod.spec, containers: containers as Container[], volumes: volumes.map((name) => ({ name, emptyDir: {} })), serviceAccountName: undefined },
        };
        const admitted = admitServiceAccount(draft);
        const fresh = structuredClone(admitted.spec);
        expect(validatePodSpec(admitted.spec, 'spec', { resourceIsPod: true })).toEqual(validatePodSpec(fresh, 'spec', { resourceIsPod: true }));
        // And a second pod from the same source list (its own volume name) gets the same answer too.
        const again = admitServiceAccount({ ...draft, metadata: { ...draft.metadata, uid: `ffff${draft.metadata.uid.slice(4)}` } });
        expect(validatePodSpec(again.spec, 'spec', { resourceIsPod: true })).toEqual(validatePodSpec(structuredClone(again.spec), 'spec', { resourceIsPod: true }));
      }),
      { numRuns: 300 },
    );
  });

  it('equals a fresh check whatever the volumes (invalid, duplicate, sourceless) and init containers', () => {
    const volume = fc.record({
      // TOKEN: the name of the token volume the admission gives the pod.
      name: fc.constantFrom('data', 'logs', 'Bad_Name', '', 'TOKEN'),
      source: fc.constantFrom<object>({ emptyDir: {} }, { hostPath: { path: '/a/../b' } }, {}, { emptyDir: {}, hostPath: { path: '/x' } }),
    });
    fc.assert(
      fc.property(
        fc.array(container, { minLength: 1, maxLength: 2 }),
        fc.option(fc.array(volume, { maxLength: 3 }), { nil: undefined }),
        fc.option(fc.array(container, { maxLength: 1 }), { nil: undefined }),
        fc.nat(1000),
        (containers, volumes, initContainers, uid) => {
          const pod = ok(newApi().create(podDraft())) as Pod;
          const draft: Pod = {
            ...pod,
            metadata: { ...pod.metadata, uid: `${uid.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000` },
            spec: {
              ...pod.spec,
              containers: containers as Container[],
              volumes: volumes?.map((v) => ({ name: v.name, ...v.source })) as PodSpec['volumes'],
              initContainers: initContainers as Container[] | undefined,
              serviceAccountName: undefined,
            },
          };
          // Two pods of one template (each its own token volume), each checked twice: the
          // template's lists are then checked from the memo.
          for (const id of [draft.metadata.uid, `ffff${draft.metadata.uid.slice(4)}`]) {
            const token = admitServiceAccount({ ...draft, spec: { containers: [{ name: 'a', image: 'busybox' }] }, metadata: { ...draft.metadata, uid: id } }).spec.volumes!.at(-1)!.name;
            const named = <T extends { name: string }>(v: T): T => (v.name === 'TOKEN' ? { ...v, name: token } : v);
            const spec = { ...draft.spec, volumes: draft.spec.volumes?.map(named), containers: draft.spec.containers.map((c) => ({ ...c, volumeMounts: c.volumeMounts?.map(named) })) };
            const admitted = admitServiceAccount({ ...draft, spec, metadata: { ...draft.metadata, uid: id } });
            const fresh = validatePodSpec(structuredClone(admitted.spec), 'spec', { resourceIsPod: true });
            expect(validatePodSpec(admitted.spec, 'spec', { resourceIsPod: true })).toEqual(fresh);
            expect(validatePodSpec(admitted.spec, 'spec', { resourceIsPod: true })).toEqual(fresh);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the token volume admission appends is valid, whatever the uid', () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        const spec: { -readonly [K in keyof PodSpec]: PodSpec[K] } = { containers: [{ name: 'a', image: 'busybox' }] };
        mountServiceAccountToken(spec, `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`);
        expect(validateVolumes(spec.volumes, 'spec.volumes')).toEqual({ names: new Set([spec.volumes![0]!.name]), errors: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('names the token volume from the uid\'s first eight hex digits, as parseInt reads them, whatever the uid', () => {
    const hex = fc.constantFrom(...'0123456789abcdefABCDEF');
    const uid = fc.oneof(
      fc.array(hex, { minLength: 8, maxLength: 8 }).map((d) => `${d.join('')}-1234-4567-89ab-cdef01234567`),
      fc.array(fc.oneof(hex, fc.constantFrom('-', 'x', 'X', ' ', '+', 'g', '0x')), { maxLength: 10 }).map((d) => d.join('')),
      fc.string(),
    );
    fc.assert(
      fc.property(uid, (id) => {
        const spec: { -readonly [K in keyof PodSpec]: PodSpec[K] } = { containers: [{ name: 'a', image: 'busybox' }] };
        mountServiceAccountToken(spec, id);
        expect(spec.volumes![0]!.name).toBe(`kube-api-access-${randomSuffix(newRngState(parseInt(id.slice(0, 8), 16) || 1), 5)}`);
      }),
      { numRuns: 500 },
    );
  });

  it('the origin of a list is known right after its admission, and a list admitted long ago is validated as it is', () => {
    const pod = ok(newApi().create(podDraft())) as Pod;
    const bare: Pod = { ...pod, spec: { ...pod.spec, volumes: [], serviceAccountName: undefined, containers: [{ name: 'a', image: ' busybox' }] } };
    const first = admitServiceAccount(bare);
    expect(serviceAccountMountOrigin(first.spec.containers)?.from).toBe(bare.spec.containers);
    for (let i = 0; i < 100; i++) admitServiceAccount(bare);
    // The table is small: validation asks right after admission.
    expect(serviceAccountMountOrigin(first.spec.containers)).toBeUndefined();
    const errors = validatePodSpec(first.spec, 'spec', { resourceIsPod: true });
    expect(errors.map((e) => e.field)).toContain('spec.containers[0].image');
    expect(errors).toEqual(validatePodSpec(structuredClone(first.spec), 'spec', { resourceIsPod: true }));
  });

  it('a mount that names the pod\'s own token volume is judged on the copy', () => {
    const pod = ok(newApi().create(podDraft())) as Pod;
    const bare: Pod = { ...pod, spec: { ...pod.spec, volumes: [], serviceAccountName: undefined, containers: [{ name: 'a', image: 'busybox' }] } };
    const volume = admitServiceAccount(bare).spec.volumes!.at(-1)!.name;
    const containers: Container[] = [{ name: 'a', image: 'busybox', volumeMounts: [{ name: volume, mountPath: '/x' }] }];
    const admitted = admitServiceAccount({ ...bare, spec: { ...bare.spec, containers } });
    const errors = validatePodSpec(admitted.spec, 'spec', { resourceIsPod: true });
    expect(errors).toEqual(validatePodSpec(structuredClone(admitted.spec), 'spec', { resourceIsPod: true }));
    expect(errors.filter((e) => e.field.includes('volumeMounts'))).toEqual([]);
  });
});
