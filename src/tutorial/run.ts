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
 *   brings them back (run-buffers.ts).
 * - Same lesson, same progress: same cluster (the log replays with the files as they were read).
 * - The cluster sits under a Timeline (src/kubectl/timeline) from the end of the setup on
 *   (run-cluster.ts): every command of the run is logged there, so `sim rewind` and the page's
 *   scrubber work on it, and the progress log follows the branch it shows, and so does whether a
 *   step's Run shows as ran (run-branch.ts), and the events the checks read (event-log.ts).
 */
import { actsOnTimeline, type ExecResult } from '../kubectl/exec.js';
import { parseScript } from '../kubectl/script.js';
import type { Timeline } from '../kubectl/timeline/timeline.js';
import type { Cluster } from '../sim/engine/cluster.js';
import { checkTitle } from './checks/index.js';
import type { GradedCheck } from './checks/types.js';
import type { Hint, Lesson, Step } from './model.js';
import { hintsView, nextHint } from './run-hints.js';
import { execEntry, type BranchLog } from './run-branch.js';
import { LessonBuffers } from './run-buffers.js';
import { LessonCluster } from './run-cluster.js';
import { Predictions } from './run-predictions.js';
import type { LessonProgress, PredictionAnswer } from './run-progress.js';
import { stepView, type LessonStatus } from './run-view.js';
import { SolveQueue, type SolveAction } from './run-solve.js';

export type { LessonStatus } from './run-view.js';

export class LessonRun {
  /** The cluster of this attempt, with its Timeline, checks and progress log. */
  private live!: LessonCluster;
  private current = 0;
  private done = new Set<string>();
  private nexts = new Set<string>();
  private readonly predictions: Predictions;
  private hintsShown: number[] = [];
  private solved = false;
  private lessonDone = false;
  private completed = false;
  private readonly buffers: LessonBuffers;
  private queue?: SolveQueue;
  /** While a log is replayed: the files the replayed command read. */
  private replayFiles?: Readonly<Record<string, string>>;
  readonly graded: readonly GradedCheck[];

  constructor(readonly lesson: Lesson, progress?: LessonProgress) {
    this.graded = lesson.checks.filter((c): c is GradedCheck => c.kind !== 'prediction');
    this.predictions = new Predictions(lesson);
    this.buffers = new LessonBuffers(lesson.files);
    this.fresh();
    if (progress) this.resume(progress);
  }

  /** The cluster of this attempt (a new one after Solve and Reset). */
  get clusterNow(): Cluster {
    return this.live.cluster;
  }

  /** The Timeline over that cluster: every command since the setup (a new one after Solve and Reset). */
  get timeline(): Timeline {
    return this.live.timeline;
  }

  // ---- the learner's actions ------------------------------------------------------------

  /** Runs one command line, as the terminal or the editor's Apply does. */
  exec(line: string, stdin?: string): ExecResult {
    const before = this.live.follow();
    const files: Record<string, string> = {};
    const r = this.live.command(line, stdin, files);
    // `sim rewind` / `sim checkpoint` act on the Timeline and are never logged; the log follows the moment shown.
    if (actsOnTimeline(line)) this.live.follow();
    else this.branch.add(execEntry(line, stdin, files), before);
    this.advance();
    return r;
  }

  /**
   * The cluster moved outside `exec` (the page's Play advances the clock frame by frame): reads
   * the progress now, and logs the segment (`sim advance D`, begun at virtual time `start`) when
   * it ended.
   */
  observe(segment?: { readonly line: string; readonly start: number }): void {
    const before = this.live.follow();
    if (segment) {
      this.live.record(segment);
      this.branch.add({ exec: segment.line }, before);
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
    return this.buffers.all();
  }

  setBuffer(path: string, text: string): { error: string } | undefined {
    return this.buffers.set(path, text);
  }

  /** Records the answer to a prediction (until its step has run). */
  answer(predictionId: string, answer: PredictionAnswer): { correct: boolean; explain: string } | { error: string } {
    return this.predictions.answer(predictionId, answer, (step) => this.branch.hasRan(step));
  }

  /** Presses the current step's Play button: its run script, then the step's progress. */
  runStep(): ExecResult[] | { error: string } {
    const step = this.lesson.steps[this.current];
    if (!step) return { error: 'every step is done' };
    if (!step.run) return { error: `step "${step.id}" has no run` };
    if (!this.predictions.allowsRun(step.id)) return { error: 'answer the prediction first' };
    // The whole run first, then the step's progress: a step never finishes half-way through its run.
    const before = this.live.follow();
    const files: Record<string, string> = {};
    const results = step.run.commands.map((c) => this.live.command(c.text, c.stdin, files));
    this.branch.markRan(step.id, this.branch.add({ run: step.id, ...(Object.keys(files).length > 0 ? { files } : {}) }, before));
    this.advance();
    return results;
  }

  /** "Next step": finishes the current step when it has neither checks nor a run. */
  next(): { error: string } | undefined {
    const step = this.lesson.steps[this.current];
    if (!step) return { error: 'every step is done' };
    if (step.run && !this.branch.ranShown(step.id)) return { error: `press Run for step "${step.id}" first` };
    if (step.checks.length > 0 && !this.stepChecksPass(step)) return { error: `step "${step.id}" is finished by its checks` };
    this.nexts.add(step.id);
    this.branch.add({ next: step.id }, this.live.follow());
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
    this.buffers.startOver();
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
    return this.buffers.restore();
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
    this.buffers.startOver();
    this.fresh();
    this.solved = true;
    this.branch.beginSolve();
    this.queue = new SolveQueue(this.lesson.steps);
  }

  /** Runs the next queued solve action (with what its command printed); undefined when the solution has run to its end. */
  solveNext(): (SolveAction & { readonly result?: ExecResult }) | undefined {
    const action = this.queue?.take();
    if (!action) {
      if (this.queue) this.buffers.showSolution();
      return (this.queue = undefined);
    }
    const before = this.live.follow();
    const files: Record<string, string> = {};
    const result = action.command ? this.live.command(action.command.text, action.command.stdin, files) : undefined;
    this.branch.addSolved(action, action.command && execEntry(action.command.text, action.command.stdin, files), before);
    if (action.mark === 'next') this.nexts.add(action.step);
    // As with the Play button, a step's progress is read after its whole run.
    if (!action.inRun) this.advance();
    return result ? { ...action, result } : action;
  }

  // ---- what the page shows ----------------------------------------------------------------

  status(): LessonStatus {
    this.live.follow();
    const shown = new Set(this.timeline.entries);
    const ctx = this.live.ctx();
    const steps = this.lesson.steps.map((s, i) =>
      stepView(s, { done: this.done.has(s.id), current: i === this.current, ran: this.branch.ranShown(s.id, shown), prediction: this.predictions.of(s.id), answered: this.predictions.allowsRun(s.id) }),
    );
    const outcomes = this.live.board.all(ctx);
    return {
      id: this.lesson.meta.id,
      kind: this.lesson.kind,
      steps,
      ...(this.lesson.steps[this.current] ? { currentStep: this.lesson.steps[this.current]!.id } : {}),
      checks: this.graded.map((c) => ({ id: c.id, kind: c.kind, title: checkTitle(c), ...outcomes.get(c.id)!, hint: c.hint })),
      predictions: this.predictions.views(),
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
    this.live.follow();
    return {
      format: 1,
      lesson: this.lesson.meta.id,
      stepsDone: this.lesson.steps.filter((s) => this.done.has(s.id)).map((s) => s.id),
      predictions: this.predictions.saved(),
      hintsShown: [...this.hintsShown],
      solved: this.solved,
      completed: this.completed,
      ...this.buffers.saved(),
      log: this.branch.entries(),
    };
  }

  /** The outcome of every graded check now (the checker's view). */
  outcomes(): Map<string, { passed: boolean; reason: string }> {
    this.live.follow();
    return this.live.board.all(this.live.ctx());
  }

  // ---- inside ----------------------------------------------------------------------------

  private readFile(path: string, read: Record<string, string>): string | undefined {
    const p = path.replace(/^\.\//, '');
    const text = this.replayFiles?.[path] ?? this.replayFiles?.[p] ?? this.buffers.read(p);
    if (text !== undefined) read[p] = text;
    return text;
  }

  /** A fresh cluster: the seed, the setup, the first windows. Clears this attempt's state. */
  private fresh(): void {
    this.live?.dispose();
    this.current = 0;
    this.done = new Set();
    this.nexts = new Set();
    this.predictions.clear();
    this.hintsShown = [];
    this.solved = false;
    this.lessonDone = false;
    this.live = new LessonCluster(this.lesson, this.graded, (p, read) => this.readFile(p, read));
  }

  /** The progress log of the cluster now. */
  private get branch(): BranchLog {
    return this.live.branch;
  }

  private stepChecksPass(step: Step): boolean {
    const ctx = this.live.ctx();
    return step.checks.every((id) => this.live.board.outcome(this.graded.find((c) => c.id === id)!, ctx).passed);
  }

  /** Finishes every step that is done now, in order, then sees whether the lesson is done. */
  private advance(): void {
    for (let step = this.lesson.steps[this.current]; step; step = this.lesson.steps[this.current]) {
      const finished = step.checks.length > 0 ? this.stepChecksPass(step) : step.run ? this.branch.hasRan(step.id) : this.nexts.has(step.id);
      if (!finished) break;
      this.finishStep(step);
    }
    if (!this.lessonDone && this.current >= this.lesson.steps.length && [...this.live.board.all(this.live.ctx()).values()].every((o) => o.passed)) {
      this.lessonDone = true;
      this.completed = true;
    }
  }

  private finishStep(step: Step): void {
    this.done.add(step.id);
    this.live.invariants.closeStep(step.id);
    this.live.board.stepEnded(step.id, this.live.ctx());
    this.current++;
    const next = this.lesson.steps[this.current];
    if (next) this.live.invariants.open(next.id);
  }

  /** Replays a stored log, then keeps finished what was finished. */
  private resume(p: LessonProgress): void {
    this.predictions.keep(p);
    for (const entry of p.log) {
      this.replayFiles = 'solve' in entry || 'next' in entry ? undefined : (entry.files ?? {});
      if ('solve' in entry) {
        this.solve();
        this.predictions.keep(p);
      } else if ('run' in entry) this.runStep();
      else if ('next' in entry) this.next();
      else if (entry.until !== undefined) {
        this.live.cut(entry.exec, entry.stdin, entry.files ?? {}, entry.until);
        this.advance();
      }
      else this.exec(entry.exec, entry.stdin);
      this.replayFiles = undefined;
    }
    this.keepFinished(p);
    this.buffers.load(p.buffers, p.stash);
  }
  /** Keeps what `p` finished finished: its answers, hints shown, steps done (in order), Solve and completion. */
  private keepFinished(p: LessonProgress): void {
    this.predictions.keep(p);
    this.hintsShown = [...new Set([...this.hintsShown, ...p.hintsShown])].filter((i) => i < this.lesson.hints.length);
    while (this.lesson.steps[this.current] && p.stepsDone.includes(this.lesson.steps[this.current]!.id)) this.finishStep(this.lesson.steps[this.current]!);
    this.solved ||= p.solved;
    this.completed ||= p.completed;
  }
}
