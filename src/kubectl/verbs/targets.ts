/**
 * Which objects a mutating verb (`delete`, `label`, `annotate`, `patch`, `set image`) acts on:
 * kubectl's resource builder (`cli-runtime` `Builder.ResourceTypeOrNameArgs`, `LabelSelectorParam`,
 * `SelectAllParam`, `NamespaceParam(...).DefaultNamespace()`), reduced to the kinds the playground
 * stores. Arguments are `TYPE NAME...` or `TYPE/NAME...`; `-l SELECTOR` or `--all` pick every
 * matching object of TYPE in the namespace.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { notFound, type StatusError } from '../../sim/apiserver/errors.js';
import { qualifiedResource, resolveResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { matchesFields, parseFieldSelector, unsupportedField } from './field-selector.js';
import { listSelectorError } from './get-fetch.js';
import { noResourceType } from './resource-args.js';
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
  readonly all?: boolean;
  /** `-A`: selectors and `--all` look in every namespace. */
  readonly allNamespaces?: boolean;
}

/**
 * Resolves `TYPE NAME...`, `TYPE/NAME...`, `TYPE -l SEL` and `TYPE --all` into targets, in
 * argument order (selector and `--all` results in name order). Returns kubectl's error text for
 * malformed arguments.
 */
export function resolveTargets(ctx: VerbContext, q: TargetQuery): Target[] | { error: string } {
  const { args } = q;
  if (args.length === 0) return [];
  if (args.some((a) => a.includes('/'))) {
    if (!args.every((a) => a.includes('/'))) {
      return {
        error:
          "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
      };
    }
    const out: Target[] = [];
    for (const a of args) {
      const slash = a.indexOf('/');
      const name = a.slice(slash + 1);
      if (!name) return { error: `error: arguments in resource/name form must have a single resource and name` };
      const info = resolveType(a.slice(0, slash));
      if ('error' in info) return info;
      out.push(lookup(ctx, info, q.namespace, name));
    }
    return out;
  }
  const infos: ResourceInfo[] = [];
  for (const t of args[0]!.split(',')) {
    const info = resolveType(t);
    if ('error' in info) return info;
    infos.push(info);
  }
  const names = args.slice(1);
  if (names.length > 0) {
    if (q.selector || q.fieldSelector || q.all) return { error: 'error: name cannot be provided when a selector is specified' };
    return infos.flatMap((info) => names.map((n) => lookup(ctx, info, q.namespace, n)));
  }
  if (!q.selector && !q.fieldSelector && !q.all) return { error: 'error: resource(s) were provided, but no name was specified' };
  const parsedFields = parseFieldSelector(q.fieldSelector ?? '');
  let matches: (labels: Readonly<Record<string, string>> | undefined) => boolean = () => true;
  if (q.selector) {
    const sel = parseSelector(q.selector);
    if ('error' in sel) return { error: `error: ${sel.error}` };
    matches = sel.matches;
  }
  const out: Target[] = [];
  for (const info of infos) {
    const problem = 'error' in parsedFields ? parsedFields.error : unsupportedField(info.kind as Kind, parsedFields);
    if (problem !== undefined || 'error' in parsedFields) return { error: listSelectorError(info, q.selector ?? '', q.fieldSelector ?? '', problem ?? '') };
    const fields = parsedFields;
    const ns = info.namespaced && !q.allNamespaces ? q.namespace : undefined;
    for (const obj of ctx.cluster.store.list(info.kind as Kind, ns)) {
      if (matches(obj.metadata.labels) && matchesFields(obj, fields)) out.push({ info, namespace: obj.metadata.namespace ?? '', name: obj.metadata.name, obj });
    }
  }
  return out;
}
