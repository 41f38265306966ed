/**
 * The worker's lesson desk: the open LessonRun, the learner's lesson actions served against it,
 * and the view the page renders. Actions that start a fresh cluster (open, Reset, New cluster,
 * Solve) hand the host a new LessonSession to serve, so the picture, terminal and Timeline follow
 * the run's cluster.
 */
import { commandResult } from '../../kubectl/session.js';
import { parseLesson } from '../../tutorial/parse-lesson.js';
import { isProgress } from '../../tutorial/run-progress.js';
import { LessonRun } from '../../tutorial/run.js';
import type { LessonAction, LessonMessage, LessonReplies } from './lesson-protocol.js';
import { LessonSession } from './lesson-session.js';
import type { EngineSession } from './session.js';

export interface DeskOutcome {
  readonly value: LessonReplies[keyof LessonReplies];
  /** A fresh session over the run's (new) cluster, for the host to serve from now on. */
  readonly session?: EngineSession;
}

export class LessonDesk {
  private run: LessonRun | undefined;
  private session: LessonSession | undefined;
  private elapsed = Number.POSITIVE_INFINITY;

  /** Serves one action; `session` is the session the host serves now. */
  handle(action: LessonAction, session: EngineSession): DeskOutcome {
    if (action.do === 'open') return this.open(action);
    const run = this.run;
    if (!run || session !== this.session) throw new Error('no lesson is open in this playground');
    switch (action.do) {
      case 'answer':
        return { value: run.answer(action.prediction, action.answer) };
      case 'hint':
        if (action.elapsedMinutes !== undefined) this.elapsed = action.elapsedMinutes;
        return { value: { shown: run.showHint(this.elapsed) !== undefined } };
      case 'clock':
        this.elapsed = action.elapsedMinutes;
        return { value: {} };
      case 'run-step': {
        const step = run.lesson.steps.find((s) => s.id === run.status().currentStep);
        const out = run.runStep();
        if ('error' in out) return { value: out };
        const commands = step?.run?.commands ?? [];
        return { value: { results: out.map((r, i) => commandResult(commands[i]!.text, r)) } };
      }
      case 'next':
        return { value: run.next() ?? {} };
      case 'reset':
        run.reset();
        return { value: { files: this.files() }, session: this.fresh(run) };
      case 'new-cluster':
        run.newCluster();
        return { value: {}, session: this.fresh(run) };
      case 'solve-begin':
        run.beginSolve();
        return { value: { files: this.files() }, session: this.fresh(run) };
      case 'solve-next': {
        const step = run.solveNext();
        if (!step) return { value: { finished: true, files: this.files() } };
        if (!step.command || !step.result) return { value: { finished: false } };
        return { value: { finished: false, result: commandResult(step.command.text, step.result) } };
      }
      case 'restore':
        return { value: run.restoreBuffers() ? { files: this.files() } : {} };
    }
  }

  /** The cluster moved outside a command (a Play frame): progress is read again. */
  observed(): void {
    this.run?.observe();
  }

  /** What the column shows now, or undefined when no lesson is open. */
  view(): LessonMessage | undefined {
    const run = this.run;
    if (!run) return undefined;
    const progress = run.progress();
    return { status: run.status(), hints: run.hints(this.elapsed), restorable: progress.stash !== undefined, progress };
  }

  /** Another session replaced the lesson's (New cluster): the lesson is closed. */
  close(): void {
    this.run = undefined;
    this.session = undefined;
  }

  private open(action: Extract<LessonAction, { do: 'open' }>): DeskOutcome {
    const parsed = parseLesson({ path: action.path, files: new Map(Object.entries(action.files)) });
    if (!parsed.lesson) return { value: { ok: false, diagnostics: parsed.diagnostics } };
    const lesson = parsed.lesson;
    let run: LessonRun;
    try {
      run = new LessonRun(lesson, isProgress(action.progress, lesson.meta.id) ? action.progress : undefined);
    } catch {
      // Progress of an older version of the lesson that no longer replays: start the lesson afresh.
      run = new LessonRun(lesson);
    }
    for (const [path, text] of Object.entries(action.buffers ?? {})) if (run.files().has(path)) run.setBuffer(path, text);
    this.run = run;
    this.elapsed = Number.POSITIVE_INFINITY;
    return { value: { ok: true, files: this.files(), meta: lesson.meta, prose: lesson.prose }, session: this.fresh(run) };
  }

  private fresh(run: LessonRun): LessonSession {
    this.session = new LessonSession(run);
    return this.session;
  }

  private files(): Record<string, string> {
    return Object.fromEntries(this.run!.files());
  }
}
