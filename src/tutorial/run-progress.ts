/**
 * A lesson run's progress as plain, JSON-serialisable data: what the page keeps in localStorage
 * and hands back on reload. The log replays the learner's commands against a fresh cluster
 * (same seed, so the same cluster), with the text of every file a command read, so a later edit
 * of a buffer cannot change what an earlier apply did. What was finished stays finished even if
 * the replay (say, of an older lesson version) does not reach it again.
 */

/** One thing the learner did, in order. */
export type LogEntry =
  /**
   * A command, with its stdin and the files it read (path -> text); `until` (virtual ms) when a
   * rewind cut it short there (it replays stopping at that instant).
   */
  | { readonly exec: string; readonly stdin?: string; readonly files?: Readonly<Record<string, string>>; readonly until?: number }
  /** The step's Play button, with the files its commands read. */
  | { readonly run: string; readonly files?: Readonly<Record<string, string>> }
  /** "Next step" on a step that has neither checks nor a run. */
  | { readonly next: string }
  /** Solve: the run restarted and ran the solution. */
  | { readonly solve: true };

export type PredictionAnswer = string | number | readonly string[];

export interface LessonProgress {
  readonly format: 1;
  /** The lesson's id. */
  readonly lesson: string;
  readonly stepsDone: readonly string[];
  readonly predictions: Readonly<Record<string, { readonly answer: PredictionAnswer; readonly correct: boolean }>>;
  /** Indexes (in lesson.yaml order) of the hints shown. */
  readonly hintsShown: readonly number[];
  /** Solve was used in this attempt. */
  readonly solved: boolean;
  /** The lesson was done at least once (Reset does not clear this). */
  readonly completed: boolean;
  /** Editor buffers that differ from the start files (path -> text). */
  readonly buffers: Readonly<Record<string, string>>;
  /** The learner's buffers set aside by Solve or Reset, restorable. */
  readonly stash?: Readonly<Record<string, string>>;
  readonly log: readonly LogEntry[];
}

/** Whether a value read back from storage is progress of this format (anything else is ignored). */
export function isProgress(x: unknown, lessonId: string): x is LessonProgress {
  if (typeof x !== 'object' || x === null) return false;
  const p = x as Partial<LessonProgress>;
  return p.format === 1 && p.lesson === lessonId && Array.isArray(p.stepsDone) && Array.isArray(p.hintsShown) && Array.isArray(p.log) && typeof p.buffers === 'object' && p.buffers !== null;
}
