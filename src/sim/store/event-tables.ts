/**
 * Which name table of the store an Event is kept in: a busy cluster writes Events by the hundred
 * thousand an hour, so they are split by namespace and by the time in their name
 * (`<object>.<ms in hex><sequence>`, events.ts), in spans of 65.5 s. A snapshot (a checkpoint)
 * and the live store then share every span but the few written since: the live store copies a
 * table before it first writes to it, and one table of every Event of the hour was most of what
 * a checkpoint cost.
 *
 * The span is read from the name's characters as a number, and the table's key is built once
 * per namespace and span: building `<namespace>/<span>` on every read and write of an Event
 * made a new string to hash per lookup, a tenth of what recording an Event cost. Any name lands
 * in a table by the same rule (digits that are not hex just fold into some span); only which
 * objects share a table depends on it.
 */

/** Names shorter than this (no room for the clock and sequence) are kept in the namespace's table. */
const MIN_LENGTH = 17;
/** The span is the clock's hex digits but the last four (65,536 ms): 7 characters from 16 before the end. */
const SPAN_FROM_END = 16;
const SPAN_DIGITS = 7;
/** Spans whose keys are kept per namespace before that namespace's keys are dropped whole. */
const KEYS_PER_NAMESPACE = 4096;

/** The span an Event name's clock falls in: its 7 hex digits, read as a number (28 bits, a small integer). */
export function spanOf(name: string): number {
  let span = 0;
  for (let i = name.length - SPAN_FROM_END, end = i + SPAN_DIGITS; i < end; i++) {
    const c = name.charCodeAt(i);
    span = (span << 4) | ((c <= 57 ? c - 48 : c - 87) & 15);
  }
  return span;
}

/** Table keys by namespace and span, each built once. */
const keys = new Map<string, Map<number, string>>();
/** The key found last: an engine pass writes its Events in one span of one namespace or a few. */
let lastNamespace: string | undefined;
let lastSpan = -1;
let lastKey = '';

/**
 * The key of the name table an Event named `name` is kept in (`namespace` itself for a name too
 * short to carry a clock). Never a bare namespace otherwise: namespaces have no `/`.
 */
export function eventTable(namespace: string, name: string): string {
  if (name.length < MIN_LENGTH) return namespace;
  const span = spanOf(name);
  if (span === lastSpan && namespace === lastNamespace) return lastKey;
  let spans = keys.get(namespace);
  if (!spans) keys.set(namespace, (spans = new Map()));
  let key = spans.get(span);
  if (key === undefined) {
    if (spans.size >= KEYS_PER_NAMESPACE) spans.clear();
    spans.set(span, (key = [namespace, span.toString(16)].join('/')));
  }
  lastNamespace = namespace;
  lastSpan = span;
  return (lastKey = key);
}
