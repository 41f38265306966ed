/**
 * `kubectl rollout SUBCOMMAND`: kubectl `pkg/cmd/rollout/rollout.go` and its subcommands, for
 * DaemonSets (status, history, undo, restart; pause and resume refuse as real kubectl does).
 */
import type { Verb } from '../context.js';
import { parseFlags, type FlagSpec } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { rolloutHistory, rolloutUndo } from './rollout-history.js';
import { rolloutPauseResume, rolloutRestart } from './rollout-restart.js';
import { rolloutStatus } from './rollout-status.js';

const SELECTOR: FlagSpec = { name: 'selector', short: 'l', type: 'string' };

export const SUBCOMMANDS: Readonly<Record<string, readonly FlagSpec[]>> = {
  status: [SELECTOR, { name: 'watch', short: 'w', type: 'bool', default: true }, { name: 'timeout', type: 'duration' }, { name: 'revision', type: 'int' }],
  history: [SELECTOR, { name: 'revision', type: 'int' }, { name: 'output', short: 'o', type: 'string' }],
  undo: [SELECTOR, { name: 'to-revision', type: 'int' }, { name: 'dry-run', type: 'string' }],
  restart: [SELECTOR],
  pause: [SELECTOR],
  resume: [SELECTOR],
};

export const rollout: Verb = (ctx, argv): ExecResult => {
  const [sub, ...rest] = argv;
  // Without a subcommand, kubectl prints this command's help (help/dispatch.ts answers before this runs).
  const specs = sub !== undefined && Object.prototype.hasOwnProperty.call(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  if (sub === undefined || !specs) {
    // DefaultSubCommandRun → RequireNoArguments: UsageErrorf(cmd, "unknown command %q", strings.Join(args, " ")).
    return fail(`error: unknown command ${JSON.stringify(argv.join(' '))}\nSee 'kubectl rollout -h' for help and examples`);
  }
  const flags = parseFlags(rest, specs, `rollout ${sub}`);
  if ('error' in flags) return fail(flags.error);
  switch (sub) {
    case 'status':
      return rolloutStatus(ctx, flags);
    case 'history':
      return rolloutHistory(ctx, flags);
    case 'undo':
      return rolloutUndo(ctx, flags);
    case 'restart':
      return rolloutRestart(ctx, flags);
    case 'pause':
      return rolloutPauseResume(ctx, flags, 'pausing');
    default:
      return rolloutPauseResume(ctx, flags, 'resuming');
  }
};
