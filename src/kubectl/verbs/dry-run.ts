/**
 * The `--dry-run` flag every mutating verb shares (`cmdutil.AddDryRunFlag`,
 * `cmdutil.GetDryRunStrategy`, `PrintFlagsWithDryRunStrategy`): `none` (default), `client`
 * (print what would be sent, send nothing), `server` (the API server runs everything and stores
 * nothing). The deprecated forms still work, with klog's warning: `--dry-run` alone is `client`,
 * and any of strconv.ParseBool's spellings (`true`, `T`, `1` ...) is `client`, false ones `none`.
 */
import type { VerbContext } from '../context.js';
import type { FlagSpec, ParsedFlags } from '../flags.js';
import { flagString, parseGoBool } from '../flags.js';
import { klogLine } from '../format/klog.js';

export type DryRun = 'none' | 'client' | 'server';

/** `AddDryRunFlag`: `--dry-run` alone is `unchanged`, read as `client`. */
export const DRY_RUN_FLAG: FlagSpec = { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' };

/** `GetDryRunStrategy`, its deprecation warnings logged through `ctx.klog` from helpers.go's lines in kubectl v0.34. */
export function dryRunStrategy(flags: ParsedFlags, ctx: Pick<VerbContext, 'cluster' | 'klog'>): DryRun | { error: string } {
  const v = flagString(flags, 'dry-run') ?? 'none';
  const warn = (line: number, message: string): void => ctx.klog?.(klogLine('W', ctx.cluster.now, 'helpers.go', line, message));
  const asBool = parseGoBool(v);
  if (asBool !== undefined) {
    const strategy = asBool ? 'client' : 'none';
    warn(asBool ? 745 : 748, `--dry-run=${v} is deprecated (boolean value) and can be replaced with --dry-run=${strategy}.`);
    return strategy;
  }
  if (v === DRY_RUN_FLAG.noOptDefault) {
    warn(731, '--dry-run is deprecated and can be replaced with --dry-run=client.');
    return 'client';
  }
  if (v === 'client' || v === 'server' || v === 'none') return v;
  return { error: `error: Invalid dry-run value (${v}). Must be "none", "server", or "client".` };
}

/** The suffix kubectl's name printer adds to the operation: ` (dry run)`, ` (server dry run)`. */
export function dryRunSuffix(d: DryRun): string {
  return d === 'client' ? ' (dry run)' : d === 'server' ? ' (server dry run)' : '';
}
