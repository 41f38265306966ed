/**
 * `check-passed`: the moment a lesson check turns green in a widget, as the element's event
 * detail. The worker posts the lesson's whole view after every change; a check "turns green"
 * when it passes now and did not in the view before (a Reset makes it not yet again, so it can
 * turn green a second time).
 */
import type { CheckView } from '../tutorial/run-view.js';
import type { LessonMessage } from '../ui/worker/lesson-protocol.js';

export interface CheckPassedDetail {
  /** The lesson's id (`L1`). */
  readonly lesson: string;
  /** The check's id in lesson.yaml (`l1-status`). */
  readonly check: string;
  /** What the check asks for, in words: its title in lesson.yaml, or what its kind says of it. */
  readonly title: string;
  /** The cluster's virtual clock when it passed, as an RFC 3339 time. */
  readonly time: string;
}

/** The checks that pass in `next` and did not in `prev` (no view before: none passed). */
export function checksTurnedGreen(prev: LessonMessage | undefined, next: LessonMessage | undefined): CheckView[] {
  if (!next) return [];
  const before = new Set(prev && prev.progress.lesson === next.progress.lesson ? prev.status.checks.filter((c) => c.passed).map((c) => c.id) : []);
  return next.status.checks.filter((c) => c.passed && !before.has(c.id));
}

/** The event detail of one check turning green at virtual time `now` (ms since the epoch). */
export function checkPassedDetail(lesson: string, check: CheckView, now: number): CheckPassedDetail {
  return { lesson, check: check.id, title: check.title, time: new Date(now).toISOString() };
}
