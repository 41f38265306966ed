/**
 * `kubectl apply -f - [--validate=strict|warn|ignore|true|false] [--dry-run=client|server]
 * [-n NS]` (kubectl `pkg/cmd/apply/apply.go`: `ApplyFlags.ToOptions`, `ApplyOptions.Run`,
 * `GetObjects`; `cmdutil.GetValidationDirective`).
 *
 * Every document is applied in order (apply/apply-object.ts); a failing object does not stop
 * the others. Errors are printed together at the end, as kubectl aggregates them: the input's
 * own errors (unknown kind, namespace mismatch) first, then each object's; exit code 1 if any.
 * Input that cannot be read applies nothing (apply/input.ts).
 *
 * Not modelled: `--server-side` (a clear error), `--prune`, `-k`, `--record`, `-o`.
 */
import type { ValidateMode } from '../../manifest/index.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import { applyObject } from '../apply/apply-object.js';
import { readInput, type InputItem } from '../apply/input.js';
import { checkErr, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy } from './dry-run.js';
import { commandNamespace } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  { name: 'validate', type: 'string', default: 'strict' },
  { name: 'server-side', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
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
  const filenames = flagArray(flags, 'filename');
  if (filenames.length === 0) return { error: 'error: must specify one of -f and -k' };
  const ns = commandNamespace(flags);
  return readInput({ filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate, namespace: ns.namespace, enforceNamespace: ns.explicit });
}

export const apply: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'apply');
  if ('error' in flags) return fail(flags.error);
  if (flagBool(flags, 'server-side')) return fail('error: --server-side is not available in this playground: use client-side apply (drop --server-side)');
  const dryRun = dryRunStrategy(flags);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const validate = validationDirective(flags);
  if (typeof validate !== 'string') return fail(validate.error);
  if (flags.args.length > 0) return fail(`error: Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl apply -h' for help and examples`);
  const items = readVerbInput(ctx, flags, validate);
  if ('error' in items) return fail(items.error);
  if (items.length === 0) return fail('error: no objects passed to apply');
  const inputErrors: CmdError[] = [];
  const objectErrors: CmdError[] = [];
  const w = new OutputWriter();
  for (const item of items) {
    if ('error' in item) {
      inputErrors.push({ message: item.error });
      continue;
    }
    // The server's warnings come with its answer, before kubectl prints the object's line.
    const out = applyObject(ctx, item, validate, dryRun);
    w.warn(out.stderr);
    w.print(out.stdout);
    if (out.error) objectErrors.push(out.error);
  }
  const errors = [...inputErrors, ...objectErrors];
  w.warn(checkErr(errors));
  return w.result(errors.length > 0 ? 1 : 0);
};
