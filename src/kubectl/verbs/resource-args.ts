/**
 * The resource arguments of `kubectl get`, `describe`, `rollout` and (through targets.ts) the
 * mutating verbs: cli-runtime `Builder.ResourceTypeOrNameArgs` (`normalizeMultipleResourcesArgs`,
 * `hasCombinedTypeArgs`, `splitResourceTypeName`, `SplitResourceArgument`), then the checks and
 * type look-ups of `visitorResult`. `TYPE`, `TYPE NAME...`, `TYPE1,TYPE2 [NAME...]` or `TYPE/NAME...`.
 * `all` expands to the kinds of the `all` category the playground stores (pods, daemonsets).
 * Empty words between commas are dropped (kubectl would look up a type "").
 */
import { RESOURCES, resolveResource, type ResourceInfo } from '../../sim/apiserver/resources.js';

/** One request: every object of a type (`name` absent) or one named object. */
export interface ResourceRequest {
  readonly info: ResourceInfo;
  readonly name?: string;
}

export interface ResourceArgs {
  readonly requests: readonly ResourceRequest[];
  /** Names were given (TYPE NAME or TYPE/NAME): kubectl's `singleItemImplied` when exactly one. */
  readonly named: boolean;
}

/** `hasCombinedTypeArgs`' error for TYPE/NAME arguments mixed with bare words (without `error: `). */
export const SLASH_MIXED =
  "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'";

/** The line after kubectl's error for a resource or kind outside the playground's model. */
export const MODELLED = `This playground models ${RESOURCES.map((r) => r.resource).join(', ')} ("kubectl api-resources" lists them).`;

/** kubectl's `the server doesn't have a resource type "x"` (without `error: `), naming what is modelled. */
export function noResourceType(text: string): string {
  return `the server doesn't have a resource type "${text}"\n${MODELLED}`;
}

/** `mappingFor`: the resource or kind a word names (`ds`, `pods`, `daemonsets.apps`, `daemonsets.v1.apps`), if the playground serves it. */
function mappingFor(text: string): ResourceInfo | undefined {
  return resolveResource(text) ?? resolveResource(text.replace(/\.v1(\.|$)/, '$1').replace(/\.$/, ''));
}

/** A type as typed (`ds`, `pods`, `daemonsets.apps`), or kubectl's error for an unknown one. */
export function resolveTypes(text: string): ResourceInfo[] | { error: string } {
  const out: ResourceInfo[] = [];
  for (const t of text.split(',').filter((s) => s.length > 0)) {
    if (t.toLowerCase() === 'all') {
      out.push(...RESOURCES.filter((r) => r.categories.includes('all') && !out.includes(r)));
      continue;
    }
    const info = mappingFor(t);
    if (!info) return { error: noResourceType(t) };
    if (!out.includes(info)) out.push(info);
  }
  return out;
}

/** One `TYPE/NAME` argument, the type as typed. */
export interface ResourceTuple {
  readonly type: string;
  readonly name: string;
}

/**
 * The arguments as `ResourceTypeOrNameArgs` keeps them, no type looked up yet: `TYPE/NAME` tuples
 * (`TYPE1,TYPE2 NAME...` becomes one tuple per type and name, `normalizeMultipleResourcesArgs`),
 * or the types of the first argument and the names after it.
 */
export type SplitArgs = { readonly tuples: readonly ResourceTuple[] } | { readonly types: string; readonly names: readonly string[] };

/** `ResourceTypeOrNameArgs` up to its errors (`hasCombinedTypeArgs`, `splitResourceTypeName`), without `error: `. */
export function splitResourceArgs(args: readonly string[]): SplitArgs | { error: string } {
  const types = [...new Set((args[0] ?? '').split(',').filter((s) => s.length > 0))];
  const words = args.length >= 2 && types.length > 1 ? types.flatMap((t) => args.slice(1).map((n) => `${t}/${n}`)) : args;
  const slashes = words.filter((a) => a.includes('/')).length;
  if (slashes === 0) return { types: words[0] ?? '', names: words.slice(1) };
  if (slashes !== words.length) return { error: SLASH_MIXED };
  const tuples: ResourceTuple[] = [];
  for (const a of words) {
    const seg = a.split('/');
    if (seg.length !== 2) return { error: 'arguments in resource/name form may not have more than one slash' };
    const [type, name] = seg as [string, string];
    if (!type || !name || new Set(type.split(',')).size !== 1) return { error: 'arguments in resource/name form must have a single resource and name' };
    tuples.push({ type, name });
  }
  return { tuples };
}

/**
 * `visitBySelector`'s refusals, made before any type is looked up, when a selector or `--all`
 * is given: names, `TYPE/NAME` arguments, or no type at all. Without `error: `.
 */
export function selectorRefusal(split: SplitArgs): string | undefined {
  if ('tuples' in split) return 'selectors and the all flag cannot be used when passing resource/name arguments';
  if (split.names.length > 0) return 'name cannot be provided when a selector is specified';
  return split.types.split(',').some((t) => t.length > 0) ? undefined : 'at least one resource must be specified to use a selector';
}

/** `visitByResource` / `visitByName` under `-A`: a namespaced object cannot be named without a namespace. */
export const NAMED_ACROSS_NAMESPACES = 'a resource cannot be retrieved by name across all namespaces';

/**
 * The requests of split arguments, each type looked up (`resourceTupleMappings`,
 * `resourceMappings`): a tuple's type as it is, the first argument's with its categories
 * expanded (`ReplaceAliases`), which for names must come to one type (`visitByName`).
 */
export function requestsFor(split: SplitArgs): ResourceArgs | { error: string } {
  if ('tuples' in split) {
    const requests: ResourceRequest[] = [];
    for (const t of split.tuples) {
      const info = mappingFor(t.type);
      if (!info) return { error: noResourceType(t.type) };
      requests.push({ info, name: t.name });
    }
    return { requests, named: true };
  }
  const infos = resolveTypes(split.types);
  if ('error' in infos) return infos;
  if (split.names.length === 0) return { requests: infos.map((info) => ({ info })), named: false };
  if (infos.length === 0) return { error: 'you must provide a resource and a resource name together' };
  if (infos.length > 1) return { error: 'you must specify only one resource' };
  return { requests: split.names.map((name) => ({ info: infos[0]!, name })), named: true };
}

/** Parses the positional arguments. Errors are kubectl's words (without `error: `). */
export function parseResourceArgs(args: readonly string[]): ResourceArgs | { error: string } {
  const split = splitResourceArgs(args);
  return 'error' in split ? split : requestsFor(split);
}
