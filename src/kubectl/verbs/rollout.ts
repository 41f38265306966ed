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

const SUBCOMMANDS: Readonly<Record<string, readonly FlagSpec[]>> = {
  status: [SELECTOR, { name: 'watch', short: 'w', type: 'bool', default: true }, { name: 'timeout', type: 'string' }, { name: 'revision', type: 'string' }],
  history: [SELECTOR, { name: 'revision', type: 'string' }, { name: 'output', short: 'o', type: 'string' }],
  undo: [SELECTOR, { name: 'to-revision', type: 'string' }, { name: 'dry-run', type: 'string' }],
  restart: [SELECTOR],
  pause: [SELECTOR],
  resume: [SELECTOR],
};

const USAGE =
  'Manage the rollout of one or many resources.\n\n' +
  ' Valid resource types include:\n\n  *  deployments\n  *  daemonsets\n  *  statefulsets\n\n' +
  'Available Commands:\n  history       View rollout history\n  pause         Mark the provided resource as paused\n' +
  '  restart       Restart a resource\n  resume        Resume a paused resource\n  status        Show the status of the rollout\n' +
  '  undo          Undo a previous rollout\n\nUsage:\n  kubectl rollout SUBCOMMAND [options]\n';

export const rollout: Verb = (ctx, argv): ExecResult => {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub.startsWith('-')) return { exitCode: 0, stdout: USAGE, stderr: '' };
  const specs = SUBCOMMANDS[sub];
  if (!Object.prototype.hasOwnProperty.call(SUBCOMMANDS, sub) || !specs) {
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
