/**
 * core/v1 defaulting of pod specs (`pkg/apis/core/v1/defaults.go` and the generated
 * `zz_generated.defaults.go`): what a real API server fills in, so `kubectl get -o yaml` shows
 * the same fields as on a cluster.
 *
 * `defaultPodSpec` is applied to pod templates and pods alike: `SetDefaults_PodSpec` (dnsPolicy,
 * restartPolicy, securityContext, terminationGracePeriodSeconds, schedulerName),
 * `SetDefaults_Container` (imagePullPolicy, terminationMessagePath/Policy, and the always-present
 * empty `resources`), port protocol TCP, `SetDefaults_Probe`, `SetDefaults_HTTPGetAction`,
 * `SetDefaults_Volume` (emptyDir when no source), hostPath type "", the 0644 defaultMode of
 * secret/configMap/downwardAPI/projected volumes and `SetDefaults_ObjectFieldSelector`.
 * `defaultPodOnly` is `SetDefaults_Pod`: requests copied from limits, enableServiceLinks, and
 * hostPort = containerPort under hostNetwork. It does not apply to templates.
 *
 * Every function returns new objects; the input is never modified. The defaulted containers of a
 * list are computed once per list object and shared (stored objects are never mutated).
 */
import type { Container, PodSpec, Probe, Volume } from '../../api/types.js';
import { identityMemo } from '../../memo.js';
import { imagePullPolicyFor } from './image.js';

/** A fresh copy being built, before it is shared (objects are readonly once made). */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Obj = Record<string, unknown>;

const DEFAULT_MODE = 0o644;

export function defaultPodSpec(spec: PodSpec): PodSpec {
  // Copied by Object.assign, not a spread, here and in defaultPodOnly: a spread's copy took a
  // hidden class made afresh per template, and each threw away the optimised pod create path.
  // (They differ only for an own `__proto__`, a field the request decoder never lets through.)
  const s: Mutable<PodSpec> = Object.assign({}, spec);
  s.containers = defaultContainers(spec.containers ?? NO_CONTAINERS);
  if (spec.initContainers) s.initContainers = spec.initContainers.map(defaultContainer);
  if (spec.volumes) s.volumes = spec.volumes.map(defaultVolume);
  if (!s.dnsPolicy) s.dnsPolicy = 'ClusterFirst';
  if (!s.restartPolicy) s.restartPolicy = 'Always';
  if (!s.securityContext) s.securityContext = {};
  if (s.terminationGracePeriodSeconds === undefined || s.terminationGracePeriodSeconds === null) s.terminationGracePeriodSeconds = 30;
  if (!s.schedulerName) s.schedulerName = 'default-scheduler';
  return s;
}

/** `SetDefaults_Pod`: only for Pods (a template keeps its requests as written). */
export function defaultPodOnly(spec: PodSpec): PodSpec {
  const s: Mutable<PodSpec> = Object.assign({}, spec);
  s.containers = requestsFromLimitsAll(spec.containers ?? NO_CONTAINERS, spec.hostNetwork === true ? 'hostNetwork' : '');
  if (spec.initContainers) s.initContainers = spec.initContainers.map((c) => requestsFromLimits(c, spec.hostNetwork === true));
  if (s.enableServiceLinks === undefined || s.enableServiceLinks === null) s.enableServiceLinks = true;
  return s;
}

const NO_CONTAINERS: readonly Container[] = [];

/** `defaultContainer` over a list, once per list object (pods of one template share theirs). */
const defaultContainers = identityMemo((list: readonly Container[]): Container[] => list.map(defaultContainer));

/** `requestsFromLimits` over a list, once per list object and hostNetwork setting. */
const requestsFromLimitsAll = identityMemo((list: readonly Container[], hostNetwork: string): Container[] =>
  list.map((c) => requestsFromLimits(c, hostNetwork === 'hostNetwork')),
);

function requestsFromLimits(c: Container, hostNetwork: boolean): Container {
  let out: Container = c;
  const limits = c.resources?.limits;
  if (limits) {
    const requests = { ...(c.resources?.requests ?? {}) };
    for (const [k, v] of Object.entries(limits)) if (!(k in requests)) requests[k] = v;
    out = { ...out, resources: { ...c.resources, requests } };
  }
  if (hostNetwork && c.ports) {
    out = { ...out, ports: c.ports.map((p) => (p.hostPort ? p : { ...p, hostPort: p.containerPort })) };
  }
  return out;
}

function defaultContainer(c: Container): Container {
  const out: Obj = { ...c };
  if (!out['imagePullPolicy']) out['imagePullPolicy'] = imagePullPolicyFor(c.image ?? '');
  if (!out['terminationMessagePath']) out['terminationMessagePath'] = '/dev/termination-log';
  if (!out['terminationMessagePolicy']) out['terminationMessagePolicy'] = 'File';
  if (!out['resources']) out['resources'] = {};
  if (c.ports) out['ports'] = c.ports.map((p) => (p.protocol ? p : { ...p, protocol: 'TCP' }));
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
    if (c[probe]) out[probe] = defaultProbe(c[probe]);
  }
  if (Array.isArray(c.env)) out['env'] = c.env.map(defaultEnvVar);
  return out as unknown as Container;
}

function defaultProbe(p: Probe): Probe {
  const out: Obj = { ...p };
  if (!out['timeoutSeconds']) out['timeoutSeconds'] = 1;
  if (!out['periodSeconds']) out['periodSeconds'] = 10;
  if (!out['successThreshold']) out['successThreshold'] = 1;
  if (!out['failureThreshold']) out['failureThreshold'] = 3;
  const http = p.httpGet as Obj | undefined;
  if (http && typeof http === 'object') out['httpGet'] = { ...http, path: http['path'] || '/', scheme: http['scheme'] || 'HTTP' };
  const grpc = p.grpc as Obj | undefined;
  if (grpc && typeof grpc === 'object' && grpc['service'] === undefined) out['grpc'] = { ...grpc, service: '' };
  return out as Probe;
}

function defaultEnvVar(e: unknown): unknown {
  const fieldRef = (e as { valueFrom?: { fieldRef?: Obj } })?.valueFrom?.fieldRef;
  if (!fieldRef || fieldRef['apiVersion']) return e;
  const env = e as Obj & { valueFrom: Obj };
  return { ...env, valueFrom: { ...env.valueFrom, fieldRef: { apiVersion: 'v1', ...fieldRef } } };
}

const SOURCE_KEYS = [
  'emptyDir', 'hostPath', 'gitRepo', 'gcePersistentDisk', 'awsElasticBlockStore', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'flocker', 'persistentVolumeClaim', 'rbd', 'cinder', 'cephfs', 'quobyte', 'downwardAPI', 'fc', 'flexVolume', 'configMap',
  'azureFile', 'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'storageos', 'projected', 'scaleIO',
  'csi', 'ephemeral', 'image',
];

function defaultVolume(v: Volume): Volume {
  const out: Obj = { ...v };
  if (!SOURCE_KEYS.some((k) => out[k] !== undefined && out[k] !== null)) out['emptyDir'] = {};
  const hostPath = out['hostPath'] as Obj | undefined;
  if (hostPath && hostPath['type'] === undefined) out['hostPath'] = { ...hostPath, type: '' };
  for (const k of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    const src = out[k] as Obj | undefined;
    if (src && typeof src === 'object' && src['defaultMode'] === undefined) out[k] = { ...src, defaultMode: DEFAULT_MODE };
  }
  return out as unknown as Volume;
}
