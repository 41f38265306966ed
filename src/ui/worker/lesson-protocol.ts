/**
 * The lesson part of the page/worker protocol. The worker holds the LessonRun next to the cluster
 * (its checks read the cluster, its invariants watch every change as it happens); the page sends
 * the learner's lesson actions and renders the `LessonMessage` the worker posts whenever it
 * changed. A lesson reaches the worker as data (its folder's files as text), never as code.
 */
import type { CommandResult } from '../../kubectl/session.js';
import type { Diagnostic } from '../../tutorial/diagnostics.js';
import type { LessonMeta } from '../../tutorial/model.js';
import type { LessonProgress, PredictionAnswer } from '../../tutorial/run-progress.js';
import type { HintsView, LessonStatus } from '../../tutorial/run-view.js';

export type LessonAction =
  /** Opens a lesson folder (relative path -> text), resuming `progress`; `buffers` override the editor files. */
  | { readonly do: 'open'; readonly path: string; readonly files: Readonly<Record<string, string>>; readonly progress?: LessonProgress; readonly buffers?: Readonly<Record<string, string>> }
  | { readonly do: 'answer'; readonly prediction: string; readonly answer: PredictionAnswer }
  /** Shows one more hint; workshops pass the minutes since they began (timed hints unlock). */
  | { readonly do: 'hint'; readonly elapsedMinutes?: number }
  /** The current step's Run button. */
  | { readonly do: 'run-step' }
  | { readonly do: 'next' }
  | { readonly do: 'reset' }
  /** A lesson page's "New cluster": the lesson's setup on a fresh cluster, what was finished kept. */
  | { readonly do: 'new-cluster' }
  /** Starts Solve over a fresh cluster; then `solve-next` until it answers `{ finished: true }`. */
  | { readonly do: 'solve-begin' }
  | { readonly do: 'solve-next' }
  /** Puts back the learner's buffers that Solve or Reset set aside. */
  | { readonly do: 'restore' }
  /** Workshops: the minutes since the workshop began (hints unlock on it). */
  | { readonly do: 'clock'; readonly elapsedMinutes: number };

/** The answers to each action (`LessonReply[A['do']]`). */
export interface LessonReplies {
  readonly open: { readonly ok: true; readonly files: Record<string, string>; readonly meta: LessonMeta; readonly prose: string } | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };
  readonly answer: { readonly correct: boolean; readonly explain: string } | { readonly error: string };
  readonly hint: { readonly shown: boolean };
  readonly 'run-step': { readonly results: readonly CommandResult[] } | { readonly error: string };
  readonly next: { readonly error?: string };
  readonly reset: { readonly files: Record<string, string> };
  readonly 'new-cluster': Record<string, never>;
  readonly 'solve-begin': { readonly files: Record<string, string> };
  readonly 'solve-next': { readonly finished: false; readonly result?: CommandResult } | { readonly finished: true; readonly files: Record<string, string> };
  readonly restore: { readonly files?: Record<string, string> };
  readonly clock: Record<string, never>;
}

/** What the lesson column shows, posted after the batch it belongs to whenever it changed. */
export interface LessonMessage {
  readonly status: LessonStatus;
  readonly hints: HintsView;
  /** Solve or Reset set the learner's buffers aside, and they can be put back. */
  readonly restorable: boolean;
  /** Everything to keep in localStorage (`new LessonRun(lesson, progress)` resumes it). */
  readonly progress: LessonProgress;
}

/**
 * Lesson actions that change neither the cluster nor the run's command log (an answer, a hint,
 * the workshop's clock, the learner's buffers back): Play goes on through them. Every other
 * action ends the Play segment first, so the log keeps the order things happened in.
 */
export const KEEPS_PLAY: ReadonlySet<LessonAction['do']> = new Set(['answer', 'hint', 'clock', 'restore']);
