/**
 * What `kubectl apply` settles from its flags before it reads a file, in kubectl's order (kubectl
 * v1.34 `pkg/cmd/apply/apply.go`: `ApplyFlags.ToOptions`, then `ApplyOptions.Validate`; the
 * deletion flags through `DeleteFlags.ToOptions` of `NewDeleteFlags`):
 * 1. pflag's own errors for `--grace-period` and `--timeout` values, the first on the command line;
 * 2. `Unexpected args: [...]`, 3. `--dry-run`, 4. `--cascade` (a boolean value still parses, after
 *    its deprecation warning), 5. `must specify one of -f and -k`, 6. `--validate`, 7. with
 *    `--prune`, the `--prune-allowlist` entries (prune.ts);
 * 8. `Validate`: `--force-conflicts` only with `--server-side`, `--server-side` with
 *    `--dry-run=client` or `--force`, `--dry-run=server` with `--force`, `--all` with `-l`, then
 *    for `--prune`: not with `--force`, only with `-l` or `--all`, not with `--server-side`; last,
 *    `--subresource` only with `--server-side` (which the playground then refuses).
 * A failure is the command's only error, after any warning already written. `--all`,
 * `--prune-allowlist`, `--grace-period`, `--cascade` and `--timeout` mean nothing without
 * `--prune` or `--force` but are parsed all the same; `--wait` is parsed and never read (apply's
 * pruner and patcher do not wait for deletions), nor is `--openapi-patch` (the playground's patch
 * always comes from its own schema of the kinds it serves).
 */
import type { ValidateMode } from '../../manifest/index.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { ResourceInfo } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, parseGoIntFlag, type ParsedFlags } from '../flags.js';
import { missingFilename, validationDirective } from '../verbs/apply.js';
import { parseCascade } from '../verbs/cascade.js';
import { dryRunStrategy, type DryRun } from '../verbs/dry-run.js';
import type { ForceOptions } from './force-recreate.js';
import { parsePruneAllowlist } from './prune.js';

/** The apply flags settled (`ApplyOptions`, the parts the playground models). */
export interface ApplyOptions {
  readonly dryRun: DryRun;
  readonly validate: ValidateMode;
  /** `-l`, or ''. */
  readonly selector: string;
  /** With `--prune`, the allowlist's kinds (empty for kubectl's default list); else undefined. */
  readonly prune: readonly ResourceInfo[] | undefined;
  readonly overwrite: boolean;
  /** With `--force`, how the patcher deletes; else undefined. */
  readonly force: ForceOptions | undefined;
  /** `--grace-period` and `--cascade`, for the deletions of `--prune`. */
  readonly deletion: Pick<ForceOptions, 'grace' | 'cascade'>;
}

/** `ToOptions` and `Validate`: the options, or the error (with `error: `) after the warnings to print first. */
export function applyOptions(flags: ParsedFlags, ctx: VerbContext): { readonly options: ApplyOptions; readonly stderr: string } | { readonly error: string; readonly stderr: string } {
  const numbers = numberFlags(flags);
  if ('error' in numbers) return { error: numbers.error, stderr: '' };
  if (flags.args.length > 0) return { error: `error: Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl apply -h' for help and examples`, stderr: '' };
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return { error: dryRun.error, stderr: '' };
  const cascade = parseCascade(flagString(flags, 'cascade') ?? 'background');
  if ('error' in cascade) return { error: cascade.error, stderr: '' };
  const stderr = cascade.warning;
  const missing = missingFilename(flags);
  if (missing) return { error: missing, stderr };
  const validate = validationDirective(flags);
  if (typeof validate !== 'string') return { error: validate.error, stderr };
  const prune = flagBool(flags, 'prune') ? parsePruneAllowlist(flagArray(flags, 'prune-allowlist')) : undefined;
  if (prune && 'error' in prune) return { error: prune.error, stderr };
  const selector = flagString(flags, 'selector') ?? '';
  const problem = validateOptions(flags, dryRun, selector, prune !== undefined);
  if (problem) return { error: `error: ${problem}`, stderr };
  const deletion = { grace: numbers.grace, cascade: cascade.cascade };
  const force = flagBool(flags, 'force') ? { ...deletion, timeoutMs: numbers.timeoutMs } : undefined;
  return { options: { dryRun, validate, selector, prune, overwrite: flagBool(flags, 'overwrite'), force, deletion }, stderr };
}

/** pflag's parse of the int and duration flags, kept as text by the flag parser: the first bad one in command-line order. */
function numberFlags(flags: ParsedFlags): { grace: number; timeoutMs: number } | { error: string } {
  for (const [name, text] of flags.visited) {
    if (name === 'grace-period') {
      const grace = parseGoIntFlag('apply', name, text);
      if (typeof grace !== 'number') return grace;
    }
    if (name === 'timeout') {
      const ms = parseDuration(text);
      if (typeof ms !== 'number') return { error: `error: invalid argument "${text}" for "--timeout" flag: ${ms.error}\nSee 'kubectl apply --help' for usage.` };
    }
  }
  // Every value given parsed, the last one too: it is the flag's value.
  return { grace: parseGoIntFlag('apply', 'grace-period', flagString(flags, 'grace-period') ?? '-1') as number, timeoutMs: parseDuration(flagString(flags, 'timeout') ?? '0s') as number };
}

/** `ApplyOptions.Validate`, in its order, for what the playground parses; undefined when the flags hold. */
function validateOptions(flags: ParsedFlags, dryRun: DryRun, selector: string, prune: boolean): string | undefined {
  const serverSide = flagBool(flags, 'server-side');
  const force = flagBool(flags, 'force');
  const all = flagBool(flags, 'all');
  if (flagBool(flags, 'force-conflicts') && !serverSide) return '--force-conflicts only works with --server-side';
  if (dryRun === 'client' && serverSide) return "--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)";
  if (serverSide && force) return '--force cannot be used with --server-side';
  if (dryRun === 'server' && force) return '--dry-run=server cannot be used with --force';
  if (all && selector !== '') return 'cannot set --all and --selector at the same time';
  if (prune) {
    if (force) return '--force cannot be used with --prune';
    if (!all && selector === '') {
      return 'all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector';
    }
    if (serverSide) return "--prune is in alpha and doesn't currently work on objects created by server-side apply";
  }
  if ((flagString(flags, 'subresource') ?? '') !== '' && !serverSide) return '--subresource can only be specified for --server-side';
  return undefined;
}
