/**
 * Virtual time. The clock is a number of milliseconds since the Unix epoch; objects carry
 * RFC3339 strings of it, as the API server writes them (`2026-01-01T00:00:00Z`, second precision).
 */
import { memo } from '../memo.js';

/** The instant every fresh cluster starts at. Fixed so that output is the same on every run. */
export const EPOCH_MS = Date.UTC(2026, 0, 1, 0, 0, 0);

/** A second formatted: one pass stamps `now` thousands of times, and a few older instants. */
const formatSecond = memo((second: number): string => new Date(second * 1000).toISOString().replace('.000Z', 'Z'));

/**
 * The last second `rfc3339` formatted, and its text: a pass stamps its objects (its Events, pod
 * statuses and creations: hundreds to thousands) at one instant, in a row, and a comparison
 * answers those where the memo looked the second up in its Map each time.
 */
let lastSecond = NaN;
let lastText = '';

/** RFC3339 at second precision, as metav1.Time marshals. */
export function rfc3339(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastText = formatSecond(second);
    lastSecond = second;
  }
  return lastText;
}

/**
 * Parses an RFC3339 timestamp back to milliseconds. Memoised: thousands of objects carry the
 * same few timestamps (every Event of a pass, every pod of a wave), and `Date.parse` is slow.
 */
export const parseTime = memo((s: string): number => Date.parse(s));

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * Parses a Go duration (`time.ParseDuration`): `300ms`, `1.5h`, `2h45m`, `10s`. Returns
 * milliseconds, or an error message in Go's words when the text is not a duration.
 */
export function parseDuration(text: string): number | { error: string } {
  const bad = { error: `time: invalid duration "${text}"` };
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return bad;
  let total = 0;
  const re = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/;
  while (s.length > 0) {
    const m = re.exec(s);
    if (!m) {
      if (/^(\d+(?:\.\d*)?|\.\d+)$/.test(s)) return { error: `time: missing unit in duration "${text}"` };
      const unit = /^(?:\d+(?:\.\d*)?|\.\d+)([^\d.]+)/.exec(s);
      if (unit) return { error: `time: unknown unit "${unit[1]}" in duration "${text}"` };
      return bad;
    }
    total += parseFloat(m[1]!) * UNIT_MS[m[2]!]!;
    s = s.slice(m[0].length);
  }
  return sign * total;
}

/** Formats milliseconds as Go's `time.Duration.String()` does (`1m30s`, `2h0m0s`, `500ms`). */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  const neg = ms < 0;
  let rest = Math.abs(ms);
  if (rest < 1000) return `${neg ? '-' : ''}${rest}ms`;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = rest / 1000;
  let out = '';
  if (h > 0) out += `${h}h`;
  if (h > 0 || m > 0) out += `${m}m`;
  out += `${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, '')}s`;
  return (neg ? '-' : '') + out;
}
