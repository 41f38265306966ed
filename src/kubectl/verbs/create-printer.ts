/**
 * The printer of `kubectl create` and its generators: cli-runtime `NewPrintFlags("created")`
 * with `PrintFlagsWithDryRunStrategy`, then `PrintFlags.ToPrinter` (the `-o` of the command).
 *
 * - No `-o`: the name printer with its operation, `deployment.apps/web created (dry run)`.
 * - `-o name`: `deployment.apps/web`, without the operation.
 * - `-o json` / `-o yaml` / `-o jsonpath=...`: the object itself, one document per object; the
 *   YAML printer writes `---` before every object after the first (create -f with several).
 *   A generator's object is a typed Go struct, so its JSON keeps field order (typed-meta.ts);
 *   an object read from a manifest or answered by the dynamic client is unstructured, sorted.
 * - `--template T` without `-o` means `-o go-template` (PrintFlags' compatibility rule); with
 *   `-o jsonpath` it is the template.
 * - wide, custom-columns or anything else: `unable to match a printer ...` with the generic
 *   formats (create has no table printer).
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { VerbContext } from '../context.js';
import { flagBool, flagString, type ParsedFlags } from '../flags.js';
import { toJson, toJsonInOrder, toYaml } from '../print/object-output.js';
import type { ExecResult } from '../result.js';
import type { ValidateMode } from '../../manifest/index.js';
import { validationDirective } from './apply.js';
import { dryRunStrategy, dryRunSuffix, type DryRun } from './dry-run.js';
import { GENERIC_FORMATS, noCompatiblePrinter, parseOutput, renderGeneric, type OutputFormat } from './get-output.js';

/** One object to print: `ref` is what the name printer writes (`namespace/tools`). */
export interface Printable {
  readonly obj: object;
  readonly ref: string;
  /** The object is a typed Go struct whose keys are in field order. */
  readonly typed: boolean;
}

/** Prints each object handed to it, in turn; `error` is the printer's (without `error: `). */
export type CreatePrinter = (p: Printable) => { readonly stdout: string; readonly error?: string };

/**
 * The printer `-o`, `--template` and `--dry-run` ask for, or the error `ToPrinter` returns (with
 * `error: `); `readFile` reads a `-o go-template-file=NAME` from the editor's files. `operation`
 * is what the name printer says after the object (`NewPrintFlags("labeled")` for kubectl label).
 */
export function createPrinter(
  flags: ParsedFlags,
  dryRun: DryRun,
  readFile: ((name: string) => string | undefined) | undefined,
  operation = 'created',
): CreatePrinter | { error: string } {
  const format = outputFormat(flags, readFile);
  if (typeof format !== 'object') return (p) => ({ stdout: format === 'name' ? `${p.ref}\n` : `${p.ref} ${operation}${dryRunSuffix(dryRun)}\n` });
  if ('error' in format) return { error: `error: ${format.error}` };
  let printed = 0;
  return (p) => {
    printed++;
    if (format.kind === 'json') return { stdout: p.typed ? toJsonInOrder(p.obj) : toJson(p.obj) };
    if (format.kind === 'yaml') return { stdout: `${printed > 1 ? '---\n' : ''}${toYaml(p.obj)}` };
    return renderGeneric(format, [p.obj as ApiObject], true, false);
  };
}

/** What every create command reads from its flags before it builds or sends anything. */
export interface CreateOptions {
  readonly dryRun: DryRun;
  readonly print: CreatePrinter;
  readonly validate: ValidateMode;
}

/**
 * The dry-run strategy, the printer and the validation directive, in the order kubectl's create
 * commands complete them (`Complete`), or the first error (with `error: `).
 */
export function completeCreate(flags: ParsedFlags, ctx: VerbContext): CreateOptions | { error: string } {
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return dryRun;
  const print = createPrinter(flags, dryRun, ctx.readFile);
  if ('error' in print) return print;
  const validate = validationDirective(flags);
  if (typeof validate !== 'string') return validate;
  return { dryRun, print, validate };
}

/** A generator's whole output: its one object printed, or the printer's error (exit 1). */
export function printOne(print: CreatePrinter, p: Printable): ExecResult {
  const out = print(p);
  return out.error ? { exitCode: 1, stdout: out.stdout, stderr: `error: ${out.error}\n` } : { exitCode: 0, stdout: out.stdout, stderr: '' };
}

/**
 * `''` (the name printer with its operation), `'name'`, or an object printer's format: get's
 * `parseOutput` with the generic formats only (create has no table and no custom columns).
 */
function outputFormat(flags: ParsedFlags, readFile: ((name: string) => string | undefined) | undefined): '' | 'name' | Exclude<OutputFormat, { kind: 'table' | 'name' }> | { error: string } {
  const output = flagString(flags, 'output') ?? '';
  const template = flagString(flags, 'template') ?? '';
  if (output === 'name' || (output === '' && template === '')) return output;
  if (output !== '' && !GENERIC_FORMATS.split(',').includes(output.split('=')[0]!)) return { error: noCompatiblePrinter(output) };
  const parsed = parseOutput(output, { template, allowMissingKeys: flagBool(flags, 'allow-missing-template-keys'), readFile, allowed: GENERIC_FORMATS });
  // Only generic formats reach parseOutput here: never a table, and name was settled above.
  return 'error' in parsed || (parsed.kind !== 'table' && parsed.kind !== 'name') ? parsed : { error: noCompatiblePrinter(output) };
}
