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
 *
 * `BranchLog` holds one cluster's log that way, with the steps whose Run was pressed on it.
 */
import type { LogEntry as Command } from '../kubectl/timeline/log.js';
import type { Timeline } from '../kubectl/timeline/timeline.js';
import type { LogEntry } from './run-progress.js';
import type { SolveAction } from './run-solve.js';

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

/**
 * The progress log of one cluster of a lesson run (a fresh cluster starts a new one, with its new
 * Timeline), kept to the branch the Timeline shows, and the steps whose Run was pressed: a Run
 * shows as ran while every command it made is on the branch shown.
 */
export class BranchLog {
  private log: Logged[] = [];
  /** The steps whose Run was pressed, with the Timeline commands it made. */
  private readonly ran = new Map<string, readonly Command[]>();
  /** While Solve runs a step's run: the commands it has made so far. */
  private solveRun: Command[] = [];

  constructor(private readonly timeline: Timeline) {}

  /**
   * Keeps the log to the branch the Timeline shows (a rewind may have moved it); returns how many
   * Timeline commands that branch has, where the next entry's commands begin.
   */
  follow(): number {
    const shown = this.timeline.entries;
    const log = followBranch(this.log, shown);
    if (log !== this.log) this.log = [...log];
    return shown.length;
  }

  /** Logs `entry` with the Timeline commands it made (those after the first `before`); returns them. */
  add(entry: LogEntry, before: number): readonly Command[] {
    const made = this.timeline.entries.slice(before);
    this.log.push({ entry, made });
    return made;
  }

  /** Step `id`'s Run was pressed and made `made`. */
  markRan(id: string, made: readonly Command[]): void {
    this.ran.set(id, made);
  }

  /** Whether step `id`'s Run was pressed in this attempt (on any branch). */
  hasRan(id: string): boolean {
    return this.ran.has(id);
  }

  /** Whether step `id`'s Run shows as ran: it was pressed and the commands it made are all on the branch shown. */
  ranShown(id: string, shown: ReadonlySet<Command> = new Set(this.timeline.entries)): boolean {
    return this.ran.get(id)?.every((c) => shown.has(c)) ?? false;
  }

  /** Solve has begun on this fresh cluster: its one entry will hold every command the solution makes. */
  beginSolve(): void {
    this.log = [{ entry: { solve: true }, made: [] }];
  }

  /**
   * Logs a Solve action that ran (its commands are those after the first `before`): they belong
   * to the Solve entry, unless a rewind during Solve left it behind (then `entry` logs the command).
   */
  addSolved(action: SolveAction, entry: LogEntry | undefined, before: number): void {
    const solve = this.log.length === 1 && 'solve' in this.log[0]!.entry ? this.log[0]! : undefined;
    if (solve) this.log[0] = { entry: solve.entry, made: [...solve.made, ...this.timeline.entries.slice(before)] };
    else if (entry) this.add(entry, before);
    if (action.inRun) this.solveRun.push(...this.timeline.entries.slice(before));
    if (action.mark === 'ran') this.ran.set(action.step, this.solveRun.splice(0));
  }

  /** The log as progress keeps it. */
  entries(): LogEntry[] {
    return this.log.map((l) => l.entry);
  }
}

/** A command as the progress log keeps it: its line, stdin and the files it read (if any). */
export function execEntry(line: string, stdin: string | undefined, files: Readonly<Record<string, string>>): Extract<LogEntry, { exec: string }> {
  return { exec: line, ...(stdin === undefined ? {} : { stdin }), ...(Object.keys(files).length > 0 ? { files } : {}) };
}
