/**
 * The `ServiceAccount` admission plugin (`plugin/pkg/admission/serviceaccount/admission.go`:
 * `Admit`, `mountServiceAccountToken`), on pod create.
 *
 * - A pod without `serviceAccountName` gets `default`; `serviceAccount` (the deprecated field the
 *   v1 API still writes) mirrors it.
 * - Unless `automountServiceAccountToken: false`, the pod gets the projected volume
 *   `kube-api-access-<5 chars>` (a bound token that expires after 3607 s, the cluster CA from the
 *   `kube-root-ca.crt` ConfigMap, the namespace from the downward API) and every container and
 *   init container that does not mount something there already mounts it read-only at
 *   /var/run/secrets/kubernetes.io/serviceaccount. This is what `kubectl describe pod` shows
 *   under Mounts and Volumes on a real cluster.
 *
 * Not modelled: ServiceAccount objects. Upstream refuses a pod whose service account does not
 * exist; the playground has no ServiceAccount kind, so every name is taken as existing.
 */
import type { Container, Pod, PodSpec, Volume } from '../../api/types.js';
import type { Mutable } from './pod-defaults.js';
import { fromCodes, newRngState, putRandomSuffix, reseed } from '../../engine/rng.js';
import { BoundedTable } from '../../bounded-table.js';
import { appended } from '../../intern.js';
import { PackedCopier } from '../packed.js';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
export const SERVICE_ACCOUNT_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** `serviceaccount.ServiceAccountTokenExpirationSeconds`-style default of the projected token. */
const TOKEN_EXPIRATION_SECONDS = 3607;

/**
 * What `TokenVolumeSource` projects (token, cluster CA, namespace): the same for every pod, so
 * one object serves them all (stored objects are never mutated).
 */
const API_ACCESS_PROJECTION = {
  defaultMode: 0o644,
  sources: [
    { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
    { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
    { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
  ],
};

/** The projected volume of `TokenVolumeSource` (`kube-api-access-*`). */
function apiAccessVolume(name: string): Volume {
  return { name, projected: API_ACCESS_PROJECTION } as unknown as Volume;
}

/**
 * Where an admitted containers list came from: the list before this admission appended the
 * read-only token mount of `volume` to containers without one at SERVICE_ACCOUNT_MOUNT_PATH,
 * and the volumes list it built with it (`volumes`: `fromVolumes` with the token volume
 * `apiAccessVolume(volume)` appended).
 */
export interface MountOrigin {
  readonly from: readonly Container[];
  readonly volume: string;
  readonly volumes: readonly Volume[];
  readonly fromVolumes: readonly Volume[] | undefined;
}

/**
 * The containers lists this admission built, with where each came from (`MountOrigin`):
 * validation checks the source lists once for a whole DaemonSet instead of each pod's copies
 * (serviceAccountMountOrigin). Validation asks right after admission, in the same create, so a
 * small BoundedTable serves (a list it forgot is validated as it is, with the same errors); one
 * entry per pod of a fleet would keep 40 bytes and a Map entry for each.
 */
const mountedFrom = new BoundedTable<readonly Container[], MountOrigin>(64);

/** Where an admitted containers list came from (`MountOrigin`), if this admission built it lately. */
export function serviceAccountMountOrigin(list: readonly Container[]): MountOrigin | undefined {
  return mountedFrom.get(list);
}

const MOUNTED_CONTAINER = new PackedCopier();

function withMount(c: Container, volume: string): Container {
  if (mountsToken(c)) return c;
  // Packed (packed.ts): every pod's copy of a container gains this key, which a spread would give a hidden class of its own.
  return MOUNTED_CONTAINER.copyWith(c, 'volumeMounts', appended(c.volumeMounts, { name: volume, readOnly: true, mountPath: SERVICE_ACCOUNT_MOUNT_PATH }));
}

/** Each container of `list` with the token mounted (`withMount`), in a list without spare room. */
function withMounts(list: readonly Container[], volume: string): Container[] {
  const out = new Array<Container>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = withMount(list[i]!, volume);
  return out;
}

/** Whether the container mounts something at the token's path. */
function mountsToken(c: Container): boolean {
  const mounts = c.volumeMounts;
  if (mounts !== undefined) for (let i = 0; i < mounts.length; i++) if (mounts[i]!.mountPath === SERVICE_ACCOUNT_MOUNT_PATH) return true;
  return false;
}

/**
 * The plugin's changes (`Admit`), written into `spec`: a fresh copy of the pod's spec that the
 * pod create's admission chain shares (pod-admission.ts), so the spec is copied once per pod.
 * Returns whether the token was mounted (a decision that depends on the containers alone).
 */
export function mountServiceAccountToken(spec: Mutable<PodSpec>, uid: string): boolean {
  const account = spec.serviceAccountName || DEFAULT_SERVICE_ACCOUNT;
  spec.serviceAccountName = account;
  spec.serviceAccount = account;
  if (spec.automountServiceAccountToken === false || (allMounted(spec.containers) && allMounted(spec.initContainers))) return false;
  mountToken(spec, spec, uid);
  return true;
}

/**
 * `mountServiceAccountToken` proper, the part of the plugin that differs per pod: writes into
 * `spec` the volumes, containers and init containers of `from` with the projected token volume
 * added and mounted. The volume's random suffix comes from the pod's `uid` (itself drawn from the
 * cluster's seeded RNG), so admission draws nothing and names stay the same run after run.
 */
export function mountToken(spec: Mutable<PodSpec>, from: PodSpec, uid: string): void {
  const name = tokenVolumeName(uid);
  const containers = withMounts(from.containers ?? [], name);
  const volumes = appended(from.volumes, apiAccessVolume(name));
  if (from.containers) mountedFrom.set(containers, { from: from.containers, volume: name, volumes, fromVolumes: from.volumes });
  spec.volumes = volumes;
  spec.containers = containers;
  if (from.initContainers) spec.initContainers = withMounts(from.initContainers, name);
}

/** The generator `tokenVolumeName` reseeds for each pod. */
const TOKEN_RNG = newRngState(1);

/** `kube-api-access-` and the five characters `tokenVolumeName` writes after it, reused. */
const TOKEN_NAME_CODES = Array.from('kube-api-access-xxxxx', (ch) => ch.charCodeAt(0));

/**
 * The token volume's name: `kube-api-access-` and five characters drawn from a generator seeded
 * with the number the uid's first eight hex digits spell (`parseInt(uid.slice(0, 8), 16) || 1`),
 * made as one flat string from its codes (no generator, slice or partial string per pod).
 */
function tokenVolumeName(uid: string): string {
  reseed(TOKEN_RNG, tokenSeed(uid));
  putRandomSuffix(TOKEN_RNG, TOKEN_NAME_CODES, 16, 5);
  return fromCodes(TOKEN_NAME_CODES);
}

/**
 * `parseInt(uid.slice(0, 8), 16) || 1`, read digit by digit when the uid starts with eight hex
 * digits (every uid the API server draws does); anything else is left to parseInt.
 */
function tokenSeed(uid: string): number {
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const d = hexDigit(uid.charCodeAt(i));
    if (d < 0) return parseInt(uid.slice(0, 8), 16) || 1;
    n = n * 16 + d;
  }
  return n || 1;
}

/** The value of a hex digit's char code (either case), or -1 (NaN included: past the string's end). */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** Whether every container of the list already mounts something at the token's path. */
function allMounted(list: readonly Container[] | undefined): boolean {
  if (list !== undefined) for (let i = 0; i < list.length; i++) if (!mountsToken(list[i]!)) return false;
  return true;
}
