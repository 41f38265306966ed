/**
 * `kubectl get`: kubectl `pkg/cmd/get/get.go` (`GetOptions.Complete`, `Validate`, `Run`,
 * `printGeneric`) over the playground's store. Tables per kind (see get-table.ts), `-o` printers
 * (see get-output.ts, with `--template` and `--allow-missing-template-keys`), `-n`/`-A`, `-l`,
 * `--field-selector`, `--show-labels`, `-L`, `--no-headers`, `--sort-by`, `--ignore-not-found`.
 * The objects are those the resource arguments name, or those `-f` files name, each fetched again
 * (file-visit.ts), printed as if named one by one: a table per run of one kind.
 * `--watch` / `--watch-only` print the objects, then their changes while virtual time runs
 * (get-watch.ts); `--output-watch-events` is checked as Validate checks it.
 * `--raw URI` prints what the API server answers a GET of URI with (get-raw.ts).
 * `--server-print=false` prints kubectl's own NAME and AGE table instead of the server's, sorting
 * (`--sort-by`) the objects of every kind together as `RuntimeSorter` sorts objects.
 * `--chunk-size` is parsed (an int64) and otherwise unused: the store lists in one go, and the
 * pages kubectl would fetch make the same output.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, parseGoIntFlag, type FlagSpec, type ParsedFlags } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { fetch, listFilter, type FetchedGroup } from './get-fetch.js';
import { getRaw, WATCH_EVENTS_WITHOUT_WATCH } from './get-raw.js';
import { watchGet } from './get-watch.js';
import { parseRequestTimeout } from './watch-clock.js';
import { checkErr } from './check-err.js';
import { checkVisitErrors, flattenErrors, visitFiles, withoutNotFound } from './file-visit.js';
import { sortObjects, type SortError } from './get-sort.js';
import { parseOutput, renderGeneric, type OutputFormat } from './get-output.js';
import { renderTables } from './get-table.js';
import { NAMED_ACROSS_NAMESPACES, requestsFor, selectorRefusal, splitResourceArgs } from './resource-args.js';
import { SUBRESOURCE_FLAG, subresourceMissing, subresourceOf, type Subresource } from './subresource.js';
import { commandNamespace } from './targets.js';

export const GET_FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'output', short: 'o', type: 'string' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'field-selector', type: 'string' },
  { name: 'show-labels', type: 'bool' },
  { name: 'show-kind', type: 'bool' },
  { name: 'no-headers', type: 'bool' },
  { name: 'label-columns', short: 'L', type: 'stringArray' },
  { name: 'sort-by', type: 'string' },
  { name: 'ignore-not-found', type: 'bool' },
  { name: 'watch', short: 'w', type: 'bool' },
  { name: 'watch-only', type: 'bool' },
  { name: 'template', type: 'string' },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  SUBRESOURCE_FLAG,
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'raw', type: 'string' },
  { name: 'chunk-size', type: 'int', default: '500' },
  { name: 'output-watch-events', type: 'bool' },
  { name: 'server-print', type: 'bool', default: true },
];

const NO_TYPE =
  'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
  'error: Required resource not specified.\n' +
  'Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
  "See 'kubectl get -h' for help and examples\n";

/** The builder's error for a watch given neither arguments nor files. */
const NO_RESOURCES =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n";

/**
 * `RuntimeSorter.Sort` over tables: a list request is one table whose rows are sorted; each
 * object named on the command line is a table of its own (checked, never reordered).
 */
function sortTables(groups: readonly FetchedGroup[], expr: string): FetchedGroup[] | SortError {
  const out: FetchedGroup[] = [];
  for (const g of groups) {
    const tables = g.list ? [g.objects] : g.objects.map((o) => [o]);
    const sorted: ApiObject[] = [];
    for (const rows of tables) {
      const r = sortObjects(rows, expr, 'table');
      if ('error' in r) return r;
      sorted.push(...r);
    }
    out.push({ ...g, objects: sorted });
  }
  return out;
}

/**
 * `RuntimeSorter.Sort` over objects rather than server tables (`--server-print=false`): all of
 * them together, as `SortObjects` sorts them (one object is left as it is), then cut into runs of
 * one kind, each printed under its own header.
 */
function sortTogether(groups: readonly FetchedGroup[], expr: string): FetchedGroup[] | SortError {
  const infoOf = new Map(groups.flatMap((g) => g.objects.map((o) => [o, g.info] as const)));
  if (infoOf.size <= 1) return [...groups];
  const sorted = sortObjects([...infoOf.keys()], expr, 'list');
  if ('error' in sorted) return sorted;
  const runs: { info: FetchedGroup['info']; objects: ApiObject[] }[] = [];
  for (const o of sorted) {
    const info = infoOf.get(o)!;
    const last = runs[runs.length - 1];
    if (last?.info.kind === info.kind) last.objects.push(o);
    else runs.push({ info, objects: [o] });
  }
  return runs.map((r) => ({ ...r, list: false }));
}

function sortFailure(e: SortError): ExecResult {
  return e.fatal ? { exitCode: 1, stdout: '', stderr: `${e.error}\n` } : fail(e.error);
}

/** What the builder handed back: the objects to print, and its errors as get reports them. */
interface Retrieved {
  readonly groups: readonly FetchedGroup[];
  /** stderr for the errors as `Run` returns them (and `printGeneric` for a single implied item). */
  readonly errors: string;
  /** stderr for the same errors flattened, as `printGeneric` returns them beside a list. */
  readonly flatErrors: string;
  readonly failed: boolean;
  /** singleItemImplied: one object named by arguments, or one file (not stdin). */
  readonly single: boolean;
  /** Which words "No resources found" takes when nothing is printed: the namespace, or none. */
  readonly namespaced: boolean;
}

/** Where and what the builder looks for: the namespace (`-n`, else `default`), `-A`, `-l`, `--ignore-not-found`. */
interface Scope {
  readonly allNamespaces: boolean;
  readonly namespace: string;
  readonly labelSelector: string;
  readonly ignoreNotFound: boolean;
}

/**
 * The builder over resource arguments (`ResourceTypeOrNameArgs(true)`, `LabelSelectorParam`,
 * `FieldSelectorParam`, `Subresource`), its errors in `visitorResult`'s order: the arguments'
 * own, then a selector's refusals (before any type is looked up), then the types, then `-A`
 * beside the name of a namespaced kind.
 */
function fromArguments(ctx: VerbContext, args: readonly string[], scope: Scope, fieldSelector: string, subresource: Subresource, singleResourceType = false): Retrieved | ExecResult {
  const split = splitResourceArgs(args);
  if ('error' in split) return fail(split.error);
  const { allNamespaces, namespace, labelSelector } = scope;
  const refused = labelSelector || fieldSelector ? selectorRefusal(split) : undefined;
  if (refused) return fail(refused);
  const parsed = requestsFor(split);
  if ('error' in parsed) return fail(parsed.error);
  // `SingleResourceType` (a watch): a list of more than one resource is refused.
  if (singleResourceType && !parsed.named && new Set(parsed.requests.map((r) => r.info.resource)).size > 1) return fail('error: you may only specify a single resource type');
  if (parsed.named && allNamespaces && parsed.requests.some((r) => r.info.namespaced)) return fail(NAMED_ACROSS_NAMESPACES);
  const fetched = fetch(ctx.cluster.store, { requests: parsed.requests, namespace: allNamespaces ? undefined : namespace, labelSelector, fieldSelector });
  // The status subresource serves the whole object; a kind without it has no such route.
  const noSubresource = fetched.groups.flatMap((g) => g.objects).map((o) => subresourceMissing(o, subresource)).find((e) => e !== undefined);
  if (noSubresource) return { exitCode: 1, stdout: '', stderr: checkErr([{ status: noSubresource }]) };
  const errors = fetched.errors.filter((e) => !(scope.ignoreNotFound && e.startsWith('Error from server (NotFound)')));
  const text = errors.map((e) => `${e}\n`).join('');
  return {
    groups: fetched.groups,
    errors: text,
    flatErrors: text,
    failed: errors.length > 0,
    single: parsed.named && parsed.requests.length === 1,
    namespaced: !allNamespaces && parsed.requests.every((r) => r.info.namespaced),
  };
}

/** The builder over `-f` with `Latest()`: each object the files name, fetched again, one table row each. */
function fromFiles(ctx: VerbContext, filenames: readonly string[], args: readonly string[], scope: Scope, enforceNamespace: boolean): Retrieved | ExecResult {
  const visit = visitFiles(ctx, {
    filenames,
    args,
    selector: scope.labelSelector,
    namespace: scope.allNamespaces ? '' : scope.namespace,
    enforceNamespace: enforceNamespace && !scope.allNamespaces,
    latest: true,
  });
  if ('errors' in visit) return { exitCode: 1, stdout: '', stderr: checkErr(visit.errors) };
  const error = scope.ignoreNotFound ? withoutNotFound(visit.error) : visit.error;
  return {
    groups: visit.infos.map((i) => ({ info: i.info, objects: [i.obj!], list: false })),
    errors: error ? checkVisitErrors([error]) : '',
    flatErrors: checkErr(flattenErrors(error)),
    failed: error !== undefined,
    single: visit.singleItemImplied,
    namespaced: !scope.allNamespaces,
  };
}

export const get: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, GET_FLAGS, 'get');
  if ('error' in flags) return fail(flags.error);
  const chunkSize = parseGoIntFlag('get', 'chunk-size', flagString(flags, 'chunk-size') ?? '500');
  if (typeof chunkSize !== 'number') return fail(chunkSize.error);
  const raw = flagString(flags, 'raw') ?? '';
  if (raw !== '') return getRaw(ctx, flags, raw);
  const output = parseOutput(flagString(flags, 'output'), {
    template: flagString(flags, 'template'),
    allowMissingKeys: flagBool(flags, 'allow-missing-template-keys'),
    readFile: ctx.readFile,
  });
  if ('error' in output) return fail(output.error);
  const subresource = subresourceOf(flags);
  if (typeof subresource !== 'string') return fail(subresource.error);
  const filenames = flagArray(flags, 'filename');
  const watching = flagBool(flags, 'watch') || flagBool(flags, 'watch-only');
  const timeout = parseRequestTimeout(flagString(flags, 'request-timeout') ?? '0');
  if (typeof timeout !== 'number') return { exitCode: 1, stdout: '', stderr: `${timeout.error}\n` };
  if (!watching && flags.args.length === 0 && filenames.length === 0) return { exitCode: 1, stdout: '', stderr: NO_TYPE };
  if (flagBool(flags, 'output-watch-events') && !watching) return fail(WATCH_EVENTS_WITHOUT_WATCH);
  const ns = commandNamespace(flags);
  const scope: Scope = {
    allNamespaces: flagBool(flags, 'all-namespaces'),
    namespace: ns.namespace,
    // LabelSelectorParam and FieldSelectorParam ignore blank selectors.
    labelSelector: (flagString(flags, 'selector') ?? '').trim(),
    ignoreNotFound: flagBool(flags, 'ignore-not-found'),
  };
  if (watching) return watch(ctx, flags, output, scope, timeout);
  const found =
    filenames.length > 0
      ? fromFiles(ctx, filenames, flags.args, scope, ns.explicit)
      : fromArguments(ctx, flags.args, scope, (flagString(flags, 'field-selector') ?? '').trim(), subresource);
  if ('exitCode' in found) return found;
  let groups = found.groups;
  const { allNamespaces, namespace, ignoreNotFound } = scope;
  const sortExpr = flagString(flags, 'sort-by');
  const exitCode = found.failed ? 1 : 0;
  const noHeaders = flagBool(flags, 'no-headers');

  if (output.kind !== 'table') {
    if (found.single && found.failed) return { exitCode, stdout: '', stderr: found.errors };
    if (ignoreNotFound && groups.every((g) => g.objects.length === 0)) return { exitCode, stdout: '', stderr: found.flatErrors };
    let objects = groups.flatMap((g) => g.objects);
    if (sortExpr && !found.single) {
      const sorted = sortObjects(objects, sortExpr, 'list');
      if ('error' in sorted) return sortFailure(sorted);
      objects = sorted;
    }
    const r = renderGeneric(output, objects, found.single, noHeaders);
    // A printer's error replaces the errors of the objects not found (printGeneric returns it alone).
    if (r.error) return { exitCode: 1, stdout: r.stdout, stderr: `error: ${r.error}${r.error.endsWith('\n') ? '' : '\n'}` };
    return { exitCode, stdout: r.stdout, stderr: found.flatErrors };
  }

  const serverPrint = flagBool(flags, 'server-print');
  if (sortExpr) {
    const sorted = serverPrint ? sortTables(groups, sortExpr) : sortTogether(groups, sortExpr);
    if ('error' in sorted) return sortFailure(sorted);
    groups = sorted;
  }
  const kinds = new Set(groups.map((g) => g.info.kind));
  const stdout = renderTables(groups, {
    wide: output.wide,
    noHeaders,
    showLabels: flagBool(flags, 'show-labels'),
    labelColumns: flagArray(flags, 'label-columns').flatMap((l) => l.split(',')),
    allNamespaces,
    withKind: kinds.size > 1 || flagBool(flags, 'show-kind'),
    now: ctx.cluster.now,
    serverPrint,
  });
  let stderr = found.errors;
  if (stdout.length === 0 && !found.failed && !ignoreNotFound) {
    stderr += found.namespaced ? `No resources found in ${namespace} namespace.\n` : 'No resources found\n';
  }
  return { exitCode, stdout, stderr };
};

/**
 * `GetOptions.watch`: the builder with `SingleResourceType` and `Latest`, its errors, then the
 * watch of what it found (get-watch.ts). kubectl prints the objects before `Result.Watch` can
 * refuse several names or files (one source each) or a file of several objects.
 */
function watch(ctx: VerbContext, flags: ParsedFlags, output: OutputFormat, scope: Scope, timeoutMs: number): ExecResult {
  const watchOnly = flagBool(flags, 'watch-only');
  const warnings = flagString(flags, 'sort-by') ? `warning: ${watchOnly && !flagBool(flags, 'watch') ? '--watch-only requested, --sort-by will be ignored' : '--watch requested, --sort-by will be ignored for watch events received'}\n` : '';
  const filenames = flagArray(flags, 'filename');
  if (flags.args.length === 0 && filenames.length === 0) return { exitCode: 1, stdout: '', stderr: warnings + NO_RESOURCES };
  const ns = commandNamespace(flags);
  const fieldSelector = (flagString(flags, 'field-selector') ?? '').trim();
  const found = filenames.length > 0 ? fromFiles(ctx, filenames, flags.args, scope, ns.explicit) : fromArguments(ctx, flags.args, scope, fieldSelector, '', true);
  if ('exitCode' in found) return { ...found, stderr: warnings + found.stderr };
  if (found.failed) return { exitCode: 1, stdout: '', stderr: warnings + found.errors };
  const objects = found.groups.flatMap((g) => g.objects);
  // Every named object missing, and --ignore-not-found: nothing to watch.
  if (found.groups.length === 0) return { exitCode: 0, stdout: '', stderr: warnings };
  const kinds = new Set(found.groups.map((g) => g.info.kind));
  if (kinds.size > 1) return { exitCode: 1, stdout: '', stderr: `${warnings}error: watch is only supported on individual resources and resource collections - more than 1 resource was found\n` };
  const info = found.groups[0]!.info;
  const list = filenames.length === 0 && found.groups[0]!.list;
  const sources = filenames.length > 0 ? filenames.length : list ? 1 : objects.length;
  const watchError =
    sources !== 1
      ? 'error: you may only watch a single resource or type of resource at a time'
      : !list && objects.length !== 1
        ? `error: watch is only supported on individual resources and resource collections - ${objects.length} resources were found`
        : undefined;
  let matches: (o: ApiObject) => boolean;
  if (list) {
    const inScope = listFilter(info.kind as Kind, scope.labelSelector, fieldSelector);
    // The list was made with these selectors: they parse.
    if ('error' in inScope) throw new Error(`get --watch: ${inScope.error}`);
    const namespace = info.namespaced && !scope.allNamespaces ? scope.namespace : undefined;
    matches = (o) => (namespace === undefined || o.metadata.namespace === namespace) && inScope(o);
  } else {
    const one = objects[0]!;
    matches = (o) => o.metadata.name === one.metadata.name && o.metadata.namespace === one.metadata.namespace;
  }
  return watchGet(ctx, {
    kind: info.kind as Kind,
    namespaced: info.namespaced,
    initial: objects,
    matches,
    output,
    table: {
      wide: false,
      noHeaders: flagBool(flags, 'no-headers'),
      showLabels: flagBool(flags, 'show-labels'),
      labelColumns: flagArray(flags, 'label-columns').flatMap((l) => l.split(',')),
      allNamespaces: scope.allNamespaces,
      withKind: flagBool(flags, 'show-kind'),
      serverPrint: flagBool(flags, 'server-print'),
    },
    watchOnly,
    watchEvents: flagBool(flags, 'output-watch-events'),
    timeoutMs,
    ...(watchError ? { watchError } : {}),
    warnings,
  });
}
