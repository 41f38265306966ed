/**
 * A lesson run's progress log kept to the branch its Timeline shows. The run logs what the learner
 * did (a command, a step's Run, Next, Solve); each of those made some commands of the run's
 * Timeline (src/kubectl/timeline). After a rewind (the Timeline scrubber, `sim rewind` in the
 * terminal, the branch switcher) the Timeline shows another branch, and the progress log must
 * say exactly that branch, or a reload would rebuild a cluster the learner never saw.
 *
 * `followBranch` keeps the log's entries whose commands are all still shown, in order; from the
 * first one that is not, the commands the branch shows are logged one by one as plain commands
 * (a step's Run cut halfway, a command a rewind interrupted, the commands of a branch switched
 * to). What was finished is not in the log (progress keeps it), so a step once done stays done.
 */
import type { LogEntry as Command } from '../kubectl/timeline/log.js';
import type { LogEntry } from './run-progress.js';

/** A progress entry with the Timeline commands it made (none for Next; the whole solution for Solve). */
export interface Logged {
  readonly entry: LogEntry;
  readonly made: readonly Command[];
}

/**
 * The log that leads to the branch `shown` (the Timeline's entries). Returns `log` itself when it
 * already does, so a caller can tell nothing changed.
 */
export function followBranch(log: readonly Logged[], shown: readonly Command[]): readonly Logged[] {
  let k = 0;
  let kept = 0;
  for (; kept < log.length; kept++) {
    const made = log[kept]!.made;
    if (!made.every((c, j) => shown[k + j] === c)) break;
    k += made.length;
  }
  if (kept === log.length && k === shown.length) return log;
  return [...log.slice(0, kept), ...shown.slice(k).map((c) => ({ entry: asProgress(c), made: [c] }))];
}

/** One Timeline command as a progress entry: its line, stdin, the files it read, and where a rewind cut it. */
function asProgress(c: Command): LogEntry {
  return { exec: c.line, ...(c.stdin === undefined ? {} : { stdin: c.stdin }), ...(c.files ? { files: c.files } : {}), ...(c.cut ? { until: c.end } : {}) };
}
