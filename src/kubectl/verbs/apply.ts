/**
 * `kubectl apply -f - [--validate=strict|warn|ignore|true|false] [--dry-run=client|server]
 * [-l SELECTOR] [-o FORMAT] [-n NS] [--prune (-l SELECTOR | --all) [--prune-allowlist=G/V/K]...]
 * [--force] [--overwrite=false] [--grace-period=N] [--cascade=...] [--timeout=D]` (kubectl
 * `pkg/cmd/apply/apply.go`: `ApplyFlags.ToOptions`, `ApplyOptions.Validate`, `Run`, `GetObjects`,
 * `applyOneObject`, `shouldPrintObject`, `printObjects`, `PrintAndPrunePostProcessor`;
 * `cmdutil.GetValidationDirective`). The flags are settled in apply/apply-options.ts.
 *
 * Every document is applied in order (apply/apply-object.ts); a failing object does not stop
 * the others. Errors are printed together at the end, as kubectl aggregates them: the input's
 * own errors (unknown kind, namespace mismatch) first, then each object's; exit code 1 if any.
 * Input that cannot be read applies nothing (apply/input.ts).
 *
 * `-l` applies only the objects whose labels in the file match (the builder's
 * `LabelSelectorParam`); when it keeps none, `no objects passed to apply`.
 *
 * Printing (`ToPrinter(operation)` is create-printer.ts's printer with the operation):
 * - No `-o`, or `-o name`: each object's line as it is applied (`daemonset.apps/agent configured
 *   (dry run)`, or `daemonset.apps/agent`); `--template` alone prints each object that way too.
 * - Any other `-o` (`shouldPrintObject`): nothing per object; once every object has been applied
 *   without an error, `printObjects` prints the one object as itself, or several as a `v1` List,
 *   with `ToPrinter("")`. After any error nothing is printed. kubectl asks for that printer only
 *   then, so a format or template it cannot use is an error after the objects were applied; a
 *   format kubectl has and the playground does not print is refused before anything is sent.
 * Which object is printed is apply-object.ts's (the server's answer, or under `--dry-run=client`
 * the object as it would be sent for a create and the live one for an existing object).
 *
 * `--prune` runs once every object is applied without an error and printed (apply/prune.ts):
 * the objects it deletes are printed after the applied ones (`daemonset.apps/old pruned`).
 * `--force` and `--overwrite=false` change how an existing object is patched (apply-object.ts).
 *
 * `-R` is accepted and changes nothing: the editor's files are flat, with no directories.
 * `--wait` is accepted and changes nothing, as in kubectl, whose apply never reads it.
 * Not modelled: `--server-side` (a clear error, after kubectl's own checks of it), `-k`, `--record`.
 */
import type { ValidateMode } from '../../manifest/index.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { sortKeysDeep } from '../print/object-output.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import { applyObject, type ApplyOperation } from '../apply/apply-object.js';
import { applyOptions } from '../apply/apply-options.js';
import { readInput, type InputItem } from '../apply/input.js';
import { pruneAll } from '../apply/prune.js';
import { CASCADE_FLAG } from './cascade.js';
import { checkErr, type CmdError } from './check-err.js';
import { createPrinter, type Printable } from './create-printer.js';
import { DRY_RUN_FLAG, type DryRun } from './dry-run.js';
import { GENERIC_FORMATS, PRINT_FLAGS, TEMPLATE_PRINTER_FORMATS } from './get-output.js';
import { commandNamespace } from './targets.js';

/** `AddValidateFlags`' `--validate`: `strict` by default, and when written bare. */
export const VALIDATE_FLAG: FlagSpec = { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict' };

export const FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  VALIDATE_FLAG,
  { name: 'server-side', type: 'bool' },
  { name: 'force-conflicts', type: 'bool' },
  { name: 'subresource', type: 'string' },
  { name: 'openapi-patch', type: 'bool', default: true },
  { name: 'field-manager', type: 'string' },
  { name: 'prune', type: 'bool' },
  { name: 'prune-allowlist', type: 'stringArray' },
  { name: 'all', type: 'bool' },
  { name: 'overwrite', type: 'bool', default: true },
  { name: 'force', type: 'bool' },
  { name: 'grace-period', type: 'int', default: '-1' },
  CASCADE_FLAG,
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'wait', type: 'bool' },
  DRY_RUN_FLAG,
  ...PRINT_FLAGS,
];

/** `GetValidationDirective`: strict (or true), warn, ignore (or false). */
export function validationDirective(flags: ParsedFlags): ValidateMode | { error: string } {
  const v = flagString(flags, 'validate') ?? 'strict';
  if (v === 'strict' || v === 'true') return 'strict';
  if (v === 'warn') return 'warn';
  if (v === 'ignore' || v === 'false') return 'ignore';
  return { error: `error: invalid - validate option "${v}"; must be one of: strict (or true), warn, ignore (or false)` };
}

/** Reads `-f` for a verb: the input items, or the error that stops the command. */
export function readVerbInput(ctx: VerbContext, flags: ParsedFlags, validate: ValidateMode): InputItem[] | { error: string } {
  return readFiles(ctx, flags, validate, undefined);
}

/** `FilenameOptions.RequireFilenameOrKustomize`: the error when no `-f` is given (`-k` is not modelled). */
export function missingFilename(flags: ParsedFlags): string | undefined {
  return flagArray(flags, 'filename').length === 0 ? 'error: must specify one of -f and -k' : undefined;
}

/** `-f` through the resource builder, keeping what `selector` matches (`FilenameParam`, `LabelSelectorParam`). */
function readFiles(ctx: VerbContext, flags: ParsedFlags, validate: ValidateMode, selector: string | undefined): InputItem[] | { error: string } {
  const missing = missingFilename(flags);
  if (missing) return { error: missing };
  const filenames = flagArray(flags, 'filename');
  const ns = commandNamespace(flags);
  return readInput({ filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate, namespace: ns.namespace, enforceNamespace: ns.explicit, selector });
}

export const apply: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'apply');
  if ('error' in flags) return fail(flags.error);
  const w = new OutputWriter();
  const settled = applyOptions(flags, ctx);
  w.warn(settled.stderr);
  if ('error' in settled) {
    w.warn(`${settled.error}\n`);
    return w.result(1);
  }
  const o = settled.options;
  const { dryRun, validate } = o;
  const refusal = flagBool(flags, 'server-side')
    ? 'error: --server-side is not available in this playground: use client-side apply (drop --server-side)'
    : playgroundCannotPrint(ctx, flags);
  const items = refusal ? { error: refusal } : readFiles(ctx, flags, validate, o.selector);
  if ('error' in items || items.length === 0) {
    w.warn(`${'error' in items ? items.error : 'error: no objects passed to apply'}\n`);
    return w.result(1);
  }
  const output = flagString(flags, 'output') ?? '';
  // shouldPrintObject: every -o but name prints the objects once, after all of them are applied.
  const printAtEnd = output !== '' && output !== 'name';
  const inputErrors: CmdError[] = [];
  const objectErrors: CmdError[] = [];
  const applied: Printable[] = [];
  // What Run marks visited for the pruner: -n when given, each namespaced object's namespace, each applied uid.
  const ns = commandNamespace(flags);
  const visitedNamespaces = new Set<string>(ns.explicit ? [ns.namespace] : []);
  const visitedUids = new Set<string>();
  const patcher = { overwrite: o.overwrite, force: o.force };
  for (const item of items) {
    if ('error' in item) {
      inputErrors.push({ message: item.error });
      continue;
    }
    if (item.info.namespaced) visitedNamespaces.add(item.namespace);
    // The server's warnings come with its answer, before kubectl prints the object's line.
    const out = applyObject(ctx, item, validate, dryRun, 'apply', patcher);
    w.warn(out.stderr);
    if (out.error) {
      objectErrors.push(out.error);
      continue;
    }
    visitedUids.add(out.obj.metadata.uid ?? '');
    const p: Printable = { obj: out.obj, ref: `${kubectlKindPrefix(item.info.kind)}/${item.name}`, typed: false };
    if (printAtEnd) {
      applied.push(p);
      continue;
    }
    const printed = printWith(ctx, flags, dryRun, out.operation, p);
    w.print(printed.stdout);
    if (printed.error) objectErrors.push(printed.error);
  }
  const errors = [...inputErrors, ...objectErrors];
  if (printAtEnd && errors.length === 0) {
    const printed = printWith(ctx, flags, dryRun, '', applied.length === 1 ? applied[0]! : appliedList(applied));
    w.print(printed.stdout);
    if (printed.error) errors.push(printed.error);
  }
  if (o.prune && errors.length === 0) {
    const opts = { allowlist: o.prune, selector: o.selector, dryRun, ...o.deletion, visitedUids, visitedNamespaces };
    const pruneError = pruneAll(ctx, opts, (operation) => createPrinter(flags, dryRun, ctx.readFile, operation), w);
    if (pruneError) errors.push(pruneError);
  }
  w.warn(checkErr(errors));
  return w.result(errors.length > 0 ? 1 : 0);
};

/**
 * `ToPrinter(operation)` then `PrintObj`: the text, or the error apply.go returns for the object
 * (without `error: `, which CheckErr adds only to an error that is alone).
 */
function printWith(ctx: VerbContext, flags: ParsedFlags, dryRun: DryRun, operation: ApplyOperation | '', p: Printable): { stdout: string; error?: CmdError } {
  const print = createPrinter(flags, dryRun, ctx.readFile, operation);
  if ('error' in print) return { stdout: '', error: { message: print.error.replace(/^error: /, '') } };
  const out = print(p);
  return out.error ? { stdout: out.stdout, error: { message: out.error } } : { stdout: out.stdout };
}

/**
 * The `corev1.List` `printObjects` wraps several applied objects in: a typed struct, so its JSON
 * is in field order (`kind`, `apiVersion`, an empty `metadata`, `items`), each item an
 * unstructured object with sorted keys. The name printer never gets it (`-o name` prints each
 * object as it is applied), so its `ref` is only the kind.
 */
function appliedList(applied: readonly Printable[]): Printable {
  return { obj: { kind: 'List', apiVersion: 'v1', metadata: {}, items: applied.map((p) => sortKeysDeep(p.obj)) }, ref: 'List', typed: true };
}

/**
 * A `-o` kubectl has and the playground does not print (get-output.ts refuses jsonpath-as-json and
 * jsonpath-file): its refusal, given before anything is applied, where kubectl would apply first.
 */
function playgroundCannotPrint(ctx: VerbContext, flags: ParsedFlags): string | undefined {
  const format = (flagString(flags, 'output') ?? '').split('=')[0]!;
  if (!GENERIC_FORMATS.split(',').includes(format) || ['json', 'yaml', 'name'].includes(format) || TEMPLATE_PRINTER_FORMATS.has(format)) return undefined;
  const print = createPrinter(flags, 'none', ctx.readFile);
  return 'error' in print ? print.error : undefined;
}
