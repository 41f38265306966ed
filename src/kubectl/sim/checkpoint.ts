/**
 * `sim checkpoint NAME` names the present moment of the session; `sim checkpoints` lists the
 * names. `sim rewind NAME` (rewind.ts) goes back to one. They act on the session's timeline
 * (kubectl/timeline), which the host keeps, and are never logged in it.
 */
import type { Verb } from '../context.js';
import { parseSimFlags } from '../flags.js';
import { fail, ok } from '../result.js';
import { EPOCH_MS, formatDuration, rfc3339 } from '../../sim/engine/time.js';
import { clockLine } from './clock.js';

/** Why a session command cannot run: the host keeps no timeline. */
export const NO_TIMELINE = 'this host keeps no session timeline, so there is nothing to checkpoint or rewind';

export const checkpoint: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, [], 'checkpoint');
  if ('error' in f) return fail(f.error);
  if (f.args.length !== 1 || f.args[0] === '') return fail('sim checkpoint needs one name, e.g. "sim checkpoint before-rollout"');
  if (!ctx.timeline) return fail(NO_TIMELINE);
  const name = f.args[0]!;
  const replaced = ctx.timeline.checkpoint(name);
  return ok(`checkpoint "${name}" ${replaced ? 'moved to' : 'at'} ${clockLine(ctx.cluster)}\n`);
};

export const checkpoints: Verb = (ctx, argv) => {
  if (argv.length > 0) return fail('sim checkpoints takes no arguments');
  if (!ctx.timeline) return fail(NO_TIMELINE);
  const list = ctx.timeline.checkpoints();
  if (list.length === 0) return ok('no checkpoints yet: name the present moment with "sim checkpoint NAME"\n');
  const width = Math.max(4, ...list.map((c) => c.name.length));
  const rows = list.map((c) => `${c.name.padEnd(width)}   ${rfc3339(c.time)} (+${formatDuration(Math.floor((c.time - EPOCH_MS) / 1000) * 1000)})`);
  return ok(`${'NAME'.padEnd(width)}   TIME\n${rows.join('\n')}\n`);
};
