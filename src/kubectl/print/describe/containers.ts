/**
 * The `Containers:` section of describe.go: `describeContainers`, `describeContainerBasicInfo`
 * (ports, host ports), `describeContainerCommand`, `describeContainerState` / `describeStatus`,
 * `describeResources`, `describeContainerProbe` / `DescribeProbe`, `describeContainerEnvVars`
 * and `describeContainerVolumes`. Used for pods (with statuses) and pod templates (without).
 */
import type { Container, ContainerPort, ContainerState, ContainerStatus, ResourceRequirements } from '../../../sim/api/types.js';
import { goQuote } from '../../../sim/api/goquote.js';
import { byteOrder, quantityText, rfc1123z } from '../go-format.js';
import { describeProbe } from './probe.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './writer.js';

/** An env var as written (`value`, or `valueFrom` with one of its sources). */
export interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: {
    readonly fieldRef?: { readonly apiVersion?: string; readonly fieldPath: string };
    readonly resourceFieldRef?: { readonly resource: string };
    readonly secretKeyRef?: { readonly name: string; readonly key: string; readonly optional?: boolean };
    readonly configMapKeyRef?: { readonly name: string; readonly key: string; readonly optional?: boolean };
  };
}

/** Resolves a `fieldRef` env var against the pod (`EnvValueRetriever`); absent for templates. */
export type EnvResolver = (fieldPath: string) => string;

function portList(ports: readonly ContainerPort[] | undefined, host: boolean): string {
  return (ports ?? [])
    .map((p) => {
      const text = `${host ? (p.hostPort ?? 0) : p.containerPort}/${p.protocol ?? 'TCP'}`;
      return p.name ? `${text} (${p.name})` : text;
    })
    .join(', ');
}

/** `describeResources`: Limits then Requests, names sorted, canonical quantities. */
export function describeResources(res: ResourceRequirements | undefined, w: PrefixWriter, level: number): void {
  for (const [title, list] of [['Limits', res?.limits], ['Requests', res?.requests]] as const) {
    const names = Object.keys(list ?? {}).sort(byteOrder);
    if (names.length > 0) w.write(level, `${title}:\n`);
    for (const n of names) w.write(level + 1, `${n}:\t${quantityText(list![n]!)}\n`);
  }
}

/** `describeStatus`. */
function describeStatus(name: string, state: ContainerState | undefined, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${name}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${rfc1123z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${name}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode}\n`);
    const signal = (t as { signal?: number }).signal;
    if (signal && signal > 0) w.write(LEVEL_3, `Signal:\t${signal}\n`);
    w.write(LEVEL_3, `Started:\t${rfc1123z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${rfc1123z(t.finishedAt)}\n`);
  } else w.write(LEVEL_2, `${name}:\tWaiting\n`);
}

function describeEnv(c: Container, resolve: EnvResolver | undefined, w: PrefixWriter): void {
  const env = (c.env ?? []) as readonly EnvVar[];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    const from = e.valueFrom;
    if (!from) {
      (e.value ?? '').split('\n').forEach((line, i) => w.write(LEVEL_3, i === 0 ? `${e.name}:\t${line}\n` : `\t${line}\n`));
    } else if (from.fieldRef) {
      const value = resolve ? resolve(from.fieldRef.fieldPath) : '';
      w.write(LEVEL_3, `${e.name}:\t${value} (${from.fieldRef.apiVersion ?? 'v1'}:${from.fieldRef.fieldPath})\n`);
    } else if (from.resourceFieldRef) {
      w.write(LEVEL_3, `${e.name}:\t (${from.resourceFieldRef.resource})\n`);
    } else if (from.secretKeyRef) {
      const r = from.secretKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${r.key}' in secret '${r.name}'>\tOptional: ${r.optional === true}\n`);
    } else if (from.configMapKeyRef) {
      const r = from.configMapKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${r.key}' of config map '${r.name}'>\tOptional: ${r.optional === true}\n`);
    }
  }
}

function describeMounts(c: Container, w: PrefixWriter): void {
  const mounts = [...(c.volumeMounts ?? [])].sort((a, b) => byteOrder(a.mountPath, b.mountPath));
  w.write(LEVEL_2, `Mounts:${mounts.length === 0 ? '\t<none>' : ''}\n`);
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    const sub = (m as { subPath?: string }).subPath;
    if (sub) flags.push(`path=${goQuote(sub)}`);
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
}

/** `describeContainers(label, containers, statuses, resolver, w, space)`. */
export function describeContainers(
  label: string,
  containers: readonly Container[],
  statuses: readonly ContainerStatus[] | undefined,
  resolve: EnvResolver | undefined,
  w: PrefixWriter,
  space: string,
): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s] as const));
  w.write(LEVEL_0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
  for (const c of containers) {
    const status = byName.get(c.name);
    w.write(LEVEL_1, `${space ? ' ' : ''}${c.name}:\n`);
    if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
    w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`);
    if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
    const ports = portList(c.ports, false);
    w.write(LEVEL_2, ports.includes(',') ? `Ports:\t${ports}\n` : `Port:\t${ports || '<none>'}\n`);
    const hostPorts = portList(c.ports, true);
    w.write(LEVEL_2, hostPorts.includes(',') ? `Host Ports:\t${hostPorts}\n` : `Host Port:\t${hostPorts || '<none>'}\n`);
    for (const [title, words] of [['Command', c.command], ['Args', c.args]] as const) {
      if (!words || words.length === 0) continue;
      w.write(LEVEL_2, `${title}:\n`);
      for (const word of words) for (const line of word.split('\n')) w.write(LEVEL_3, `${line}\n`);
    }
    if (status) {
      describeStatus('State', status.state, w);
      if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
      w.write(LEVEL_2, `Ready:\t${status.ready ? 'True' : 'False'}\n`);
      w.write(LEVEL_2, `Restart Count:\t${status.restartCount}\n`);
    }
    describeResources(c.resources, w, LEVEL_2);
    if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
    if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
    if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
    describeEnv(c, resolve, w);
    describeMounts(c, w);
  }
}
