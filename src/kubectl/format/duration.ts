/**
 * Ages as kubectl prints them: apimachinery `duration.HumanDuration` and `ShortHumanDuration`,
 * kubectl's `translateTimestampSince` (`<unknown>` for a missing time) and the event interval of
 * `kubectl describe` / `kubectl events` (`5m (x3 over 10m)`).
 *
 * Durations are milliseconds; the clock is passed in (never read here). Whole seconds, minutes,
 * hours and days are truncated toward zero, as Go's integer conversions do.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * `HumanDuration`: ~2-3 significant figures. `<invalid>` below -1s (clock skew up to 2s is
 * tolerated as `0s`); `Ns` under 2m; `MmSs` under 10m; `Mm` under 3h; `HhMm` under 8h; `Hh` under
 * 48h; `DdHh` under 8d; `Dd` under 2y; `YyDd` under 8y; then `Yy`. A zero trailing part is left out.
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${Math.trunc(days / 365)}y` : `${Math.trunc(days / 365)}y${days % 365}d`;
  return `${Math.trunc(days / 365)}y`;
}

/** `ShortHumanDuration`: one unit only (`59s`, `1m`, `23h`, `364d`, `1y`). */
export function shortHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(ms / HOUR / 24 / 365)}y`;
}

/**
 * kubectl's `translateTimestampSince`: `HumanDuration(now - t)` for an RFC3339 time, `<unknown>`
 * when the time is missing (Go's zero time).
 */
export function translateTimestampSince(timestamp: string | null | undefined, nowMs: number): string {
  if (timestamp === undefined || timestamp === null || timestamp === '') return '<unknown>';
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return '<unknown>';
  return humanDuration(nowMs - t);
}

/** The event fields the interval reads (core/v1 Event, plus the events/v1 series if present). */
export interface EventTimes {
  readonly firstTimestamp?: string | null;
  readonly lastTimestamp?: string | null;
  readonly eventTime?: string | null;
  readonly count?: number;
  readonly series?: { readonly count: number; readonly lastObservedTime: string } | null;
}

/**
 * The AGE cell of `kubectl describe` events and the LAST SEEN cell of `kubectl events`
 * (`DescribeEvents` / `printOneEvent`): the age of the first occurrence, or
 * `<last> (x<count> over <first>)` for a repeated event.
 */
export function eventInterval(e: EventTimes, nowMs: number): string {
  const first = e.eventTime ? translateTimestampSince(e.eventTime, nowMs) : translateTimestampSince(e.firstTimestamp, nowMs);
  if (e.series) return `${translateTimestampSince(e.series.lastObservedTime, nowMs)} (x${e.series.count} over ${first})`;
  if ((e.count ?? 0) > 1) return `${translateTimestampSince(e.lastTimestamp, nowMs)} (x${e.count} over ${first})`;
  return first;
}

/** `printEvent`'s FIRST SEEN cell (`kubectl get events -o wide`). */
export function eventFirstSeen(e: EventTimes, nowMs: number): string {
  return e.firstTimestamp ? translateTimestampSince(e.firstTimestamp, nowMs) : translateTimestampSince(e.eventTime, nowMs);
}

/** `printEvent`'s LAST SEEN cell (`kubectl get events`): no `(xN over ...)` suffix here. */
export function eventLastSeen(e: EventTimes, nowMs: number): string {
  if (e.series) return translateTimestampSince(e.series.lastObservedTime, nowMs);
  return e.lastTimestamp ? translateTimestampSince(e.lastTimestamp, nowMs) : eventFirstSeen(e, nowMs);
}
