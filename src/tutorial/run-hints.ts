/**
 * Which hint comes next: hints are offered in lesson.yaml order, one per press of "Hint"; a hint
 * with `step` only while that step is current, a workshop hint with `afterMinutes` only once
 * that much (wall-clock) time has passed, which the page measures and passes in.
 */
import type { Lesson } from './model.js';
import type { HintsView } from './run-view.js';

function offered(lesson: Lesson, i: number, step: string | undefined): boolean {
  const h = lesson.hints[i]!;
  return h.step === undefined || h.step === step;
}

/** The index of the next hint to show now, if any. */
export function nextHint(lesson: Lesson, shown: readonly number[], step: string | undefined, elapsedMinutes: number): number | undefined {
  for (let i = 0; i < lesson.hints.length; i++) {
    if (shown.includes(i) || !offered(lesson, i, step)) continue;
    return (lesson.hints[i]!.afterMinutes ?? 0) <= elapsedMinutes ? i : undefined;
  }
  return undefined;
}

export function hintsView(lesson: Lesson, shown: readonly number[], step: string | undefined, elapsedMinutes: number): HintsView {
  const more = nextHint(lesson, shown, step, elapsedMinutes) !== undefined;
  const waiting = lesson.hints.findIndex((h, i) => !shown.includes(i) && offered(lesson, i, step));
  const unlock = !more && waiting >= 0 ? lesson.hints[waiting]!.afterMinutes : undefined;
  return {
    shown: shown.map((i) => lesson.hints[i]!),
    more,
    ...(unlock !== undefined ? { unlocksInMinutes: Math.max(0, unlock - elapsedMinutes) } : {}),
  };
}
