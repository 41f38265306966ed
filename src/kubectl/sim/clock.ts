/**
 * The time controls: `sim advance DURATION`, `sim settle [--timeout=10m]` and `sim now`.
 * Commands take no virtual time; these are the only verbs (with `rollout status`, `drain` and
 * `delete --wait`) that move the clock.
 */
import type { Verb } from '../context.js';
import { flagString, parseSimFlags, type FlagSpec } from '../flags.js';
import { fail, ok } from '../result.js';
import { EPOCH_MS, formatDuration, parseDuration, rfc3339 } from '../../sim/engine/time.js';
import type { Cluster } from '../../sim/engine/cluster.js';

/** The default bound of `sim settle`. */
export const SETTLE_TIMEOUT_MS = 10 * 60_000;

export const SETTLE_FLAGS: readonly FlagSpec[] = [{ name: 'timeout', type: 'duration' }];

/** `2026-01-01T00:01:30Z (+1m30s)`: the virtual time and how long the session has run. */
export function clockLine(cluster: Cluster): string {
  return `${rfc3339(cluster.now)} (+${formatDuration(Math.floor((cluster.now - EPOCH_MS) / 1000) * 1000)})`;
}

export const advance: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, [], 'advance');
  if ('error' in f) return fail(f.error);
  if (f.args.length !== 1) return fail('sim advance needs one duration, e.g. "sim advance 30s" or "sim advance 5m"');
  const d = parseDuration(f.args[0]!);
  if (typeof d !== 'number') return fail(`invalid duration for sim advance: ${d.error}`);
  if (d < 0) return fail(`sim advance cannot go back in time (${f.args[0]}); rewind with the time scrubber instead`);
  ctx.cluster.advanceTo(ctx.cluster.now + d);
  return ok(`now ${clockLine(ctx.cluster)}\n`);
};

export const settle: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, SETTLE_FLAGS, 'settle');
  if ('error' in f) return fail(f.error);
  if (f.args.length > 0) return fail(`sim settle takes no arguments (got "${f.args[0]}"); bound it with --timeout=DURATION`);
  let limit = SETTLE_TIMEOUT_MS;
  const t = flagString(f, 'timeout');
  if (t !== undefined) {
    const d = parseDuration(t);
    if (typeof d !== 'number') return fail(`invalid --timeout for sim settle: ${d.error}`);
    limit = d;
  }
  const start = ctx.cluster.now;
  const quiet = ctx.cluster.advanceUntil(() => !ctx.cluster.hasPendingWork(), limit);
  const took = formatDuration(Math.floor((ctx.cluster.now - start) / 1000) * 1000);
  if (!quiet) {
    return fail(`the cluster is still changing after ${formatDuration(limit)} (something keeps restarting or backing off); now ${clockLine(ctx.cluster)}. Use "sim advance" to step through it.`);
  }
  return ok(`settled after ${took}, now ${clockLine(ctx.cluster)}\n`);
};

export const now: Verb = (ctx, argv) => {
  if (argv.length > 0) return fail('sim now takes no arguments');
  return ok(`${clockLine(ctx.cluster)}\n`);
};

export const seed: Verb = (ctx, argv) => {
  if (argv.length !== 1 || !/^\d+$/.test(argv[0]!)) return fail('sim seed needs one non-negative integer, e.g. "sim seed 42"');
  ctx.cluster.seed(Number(argv[0]));
  return ok(`seed ${argv[0]}: generated names and uids now follow this seed\n`);
};
