/**
 * The printer of `kubectl label` and `kubectl annotate`: cli-runtime `PrintFlags` with the
 * command's operation (`NewPrintFlags("labeled")`, `NewPrintFlags("annotated")`) and
 * `PrintFlagsWithDryRunStrategy`, built as create-printer.ts builds it for `kubectl create`.
 *
 * Annotate asks for one printer in `ToOptions`, before reading anything: a bad `-o` stops the
 * command, and `-o yaml` writes `---` between objects. Label asks for a printer per object with
 * that object's operation (`labeled`, `unlabeled`, `not labeled`), so a bad `-o` is an error of
 * each object and `-o yaml` writes its documents without `---` (read from kubectl 1.32, unchanged
 * in v1.34).
 */
import type { VerbContext } from '../context.js';
import type { ParsedFlags } from '../flags.js';
import type { CmdError } from './check-err.js';
import { createPrinter, type CreatePrinter } from './create-printer.js';
import type { DryRun } from './dry-run.js';
import type { MetadataEdit } from './metadata-edit.js';

/** The printer for an object with this operation, or `ToPrinter`'s error (without `error: `). */
export type EditPrinter = (operation: string) => CreatePrinter | { error: string };

/** The command's printers, or the error that stops annotate before anything is read. */
export function editPrinter(ctx: VerbContext, flags: ParsedFlags, dryRun: DryRun, edit: MetadataEdit): EditPrinter | { error: string } {
  if (typeof edit.operation !== 'string') {
    return (operation) => {
      const p = createPrinter(flags, dryRun, ctx.readFile, operation);
      // An error of one object among others: CheckErr adds `error: ` only when it is alone.
      return 'error' in p ? { error: p.error.replace(/^error: /, '') } : p;
    };
  }
  const once = createPrinter(flags, dryRun, ctx.readFile, edit.operation);
  return 'error' in once ? once : () => once;
}

/** Prints one edited object; `ref` is what the name printer writes (`daemonset.apps/agent`). */
export function printEdited(print: CreatePrinter, obj: object, ref: string): { readonly stdout: string; readonly error?: CmdError } {
  const out = print({ obj, ref, typed: false });
  return out.error ? { stdout: out.stdout, error: { message: out.error } } : { stdout: out.stdout };
}
