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
 * and run); only which objects share a table depends on it. A table is an `EventTable`: a Map
 * to its readers, keeping the recorders' Events in rows by their number within the run.
 */

import type { ApiObject, KubeEvent, ObjectReference } from '../api/types.js';
import { STRIDE, copyRow, hold, involvedAt, isPacked, lastWriteAt, nameAt, pack, packable, unpack, versionAt } from './packed-events.js';

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

/** The slot numbers in a table: a run's sequence numbers, the last three hex digits of a name (0 to 4,095). */
const SLOT_DIGITS = 3;

/** The slot an Event named `name` takes in its table (`EventTable`), or -1 for a name too short to carry one. */
function slotOf(name: string): number {
  return name.length < MIN_LENGTH ? -1 : hexAt(name, name.length - SLOT_DIGITS, SLOT_DIGITS);
}

/** Rows in a chunk (a power of two): a slot's chunk is `slot >>> CHUNK_SHIFT`, its row in it `slot & CHUNK_MASK`. */
const CHUNK_SHIFT = 6;
const CHUNK_ROWS = 1 << CHUNK_SHIFT;
const CHUNK_MASK = CHUNK_ROWS - 1;
const CHUNK_SLOTS = CHUNK_ROWS * STRIDE;
/** Chunks in a table: its 4,096 slots. */
const CHUNKS = 4096 >>> CHUNK_SHIFT;

/** A chunk of rows: `CHUNK_ROWS` rows of `STRIDE` slots, the first undefined where no Event is. */
type Chunk = unknown[];

/** Where the row of `slot` starts in its chunk (`slot >>> CHUNK_SHIFT`). */
function rowAt(slot: number): number {
  return (slot & CHUNK_MASK) * STRIDE;
}

/** A chunk with no rows, never written: new chunks are copies of it (a copy of a packed list is one block copy; `fill` took 11 µs a chunk in Chromium). */
const EMPTY_CHUNK: readonly unknown[] = new Array<unknown>(CHUNK_SLOTS).fill(undefined);

/**
 * A table's list of chunks, none written yet: holding undefined from the start, like every later
 * list (`new Array(n)` holds small integers until its first other value, and the reads of a new
 * table's chunks, which a small cluster's few tables never gave V8 feedback for, threw away the
 * optimised Event writes of a fleet).
 */
function noChunks(): (Chunk | undefined)[] {
  return new Array<Chunk | undefined>(CHUNKS).fill(undefined);
}

/**
 * A name table of Events (`eventTable`), a Map to its readers. An Event the recorders name is
 * kept in a row by its number within the run (the name's last three hex digits), where a Map
 * entry cost 28 to 56 bytes more per Event (key, value and chain slots, half a bucket, and room
 * for growth): the names of a table come from a run of 4,096 consecutive numbers, so the rows
 * are dense, and an hour of rollouts keeps hundreds of thousands of them. A row is `STRIDE`
 * slots: the core/v1 recorder's Events packed (packed-events.ts, rebuilt when read), any other
 * Event held whole in its row's first slot. An Event whose row holds another (a name not made
 * by a recorder: any text may be an Event's name) is kept in a Map beside the rows.
 *
 * The rows are kept in chunks of `CHUNK_ROWS`, each made whole when its first row is written,
 * rather than in one list grown to the table's 40,960 slots: a list that large lives in the
 * large-object space, and growing it by `push` there was a twelfth of a 5,000-node build. The
 * chunks are young objects the scavenger copies on their way to the old generation, which
 * takes about as much back in a fleet's first build; what they win is the later writes (a
 * rollout's) and the checkpoints: a copy (`copy`, a checkpoint's) shares the chunks, and copies
 * one only before it first writes to it, where a copy of the one list sliced every row.
 *
 * The order of its entries is the rows', then the Map's: the order the recorders write them in
 * (their numbers rise), though not always a Map's for names written otherwise. Whoever needs an
 * order sorts (`Store.list`).
 */
export class EventTable extends Map<string, ApiObject> {
  /**
   * The chunks by number (`slot >>> CHUNK_SHIFT`), undefined where no row was written; made at
   * their full length, as writes come in any order of chunks.
   */
  private chunks: (Chunk | undefined)[] = noChunks();
  /** The chunks this table may write to (its own, not shared with a copy): `mine[i] === chunks[i]`. */
  private mine: (Chunk | undefined)[] = noChunks();
  /** How many rows hold an Event. */
  private filled = 0;
  /**
   * The namespace of the packed rows (a table is one namespace's: `eventTable`), given when the
   * store makes the table, as its writer spelt it: a table that learnt it from its first packed
   * Event took a branch there that the few tables of a small cluster never gave V8 feedback for,
   * and threw away the optimised Event writes of a fleet at its first new table.
   */
  private namespace: string;
  /** The Events whose row holds another (or who have none), by name. */
  private others: Map<string, ApiObject> | undefined = undefined;

  constructor(namespace = '') {
    super();
    this.namespace = namespace;
  }

  /** A copy to write to, sharing the chunks (and so the Events) until either writes to one. */
  copy(): EventTable {
    const c = new EventTable(this.namespace);
    c.chunks = this.chunks.slice();
    this.mine = noChunks();
    c.filled = this.filled;
    if (this.others !== undefined) c.others = new Map(this.others);
    return c;
  }

  override get size(): number {
    return this.filled + (this.others === undefined ? 0 : this.others.size);
  }

  /** The slot of `name`'s row if it holds that Event, else -1. */
  private slotHolding(name: string): number {
    const slot = slotOf(name);
    if (slot < 0) return -1;
    const chunk = this.chunks[slot >>> CHUNK_SHIFT];
    return chunk !== undefined && nameAt(chunk, rowAt(slot)) === name ? slot : -1;
  }

  override get(name: string): ApiObject | undefined {
    const slot = this.slotHolding(name);
    if (slot >= 0) return unpack(this.chunks[slot >>> CHUNK_SHIFT]!, rowAt(slot), this.namespace);
    return this.others === undefined ? undefined : this.others.get(name);
  }

  override has(name: string): boolean {
    return this.slotHolding(name) >= 0 || (this.others !== undefined && this.others.has(name));
  }

  /**
   * What tells the stored version of `name` from another (`versionAt`: a packed row's
   * resourceVersion, else the object), or undefined when the table has no such Event.
   */
  versionOf(name: string): unknown {
    const slot = this.slotHolding(name);
    if (slot >= 0) return versionAt(this.chunks[slot >>> CHUNK_SHIFT]!, rowAt(slot));
    return this.others === undefined ? undefined : this.others.get(name);
  }

  /** Calls `each` with the name and version (`versionOf`) of every Event, without rebuilding any. */
  forEachVersion(each: (name: string, version: unknown) => void): void {
    this.eachRow((rows, at) => each(nameAt(rows, at)!, versionAt(rows, at)));
    this.others?.forEach((ev, name) => each(name, ev));
  }

  /**
   * Calls `each` with every Event's name and, for a packed one, the time of its last write (ms,
   * what its lastTimestamp says) and its resourceVersion, rebuilding none; an Event held whole
   * is given as `held` (the numbers then NaN). The page's events window picks its newest few so.
   */
  forEachWrite(each: (name: string, held: ApiObject | undefined, lastMs: number, resourceVersion: number) => void): void {
    this.eachRow((rows, at) => {
      const x = rows[at];
      if (typeof x === 'string') each(x, undefined, lastWriteAt(rows, at), rows[at + 7] as number);
      else each((x as ApiObject).metadata.name, x as ApiObject, NaN, NaN);
    });
    this.others?.forEach((ev, name) => each(name, ev, NaN, NaN));
  }

  /** Calls `each` with every Event whose involvedObject `about` accepts, rebuilding only those. */
  forEachAbout(about: (ref: ObjectReference) => boolean, each: (ev: ApiObject) => void): void {
    this.eachRow((rows, at) => {
      const ref = involvedAt(rows, at);
      if (ref !== undefined && about(ref)) each(unpack(rows, at, this.namespace));
    });
    this.others?.forEach((ev) => {
      if (about((ev as KubeEvent).involvedObject)) each(ev);
    });
  }

  override set(name: string, ev: ApiObject): this {
    const slot = slotOf(name);
    if (slot >= 0 && (this.others === undefined || !this.others.has(name))) {
      const i = slot >>> CHUNK_SHIFT;
      const at = rowAt(slot);
      const chunk = this.chunks[i];
      const held = chunk === undefined ? undefined : nameAt(chunk, at);
      if (held === undefined || held === name) {
        const rows = this.writable(i);
        const ns = ev.metadata.namespace ?? '';
        if (packable(ev) && (ns === this.namespace || !this.anyPacked())) {
          this.namespace = ns;
          pack(rows, at, ev as KubeEvent);
        } else hold(rows, at, ev);
        if (held === undefined) this.filled++;
        return this;
      }
    }
    (this.others ??= new Map()).set(name, ev);
    return this;
  }

  /**
   * Keeps a new Event of `namespace` given as its row (packed-events.ts `draft`) in the slot its
   * name gives; false, keeping nothing, when the slot holds an Event already (or the name has
   * none, or another Event of that name is kept beside the rows) or the rows are another
   * namespace's: the caller then stores the Event as an object.
   */
  putRow(name: string, namespace: string, row: readonly unknown[]): boolean {
    const slot = slotOf(name);
    if (slot < 0 || (this.others !== undefined && this.others.has(name))) return false;
    const i = slot >>> CHUNK_SHIFT;
    const at = rowAt(slot);
    const chunk = this.chunks[i];
    if ((chunk !== undefined && chunk[at] !== undefined) || (namespace !== this.namespace && this.anyPacked())) return false;
    this.namespace = namespace;
    copyRow(row, 0, this.writable(i), at);
    this.filled++;
    return true;
  }

  /** Chunk `i`, made (all rows empty) or copied from the one shared with a copy of the table if it is not this table's own yet. */
  private writable(i: number): Chunk {
    const chunk = this.chunks[i];
    if (chunk !== undefined && this.mine[i] === chunk) return chunk;
    const own = (chunk === undefined ? EMPTY_CHUNK : chunk).slice();
    this.chunks[i] = this.mine[i] = own;
    return own;
  }

  /** Calls `each` with every row that holds an Event (its chunk and where it starts), in slot order. */
  private eachRow(each: (rows: Chunk, at: number) => void): void {
    for (const chunk of this.chunks) {
      if (chunk === undefined) continue;
      for (let at = 0; at < CHUNK_SLOTS; at += STRIDE) if (chunk[at] !== undefined) each(chunk, at);
    }
  }

  /** Whether any row is packed (rows of one namespace only share its `namespace`). */
  private anyPacked(): boolean {
    for (const chunk of this.chunks) {
      if (chunk === undefined) continue;
      for (let at = 0; at < CHUNK_SLOTS; at += STRIDE) if (isPacked(chunk, at)) return true;
    }
    return false;
  }

  override delete(name: string): boolean {
    const slot = this.slotHolding(name);
    if (slot >= 0) {
      if (--this.filled === 0) this.clearRows();
      else {
        const rows = this.writable(slot >>> CHUNK_SHIFT);
        const at = rowAt(slot);
        for (let i = 0; i < STRIDE; i++) rows[at + i] = undefined;
      }
      return true;
    }
    return this.others !== undefined && this.others.delete(name);
  }

  override clear(): void {
    this.clearRows();
    this.others = undefined;
  }

  /** Drops every row (and every chunk with them). */
  private clearRows(): void {
    this.chunks = noChunks();
    this.mine = noChunks();
    this.filled = 0;
  }

  override forEach(each: (ev: ApiObject, name: string, table: Map<string, ApiObject>) => void, thisArg?: unknown): void {
    this.eachRow((rows, at) => {
      const ev = unpack(rows, at, this.namespace);
      each.call(thisArg, ev, ev.metadata.name, this);
    });
    this.others?.forEach((ev, name) => each.call(thisArg, ev, name, this));
  }

  override entries(): MapIterator<[string, ApiObject]> {
    return this.pairs() as unknown as MapIterator<[string, ApiObject]>;
  }

  override [Symbol.iterator](): MapIterator<[string, ApiObject]> {
    return this.entries();
  }

  override keys(): MapIterator<string> {
    return this.names() as unknown as MapIterator<string>;
  }

  override values(): MapIterator<ApiObject> {
    return this.events() as unknown as MapIterator<ApiObject>;
  }

  private *events(): Generator<ApiObject, void, undefined> {
    for (const chunk of this.chunks) {
      if (chunk === undefined) continue;
      for (let at = 0; at < CHUNK_SLOTS; at += STRIDE) if (chunk[at] !== undefined) yield unpack(chunk, at, this.namespace);
    }
    if (this.others !== undefined) yield* this.others.values();
  }

  private *names(): Generator<string, void, undefined> {
    for (const chunk of this.chunks) {
      if (chunk === undefined) continue;
      for (let at = 0; at < CHUNK_SLOTS; at += STRIDE) {
        const name = nameAt(chunk, at);
        if (name !== undefined) yield name;
      }
    }
    if (this.others !== undefined) yield* this.others.keys();
  }

  private *pairs(): Generator<[string, ApiObject], void, undefined> {
    for (const ev of this.events()) yield [ev.metadata.name, ev];
  }
}

/** What tells the stored version of Event `name` in `table` from another (`EventTable.versionOf`; the object itself in a plain Map). */
export function eventVersion(table: ReadonlyMap<string, ApiObject>, name: string): unknown {
  return table instanceof EventTable ? table.versionOf(name) : table.get(name);
}

/** Calls `each` with the name and version (`eventVersion`) of every Event of `table`, rebuilding none. */
export function forEachEventVersion(table: ReadonlyMap<string, ApiObject>, each: (name: string, version: unknown) => void): void {
  if (table instanceof EventTable) table.forEachVersion(each);
  else table.forEach((ev, name) => each(name, ev));
}
