/**
 * LessonRun: one learner's attempt at one lesson, pure (the page's engine worker holds it; the
 * checker drives it the same way). It owns a fresh cluster (the lesson's seed, then its setup),
 * the editor buffers of the start/ files, and everything the lesson column shows.
 *
 * Files: `kubectl apply -f start/x.yaml` reads the buffer of start/x.yaml (what the learner is
 * editing); `-f solution/x.yaml` reads the lesson's solution file.
 *
 * Invariants:
 * - A step once done stays done for this attempt; steps finish in order (the current step is the
 *   first unfinished one), and a step's windows open when it becomes current.
 * - The lesson is done when every step is done and every graded check passes at once; it stays
 *   done. `completed` survives Reset.
 * - Solve and Reset never lose the learner's buffers: they are stashed, and restoreBuffers()
 *   brings them back.
 * - Same lesson, same progress: same cluster (the log replays with the files as they were read).
 * - The cluster sits under a Timeline (src/kubectl/timeline) from the end of the setup on: every
 *   command of the run is logged there, so `sim rewind` and the page's scrubber work on it, and
 *   the progress log follows the branch it shows (run-branch.ts), and so do the events the checks
 *   read (event-log.ts) and whether a step's Run shows as ran.
 */
import { actsOnTimeline, exec as execLine, type ExecResult } from '../kubectl/exec.js';
import { parseScript } from '../kubectl/script.js';
import type { LogEntry as Command } from '../kubectl/timeline/log.js';
import { Timeline } from '../kubectl/timeline/timeline.js';
import { createCluster } from '../sim/index.js';
import type { Cluster } from '../sim/engine/cluster.js';
import type { InvariantSpec } from './checks/invariant.js';
import { isCorrect, type PredictionSpec } from './checks/prediction.js';
import { checkTitle } from './checks/index.js';
import type { CheckContext, GradedCheck } from './checks/types.js';
import { EventLog } from './event-log.js';
import type { Hint, Lesson, Step } from './model.js';
import { CheckBoard } from './run-checks.js';
import { hintsView, nextHint } from './run-hints.js';
import { InvariantTracker } from './run-invariants.js';
import { followBranch, type Logged } from './run-branch.js';
import type { LessonProgress, LogEntry, PredictionAnswer } from './run-progress.js';
import type { LessonStatus, StepView } from './run-view.js';
import { SolveQueue, type SolveAction } from './run-solve.js';

export type { LessonStatus } from './run-view.js';

export class LessonRun {
  private cluster!: Cluster;
  private events!: EventLog;
  private invariants?: InvariantTracker;
  private board!: CheckBoard;
  private current = 0;
  private done = new Set<string>();
  /** The steps whose Run was pressed, with the Timeline commands it made (it shows as ran while they are all shown). */
  private ran = new Map<string, readonly Command[]>();
  /** While Solve runs a step's run: the commands it has made so far. */
  private solveRun: Command[] = [];
  private nexts = new Set<string>();
  private answers = new Map<string, { answer: PredictionAnswer; correct: boolean }>();
  private hintsShown: number[] = [];
  private solved = false;
  private lessonDone = false;
  private completed = false;
  private buffers = new Map<string, string>();
  private stash?: Map<string, string>;
  private log: Logged[] = [];
  /** Undefined only while the setup runs (the setup is where the Timeline starts). */
  private commands: Timeline | undefined;
  private queue?: SolveQueue;
  /** While a log is replayed: the files the replayed command read. */
  private replayFiles?: Readonly<Record<string, string>>;
  readonly graded: readonly GradedCheck[];

  constructor(readonly lesson: Lesson, progress?: LessonProgress) {
    this.graded = lesson.checks.filter((c): c is GradedCheck => c.kind !== 'prediction');
    this.buffers = this.startFiles();
    this.fresh();
    if (progress) this.resume(progress);
  }

  /** The cluster of this attempt (a new one after Solve and Reset). */
  get clusterNow(): Cluster {
    return this.cluster;
  }

  /** The Timeline over that cluster: every command since the setup (a new one after Solve and Reset). */
  get timeline(): Timeline {
    if (!this.commands) throw new Error('the lesson setup is still running');
    return this.commands;
  }

  // ---- the learner's actions ------------------------------------------------------------

  /** Runs one command line, as the terminal or the editor's Apply does. */
  exec(line: string, stdin?: string): ExecResult {
    const before = this.follow();
    const files: Record<string, string> = {};
    const r = this.command(line, stdin, files);
    // `sim rewind` / `sim checkpoint` act on the Timeline and are never logged; the log follows the moment shown.
    if (actsOnTimeline(line)) this.follow();
    else this.logged(execEntry(line, stdin, files), before);
    this.advance();
    return r;
  }

  /**
   * The cluster moved outside `exec` (the page's Play advances the clock frame by frame): reads
   * the progress now, and logs the segment (`sim advance D`, begun at virtual time `start`) when
   * it ended.
   */
  observe(segment?: { readonly line: string; readonly start: number }): void {
    const before = this.follow();
    if (segment) {
      const entry = { line: segment.line, start: segment.start, end: this.cluster.now };
      this.timeline.record(entry);
      this.events.mark(entry);
      this.logged({ exec: segment.line }, before);
    }
    this.advance();
  }

  /** Runs a pasted script (several lines, heredocs), command by command. */
  execScript(text: string): ExecResult[] | { error: string } {
    const parsed = parseScript(text);
    if ('error' in parsed) return { error: parsed.error };
    return parsed.commands.map((c) => this.exec(c.text, c.stdin));
  }

  /** The editor's buffers of the start/ files, path -> text. */
  files(): Map<string, string> {
    return new Map(this.buffers);
  }

  setBuffer(path: string, text: string): { error: string } | undefined {
    if (!this.buffers.has(path)) return { error: `${path} is not an editable file of this lesson (${[...this.buffers.keys()].join(', ')})` };
    this.buffers.set(path, text);
    return undefined;
  }

  /** Records the answer to a prediction (until its step has run). */
  answer(predictionId: string, answer: PredictionAnswer): { correct: boolean; explain: string } | { error: string } {
    const p = this.predictions().find((x) => x.id === predictionId);
    if (!p) return { error: `no prediction ${predictionId}` };
    if (this.ran.has(p.step)) return { error: `step "${p.step}" has already run` };
    const correct = isCorrect(p, answer);
    this.answers.set(p.id, { answer, correct });
    return { correct, explain: p.explain };
  }

  /** Presses the current step's Play button: its run script, then the step's progress. */
  runStep(): ExecResult[] | { error: string } {
    const step = this.lesson.steps[this.current];
    if (!step) return { error: 'every step is done' };
    if (!step.run) return { error: `step "${step.id}" has no run` };
    const p = this.predictions().find((x) => x.step === step.id);
    if (p && !this.answers.has(p.id)) return { error: 'answer the prediction first' };
    // The whole run first, then the step's progress: a step never finishes half-way through its run.
    const before = this.follow();
    const files: Record<string, string> = {};
    const results = step.run.commands.map((c) => this.command(c.text, c.stdin, files));
    this.logged({ run: step.id, ...(Object.keys(files).length > 0 ? { files } : {}) }, before);
    this.ran.set(step.id, this.log.at(-1)!.made);
    this.advance();
    return results;
  }

  /** "Next step": finishes the current step when it has neither checks nor a run. */
  next(): { error: string } | undefined {
    const step = this.lesson.steps[this.current];
    if (!step) return { error: 'every step is done' };
    if (step.run && !this.ranShown(step.id)) return { error: `press Run for step "${step.id}" first` };
    if (step.checks.length > 0 && !this.stepChecksPass(step)) return { error: `step "${step.id}" is finished by its checks` };
    this.nexts.add(step.id);
    this.logged({ next: step.id }, this.follow());
    this.advance();
    return undefined;
  }

  /** Shows the next hint offered now (workshops: `elapsedMinutes` unlocks timed ones). */
  showHint(elapsedMinutes = Number.POSITIVE_INFINITY): Hint | undefined {
    const i = nextHint(this.lesson, this.hintsShown, this.lesson.steps[this.current]?.id, elapsedMinutes);
    if (i === undefined) return undefined;
    this.hintsShown.push(i);
    return this.lesson.hints[i];
  }

  /** Starts over: fresh cluster and setup, start files in the editor (the learner's stashed). */
  reset(): void {
    this.stashBuffers();
    this.buffers = this.startFiles();
    this.fresh();
  }

  /**
   * A new cluster from the lesson's setup (a lesson page's "New cluster"): unlike Reset, the
   * learner keeps what they finished (steps done, answers, hints shown) and the editor keeps its text.
   */
  newCluster(): void {
    const kept = this.progress();
    this.fresh();
    this.keepFinished(kept);
  }

  /** Puts back the buffers Solve or Reset set aside. */
  restoreBuffers(): boolean {
    if (!this.stash) return false;
    this.buffers = this.stash;
    this.stash = undefined;
    return true;
  }

  /** Solve: starts over and runs every step's solution and run; the editor then shows the solution files. */
  solve(): void {
    this.beginSolve();
    while (this.solveNext());
  }

  /**
   * Solve one command at a time (the page animates between them): starts over and queues it all.
   * The buffers hold the start files while it runs (a step's run reads them, as it would for the
   * learner), and the solution files once it has finished.
   */
  beginSolve(): void {
    this.stashBuffers();
    this.buffers = this.startFiles();
    this.fresh();
    this.solved = true;
    this.log = [{ entry: { solve: true }, made: [] }];
    this.queue = new SolveQueue(this.lesson.steps);
  }

  /** Runs the next queued solve action (with what its command printed); undefined when the solution has run to its end. */
  solveNext(): (SolveAction & { readonly result?: ExecResult }) | undefined {
    const action = this.queue?.take();
    if (!action) {
      if (this.queue) for (const path of this.buffers.keys()) {
        const solved = this.lesson.files.get(path.replace(/^start\//, 'solution/'));
        if (solved !== undefined) this.buffers.set(path, solved);
      }
      return (this.queue = undefined);
    }
    const before = this.follow();
    const files: Record<string, string> = {};
    const result = action.command ? this.command(action.command.text, action.command.stdin, files) : undefined;
    const solve = this.log.length === 1 && 'solve' in this.log[0]!.entry ? this.log[0]! : undefined;
    // The solution's commands belong to the Solve entry, unless a rewind during Solve left it behind.
    if (solve) this.log[0] = { entry: solve.entry, made: [...solve.made, ...this.timeline.entries.slice(before)] };
    else if (action.command) this.logged(execEntry(action.command.text, action.command.stdin, files), before);
    if (action.inRun) this.solveRun.push(...this.timeline.entries.slice(before));
    if (action.mark === 'ran') this.ran.set(action.step, this.solveRun.splice(0));
    else if (action.mark === 'next') this.nexts.add(action.step);
    // As with the Play button, a step's progress is read after its whole run.
    if (!action.inRun) this.advance();
    return result ? { ...action, result } : action;
  }

  // ---- what the page shows ----------------------------------------------------------------

  status(): LessonStatus {
    this.follow();
    const shown = new Set(this.timeline.entries);
    const ctx = this.ctx();
    const steps: StepView[] = this.lesson.steps.map((s, i) => {
      const p = this.predictions().find((x) => x.step === s.id);
      const current = i === this.current;
      return {
        id: s.id,
        title: s.title,
        text: s.text,
        done: this.done.has(s.id),
        current,
        hasRun: s.run !== undefined,
        ran: this.ranShown(s.id, shown),
        ...(p ? { prediction: p.id } : {}),
        canRun: current && s.run !== undefined && (!p || this.answers.has(p.id)),
        canNext: current && s.checks.length === 0 && (!s.run || this.ranShown(s.id, shown)),
        callouts: s.callouts,
      };
    });
    const outcomes = this.board.all(ctx);
    return {
      id: this.lesson.meta.id,
      kind: this.lesson.kind,
      steps,
      ...(this.lesson.steps[this.current] ? { currentStep: this.lesson.steps[this.current]!.id } : {}),
      checks: this.graded.map((c) => ({ id: c.id, kind: c.kind, title: checkTitle(c), ...outcomes.get(c.id)!, hint: c.hint })),
      predictions: this.predictions().map((p) => {
        const a = this.answers.get(p.id);
        return {
          id: p.id,
          step: p.step,
          question: p.question,
          type: p.answer.type,
          choices: p.answer.type === 'numeric' ? [] : p.answer.choices,
          ...(a ? { answered: { ...a, explain: p.explain } } : {}),
        };
      }),
      done: this.lessonDone,
      completed: this.completed,
      solved: this.solved,
    };
  }

  hints(elapsedMinutes = Number.POSITIVE_INFINITY): ReturnType<typeof hintsView> {
    return hintsView(this.lesson, this.hintsShown, this.lesson.steps[this.current]?.id, elapsedMinutes);
  }

  /** Everything to keep (localStorage) and hand back to `new LessonRun(lesson, progress)`. */
  progress(): LessonProgress {
    this.follow();
    const start = this.startFiles();
    const changed = (m: Map<string, string>): Record<string, string> => Object.fromEntries([...m].filter(([k, v]) => start.get(k) !== v));
    return {
      format: 1,
      lesson: this.lesson.meta.id,
      stepsDone: this.lesson.steps.filter((s) => this.done.has(s.id)).map((s) => s.id),
      predictions: Object.fromEntries(this.answers),
      hintsShown: [...this.hintsShown],
      solved: this.solved,
      completed: this.completed,
      buffers: changed(this.buffers),
      ...(this.stash ? { stash: Object.fromEntries(this.stash) } : {}),
      log: this.log.map((l) => l.entry),
    };
  }

  /** The outcome of every graded check now (the checker's view). */
  outcomes(): Map<string, { passed: boolean; reason: string }> {
    this.follow();
    return this.board.all(this.ctx());
  }

  // ---- inside ----------------------------------------------------------------------------

  private predictions(): PredictionSpec[] {
    return this.lesson.checks.filter((c): c is PredictionSpec => c.kind === 'prediction');
  }

  private startFiles(): Map<string, string> {
    return new Map([...this.lesson.files].filter(([p]) => p.startsWith('start/')));
  }

  private stashBuffers(): void {
    const start = this.startFiles();
    const own = [...this.buffers].some(([k, v]) => start.get(k) !== v && this.lesson.files.get(k.replace(/^start\//, 'solution/')) !== v);
    if (own) this.stash = new Map(this.buffers);
  }

  private readFile(path: string, read: Record<string, string>): string | undefined {
    const p = path.replace(/^\.\//, '');
    const text = this.replayFiles?.[path] ?? this.replayFiles?.[p] ?? (p.startsWith('start/') ? this.buffers.get(p) : p.startsWith('solution/') ? this.lesson.files.get(p) : undefined);
    if (text !== undefined) read[p] = text;
    return text;
  }

  /** A fresh cluster: the seed, the setup, the first windows. Clears this attempt's state. */
  private fresh(): void {
    this.invariants?.dispose();
    this.cluster = createCluster({ seed: this.lesson.seed });
    this.events = new EventLog(this.cluster.store);
    this.cluster.subscribe((e) => this.events.observe(e));
    this.invariants = new InvariantTracker(this.cluster, this.graded.filter((c): c is InvariantSpec => c.kind === 'invariant'));
    this.board = new CheckBoard(this.graded, this.invariants);
    this.current = 0;
    this.done = new Set();
    this.ran = new Map();
    this.solveRun = [];
    this.nexts = new Set();
    this.answers = new Map();
    this.hintsShown = [];
    this.solved = false;
    this.lessonDone = false;
    this.log = [];
    this.commands = undefined;
    for (const c of this.lesson.setup.commands) this.command(c.text, c.stdin, {});
    this.commands = new Timeline(this.cluster);
    this.events.start();
    this.invariants.open(undefined);
    if (this.lesson.steps[0]) this.invariants.open(this.lesson.steps[0].id);
  }

  private ctx(): CheckContext {
    return { cluster: this.cluster, events: this.events, exec: (line) => execLine(this.cluster, line) };
  }

  /**
   * Runs one line on the cluster (logged in the Timeline once the setup has run, with the events
   * it made); `read` collects the files it read.
   */
  private command(line: string, stdin: string | undefined, read: Record<string, string>): ExecResult {
    const r = execLine(this.cluster, line, stdin, { readFile: (p) => this.readFile(p, read), ...(this.commands ? { timeline: this.commands } : {}) });
    const logged = this.commands && !actsOnTimeline(line) ? this.commands.entries.at(-1) : undefined;
    if (logged) this.events.mark(logged);
    return r;
  }

  /** Whether step `id`'s Run shows as ran: it was pressed and the commands it made are all on the branch shown. */
  private ranShown(id: string, shown: ReadonlySet<Command> = new Set(this.timeline.entries)): boolean {
    return this.ran.get(id)?.every((c) => shown.has(c)) ?? false;
  }

  /**
   * Keeps the progress log to the branch the Timeline shows (a rewind may have moved it); returns
   * how many Timeline commands that branch has, where the next entry's commands begin.
   */
  private follow(): number {
    const shown = this.timeline.entries;
    this.events.follow(shown, this.cluster.traceEntries().at(-1));
    const log = followBranch(this.log, shown);
    if (log !== this.log) this.log = [...log];
    return shown.length;
  }

  /** Logs `entry` with the Timeline commands it made (those after the first `before`). */
  private logged(entry: LogEntry, before: number): void {
    this.log.push({ entry, made: this.timeline.entries.slice(before) });
  }

  private stepChecksPass(step: Step): boolean {
    const ctx = this.ctx();
    return step.checks.every((id) => this.board.outcome(this.graded.find((c) => c.id === id)!, ctx).passed);
  }

  /** Finishes every step that is done now, in order, then sees whether the lesson is done. */
  private advance(): void {
    for (let step = this.lesson.steps[this.current]; step; step = this.lesson.steps[this.current]) {
      const finished = step.checks.length > 0 ? this.stepChecksPass(step) : step.run ? this.ran.has(step.id) : this.nexts.has(step.id);
      if (!finished) break;
      this.finishStep(step);
    }
    if (!this.lessonDone && this.current >= this.lesson.steps.length && [...this.board.all(this.ctx()).values()].every((o) => o.passed)) {
      this.lessonDone = true;
      this.completed = true;
    }
  }

  private finishStep(step: Step): void {
    this.done.add(step.id);
    this.invariants!.closeStep(step.id);
    this.board.stepEnded(step.id, this.ctx());
    this.current++;
    const next = this.lesson.steps[this.current];
    if (next) this.invariants!.open(next.id);
  }

  /** Replays a command a rewind cut short at virtual time `until`, as the Timeline runs a cut entry. */
  private cut(line: string, stdin: string | undefined, files: Readonly<Record<string, string>>, until: number): void {
    const before = this.follow();
    const entry = execEntry(line, stdin, files);
    this.timeline.append({ line, ...(entry.stdin === undefined ? {} : { stdin: entry.stdin }), ...(entry.files ? { files: entry.files } : {}), start: this.cluster.now, end: until, cut: true });
    this.events.mark(this.timeline.entries.at(-1)!);
    this.logged({ ...entry, until }, before);
    this.advance();
  }

  /** Replays a stored log, then keeps finished what was finished. */
  private resume(p: LessonProgress): void {
    this.setAnswers(p);
    for (const entry of p.log) {
      this.replayFiles = 'solve' in entry || 'next' in entry ? undefined : (entry.files ?? {});
      if ('solve' in entry) {
        this.solve();
        this.setAnswers(p);
      } else if ('run' in entry) this.runStep();
      else if ('next' in entry) this.next();
      else if (entry.until !== undefined) this.cut(entry.exec, entry.stdin, entry.files ?? {}, entry.until);
      else this.exec(entry.exec, entry.stdin);
      this.replayFiles = undefined;
    }
    this.keepFinished(p);
    for (const [k, v] of Object.entries(p.buffers)) if (this.buffers.has(k)) this.buffers.set(k, v);
    if (p.stash) this.stash = new Map(Object.entries(p.stash));
  }
  /** Keeps what `p` finished finished: its answers, hints shown, steps done (in order), Solve and completion. */
  private keepFinished(p: LessonProgress): void {
    this.setAnswers(p);
    this.hintsShown = [...new Set([...this.hintsShown, ...p.hintsShown])].filter((i) => i < this.lesson.hints.length);
    while (this.lesson.steps[this.current] && p.stepsDone.includes(this.lesson.steps[this.current]!.id)) this.finishStep(this.lesson.steps[this.current]!);
    this.solved ||= p.solved;
    this.completed ||= p.completed;
  }

  /** The answers `p` recorded (a fresh cluster clears them). */
  private setAnswers(p: LessonProgress): void {
    for (const [id, a] of Object.entries(p.predictions)) this.answers.set(id, { answer: a.answer, correct: a.correct });
  }
}

/** A command as the progress log keeps it: its line, stdin and the files it read (if any). */
function execEntry(line: string, stdin: string | undefined, files: Readonly<Record<string, string>>): Extract<LogEntry, { exec: string }> {
  return { exec: line, ...(stdin === undefined ? {} : { stdin }), ...(Object.keys(files).length > 0 ? { files } : {}) };
}
