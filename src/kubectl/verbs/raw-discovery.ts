/**
 * The discovery documents the API server answers a plain GET with (apiserver `endpoints/discovery`:
 * `legacyRootAPIHandler` for `/api`, `APIVersionHandler` for `/api/v1` and `/apis/G/V`,
 * `APIGroupHandler` for `/apis/G`, and kube-aggregator's `apisHandler` for `/apis`), over the
 * resources the playground serves (the table `kubectl api-resources` lists).
 *
 * - Field order is the metav1 structs' (`APIVersions`, `APIGroupList`, `APIGroup`,
 *   `APIResourceList`, `APIResource`): TypeMeta first, `omitempty` fields left out when empty.
 * - The legacy core documents (`/api`, `/api/v1`) carry `kind` without `apiVersion`; the group
 *   ones carry both (`"apiVersion":"v1"`), as a real server's do.
 * - Each resource lists its verbs, short names, categories and `storageVersionHash`
 *   (`discovery.StorageVersionHash`: base64 of the first 8 bytes of sha256("group/version/Kind")),
 *   then its status subresource, if it has one, named `RESOURCE/status` with an empty
 *   singularName and the verbs get, patch, update. Resources are sorted by name, subresources
 *   after their resource, as the installer registers them.
 * - Groups are in kube-aggregator's priority order (`apiVersionPriorities`: apps 17800,
 *   scheduling.k8s.io 16600).
 *
 * A real server lists many more resources (configmaps, services, pods/log, pods/eviction, ...);
 * these are the ones the playground stores and serves with GET.
 */
import type { Kind } from '../../sim/api/types.js';
import { RESOURCES, type ResourceInfo } from '../../sim/apiserver/resources.js';
import { WITH_STATUS } from './subresource.js';

/** Where the API server listens: a kubeadm control plane at the first address of the machines' network (they start at 10.0.0.2). */
const API_SERVER_ADDRESS = '10.0.0.1:6443';

/** `discovery.StorageVersionHash(group, version, kind)` of each kind's storage version. */
const STORAGE_VERSION_HASH: Readonly<Record<Kind, string>> = {
  Pod: 'xPOwRZ+Yhw8=',
  Node: 'XwShjMxG9Fs=',
  Namespace: 'Q3oi5N2YM8M=',
  Event: 'r2yiGXH7wu8=',
  DaemonSet: 'dd7pWHUlMKQ=',
  ControllerRevision: '85nkx63pcBU=',
  PriorityClass: '1QwjyaZjj3Y=',
};

/** The API groups in /apis order (kube-aggregator's group priorities, highest first). */
const GROUP_ORDER = ['apps', 'scheduling.k8s.io'];

/** The verbs of a status subresource (`rest.Updater` and `rest.Patcher` of the status store, and get). */
const STATUS_VERBS = ['get', 'patch', 'update'];

/** `group/version`, or `version` for the core group. */
function groupVersionOf(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** The served versions of `group` (one each here). */
function versionsOf(group: string): string[] {
  return [...new Set(RESOURCES.filter((r) => r.group === group).map((r) => r.version))];
}

/** `metav1.APIResource` of a resource, then of its status subresource. */
function apiResources(r: ResourceInfo): Record<string, unknown>[] {
  const main: Record<string, unknown> = { name: r.resource, singularName: r.singular, namespaced: r.namespaced, kind: r.kind, verbs: r.verbs };
  if (r.shortNames.length > 0) main['shortNames'] = r.shortNames;
  if (r.categories.length > 0) main['categories'] = r.categories;
  main['storageVersionHash'] = STORAGE_VERSION_HASH[r.kind];
  const status = { name: `${r.resource}/status`, singularName: '', namespaced: r.namespaced, kind: r.kind, verbs: STATUS_VERBS };
  return WITH_STATUS.has(r.kind) ? [main, status] : [main];
}

/** `metav1.GroupVersionForDiscovery` entries and the preferred one of an API group. */
function groupDocument(group: string): Record<string, unknown> {
  const versions = versionsOf(group).map((v) => ({ groupVersion: groupVersionOf(group, v), version: v }));
  return { name: group, versions, preferredVersion: versions[0] };
}

/**
 * The discovery document at `path` (no trailing slash), or undefined when the path is none:
 * `/api`, `/api/v1`, `/apis`, `/apis/GROUP`, `/apis/GROUP/VERSION`.
 */
export function discoveryDocument(path: string): Record<string, unknown> | undefined {
  if (path === '/api') {
    return { kind: 'APIVersions', versions: versionsOf(''), serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: API_SERVER_ADDRESS }] };
  }
  if (path === '/apis') return { kind: 'APIGroupList', apiVersion: 'v1', groups: GROUP_ORDER.map(groupDocument) };
  const core = /^\/api\/([^/]+)$/.exec(path);
  const named = /^\/apis\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  const group = core ? '' : named?.[1];
  const version = core ? core[1]! : named?.[2];
  if (group === undefined || (group !== '' && !GROUP_ORDER.includes(group))) return undefined;
  if (version === undefined) return { kind: 'APIGroup', apiVersion: 'v1', ...groupDocument(group) };
  if (!versionsOf(group).includes(version)) return undefined;
  const resources = RESOURCES.filter((r) => r.group === group && r.version === version)
    .sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0))
    .flatMap(apiResources);
  const typeMeta = group === '' ? { kind: 'APIResourceList' } : { kind: 'APIResourceList', apiVersion: 'v1' };
  return { ...typeMeta, groupVersion: groupVersionOf(group, version), resources };
}

/** The paths the root (`GET /`) lists: discovery, health and version, sorted. */
export function rootPaths(): string[] {
  const groups = GROUP_ORDER.flatMap((g) => [`/apis/${g}`, ...versionsOf(g).map((v) => `/apis/${g}/${v}`)]);
  const paths = ['/api', ...versionsOf('').map((v) => `/api/${v}`), '/apis', '/apis/', ...groups, '/healthz', '/livez', '/readyz', '/version'];
  return paths.sort();
}
