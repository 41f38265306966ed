/**
 * What the path of a `kubectl get|delete --raw URI` (raw-uri.ts) names in the API server's REST
 * tree (the apiserver's `RequestInfoFactory.NewRequestInfo` for resource paths): `/api/v1/...`
 * for the core group, `/apis/GROUP/VERSION/...` for the others, then
 * `namespaces/NS/RESOURCE[/NAME[/SUBRESOURCE]]`, or `RESOURCE[/NAME[/SUBRESOURCE]]` for a
 * cluster-scoped resource and for a namespaced one across all namespaces (a collection only).
 *
 * Only the resources the playground serves are found; paths outside that tree (discovery, a
 * query string, `/version`) are the caller's to judge.
 */
import { RESOURCES, type ResourceInfo } from '../../sim/apiserver/resources.js';

/** One resource path: a collection (no name), an object, or a subresource of one. */
export interface RawResourcePath {
  readonly info: ResourceInfo;
  /** The namespace the path names; '' for a cluster-scoped resource or a list across namespaces. */
  readonly namespace: string;
  readonly name?: string;
  readonly subresource?: string;
}

/**
 * The resource path `path` names (without a query string), or undefined when it is not one of
 * the resources the playground serves, at the version it serves them.
 */
export function parseResourcePath(path: string): RawResourcePath | undefined {
  const parts = path.split('/');
  if (parts[0] !== '' || parts.slice(1).some((p) => p === '')) return undefined;
  const segments = parts.slice(1);
  let group: string;
  let rest: string[];
  if (segments[0] === 'api' && segments.length >= 2) {
    group = '';
    rest = segments.slice(1);
  } else if (segments[0] === 'apis' && segments.length >= 3) {
    group = segments[1]!;
    rest = segments.slice(2);
  } else return undefined;
  const [version, ...tail] = rest as [string, ...string[]];
  const served = RESOURCES.filter((r) => r.group === group && r.version === version);
  const find = (resource: string | undefined) => served.find((r) => r.resource === resource);
  // namespaces/NS/RESOURCE/...: a namespaced resource in NS (the namespace object itself otherwise).
  const inNamespace = tail[0] === 'namespaces' && tail.length >= 3 ? find(tail[2]) : undefined;
  if (inNamespace?.namespaced) return withName(inNamespace, tail[1]!, tail.slice(3));
  const info = find(tail[0]);
  if (!info || (info.namespaced && tail.length > 1)) return undefined;
  return withName(info, '', tail.slice(1));
}

/** The object and subresource after the resource: `NAME`, `NAME/SUBRESOURCE`, or nothing (the collection). */
function withName(info: ResourceInfo, namespace: string, after: readonly string[]): RawResourcePath | undefined {
  if (after.length > 2) return undefined;
  const [name, subresource] = after;
  return { info, namespace, ...(name !== undefined ? { name } : {}), ...(subresource !== undefined ? { subresource } : {}) };
}
