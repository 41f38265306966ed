/**
 * `-o` of `kubectl get`: which printer (cli-runtime `PrintFlags.ToPrinter`, with the template
 * printers' `GoTemplatePrintFlags.ToPrinter` and `JSONPathPrintFlags.ToPrinter`) and the
 * non-table printers of `GetOptions.printGeneric` (json, yaml, name, jsonpath, go-template,
 * custom-columns), which get one named object as itself and anything else as a `List`.
 *
 * `--template T` is the template of `-o go-template`, `-o template` or `-o jsonpath` (then `-o`
 * must be the bare format name), and alone it means `-o go-template`. The template of
 * `-o go-template-file=NAME` / `-o templatefile=NAME` is read from the editor's file NAME.
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { FlagSpec } from '../flags.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { goTemplateParseErrorMessage, parseGoTemplate, printGoTemplate, type CompiledGoTemplate } from '../format/go-template.js';
import { executeJsonPath, jsonPathExecuteErrorMessage, jsonPathParseErrorMessage, parseJsonPath, type CompiledJsonPath } from '../format/jsonpath.js';
import { parseCustomColumns, printCustomColumns, type CustomColumn } from '../print/custom-columns.js';
import { asList, sortKeysDeep, toJson, toYaml } from '../print/object-output.js';

export type OutputFormat =
  | { readonly kind: 'table'; readonly wide: boolean }
  | { readonly kind: 'json' | 'yaml' | 'name' }
  | { readonly kind: 'jsonpath'; readonly path: CompiledJsonPath; readonly allowMissingKeys: boolean }
  | { readonly kind: 'go-template'; readonly template: CompiledGoTemplate; readonly allowMissingKeys: boolean }
  | { readonly kind: 'custom-columns'; readonly columns: readonly CustomColumn[] };

/** What the printer flags besides `-o` say. */
export interface OutputOptions {
  /** `--template`. */
  readonly template?: string | undefined;
  /** `--allow-missing-template-keys` (true unless given as false). */
  readonly allowMissingKeys?: boolean;
  /** Reads a template file (the editor's tabs); undefined when there is no such file. */
  readonly readFile?: ((name: string) => string | undefined) | undefined;
  /** The formats `unable to match a printer` lists (kubectl get's by default). */
  readonly allowed?: string;
}

/** `PrintFlags.AllowedFormats()` of kubectl get, sorted: the generic printers plus the table ones. */
const ALLOWED = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** `GoTemplatePrintFlags`' formats, and those of them whose argument names a file. */
const GO_TEMPLATE_FORMATS: ReadonlySet<string> = new Set(['go-template', 'go-template-file', 'template', 'templatefile']);
const TEMPLATE_FILE_FORMATS: ReadonlySet<string> = new Set(['go-template-file', 'templatefile']);

/** `JSONPathPrintFlags`' formats. */
const JSONPATH_FORMATS: ReadonlySet<string> = new Set(['jsonpath', 'jsonpath-as-json', 'jsonpath-file']);

/** The template formats the playground prints: jsonpath and the go-template ones. */
export const TEMPLATE_PRINTER_FORMATS: ReadonlySet<string> = new Set(['jsonpath', ...GO_TEMPLATE_FORMATS]);

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

/** Parses `-o` and the other printer flags; errors are kubectl's (without `error: `). */
export function parseOutput(o: string | undefined, opts: OutputOptions = {}): OutputFormat | { error: string } {
  const template = opts.template ?? '';
  const allowed = opts.allowed ?? ALLOWED;
  // A --template without -o asks for the go-template printer.
  const output = o === undefined || o === '' ? (template === '' ? '' : 'go-template') : o;
  if (output === '') return { kind: 'table', wide: false };
  if (output === 'wide') return { kind: 'table', wide: true };
  if (output === 'json' || output === 'yaml' || output === 'name') return { kind: output };
  const eq = output.indexOf('=');
  const format = eq >= 0 ? output.slice(0, eq) : output;
  const arg = eq >= 0 ? output.slice(eq + 1) : '';
  if (format === 'custom-columns') {
    const columns = parseCustomColumns(arg);
    return 'error' in columns ? columns : { kind: 'custom-columns', columns };
  }
  if (GO_TEMPLATE_FORMATS.has(format) || JSONPATH_FORMATS.has(format)) {
    // With --template, -o names the format alone: `-o go-template=X --template Y` has no printer.
    if (template !== '' && eq >= 0) return { error: noCompatiblePrinter(output, allowed) };
    const value = template === '' ? arg : template;
    if (value === '') return { error: 'template format specified but no template given' };
    const allowMissingKeys = opts.allowMissingKeys ?? true;
    if (GO_TEMPLATE_FORMATS.has(format)) return goTemplateOutput(format, value, allowMissingKeys, opts.readFile);
    if (format === 'jsonpath') {
      const path = parseJsonPath(value);
      if ('error' in path) return { error: jsonPathParseErrorMessage(value, path.error) };
      return { kind: 'jsonpath', path, allowMissingKeys };
    }
  }
  if (allowed.split(',').includes(format)) {
    return { error: `-o ${format} is not supported in this playground; use -o jsonpath=..., -o go-template=... or -o custom-columns=...` };
  }
  return { error: noCompatiblePrinter(output, allowed) };
}

/** `GoTemplatePrintFlags.ToPrinter` once the template (or its file name) is known. */
function goTemplateOutput(
  format: string,
  value: string,
  allowMissingKeys: boolean,
  readFile: OutputOptions['readFile'],
): OutputFormat | { error: string } {
  let text = value;
  if (TEMPLATE_FILE_FORMATS.has(format)) {
    const content = readFile?.(value);
    if (content === undefined) return { error: `error reading --template ${value}, open ${value}: no such file or directory` };
    text = content;
  }
  const template = parseGoTemplate(text);
  if ('error' in template) return { error: goTemplateParseErrorMessage(text, template.error) };
  return { kind: 'go-template', template, allowMissingKeys };
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
      const out = executeJsonPath(format.path, plain, { allowMissingKeys: format.allowMissingKeys });
      return typeof out === 'string' ? { stdout: out } : { stdout: '', error: jsonPathExecuteErrorMessage(format.path.template, out.error, plain) };
    }
    case 'go-template':
      return printGoTemplate(format.template, sortKeysDeep(data), format.allowMissingKeys);
    case 'custom-columns': {
      const out = printCustomColumns(format.columns, objects, noHeaders);
      return typeof out === 'string' ? { stdout: out } : { stdout: '', error: out.error };
    }
  }
}
