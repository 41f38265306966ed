/**
 * `kubectl rollout SUBCOMMAND`: kubectl `pkg/cmd/rollout/rollout.go` and its subcommands, for
 * DaemonSets (status, history, undo, restart; pause and resume refuse as real kubectl does).
 * Each subcommand's flags are kubectl 1.32's, without `-k`: every subcommand also names its
 * objects by `-f` (rollout-target.ts), and all but status print through cli-runtime's
 * `PrintFlags` (`-o`, `--template`, ...).
 */
import type { Verb } from '../context.js';
import { parseFlags, type FlagSpec } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { DRY_RUN_FLAG } from './dry-run.js';
import { PRINT_FLAGS } from './get-output.js';
import { rolloutHistory, rolloutUndo } from './rollout-history.js';
import { rolloutPauseResume } from './rollout-pause.js';
import { rolloutRestart } from './rollout-restart.js';
import { rolloutStatus } from './rollout-status.js';
import { FILE_FLAGS } from './rollout-target.js';

const SELECTOR: FlagSpec = { name: 'selector', short: 'l', type: 'string' };
/** `AddFieldManagerFlagVar(cmd, &o.fieldManager, "kubectl-rollout")` of the subcommands that patch. */
const FIELD_MANAGER: FlagSpec = { name: 'field-manager', type: 'string' };

/** Each subcommand's flags, as kubectl 1.32 declares them (less `-k`); help lists them from here. */
export const SUBCOMMANDS: Readonly<Record<string, readonly FlagSpec[]>> = {
  status: [
    SELECTOR,
    ...FILE_FLAGS,
    { name: 'watch', short: 'w', type: 'bool', default: true },
    { name: 'timeout', type: 'duration' },
    { name: 'revision', type: 'int' },
  ],
  history: [SELECTOR, ...FILE_FLAGS, { name: 'revision', type: 'int' }, ...PRINT_FLAGS],
  undo: [SELECTOR, ...FILE_FLAGS, { name: 'to-revision', type: 'int' }, DRY_RUN_FLAG, ...PRINT_FLAGS],
  restart: [SELECTOR, ...FILE_FLAGS, FIELD_MANAGER, ...PRINT_FLAGS],
  pause: [SELECTOR, ...FILE_FLAGS, FIELD_MANAGER, ...PRINT_FLAGS],
  resume: [SELECTOR, ...FILE_FLAGS, FIELD_MANAGER, ...PRINT_FLAGS],
};

/** `NewCmdRollout`: dispatches to the subcommand named first, with that subcommand's flags. */
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
