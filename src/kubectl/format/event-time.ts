/**
 * kubectl's `SortableEvents.eventTime()` (kubectl/pkg/cmd/events), apart from the `events` verb
 * that sorts by it: the page's events panel and its window in the worker order Events the same
 * way without loading the verb and its printers.
 */
import type { KubeEvent } from '../../sim/api/types.js';

/** `eventTime()` of SortableEvents, in milliseconds; Go's zero time sorts first. */
export function eventTime(e: KubeEvent): number {
  return timeOf(eventTimestamp(e));
}

/** The timestamp `eventTime` reads: a series' last observation, else the last time, else the event time. */
export function eventTimestamp(e: KubeEvent): string | undefined {
  const raw = e as unknown as { series?: { lastObservedTime?: string }; eventTime?: string };
  return raw.series ? raw.series.lastObservedTime : e.lastTimestamp || raw.eventTime;
}

/** A timestamp `eventTimestamp` read, in milliseconds; none (or one that does not parse) sorts first. */
export function timeOf(t: string | undefined): number {
  const ms = t ? Date.parse(t) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}
