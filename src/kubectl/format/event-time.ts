/**
 * kubectl's `SortableEvents.eventTime()` (kubectl/pkg/cmd/events), apart from the `events` verb
 * that sorts by it: the page's events panel and its window in the worker order Events the same
 * way without loading the verb and its printers.
 */
import type { KubeEvent } from '../../sim/api/types.js';

/** `eventTime()` of SortableEvents, in milliseconds; Go's zero time sorts first. */
export function eventTime(e: KubeEvent): number {
  const raw = e as unknown as { series?: { lastObservedTime?: string }; eventTime?: string };
  const t = raw.series ? raw.series.lastObservedTime : e.lastTimestamp || raw.eventTime;
  const ms = t ? Date.parse(t) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}
