/**
 * Which name table of the store an Event is kept in: a busy cluster writes Events by the hundred
 * thousand an hour, so they are split by namespace and by the time in their name
 * (`<object>.<ms in hex><sequence>`, events.ts), in spans of 65.5 s, and within a span by runs
 * of 4,096 numbers of the sequence. A snapshot (a checkpoint) and the live store then share
 * every table but the few written since: the live store copies a table before it first writes
 * to it, and one table of every Event of the hour was most of what a checkpoint cost.
 *
 * Why runs: a big fleet writes tens of thousands of Events within one span (35,000 when 5,000
 * nodes join), and looking a new name up in a Map that large, then adding it, missed the
 * processor's caches at every step (a fifth of what recording an Event cost). A table of at
 * most 4,096 names, written in a burst, stays in the caches.
 *
 * The span and run are read from the name's characters as numbers, and the table's key is
 * built once per namespace, span and run: building `<namespace>/<span>` on every read and write
 * of an Event made a new string to hash per lookup, a tenth of what recording an Event cost.
 * Any name lands in a table by the same rule (digits that are not hex just fold into some span
 * and run); only which objects share a table depends on it.
 */

/** Names shorter than this (no room for the clock and sequence) are kept in the namespace's table. */
const MIN_LENGTH = 17;
/** The span is the clock's hex digits but the last four (65,536 ms): 7 characters from 16 before the end. */
const SPAN_FROM_END = 16;
const SPAN_DIGITS = 7;
/** The run of 4,096 sequence numbers is the first two of the sequence's five hex digits, which end the name. */
const RUN_FROM_END = 5;
const RUN_DIGITS = 2;
/** Runs in a span: a table's number is its span's times this, plus its run. */
const RUNS = 256;
/** Table keys kept per namespace before that namespace's keys are dropped whole. */
const KEYS_PER_NAMESPACE = 4096;

/** The span an Event name's clock falls in: its 7 hex digits, read as a number (28 bits, a small integer). */
export function spanOf(name: string): number {
  return hexAt(name, name.length - SPAN_FROM_END, SPAN_DIGITS);
}

/** The run of sequence numbers an Event name falls in (its sequence divided by 4,096). */
export function runOf(name: string): number {
  return hexAt(name, name.length - RUN_FROM_END, RUN_DIGITS);
}

/** `digits` characters of `name` from `from`, read as hex (any other character folds into some digit). */
function hexAt(name: string, from: number, digits: number): number {
  let n = 0;
  for (let i = from, end = from + digits; i < end; i++) {
    const c = name.charCodeAt(i);
    n = (n << 4) | ((c <= 57 ? c - 48 : c - 87) & 15);
  }
  return n;
}

/** Table keys by namespace and table number, each built once. */
const keys = new Map<string, Map<number, string>>();
/** The key found last: an engine pass writes its Events in one table of one namespace or a few. */
let lastNamespace: string | undefined;
let lastTable = -1;
let lastKey = '';

/**
 * The key of the name table an Event named `name` is kept in (`namespace` itself for a name too
 * short to carry a clock). Never a bare namespace otherwise: namespaces have no `/`.
 */
export function eventTable(namespace: string, name: string): string {
  if (name.length < MIN_LENGTH) return namespace;
  // At most 2^36: a number, not a small integer, but exact.
  const table = spanOf(name) * RUNS + runOf(name);
  if (table === lastTable && namespace === lastNamespace) return lastKey;
  let tables = keys.get(namespace);
  if (!tables) keys.set(namespace, (tables = new Map()));
  let key = tables.get(table);
  if (key === undefined) {
    if (tables.size >= KEYS_PER_NAMESPACE) tables.clear();
    tables.set(table, (key = [namespace, table.toString(16)].join('/')));
  }
  lastNamespace = namespace;
  lastTable = table;
  return (lastKey = key);
}
