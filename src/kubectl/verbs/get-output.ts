/**
 * `-o` of `kubectl get`: which printer (cli-runtime `PrintFlags.ToPrinter`) and the non-table
 * printers of `GetOptions.printGeneric` (json, yaml, name, jsonpath, custom-columns), which get one
 * named object as itself and anything else as a `List`.
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { FlagSpec } from '../flags.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { executeJsonPath, jsonPathExecuteErrorMessage, jsonPathParseErrorMessage, parseJsonPath, type CompiledJsonPath } from '../format/jsonpath.js';
import { parseCustomColumns, printCustomColumns, type CustomColumn } from '../print/custom-columns.js';
import { asList, sortKeysDeep, toJson, toYaml } from '../print/object-output.js';

export type OutputFormat =
  | { readonly kind: 'table'; readonly wide: boolean }
  | { readonly kind: 'json' | 'yaml' | 'name' }
  | { readonly kind: 'jsonpath'; readonly path: CompiledJsonPath }
  | { readonly kind: 'custom-columns'; readonly columns: readonly CustomColumn[] };

/** `PrintFlags.AllowedFormats()` of kubectl get, sorted: the generic printers plus the table ones. */
const ALLOWED = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** The generic printers' formats (cli-runtime `PrintFlags` without human-readable ones), sorted. */
export const GENERIC_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** cli-runtime `PrintFlags.AddFlags`: the printer flags of every command that prints objects generically. */
export const PRINT_FLAGS: readonly FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string' },
  { name: 'template', type: 'string' },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  { name: 'show-managed-fields', type: 'bool' },
];

/** cli-runtime `NoCompatiblePrinterError` (without `error: `). */
export function noCompatiblePrinter(output: string, allowed: string = GENERIC_FORMATS): string {
  return `unable to match a printer suitable for the output format "${output}", allowed formats are: ${allowed}`;
}

/** Parses `-o`; errors are kubectl's (without `error: `). */
export function parseOutput(o: string | undefined): OutputFormat | { error: string } {
  if (o === undefined || o === '') return { kind: 'table', wide: false };
  if (o === 'wide') return { kind: 'table', wide: true };
  if (o === 'json' || o === 'yaml' || o === 'name') return { kind: o };
  const eq = o.indexOf('=');
  const format = eq >= 0 ? o.slice(0, eq) : o;
  const arg = eq >= 0 ? o.slice(eq + 1) : '';
  if (format === 'jsonpath') {
    if (arg === '') return { error: 'template format specified but no template given' };
    const path = parseJsonPath(arg);
    if ('error' in path) return { error: jsonPathParseErrorMessage(arg, path.error) };
    return { kind: 'jsonpath', path };
  }
  if (format === 'custom-columns') {
    const columns = parseCustomColumns(arg);
    return 'error' in columns ? columns : { kind: 'custom-columns', columns };
  }
  if (ALLOWED.split(',').includes(format)) return { error: `-o ${format} is not supported in this playground; use -o jsonpath=... or -o custom-columns=...` };
  return { error: noCompatiblePrinter(o, ALLOWED) };
}

/** The generic printers: the text, or an `error: ...` message. */
export function renderGeneric(
  format: Exclude<OutputFormat, { kind: 'table' }>,
  objects: readonly ApiObject[],
  single: boolean,
  noHeaders: boolean,
): { readonly stdout: string; readonly error?: string } {
  const data = single && objects.length === 1 ? objects[0]! : asList(objects);
  switch (format.kind) {
    case 'json':
      return { stdout: toJson(data) };
    case 'yaml':
      return { stdout: toYaml(data) };
    case 'name':
      return { stdout: objects.map((o) => `${kubectlKindPrefix(o.kind)}/${o.metadata.name}\n`).join('') };
    case 'jsonpath': {
      const plain = sortKeysDeep(data);
      const out = executeJsonPath(format.path, plain);
      return typeof out === 'string' ? { stdout: out } : { stdout: '', error: jsonPathExecuteErrorMessage(format.path.template, out.error, plain) };
    }
    case 'custom-columns': {
      const out = printCustomColumns(format.columns, objects, noHeaders);
      return typeof out === 'string' ? { stdout: out } : { stdout: '', error: out.error };
    }
  }
}
