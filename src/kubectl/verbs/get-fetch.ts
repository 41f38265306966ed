/**
 * What `kubectl get` asks the API server for: the lists or named objects of the resource
 * arguments, filtered by `-l` and `--field-selector` as the server filters them, with the errors
 * the server (and cli-runtime's `EnhanceListError`) would return.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { badRequest, notFound, type StatusError } from '../../sim/apiserver/errors.js';
import { qualifiedResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { Store } from '../../sim/store/store.js';
import { serverError } from '../result.js';
import { matchesFields, parseFieldSelector, unsupportedField } from './field-selector.js';
import type { ResourceRequest } from './resource-args.js';

export interface FetchQuery {
  readonly requests: readonly ResourceRequest[];
  /** The namespace, or undefined for `-A`. */
  readonly namespace: string | undefined;
  readonly labelSelector: string;
  readonly fieldSelector: string;
}

/** One printed unit: a whole list of a type, or one named object. */
export interface FetchedGroup {
  readonly info: ResourceInfo;
  readonly objects: readonly ApiObject[];
  /** True for a list request (printed even when empty). */
  readonly list: boolean;
}

export interface Fetched {
  readonly groups: readonly FetchedGroup[];
  /** Error lines, each as kubectl prints it. */
  readonly errors: readonly string[];
}

/** `schema.GroupVersionResource.String()`: `apps/v1, Resource=daemonsets` (`/v1, Resource=pods` for the core group). */
export function gvr(info: ResourceInfo): string {
  return `${info.group}/${info.version}, Resource=${info.resource}`;
}

/** The API server's BadRequest for a list whose label or field selector it cannot use, as cli-runtime's `EnhanceListError` rewords it. */
export function listSelectorError(info: ResourceInfo, labelSelector: string, fieldSelector: string, message: string): StatusError {
  return badRequest(`Unable to find "${gvr(info)}" that match label selector "${labelSelector}", field selector "${fieldSelector}": ${message}`);
}

function listError(info: ResourceInfo, q: FetchQuery, message: string): string {
  return serverError(listSelectorError(info, q.labelSelector, q.fieldSelector, message));
}

/**
 * What the list handler makes of the selectors of a list of `kind` (`ListOptions` conversion, then
 * the field labels the kind's registry supports): which objects match, or the BadRequest message.
 */
export function listFilter(kind: Kind, labelSelector: string, fieldSelector: string): ((o: ApiObject) => boolean) | { error: string } {
  const labels = parseSelector(labelSelector);
  if ('error' in labels) return labels;
  const fields = parseFieldSelector(fieldSelector);
  if ('error' in fields) return fields;
  const unsupported = unsupportedField(kind, fields);
  if (unsupported) return { error: unsupported };
  return (o) => labels.matches(o.metadata.labels) && matchesFields(o, fields);
}

export function fetch(store: Store, q: FetchQuery): Fetched {
  const groups: FetchedGroup[] = [];
  const errors: string[] = [];
  for (const req of q.requests) {
    const kind = req.info.kind as Kind;
    const ns = req.info.namespaced ? (q.namespace ?? undefined) : undefined;
    if (req.name !== undefined) {
      const obj = store.get(kind, req.info.namespaced ? (q.namespace ?? '') : '', req.name);
      if (obj) groups.push({ info: req.info, objects: [obj], list: false });
      else errors.push(`Error from server (NotFound): ${notFound(qualifiedResource(kind), req.name).message}`);
      continue;
    }
    const matches = listFilter(kind, q.labelSelector, q.fieldSelector);
    if ('error' in matches) {
      errors.push(listError(req.info, q, matches.error));
      continue;
    }
    groups.push({ info: req.info, objects: store.list(kind, ns).filter(matches), list: true });
  }
  return { groups, errors };
}
