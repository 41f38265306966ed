/**
 * The core/v1 Events the event recorder writes (engine/events.ts), kept packed in a store name
 * table's rows (`EventTable`) rather than as objects: an hour of rollouts keeps hundreds of
 * thousands of them, and an object per Event (its 15 fields, its metadata, its uid and
 * resourceVersion strings) was most of the live heap, which a major collection's pause grows
 * with. A row is `STRIDE` slots of one flat list: the name, the shared parts as references (the
 * involvedObject reference and source, which the recorder shares between Events, the interned
 * reason and message), and numbers (the count, signed by the type; the sequence number the name
 * and uid were drawn from; the resourceVersion; the seconds of creation and of the last write).
 * A reader is given the Event rebuilt key for key as the recorder wrote it (`unpack`): same keys
 * in the same order, same values, so its JSON is byte for byte the same.
 *
 * A new Event is never an object on its way in: the recorder fills a row (`draft`), which the
 * store copies into its table and the pass's diff into its own list (pending-diff.ts); the object
 * is made only when something reads it. A 5,000-node build writes 60,000 Events that nothing
 * reads, and making each (two literals of 20 fields) was most of what recording it cost.
 *
 * An Event given as an object is packed only when the recorder vouched for it (`repeated`, or a
 * row the store could not take as it is: `vouchedEvent`): the store cannot tell from an object
 * alone that its uid is the one its number gives, or that its fields are exactly the recorder's.
 * Any other Event (a repeat of one held whole, an events.k8s.io/v1 Event, one a test or a
 * manifest wrote) is kept whole.
 */
import type { ApiObject, KubeEvent, ObjectReference } from '../api/types.js';
import type { EventSource } from '../engine/event-keys.js';
import { eventUid } from '../engine/event-names.js';
import { EPOCH_MS, rfc3339 } from '../engine/time.js';

/** Slots per row: name, involvedObject, source, reason, message, signed count, sequence, resourceVersion, created, last. */
export const STRIDE = 10;

/**
 * A row keeps its times as seconds since the virtual clock's start (`EPOCH_MS`): seconds since
 * 1970 (1.77 billion) are past the small integers a V8 with compressed pointers (Chromium's) keeps
 * in a slot, and each was a boxed number of its own, two per Event.
 */
const EPOCH_SECONDS = EPOCH_MS / 1000;

/** `nowMs` as a row keeps it: whole seconds since `EPOCH_SECONDS`. */
function rowSeconds(nowMs: number): number {
  return Math.floor(nowMs / 1000) - EPOCH_SECONDS;
}

/** A row's seconds (`rowSeconds`) as ms since 1970. */
function rowMs(seconds: number): number {
  return (seconds + EPOCH_SECONDS) * 1000;
}

/** The Event vouched for last, and the facts its packed row needs that the object does not keep as numbers. */
let vouched: KubeEvent | undefined;
let vouchedSeq = 0;
let vouchedCreated = 0;
let vouchedLast = 0;

/** The Event `unpack` made last, and its facts: the recorder's repeat of it is packed with them. */
let built: KubeEvent | undefined;
let builtSeq = 0;
let builtCreated = 0;

/** The row `draft` fills: one, reused, as the store and the diff copy it before the next. */
const drafted: unknown[] = new Array<unknown>(STRIDE).fill(undefined);

/**
 * A new Event as the recorder makes it, as its row: `name` drawn from sequence number `seq`, the
 * shared parts as the recorder keeps them, `resourceVersion` as a number, written at `nowMs`
 * (count 1). Valid until the next call: the store and the pass's diff copy it.
 */
export function draft(name: string, involvedObject: ObjectReference, source: EventSource, reason: string, message: string, type: 'Normal' | 'Warning', seq: number, resourceVersion: number, nowMs: number): readonly unknown[] {
  const seconds = rowSeconds(nowMs);
  writeRow(drafted, 0, name, involvedObject, source, reason, message, type === 'Warning' ? -1 : 1, seq, resourceVersion, seconds, seconds);
  return drafted;
}

/** Copies the row from `at` in `from` to `into` from `to`. */
export function copyRow(from: readonly unknown[], at: number, into: unknown[], to: number): void {
  for (let i = 0; i < STRIDE; i++) into[to + i] = from[at + i];
}

/**
 * The Event of a row `draft` made, as an object the store will pack again (`packable`): for a
 * store that cannot take the row as it is (a watcher of Events to tell, a slot another Event
 * holds).
 */
export function vouchedEvent(row: readonly unknown[], namespace: string): KubeEvent {
  const ev = unpack(row, 0, namespace) as KubeEvent;
  vouched = ev;
  vouchedSeq = row[6] as number;
  vouchedCreated = row[8] as number;
  vouchedLast = row[9] as number;
  return ev;
}

/**
 * The recorder's word that `ev` is `existing` (as a store read gave it) counted once more at
 * `nowMs` (the spread of `EventRecorder.repeated`): packed too if `existing` came from a row.
 */
export function repeated(ev: KubeEvent, existing: KubeEvent, nowMs: number): void {
  if (existing !== built) return;
  vouched = ev;
  vouchedSeq = builtSeq;
  vouchedCreated = builtCreated;
  vouchedLast = rowSeconds(nowMs);
}

/** Whether `ev` is the Event the recorder vouched for last (and so may be packed). */
export function packable(ev: ApiObject): boolean {
  return ev === vouched;
}

/** Writes the vouched-for `ev` into `rows` from `at`. */
export function pack(rows: unknown[], at: number, ev: KubeEvent): void {
  vouched = undefined;
  const count = ev.count!;
  writeRow(rows, at, ev.metadata.name, ev.involvedObject, ev.source as EventSource, ev.reason, ev.message, ev.type === 'Warning' ? -count : count, vouchedSeq, Number(ev.metadata.resourceVersion), vouchedCreated, vouchedLast);
}

/** A row's slots, in their order (see the file comment). */
function writeRow(rows: unknown[], at: number, name: string, involvedObject: ObjectReference, source: EventSource, reason: string, message: string, signedCount: number, seq: number, resourceVersion: number, created: number, last: number): void {
  rows[at] = name;
  rows[at + 1] = involvedObject;
  rows[at + 2] = source;
  rows[at + 3] = reason;
  rows[at + 4] = message;
  rows[at + 5] = signedCount;
  rows[at + 6] = seq;
  rows[at + 7] = resourceVersion;
  rows[at + 8] = created;
  rows[at + 9] = last;
}

/** Holds `ev` whole in `rows` from `at` (the other slots emptied, so they keep nothing alive). */
export function hold(rows: unknown[], at: number, ev: ApiObject): void {
  rows[at] = ev;
  for (let i = 1; i < STRIDE; i++) rows[at + i] = undefined;
}

/** Whether the row from `at` is packed (else it holds an Event whole, or nothing). */
export function isPacked(rows: readonly unknown[], at: number): boolean {
  return typeof rows[at] === 'string';
}

/** The name of the Event in the row from `at`, or undefined for an empty row. */
export function nameAt(rows: readonly unknown[], at: number): string | undefined {
  const x = rows[at];
  return x === undefined ? undefined : typeof x === 'string' ? x : (x as ApiObject).metadata.name;
}

/**
 * What tells one stored version of the Event in the row from `at` from another (a checkpoint
 * counting the Events only it holds): the resourceVersion of a packed row, which each write
 * draws anew, else the object held.
 */
export function versionAt(rows: readonly unknown[], at: number): unknown {
  return typeof rows[at] === 'string' ? rows[at + 7] : rows[at];
}

/** The Event in the row from `at` (in `namespace`), rebuilt key for key as the recorder made it if packed. */
export function unpack(rows: readonly unknown[], at: number, namespace: string): ApiObject {
  const name = rows[at];
  if (typeof name !== 'string') return rows[at] as ApiObject;
  const signed = rows[at + 5] as number;
  const seq = rows[at + 6] as number;
  const created = rows[at + 8] as number;
  const ts = rfc3339(rowMs(created));
  const source = rows[at + 2] as EventSource;
  // The recorder's literal (engine/events.ts `record`), field for field and in its order.
  const ev: KubeEvent = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: {
      name,
      namespace,
      uid: eventUid(seq),
      resourceVersion: String(rows[at + 7]),
      creationTimestamp: ts,
    },
    involvedObject: rows[at + 1] as ObjectReference,
    reason: rows[at + 3] as string,
    message: rows[at + 4] as string,
    type: signed < 0 ? 'Warning' : 'Normal',
    source,
    firstTimestamp: ts,
    lastTimestamp: rfc3339(rowMs(rows[at + 9] as number)),
    count: signed < 0 ? -signed : signed,
    eventTime: null,
    reportingComponent: source.component,
    reportingInstance: source.host ?? '',
  };
  built = ev;
  builtSeq = seq;
  builtCreated = created;
  return ev;
}

/** The involvedObject of the Event in the row from `at`, read without rebuilding it. */
export function involvedAt(rows: readonly unknown[], at: number): ObjectReference | undefined {
  const x = rows[at];
  if (x === undefined) return undefined;
  return typeof x === 'string' ? (rows[at + 1] as ObjectReference) : (x as KubeEvent).involvedObject;
}

/** When the packed Event in the row from `at` was last written, in ms (what its lastTimestamp says). */
export function lastWriteAt(rows: readonly unknown[], at: number): number {
  return rowMs(rows[at + 9] as number);
}
