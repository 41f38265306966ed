/**
 * `spec.volumes` validation: core `ValidateVolumes`, `validateVolumeSource` (exactly one source),
 * `validateHostPathVolumeSource`, `validateHostPathType`, `validatePathNoBacksteps` and the
 * required names of secret/configMap sources.
 *
 * Returns the names of the valid volumes too, because container `volumeMounts` must name one.
 * Sources the model does not simulate (nfs, csi, ...) are only counted, not checked.
 */
import type { Volume } from '../../api/types.js';
import { isDNS1123Label } from '../../api/name-validation.js';
import { child, duplicate, forbidden, goValue, index, invalid, required, unsupported, type FieldError } from './field.js';

/** Every volume source, in the order upstream checks them. */
const SOURCES = [
  'emptyDir', 'hostPath', 'gitRepo', 'gcePersistentDisk', 'awsElasticBlockStore', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'flocker', 'persistentVolumeClaim', 'rbd', 'cinder', 'cephfs', 'quobyte', 'downwardAPI', 'fc', 'flexVolume', 'configMap',
  'azureFile', 'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'storageos', 'projected', 'scaleIO',
  'csi', 'ephemeral', 'image',
] as const;

/** `supportedHostPathTypes`, sorted as `sets.List` returns them. */
export const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'] as const;

const FILE_MODE_ERROR = 'must be a number between 0 and 0777 (octal), both inclusive';

export function validateVolumes(volumes: readonly Volume[] | undefined, path: string): { names: Set<string>; errors: FieldError[] } {
  const names = new Set<string>();
  const errors: FieldError[] = [];
  (volumes ?? []).forEach((vol, i) => {
    const p = index(path, i);
    const el = validateVolumeSource(vol as unknown as Record<string, unknown>, p);
    const name = vol.name ?? '';
    if (name.length === 0) el.push(required(child(p, 'name')));
    else for (const msg of isDNS1123Label(name)) el.push(invalid(child(p, 'name'), goValue(name), msg));
    if (names.has(name)) el.push(duplicate(child(p, 'name'), goValue(name)));
    if (el.length === 0) names.add(name);
    else errors.push(...el);
  });
  return { names, errors };
}

function validateVolumeSource(vol: Record<string, unknown>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const src of SOURCES) {
    const value = vol[src];
    if (value === undefined || value === null) continue;
    if (count > 0) {
      errs.push(forbidden(child(path, src), 'may not specify more than 1 volume type'));
      continue;
    }
    count++;
    errs.push(...validateSource(src, value as Record<string, unknown>, child(path, src)));
  }
  if (count === 0) errs.push(required(path, 'must specify a volume type'));
  return errs;
}

function validateSource(src: (typeof SOURCES)[number], s: Record<string, unknown>, path: string): FieldError[] {
  switch (src) {
    case 'hostPath':
      return validateHostPath(s, path);
    case 'secret':
      return [...(s['secretName'] ? [] : [required(child(path, 'secretName'))]), ...fileMode(s['defaultMode'], child(path, 'defaultMode'))];
    case 'configMap':
      return [...(s['name'] ? [] : [required(child(path, 'name'))]), ...fileMode(s['defaultMode'], child(path, 'defaultMode'))];
    case 'downwardAPI':
    case 'projected':
      return fileMode(s['defaultMode'], child(path, 'defaultMode'));
    default:
      return [];
  }
}

/** `validateHostPathVolumeSource`: path required, no `..` step, a supported type. */
function validateHostPath(s: Record<string, unknown>, path: string): FieldError[] {
  const hostPath = typeof s['path'] === 'string' ? s['path'] : '';
  if (hostPath.length === 0) return [required(child(path, 'path'))];
  const errs: FieldError[] = [];
  if (hostPath.split('/').includes('..')) errs.push(invalid(child(path, 'path'), goValue(hostPath), "must not contain '..'"));
  const type = s['type'];
  if (type !== undefined && type !== null && !(HOST_PATH_TYPES as readonly string[]).includes(String(type))) {
    errs.push(unsupported(child(path, 'type'), goValue(String(type)), HOST_PATH_TYPES));
  }
  return errs;
}

function fileMode(mode: unknown, path: string): FieldError[] {
  if (typeof mode !== 'number' || (mode >= 0 && mode <= 0o777)) return [];
  return [invalid(path, goValue(mode), FILE_MODE_ERROR)];
}
