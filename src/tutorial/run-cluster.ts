/**
 * One cluster of a lesson run: the lesson's seed, then its setup, then a Timeline
 * (src/kubectl/timeline) that logs every later command, so `sim rewind` and the page's scrubber
 * work on it. With it go what reads it: the events the checks count (event-log.ts), the
 * invariants' windows (run-invariants.ts), the check board (run-checks.ts) and the progress log
 * kept to the branch the Timeline shows (run-branch.ts). Open, Solve, Reset and New cluster make
 * a new one; the learner's attempt (steps done, answers, buffers) lives in the LessonRun.
 */
import { actsOnTimeline, exec as execLine, type ExecResult } from '../kubectl/exec.js';
import { Timeline } from '../kubectl/timeline/timeline.js';
import { createCluster } from '../sim/index.js';
import type { Cluster } from '../sim/engine/cluster.js';
import type { InvariantSpec } from './checks/invariant.js';
import type { CheckContext, GradedCheck } from './checks/types.js';
import { EventLog } from './event-log.js';
import type { Lesson } from './model.js';
import { BranchLog, execEntry } from './run-branch.js';
import { CheckBoard } from './run-checks.js';
import { InvariantTracker } from './run-invariants.js';

/** Reads a file a command names (`kubectl apply -f PATH`), recording what it read in `read`. */
export type ReadFile = (path: string, read: Record<string, string>) => string | undefined;

export class LessonCluster {
  readonly cluster: Cluster;
  readonly events: EventLog;
  readonly invariants: InvariantTracker;
  readonly board: CheckBoard;
  /** The progress log of this cluster. */
  readonly branch: BranchLog;
  /** Undefined only while the setup runs (the setup is where the Timeline starts). */
  private commands: Timeline | undefined;

  /** Runs the lesson's setup on a fresh cluster and opens the whole-lesson and first step's windows. */
  constructor(lesson: Lesson, graded: readonly GradedCheck[], private readonly readFile: ReadFile) {
    this.cluster = createCluster({ seed: lesson.seed });
    this.events = new EventLog(this.cluster.store);
    this.cluster.subscribe((e) => this.events.observe(e));
    this.invariants = new InvariantTracker(this.cluster, graded.filter((c): c is InvariantSpec => c.kind === 'invariant'));
    this.board = new CheckBoard(graded, this.invariants);
    for (const c of lesson.setup.commands) this.command(c.text, c.stdin, {});
    this.commands = new Timeline(this.cluster);
    this.branch = new BranchLog(this.commands);
    this.events.start();
    this.invariants.open(undefined);
    if (lesson.steps[0]) this.invariants.open(lesson.steps[0].id);
  }

  /** The Timeline over the cluster: every command since the setup. */
  get timeline(): Timeline {
    if (!this.commands) throw new Error('the lesson setup is still running');
    return this.commands;
  }

  /** What a check reads. */
  ctx(): CheckContext {
    return { cluster: this.cluster, events: this.events, exec: (line) => execLine(this.cluster, line) };
  }

  /**
   * Runs one line on the cluster (logged in the Timeline once the setup has run, with the events
   * it made); `read` collects the files it read.
   */
  command(line: string, stdin: string | undefined, read: Record<string, string>): ExecResult {
    const r = execLine(this.cluster, line, stdin, { readFile: (p) => this.readFile(p, read), ...(this.commands ? { timeline: this.commands } : {}) });
    const logged = this.commands && !actsOnTimeline(line) ? this.commands.entries.at(-1) : undefined;
    if (logged) this.events.mark(logged);
    return r;
  }

  /** Logs a segment the page advanced the clock by (`sim advance D`, begun at virtual time `start`), ending now. */
  record(segment: { readonly line: string; readonly start: number }): void {
    const entry = { line: segment.line, start: segment.start, end: this.cluster.now };
    this.timeline.record(entry);
    this.events.mark(entry);
  }

  /** Replays a command a rewind cut short at virtual time `until`, as the Timeline runs a cut entry, and logs it. */
  cut(line: string, stdin: string | undefined, files: Readonly<Record<string, string>>, until: number): void {
    const before = this.follow();
    const entry = execEntry(line, stdin, files);
    this.timeline.append({ line, ...(entry.stdin === undefined ? {} : { stdin: entry.stdin }), ...(entry.files ? { files: entry.files } : {}), start: this.cluster.now, end: until, cut: true });
    this.events.mark(this.timeline.entries.at(-1)!);
    this.branch.add({ ...entry, until }, before);
  }

  /**
   * Keeps the progress log and the events the checks read to the branch the Timeline shows (a
   * rewind may have moved it); returns how many Timeline commands that branch has, where the
   * next entry's commands begin.
   */
  follow(): number {
    this.events.follow(this.timeline.entries, this.cluster.traceEntries().at(-1));
    return this.branch.follow();
  }

  /** This cluster is replaced: its invariants stop watching it. */
  dispose(): void {
    this.invariants.dispose();
  }
}
