/** The index's progress: done once completed in any attempt, started once anything was done. */
import { describe, expect, it } from 'vitest';
import { lessonStorage, readProgress, summarize } from '../../../src/ui/lesson/progress.js';
import type { LessonProgress } from '../../../src/tutorial/run-progress.js';
import { memoryStorage } from '../memory-storage.js';

const base: LessonProgress = { format: 1, lesson: 'L1', stepsDone: [], predictions: {}, hintsShown: [], solved: false, completed: false, buffers: {}, log: [] };

describe('lesson progress', () => {
  it('summarizes as new, started or done', () => {
    expect(summarize(undefined)).toBe('new');
    expect(summarize(base)).toBe('new');
    expect(summarize({ ...base, log: [{ exec: 'kubectl get ds' }] })).toBe('started');
    expect(summarize({ ...base, completed: true })).toBe('done');
  });

  it('reads what the lesson page saved, and ignores progress of another lesson', () => {
    const storage = memoryStorage();
    lessonStorage(storage, 'L1').write('progress', { ...base, completed: true });
    lessonStorage(storage, 'L2').write('progress', { ...base });
    expect(readProgress(lessonStorage(storage, 'L1'), 'L1')?.completed).toBe(true);
    expect(readProgress(lessonStorage(storage, 'L2'), 'L2')).toBeUndefined();
  });
});
