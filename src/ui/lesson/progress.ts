/**
 * A lesson's progress on this machine: the LessonRun's progress, kept in localStorage through the
 * lesson page's own playground storage (`everynode:lesson-ID:progress`, versioned by persist.ts),
 * and the summary the lessons index shows.
 */
import { PlaygroundStorage, type StorageLike } from '../persist.js';
import { playgroundId } from '../shell/page.js';
import { isProgress, type LessonProgress } from '../../tutorial/run-progress.js';

export const PROGRESS = 'progress';

export type ProgressSummary = 'done' | 'started' | 'new';

/** The storage of lesson `id`'s page. */
export function lessonStorage(storage: StorageLike | undefined, id: string): PlaygroundStorage {
  return new PlaygroundStorage(storage, playgroundId({ kind: 'lesson', root: './', lesson: id }));
}

export function readProgress(storage: PlaygroundStorage, id: string): LessonProgress | undefined {
  const p = storage.read<unknown>(PROGRESS);
  return isProgress(p, id) ? p : undefined;
}

/** Done (once, in any attempt), started (anything done or typed), or new. */
export function summarize(p: LessonProgress | undefined): ProgressSummary {
  if (!p) return 'new';
  if (p.completed) return 'done';
  return p.log.length > 0 || p.stepsDone.length > 0 || Object.keys(p.predictions).length > 0 ? 'started' : 'new';
}
