/**
 * How each kind is named by the API: group, version, plural resource and short names. Used for
 * error messages (`daemonsets.apps "x" not found`), kubectl output (`daemonset.apps/x created`)
 * and for resolving what a learner types (`ds`, `po`, `no`).
 */
import type { Kind } from '../api/types.js';

export interface ResourceInfo {
  readonly kind: Kind;
  readonly group: string;
  readonly version: string;
  /** Plural lower-case resource name, e.g. `daemonsets`. */
  readonly resource: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly namespaced: boolean;
  /** The verbs discovery lists for the resource (`kubectl api-resources -o wide`). */
  readonly verbs: readonly string[];
  /** Discovery categories: `all` is what `kubectl get all` expands to. */
  readonly categories: readonly string[];
}

/** What a real API server lets every resource here do; namespaces lack deletecollection. */
const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export const RESOURCES: readonly ResourceInfo[] = [
  { kind: 'Pod', group: '', version: 'v1', resource: 'pods', singular: 'pod', shortNames: ['po'], namespaced: true, verbs: VERBS, categories: ['all'] },
  { kind: 'Node', group: '', version: 'v1', resource: 'nodes', singular: 'node', shortNames: ['no'], namespaced: false, verbs: VERBS, categories: [] },
  {
    kind: 'Namespace',
    group: '',
    version: 'v1',
    resource: 'namespaces',
    singular: 'namespace',
    shortNames: ['ns'],
    namespaced: false,
    verbs: VERBS.filter((v) => v !== 'deletecollection'),
    categories: [],
  },
  { kind: 'Event', group: '', version: 'v1', resource: 'events', singular: 'event', shortNames: ['ev'], namespaced: true, verbs: VERBS, categories: [] },
  { kind: 'DaemonSet', group: 'apps', version: 'v1', resource: 'daemonsets', singular: 'daemonset', shortNames: ['ds'], namespaced: true, verbs: VERBS, categories: ['all'] },
  {
    kind: 'ControllerRevision',
    group: 'apps',
    version: 'v1',
    resource: 'controllerrevisions',
    singular: 'controllerrevision',
    shortNames: [],
    namespaced: true,
    verbs: VERBS,
    categories: [],
  },
  {
    kind: 'PriorityClass',
    group: 'scheduling.k8s.io',
    version: 'v1',
    resource: 'priorityclasses',
    singular: 'priorityclass',
    shortNames: ['pc'],
    namespaced: false,
    verbs: VERBS,
    categories: [],
  },
];

const BY_KIND = new Map(RESOURCES.map((r) => [r.kind, r]));

export function resourceInfo(kind: Kind): ResourceInfo {
  return BY_KIND.get(kind)!;
}

/** `daemonsets.apps`, `pods` — how the API names a resource in NotFound/AlreadyExists errors. */
export function qualifiedResource(kind: Kind): string {
  const r = resourceInfo(kind);
  return r.group ? `${r.resource}.${r.group}` : r.resource;
}

/** `DaemonSet.apps`, `Pod` — how the API names a kind in Invalid errors. */
export function qualifiedKind(kind: Kind): string {
  const r = resourceInfo(kind);
  return r.group ? `${r.kind}.${r.group}` : r.kind;
}

/** `daemonset.apps`, `pod` — the prefix kubectl prints before `/name`. */
export function kubectlKindPrefix(kind: Kind): string {
  const r = resourceInfo(kind);
  return r.group ? `${r.singular}.${r.group}` : r.singular;
}

/** `apps/v1`, `v1`. */
export function apiVersionOf(kind: Kind): string {
  const r = resourceInfo(kind);
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** Resolves what a learner types (`ds`, `daemonset`, `daemonsets`, `daemonsets.apps`, `pod`) to a kind. */
export function resolveResource(text: string): ResourceInfo | undefined {
  const t = text.toLowerCase();
  for (const r of RESOURCES) {
    const full = r.group ? [`${r.resource}.${r.group}`, `${r.singular}.${r.group}`] : [];
    if (t === r.resource || t === r.singular || t === r.kind.toLowerCase() || r.shortNames.includes(t) || full.includes(t)) return r;
  }
  return undefined;
}
