/**
 * `kubectl api-resources [-o wide|name|json|yaml] [--no-headers] [--api-group=G] [--namespaced=BOOL]
 * [--sort-by=name|kind] [--verbs=V,..] [--categories=C,..] [--cached]`: kubectl `pkg/cmd/apiresources`
 * (`APIResourceOptions.Validate`, `RunAPIResources`, `sortableResource`, `printContextHeaders`,
 * `HumanReadablePrinter`, `NamePrinter`, and v1.34's `PrintFlags` with the JSON and YAML printers)
 * over the resources the playground serves.
 *
 * Rows are sorted by API group (the core group first) and then by name unless --sort-by says
 * name or kind; the filters keep the resources that match all of them. The playground has no
 * discovery cache to skip, so --cached prints what a fresh read does.
 */
import { RESOURCES, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { Verb } from '../context.js';
import { flagArray, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { formatTabbed } from '../format/tabwriter.js';
import { toJsonInOrder, toYaml } from '../print/object-output.js';
import { fail, ok, type ExecResult } from '../result.js';
import { noCompatiblePrinter } from './get-output.js';

export const API_RESOURCES_FLAGS: readonly FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string' },
  { name: 'no-headers', type: 'bool' },
  { name: 'api-group', type: 'string' },
  { name: 'namespaced', type: 'bool', default: true },
  { name: 'sort-by', type: 'string' },
  { name: 'verbs', type: 'stringArray' },
  { name: 'categories', type: 'stringArray' },
  { name: 'cached', type: 'bool' },
  { name: 'show-managed-fields', type: 'bool' },
];

/** A comma-separated, repeatable flag (pflag's StringSlice). */
function sliceFlag(values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(',')).filter((v) => v !== '');
}

/** `sortableResource.Less`: by the sort column, ties by name. */
function compare(sortBy: string): (a: ResourceInfo, b: ResourceInfo) => number {
  const key = (r: ResourceInfo) => (sortBy === 'name' ? r.resource : sortBy === 'kind' ? r.kind : r.group);
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a, b) => cmp(key(a), key(b)) || cmp(a.resource, b.resource);
}

/**
 * The flattened `metav1.APIResourceList` RunAPIResources hands the JSON and YAML printers: struct
 * fields in order, each resource as aggregated discovery describes it (`convertAPIResource`: no
 * storageVersionHash) with the group and version of its list, empty optional fields left out.
 */
function resourceList(rows: readonly ResourceInfo[]): Record<string, unknown> {
  const resources = rows.map((r) => ({
    name: r.resource,
    singularName: r.singular,
    namespaced: r.namespaced,
    ...(r.group ? { group: r.group } : {}),
    version: r.version,
    kind: r.kind,
    verbs: r.verbs,
    ...(r.shortNames.length > 0 ? { shortNames: r.shortNames } : {}),
    ...(r.categories.length > 0 ? { categories: r.categories } : {}),
  }));
  // A nil slice when no resource is left: `"resources": null`.
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: '', resources: resources.length > 0 ? resources : null };
}

export const apiResources: Verb = (_ctx, argv): ExecResult => {
  const flags = parseFlags(argv, API_RESOURCES_FLAGS, 'api-resources');
  if ('error' in flags) return fail(flags.error);
  if (flags.args.length > 0) return fail(`error: unexpected arguments: [${flags.args.join(' ')}]\nSee 'kubectl api-resources -h' for help and examples`);
  const output = flagString(flags, 'output') ?? '';
  if (!['', 'wide', 'name', 'json', 'yaml'].includes(output)) return fail(noCompatiblePrinter(output, 'json,name,wide,yaml'));
  const sortBy = flagString(flags, 'sort-by') ?? '';
  if (!['', 'name', 'kind'].includes(sortBy)) return fail('error: --sort-by accepts only name or kind');
  const group = flagString(flags, 'api-group');
  const namespaced = flags.visited.some(([name]) => name === 'namespaced') ? flags.values.get('namespaced') === true : undefined;
  const verbs = sliceFlag(flagArray(flags, 'verbs'));
  const categories = sliceFlag(flagArray(flags, 'categories'));
  const rows = RESOURCES.filter(
    (r) =>
      (group === undefined || r.group === group) &&
      (namespaced === undefined || r.namespaced === namespaced) &&
      verbs.every((v) => r.verbs.includes(v)) &&
      categories.every((c) => r.categories.includes(c)),
  ).sort(compare(sortBy));
  if (output === 'json') return ok(toJsonInOrder(resourceList(rows)));
  if (output === 'yaml') return ok(toYaml(resourceList(rows)));
  if (output === 'name') return ok(rows.map((r) => `${r.resource}${r.group ? `.${r.group}` : ''}\n`).join(''));
  const wide = output === 'wide';
  let text = flags.values.get('no-headers') === true ? '' : `NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND${wide ? '\tVERBS\tCATEGORIES' : ''}\n`;
  for (const r of rows) {
    const apiVersion = r.group ? `${r.group}/${r.version}` : r.version;
    text += `${r.resource}\t${r.shortNames.join(',')}\t${apiVersion}\t${r.namespaced}\t${r.kind}${wide ? `\t${r.verbs.join(',')}\t${r.categories.join(',')}` : ''}\n`;
  }
  return ok(formatTabbed(text));
};
