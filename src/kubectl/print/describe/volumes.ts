/**
 * The `Volumes:` section of describe.go: `describeVolumes` with the printers of the volume
 * sources the playground's pods use (`printHostPathVolumeSource`, `printEmptyDirVolumeSource`,
 * `printConfigMapVolumeSource`, `printSecretVolumeSource`, `printProjectedVolumeSource`,
 * `printDownwardAPIVolumeSource`).
 */
import type { Volume } from '../../../sim/api/types.js';
import { quantityText } from '../go-format.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './writer.js';

interface Named {
  readonly name?: string;
  readonly secretName?: string;
  readonly optional?: boolean;
}

function source(v: Volume, w: PrefixWriter): void {
  if (v.hostPath) {
    const type = v.hostPath.type === undefined ? '<none>' : v.hostPath.type;
    w.write(LEVEL_2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${v.hostPath.path}\n    HostPathType:\t${type}\n`);
  } else if (v.emptyDir) {
    const medium = (v.emptyDir['medium'] as string | undefined) ?? '';
    const limit = v.emptyDir['sizeLimit'] as string | number | undefined;
    const size = limit !== undefined && quantityText(limit) !== '0' ? quantityText(limit) : '<unset>';
    w.write(LEVEL_2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${medium}\n    SizeLimit:\t${size}\n`);
  } else if (v.secret) {
    const s = v.secret as Named;
    w.write(LEVEL_2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${s.secretName ?? ''}\n    Optional:\t${s.optional === true}\n`);
  } else if (v.configMap) {
    const c = v.configMap as Named;
    w.write(LEVEL_2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${c.name ?? ''}\n    Optional:\t${c.optional === true}\n`);
  } else if (v.projected) {
    w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
    const sources = ((v.projected as { sources?: readonly Record<string, unknown>[] }).sources ?? []) as readonly Record<string, Named & { expirationSeconds?: number }>[];
    for (const s of sources) {
      // `Optional` is a *bool printed with %v: `<nil>` when unset (the kube-api-access volume).
      if (s['secret']) w.write(LEVEL_2, `SecretName:\t${s['secret'].name ?? ''}\n    SecretOptionalName:\t${s['secret'].optional ?? '<nil>'}\n`);
      else if (s['downwardAPI']) w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
      else if (s['configMap']) w.write(LEVEL_2, `ConfigMapName:\t${s['configMap'].name ?? ''}\n    ConfigMapOptional:\t${s['configMap'].optional ?? '<nil>'}\n`);
      else if (s['serviceAccountToken']) w.write(LEVEL_2, `TokenExpirationSeconds:\t${s['serviceAccountToken'].expirationSeconds ?? 3607}\n`);
    }
  } else if (v.downwardAPI) {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
    const items = (v.downwardAPI as { items?: readonly { path: string; fieldRef?: { fieldPath: string }; resourceFieldRef?: { resource: string } }[] }).items ?? [];
    for (const it of items) {
      if (it.fieldRef) w.write(LEVEL_3, `${it.fieldRef.fieldPath} -> ${it.path}\n`);
      if (it.resourceFieldRef) w.write(LEVEL_3, `${it.resourceFieldRef.resource} -> ${it.path}\n`);
    }
  } else w.write(LEVEL_1, '<unknown>\n');
}

/** `describeVolumes(volumes, w, space)`. */
export function describeVolumes(volumes: readonly Volume[] | undefined, w: PrefixWriter, space: string): void {
  if (!volumes || volumes.length === 0) return w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const v of volumes) {
    w.write(LEVEL_1, `${space ? ' ' : ''}${v.name}:\n`);
    source(v, w);
  }
}
