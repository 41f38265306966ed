/**
 * The resource arguments of `kubectl get`, `describe` and `rollout`: cli-runtime
 * `Builder.ResourceTypeOrNameArgs` (`hasCombinedTypeArgs`, `splitResourceTypeName`,
 * `SplitResourceArgument`). `TYPE`, `TYPE NAME...`, `TYPE1,TYPE2 [NAME...]` or `TYPE/NAME...`.
 * `all` expands to the kinds of the `all` category the playground stores (pods, daemonsets).
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

/** A type as typed (`ds`, `pods`, `daemonsets.apps`), or kubectl's error for an unknown one. */
export function resolveTypes(text: string): ResourceInfo[] | { error: string } {
  const out: ResourceInfo[] = [];
  for (const t of text.split(',').filter((s) => s.length > 0)) {
    if (t.toLowerCase() === 'all') {
      out.push(...RESOURCES.filter((r) => r.categories.includes('all') && !out.includes(r)));
      continue;
    }
    const info = resolveResource(t) ?? resolveResource(t.replace(/\.v1(\.|$)/, '$1').replace(/\.$/, ''));
    if (!info) return { error: noResourceType(t) };
    if (!out.includes(info)) out.push(info);
  }
  return out;
}

/** Parses the positional arguments. Errors are kubectl's words (without `error: `). */
export function parseResourceArgs(args: readonly string[]): ResourceArgs | { error: string } {
  const slashes = args.filter((a) => a.includes('/')).length;
  if (slashes > 0 && slashes !== args.length) return { error: SLASH_MIXED };
  if (slashes > 0) {
    const requests: ResourceRequest[] = [];
    for (const a of args) {
      const seg = a.split('/');
      if (seg.length !== 2) return { error: 'arguments in resource/name form may not have more than one slash' };
      const [type, name] = seg as [string, string];
      if (!type || !name || type.split(',').filter((s) => s).length !== 1) {
        return { error: 'arguments in resource/name form must have a single resource and name' };
      }
      const infos = resolveTypes(type);
      if ('error' in infos) return infos;
      requests.push({ info: infos[0]!, name });
    }
    return { requests, named: true };
  }
  const infos = resolveTypes(args[0] ?? '');
  if ('error' in infos) return infos;
  const names = args.slice(1);
  if (names.length === 0) return { requests: infos.map((info) => ({ info })), named: false };
  return { requests: infos.flatMap((info) => names.map((name) => ({ info, name }))), named: true };
}
