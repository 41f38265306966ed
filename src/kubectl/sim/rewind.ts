/**
 * `sim rewind NAME` and `sim rewind --to TIME`: restore a past moment of the session, a named
 * checkpoint or any instant (a virtual duration since the start such as `5m30s`, or an RFC 3339
 * instant such as `2026-01-01T00:05:30Z`). Commands given afterwards start a new branch; the
 * future left behind stays in the timeline's branches (kubectl/timeline).
 */
import type { Verb } from '../context.js';
import { flagString, parseSimFlags, type FlagSpec } from '../flags.js';
import { fail, ok } from '../result.js';
import { EPOCH_MS, formatDuration, parseDuration, parseTime } from '../../sim/engine/time.js';
import type { Rewound } from '../timeline/timeline.js';
import { NO_TIMELINE } from './checkpoint.js';
import { clockLine } from './clock.js';

/** `--to TIME`: any past moment rather than a named one. */
export const REWIND_FLAGS: readonly FlagSpec[] = [{ name: 'to', type: 'string' }];

export const rewind: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, REWIND_FLAGS, 'rewind');
  if ('error' in f) return fail(f.error);
  const to = flagString(f, 'to');
  const usage = 'sim rewind needs a checkpoint name or --to TIME, e.g. "sim rewind before-rollout" or "sim rewind --to 5m30s"';
  if ((to === undefined) === (f.args.length !== 1) || f.args.length > 1) return fail(usage);
  if (!ctx.timeline) return fail(NO_TIMELINE);
  let out: Rewound | { error: string };
  if (to !== undefined) {
    const at = parseMoment(to);
    if (typeof at !== 'number') return fail(at.error);
    out = ctx.timeline.rewindTo(at);
    if ('error' in out) return fail(`cannot rewind to ${to}: ${out.error} (now ${clockLine(ctx.cluster)})`);
  } else {
    out = ctx.timeline.rewindToCheckpoint(f.args[0]!);
    if ('error' in out) return fail(`${out.error}; "sim checkpoints" lists them`);
  }
  const left = out.leftBehind > 0 ? `; the ${out.leftBehind} later command${out.leftBehind === 1 ? ' is' : 's are'} kept on a branch` : '';
  return ok(`rewound to ${clockLine(ctx.cluster)} (${out.replayed} commands replayed)${left}\n`);
};

/** `5m30s` (since the start of the session's virtual clock) or an RFC 3339 instant. */
function parseMoment(text: string): number | { error: string } {
  if (/^\d{4}-\d\d-\d\dT/.test(text)) {
    const ms = parseTime(text);
    return Number.isNaN(ms) ? { error: `invalid --to "${text}": not an RFC 3339 time such as 2026-01-01T00:05:30Z` } : ms;
  }
  const d = parseDuration(text);
  if (typeof d !== 'number') return { error: `invalid --to "${text}": give a time since the start such as 5m30s, or an RFC 3339 instant (${d.error})` };
  if (d < 0) return { error: `invalid --to "${text}": the start of the session is +${formatDuration(0)}` };
  return EPOCH_MS + d;
}
