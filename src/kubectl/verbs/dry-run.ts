/**
 * The `--dry-run` flag every mutating verb shares (`cmdutil.AddDryRunFlag`,
 * `cmdutil.GetDryRunStrategy`, `PrintFlagsWithDryRunStrategy`): `none` (default), `client`
 * (print what would be sent, send nothing), `server` (the API server runs everything and stores
 * nothing). The deprecated booleans still parse: `true` is `client`, `false` is `none`.
 */
import type { FlagSpec, ParsedFlags } from '../flags.js';
import { flagString } from '../flags.js';

export type DryRun = 'none' | 'client' | 'server';

/** `AddDryRunFlag`: `--dry-run` alone is `unchanged`, read as `client`. */
export const DRY_RUN_FLAG: FlagSpec = { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' };

export function dryRunStrategy(flags: ParsedFlags): DryRun | { error: string } {
  const v = flagString(flags, 'dry-run') ?? 'none';
  if (v === 'client' || v === 'true' || v === 'unchanged') return 'client';
  if (v === 'server') return 'server';
  if (v === 'none' || v === 'false' || v === '') return 'none';
  return { error: `error: Invalid dry-run value (${v}). Must be "none", "server", or "client".` };
}

/** The suffix kubectl's name printer adds to the operation: ` (dry run)`, ` (server dry run)`. */
export function dryRunSuffix(d: DryRun): string {
  return d === 'client' ? ' (dry run)' : d === 'server' ? ' (server dry run)' : '';
}
