/**
 * `kubectl describe`: kubectl `pkg/cmd/describe/describe.go` (`DescribeOptions.Run`,
 * `DescribeMatchingResources`). `TYPE` describes every object of the type (descriptions apart by
 * a blank line), `TYPE NAME` one object or, when none has that exact name, every object whose name
 * starts with it; `-l` selects by labels; `-A` looks in every namespace. `-f FILE` describes each
 * object the files name (file-visit.ts without `Latest()`: `-l` judges the labels written in the
 * file, and the describer's own GET finds the live object or reports it missing).
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { notFound, noRoute } from '../../sim/apiserver/errors.js';
import { qualifiedResource } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { EventSearch } from '../print/describe/events.js';
import { describeObject } from '../print/describe/index.js';
import { fail, type ExecResult } from '../result.js';
import { checkErr } from './check-err.js';
import { checkVisitErrors, visitFiles, type VisitError } from './file-visit.js';
import { NAMED_ACROSS_NAMESPACES, requestsFor, selectorRefusal, splitResourceArgs } from './resource-args.js';
import { commandNamespace } from './targets.js';

export const DESCRIBE_FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'show-events', type: 'bool', default: true },
  { name: 'chunk-size', type: 'int', default: '500' },
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
];

const NO_TYPE =
  'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
  'error: Required resource not specified.\n' +
  "See 'kubectl describe -h' for help and examples\n";

/**
 * `DescribeOptions.Run` over `-f`: each object the files name, described in their order, apart by a
 * blank line. The builder's errors come first, then the describers' (each distinct message once);
 * a namespaced object with no namespace (under `-A`, when the file names none) is a GET with no
 * namespace in its path, for which the API server has no route.
 */
function describeFiles(ctx: VerbContext, flags: ParsedFlags, filenames: readonly string[], showEvents: boolean): ExecResult {
  const ns = commandNamespace(flags);
  const allNamespaces = flagBool(flags, 'all-namespaces');
  const visit = visitFiles(ctx, {
    filenames,
    args: flags.args,
    selector: flagString(flags, 'selector') ?? '',
    namespace: allNamespaces ? '' : ns.namespace,
    enforceNamespace: ns.explicit && !allNamespaces,
    latest: false,
  });
  if ('errors' in visit) return { exitCode: 1, stdout: '', stderr: checkErr(visit.errors) };
  const store = ctx.cluster.store;
  const found: ApiObject[] = [];
  const errors: VisitError[] = visit.error ? [visit.error] : [];
  const seen = new Set<string>();
  for (const { info, namespace, name } of visit.infos) {
    const kind = info.kind as Kind;
    const noNamespace = info.namespaced && namespace === '';
    const obj = noNamespace ? undefined : store.get(kind, namespace, name);
    if (obj) {
      found.push(obj);
      continue;
    }
    const status = noNamespace ? noRoute() : notFound(qualifiedResource(kind), name);
    if (!seen.has(status.message)) errors.push({ status });
    seen.add(status.message);
  }
  const search = showEvents ? new EventSearch(store, found) : undefined;
  const stdout = found.map((o) => describeObject(store, o, ctx.cluster.now, search)).join('\n\n');
  let stderr = checkVisitErrors(errors);
  if (visit.infos.length === 0 && errors.length === 0) {
    stderr += allNamespaces ? 'No resources found\n' : `No resources found in ${ns.namespace} namespace.\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr };
}

export const describe: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, DESCRIBE_FLAGS, 'describe');
  if ('error' in flags) return fail(flags.error);
  const filenames = flagArray(flags, 'filename');
  if (flags.args.length === 0 && filenames.length === 0) return { exitCode: 1, stdout: '', stderr: NO_TYPE };
  const showEvents = flags.values.get('show-events') !== false;
  if (filenames.length > 0) return describeFiles(ctx, flags, filenames, showEvents);
  // visitorResult's order: the arguments' own errors, a selector's refusals, then the types.
  const split = splitResourceArgs(flags.args);
  if ('error' in split) return fail(split.error);
  const selectorText = flagString(flags, 'selector') ?? '';
  const refused = selectorText.trim() ? selectorRefusal(split) : undefined;
  if (refused) return fail(refused);
  const parsed = requestsFor(split);
  if ('error' in parsed) return fail(parsed.error);
  const allNamespaces = flagBool(flags, 'all-namespaces');
  // visitByName: a namespaced object cannot be named across every namespace.
  if (parsed.named && allNamespaces && parsed.requests.some((r) => r.info.namespaced)) return fail(NAMED_ACROSS_NAMESPACES);
  const namespace = flagString(flags, 'namespace') || 'default';
  const selector = parseSelector(selectorText);
  if ('error' in selector) return fail(selector.error);
  const store = ctx.cluster.store;
  const now = ctx.cluster.now;
  const nsOf = (namespaced: boolean) => (namespaced ? namespace : '');

  const found: ApiObject[] = [];
  const errors: string[] = [];
  for (const req of parsed.requests) {
    const kind = req.info.kind as Kind;
    if (req.name === undefined) {
      const ns = req.info.namespaced && !allNamespaces ? namespace : undefined;
      found.push(...store.list(kind, ns).filter((o) => selector.matches(o.metadata.labels)));
      continue;
    }
    const obj = store.get(kind, nsOf(req.info.namespaced), req.name);
    if (obj) {
      found.push(obj);
      continue;
    }
    const error = `Error from server (NotFound): ${notFound(qualifiedResource(kind), req.name).message}`;
    // DescribeMatchingResources: `describe TYPE PREFIX` when no object has that exact name.
    if (flags.args.length === 2 && !flags.args[0]!.includes(',') && !flags.args[1]!.includes('/')) {
      const matches = store.list(kind, req.info.namespaced ? namespace : undefined).filter((o) => o.metadata.name.startsWith(req.name!));
      if (matches.length > 0) {
        const search = showEvents ? new EventSearch(store, matches) : undefined;
        return { exitCode: 0, stdout: matches.map((o) => `${describeObject(store, o, now, search)}\n`).join(''), stderr: '' };
      }
    }
    errors.push(error);
  }

  const search = showEvents ? new EventSearch(store, found) : undefined;
  const stdout = found.map((o) => describeObject(store, o, now, search)).join('\n\n');
  let stderr = errors.map((e) => `${e}\n`).join('');
  if (found.length === 0 && errors.length === 0) {
    stderr += allNamespaces ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr };
};
