/**
 * Small Go formatting helpers the printers share: `labels.FormatLabels`, `time.RFC1123Z`, the
 * `%v` of an IntOrString, and canonical quantity text (`Quantity.String()`).
 */
import type { IntOrString, Labels } from '../../sim/api/types.js';
import { canonicalQuantity } from '../../sim/api/quantity.js';

/** `labels.FormatLabels`: `k=v` pairs sorted by key and joined by `,`; `<none>` when empty. */
export function formatLabels(labels: Labels | undefined): string {
  const keys = Object.keys(labels ?? {}).sort(byteOrder);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels![k]}`).join(',');
}

/** Go's string comparison (byte order; equal to code-unit order for the ASCII keys we sort). */
export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * `t.Format(time.RFC1123Z)` in UTC: `Thu, 01 Jan 2026 00:00:00 +0000`. A missing time prints as
 * Go's zero time, as `metav1.Time{}` does.
 */
export function rfc1123z(timestamp: string | null | undefined): string {
  const ms = timestamp ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(ms)) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`
  );
}

/** `intstr.IntOrString.String()`. */
export function intOrString(v: IntOrString | undefined): string {
  return v === undefined ? '0' : String(v);
}

/** `Quantity.String()` of a value as written in a ResourceList (the text itself if it does not parse). */
export function quantityText(v: string | number): string {
  const q = canonicalQuantity(v);
  return typeof q === 'string' ? q : String(v);
}

/** Sorted keys of a record, Go map-print order. */
export function sortedKeysOf(rec: Readonly<Record<string, unknown>> | undefined): string[] {
  return Object.keys(rec ?? {}).sort(byteOrder);
}
