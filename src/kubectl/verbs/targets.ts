/**
 * Which objects a mutating verb (`delete`, `scale`, `label`, `annotate`, `patch`, `set image`,
 * `wait`) acts on: kubectl's resource builder (`cli-runtime` `Builder.ResourceTypeOrNameArgs`,
 * `LabelSelectorParam`, `FieldSelectorParam`, `SelectAllParam`, `AllNamespaces`,
 * `NamespaceParam(...).DefaultNamespace()`, then `visitorResult`), reduced to the kinds the
 * playground stores. Arguments are `TYPE NAME...` or `TYPE/NAME...`; `-l SELECTOR`,
 * `--field-selector` or `--all` pick every matching object of each TYPE in the namespace.
 * A list the API server refuses (a selector it cannot use) fails alone: the builder visits the
 * lists one by one and keeps going (`EagerVisitorList`), so the other types are still acted on.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { notFound, type StatusError } from '../../sim/apiserver/errors.js';
import { qualifiedResource, resolveResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { checkErr, type CmdError } from './check-err.js';
import { listFilter, listSelectorError } from './get-fetch.js';
import { NAMED_ACROSS_NAMESPACES, noResourceType, requestsFor, resolveTypes, selectorRefusal, splitResourceArgs } from './resource-args.js';
import { flagString, type ParsedFlags } from '../flags.js';

/** One named object to act on; `obj` is absent when it does not exist. */
export interface Target {
  readonly info: ResourceInfo;
  readonly namespace: string;
  readonly name: string;
  readonly obj?: ApiObject;
  /** The NotFound error to report when `obj` is absent. */
  readonly missing?: StatusError;
}

/** The namespace a command works in: `-n`, else `default`. `explicit` is kubectl's enforceNamespace. */
export function commandNamespace(flags: ParsedFlags): { namespace: string; explicit: boolean } {
  const ns = flagString(flags, 'namespace');
  return ns ? { namespace: ns, explicit: true } : { namespace: 'default', explicit: false };
}

/** `the server doesn't have a resource type "x"` for a type the playground does not know. */
export function resolveType(text: string): ResourceInfo | { error: string } {
  return resolveResource(text) ?? { error: `error: ${noResourceType(text)}` };
}

/** Looks up one object by kind, namespace and name. */
export function lookup(ctx: VerbContext, info: ResourceInfo, namespace: string, name: string): Target {
  const ns = info.namespaced ? namespace : '';
  const obj = ctx.cluster.api.get(info.kind as Kind, ns, name);
  return obj ? { info, namespace: ns, name, obj } : { info, namespace: ns, name, missing: notFound(qualifiedResource(info.kind), name) };
}

export interface TargetQuery {
  readonly args: readonly string[];
  readonly namespace: string;
  readonly selector?: string;
  /** `--field-selector`, filtered as the API server filters a list. */
  readonly fieldSelector?: string;
  /**
   * `--all` of scale, set, wait, label and annotate (`ResourceTypeOrNameArgs(allowEmptySelector)`):
   * a lone type argument selects every object; after names or `TYPE/NAME` it does nothing.
   */
  readonly all?: boolean;
  /** `--all` of delete (`SelectAllParam`): a selector of everything, refused beside names as `-l` is. */
  readonly selectAll?: boolean;
  /** `-A`: selectors and `--all` look in every namespace; a name of a namespaced kind is refused. */
  readonly allNamespaces?: boolean;
}

/** What the builder visits: the objects, and the lists the API server refused. */
export interface TargetVisit {
  /** In argument order (a selection in each type's list order); a named object that does not exist carries its NotFound. */
  readonly targets: readonly Target[];
  /**
   * The BadRequest of each list whose selector the API server cannot use. The builder gathers
   * them while visiting (`EagerVisitorList`) and returns them after every object's own error,
   * nested as one aggregate (file-visit.ts `checkContinueOnError`).
   */
  readonly listErrors: readonly CmdError[];
}

/**
 * `Builder.visitorResult` over resource arguments: the argument errors, then with a selector (or
 * `--all`) `visitBySelector`'s refusals before any type is looked up and one list per type;
 * else the named objects, each type looked up first, then `-A` refused for a namespaced one
 * (`visitByResource`, `visitByName`); a bare type is `resource(s) were provided, but no name was
 * specified`. Returns the error `r.Err()` stops the command with (with `error: `); no arguments
 * with a selector are refused, without one they are no objects.
 */
export function visitTargets(ctx: VerbContext, q: TargetQuery): TargetVisit | { error: string } {
  const split = splitResourceArgs(q.args);
  if ('error' in split) return { error: `error: ${split.error}` };
  // LabelSelectorParam and FieldSelectorParam ignore blank selectors.
  const labelSelector = q.selector?.trim() ?? '';
  const fieldSelector = q.fieldSelector?.trim() ?? '';
  const everything = q.selectAll || (q.all && 'types' in split && split.names.length === 0);
  if (labelSelector || fieldSelector || everything) {
    const refused = selectorRefusal(split);
    if (refused) return { error: `error: ${refused}` };
    const infos = resolveTypes('types' in split ? split.types : '');
    if ('error' in infos) return { error: `error: ${infos.error}` };
    return selectLists(ctx, infos, q, labelSelector, fieldSelector);
  }
  // No arguments and no selector: the command reports the missing resources its own way.
  if (q.args.length === 0) return { targets: [], listErrors: [] };
  const parsed = requestsFor(split);
  if ('error' in parsed) return { error: `error: ${parsed.error}` };
  if (!parsed.named) return { error: 'error: resource(s) were provided, but no name was specified' };
  if (q.allNamespaces && parsed.requests.some((r) => r.info.namespaced)) return { error: `error: ${NAMED_ACROSS_NAMESPACES}` };
  return { targets: parsed.requests.map((r) => lookup(ctx, r.info, q.namespace, r.name!)), listErrors: [] };
}

/** One `Selector` per type (`NewSelector`): its list in the namespace (every namespace with `-A`), or the BadRequest it gets. */
function selectLists(ctx: VerbContext, infos: readonly ResourceInfo[], q: TargetQuery, labelSelector: string, fieldSelector: string): TargetVisit {
  const targets: Target[] = [];
  const listErrors: CmdError[] = [];
  for (const info of infos) {
    const matches = listFilter(info.kind as Kind, labelSelector, fieldSelector);
    if ('error' in matches) {
      listErrors.push({ status: listSelectorError(info, labelSelector, fieldSelector, matches.error) });
      continue;
    }
    const ns = info.namespaced && !q.allNamespaces ? q.namespace : undefined;
    for (const obj of ctx.cluster.store.list(info.kind as Kind, ns)) {
      if (matches(obj)) targets.push({ info, namespace: obj.metadata.namespace ?? '', name: obj.metadata.name, obj });
    }
  }
  return { targets, listErrors };
}

/**
 * `visitTargets` for a command that stops at the visit's errors (set image's `Infos()`): the
 * targets, or the refused lists' errors as `CheckErr` prints them (without the last newline).
 */
export function resolveTargets(ctx: VerbContext, q: TargetQuery): Target[] | { error: string } {
  const visit = visitTargets(ctx, q);
  if ('error' in visit) return visit;
  return visit.listErrors.length > 0 ? { error: checkErr(visit.listErrors).replace(/\n$/, '') } : [...visit.targets];
}
