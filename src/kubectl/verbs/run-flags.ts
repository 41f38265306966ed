/**
 * The flags of `kubectl run` (kubectl v1.34 `pkg/cmd/run/run.go`: `NewCmdRun`, `addRunFlags`) and
 * the checks pflag and `Complete` make of the ones the verb reads no further.
 *
 * Besides its own flags, run registers the delete flags (`cmddelete.NewDeleteFlags`: -f, -k, -R,
 * --cascade, --force, --grace-period, --timeout, --wait), which only `--rm` uses to delete the pod
 * after the attached session; here `--rm` needs an attach the playground refuses (run.ts), so
 * they are read and checked as kubectl checks them and otherwise change nothing, as upstream
 * without `--rm`. Likewise `--quiet`, `--leave-stdin-open` and `--pod-running-timeout` only
 * matter to an attach, and `--field-manager` names a manager the playground does not record.
 */
import { parseDuration } from '../../sim/engine/time.js';
import { goQuote } from '../../sim/api/goquote.js';
import { flagString, parseGoIntFlag, type FlagSpec, type ParsedFlags } from '../flags.js';
import { RECORD_FLAG } from '../record.js';
import { CASCADE_FLAG } from './cascade.js';
import { DRY_RUN_FLAG } from './dry-run.js';
import { PRINT_FLAGS } from './get-output.js';

export const RUN_FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  { name: 'kustomize', short: 'k', type: 'string' },
  { name: 'recursive', short: 'R', type: 'bool' },
  CASCADE_FLAG,
  { name: 'force', type: 'bool' },
  { name: 'grace-period', type: 'int', default: '-1' },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'wait', type: 'bool' },
  ...PRINT_FLAGS,
  RECORD_FLAG,
  DRY_RUN_FLAG,
  { name: 'annotations', type: 'stringArray' },
  { name: 'image', type: 'string' },
  { name: 'image-pull-policy', type: 'string' },
  { name: 'rm', type: 'bool' },
  { name: 'env', type: 'stringArray' },
  { name: 'port', type: 'string' },
  { name: 'labels', short: 'l', type: 'string' },
  { name: 'stdin', short: 'i', type: 'bool' },
  { name: 'tty', short: 't', type: 'bool' },
  { name: 'attach', type: 'bool' },
  { name: 'leave-stdin-open', type: 'bool' },
  { name: 'restart', type: 'string', default: 'Always' },
  { name: 'command', type: 'bool' },
  { name: 'expose', type: 'bool' },
  { name: 'quiet', short: 'q', type: 'bool' },
  { name: 'privileged', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  { name: 'overrides', type: 'string' },
  { name: 'override-type', type: 'string', default: 'merge' },
  { name: 'save-config', type: 'bool' },
  { name: 'pod-running-timeout', type: 'duration', default: '1m0s' },
];

/** Milliseconds; what the verb needs of the values pflag types. */
export interface RunFlagValues {
  readonly podRunningTimeout: number;
}

/**
 * The int and duration values, parsed as pflag parses them while reading the command line: the
 * first bad one, in command-line order, is the error cobra prints.
 */
export function runFlagValues(flags: ParsedFlags): RunFlagValues | { error: string } {
  let podRunningTimeout = 60_000;
  for (const [name, text] of flags.visited) {
    if (name === 'grace-period') {
      const n = parseGoIntFlag('run', name, text);
      if (typeof n !== 'number') return n;
    } else if (name === 'timeout' || name === 'pod-running-timeout') {
      const ms = parseDuration(text);
      if (typeof ms !== 'number') {
        return { error: `error: invalid argument ${goQuote(text)} for "--${name}" flag: ${ms.error}\nSee 'kubectl run --help' for usage.` };
      }
      if (name === 'pod-running-timeout') podRunningTimeout = ms;
    }
  }
  return { podRunningTimeout };
}

