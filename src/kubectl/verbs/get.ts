/**
 * `kubectl get`: kubectl `pkg/cmd/get/get.go` (`GetOptions.Complete`, `Validate`, `Run`,
 * `printGeneric`) over the playground's store. Tables per kind (see get-table.ts), `-o` printers
 * (see get-output.ts, with `--template` and `--allow-missing-template-keys`), `-n`/`-A`, `-l`,
 * `--field-selector`, `--show-labels`, `-L`, `--no-headers`, `--sort-by`, `--ignore-not-found`.
 * `--watch` is refused: the playground's clock moves only with `sim advance` / `rollout status`,
 * so a watch would never see anything happen.
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { Verb } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { fetch, type FetchedGroup } from './get-fetch.js';
import { checkErr } from './check-err.js';
import { sortObjects, type SortError } from './get-sort.js';
import { parseOutput, renderGeneric } from './get-output.js';
import { renderTables } from './get-table.js';
import { parseResourceArgs } from './resource-args.js';
import { SUBRESOURCE_FLAG, subresourceMissing, subresourceOf } from './subresource.js';

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
];

const NO_TYPE =
  'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
  'error: Required resource not specified.\n' +
  'Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
  "See 'kubectl get -h' for help and examples\n";

const NO_WATCH =
  'error: kubectl get --watch is not supported in the playground: time only moves with "sim advance" or "kubectl rollout status". ' +
  'Advance the clock, then run the command again.';

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

function sortFailure(e: SortError): ExecResult {
  return e.fatal ? { exitCode: 1, stdout: '', stderr: `${e.error}\n` } : fail(e.error);
}

export const get: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, GET_FLAGS, 'get');
  if ('error' in flags) return fail(flags.error);
  if (flagBool(flags, 'watch') || flagBool(flags, 'watch-only')) return fail(NO_WATCH);
  const output = parseOutput(flagString(flags, 'output'), {
    template: flagString(flags, 'template'),
    allowMissingKeys: flagBool(flags, 'allow-missing-template-keys'),
    readFile: ctx.readFile,
  });
  if ('error' in output) return fail(output.error);
  const subresource = subresourceOf(flags);
  if (typeof subresource !== 'string') return fail(subresource.error);
  if (flags.args.length === 0) return { exitCode: 1, stdout: '', stderr: NO_TYPE };
  const parsed = parseResourceArgs(flags.args);
  if ('error' in parsed) return fail(parsed.error);
  const allNamespaces = flagBool(flags, 'all-namespaces');
  const labelSelector = flagString(flags, 'selector') ?? '';
  const fieldSelector = flagString(flags, 'field-selector') ?? '';
  if (parsed.named && allNamespaces) return fail('a resource cannot be retrieved by name across all namespaces');
  if (parsed.named && (labelSelector || fieldSelector)) return fail('name cannot be provided when a selector is specified');
  const namespace = flagString(flags, 'namespace') || 'default';
  const fetched = fetch(ctx.cluster.store, { requests: parsed.requests, namespace: allNamespaces ? undefined : namespace, labelSelector, fieldSelector });
  let groups: readonly FetchedGroup[] = fetched.groups;
  // The status subresource serves the whole object; a kind without it has no such route.
  const noSubresource = groups.flatMap((g) => g.objects).map((o) => subresourceMissing(o, subresource)).find((e) => e !== undefined);
  if (noSubresource) return { exitCode: 1, stdout: '', stderr: checkErr([{ status: noSubresource }]) };
  const sortExpr = flagString(flags, 'sort-by');
  const ignoreNotFound = flagBool(flags, 'ignore-not-found');
  const errors = fetched.errors.filter((e) => !(ignoreNotFound && e.startsWith('Error from server (NotFound)')));
  let stderr = errors.map((e) => `${e}\n`).join('');
  const exitCode = errors.length > 0 ? 1 : 0;
  const noHeaders = flagBool(flags, 'no-headers');

  if (output.kind !== 'table') {
    const single = parsed.named && parsed.requests.length === 1;
    if (single && errors.length > 0) return { exitCode, stdout: '', stderr };
    if (ignoreNotFound && groups.every((g) => g.objects.length === 0)) return { exitCode, stdout: '', stderr };
    let objects = groups.flatMap((g) => g.objects);
    if (sortExpr && !single) {
      const sorted = sortObjects(objects, sortExpr, 'list');
      if ('error' in sorted) return sortFailure(sorted);
      objects = sorted;
    }
    const r = renderGeneric(output, objects, single, noHeaders);
    // A printer's error replaces the errors of the objects not found (printGeneric returns it alone).
    if (r.error) return { exitCode: 1, stdout: r.stdout, stderr: `error: ${r.error}${r.error.endsWith('\n') ? '' : '\n'}` };
    return { exitCode, stdout: r.stdout, stderr };
  }

  if (sortExpr) {
    const sorted = sortTables(groups, sortExpr);
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
  });
  if (stdout.length === 0 && errors.length === 0 && !ignoreNotFound) {
    const allNamespaced = !allNamespaces && parsed.requests.every((r) => r.info.namespaced);
    stderr += allNamespaced ? `No resources found in ${namespace} namespace.\n` : 'No resources found\n';
  }
  return { exitCode, stdout, stderr };
};
