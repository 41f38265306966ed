/**
 * Event expiry: kube-apiserver stores every Event with a TTL (`--event-ttl`, one hour by
 * default) that restarts on each write, so an Event disappears an hour after it was last
 * created or updated (a repeat that bumps `count` keeps it alive). Without it a long session
 * would keep every Event ever recorded.
 *
 * Invariants:
 * - An Event is removed at the first sweep at or after `writtenAt + ttl`. By default the write
 *   time is `lastTimestamp` (written at each create and update of a core/v1 Event, at second
 *   precision, as etcd lease TTLs are); an events.k8s.io/v1 Event has no such field, so its
 *   recorder passes the write times it keeps (events-v1.ts).
 * - Each expiry handles only the Events it `owns` (one per recorder).
 * - The queue holds one entry per write, in write order (so in time order); an entry whose
 *   Event was written again later is skipped when it comes up.
 * - The queue is a list of chunks of at most `CHUNK` entries, shared copy-on-write
 *   (copy-on-write.ts) with snapshots: a snapshot and a restore copy only the list, and the
 *   first write after either copies the last chunk (at most `CHUNK` entries) before appending
 *   to it. So a checkpoint holds only the entries written before it that the live queue has
 *   since dropped, and a restored cluster expires its Events in the order the live one would
 *   have, without sorting hundreds of thousands of stored Events or copying the queue.
 */
import type { KubeEvent } from '../api/types.js';
import type { Store } from '../store/store.js';
import { CopyOnWrite } from './copy-on-write.js';
import { parseTime } from './time.js';

/**
 * Entries per chunk: what the first write after a snapshot or restore copies, against one list
 * slot per chunk in every checkpoint (a big cluster's queue holds hundreds of thousands).
 */
const CHUNK = 1024;

/**
 * A run of queue entries: the expiry time and name of each write, in order, with room for
 * `CHUNK` (filled in order, `size` so far; grown by `push`, the lists were copied at every
 * growth, about 125 bytes of garbage per Event written). The times are a `Float64Array`: a list
 * of holes given its first time (a double) changed its elements to a list of doubles, leaving
 * the 8 KB of holes behind as garbage. The namespace is kept once while the entries share one
 * (`namespace`): a chunk is nearly always one namespace's, and a column of them cost 8 bytes per
 * Event kept (hundreds of thousands in an hour of rollouts); the first entry of another
 * namespace makes the per-entry column (`mixed`), which every later write fills.
 */
class Chunk {
  size = 0;
  readonly names = new Array<string>(CHUNK);
  /** The namespace of every entry, while `mixed` is absent (set by the first entry). */
  namespace = '';
  /** Each entry's namespace, once two differ. */
  mixed: string[] | undefined = undefined;
  readonly ats = new Float64Array(CHUNK);

  /** Appends an entry: `name` in `namespace`, expiring at `at`. */
  push(namespace: string, name: string, at: number): void {
    const i = this.size++;
    this.names[i] = name;
    if (this.mixed !== undefined) this.mixed[i] = namespace;
    else if (i === 0) this.namespace = namespace;
    else if (namespace !== this.namespace) {
      const mixed = (this.mixed = new Array<string>(CHUNK));
      for (let j = 0; j < i; j++) mixed[j] = this.namespace;
      mixed[i] = namespace;
    }
    this.ats[i] = at;
  }

  /** The namespace of entry `i`. */
  namespaceAt(i: number): string {
    return this.mixed === undefined ? this.namespace : this.mixed[i]!;
  }
}

/** The queue at one moment: its chunks (never written again), and how many of the first are done. */
export interface ExpiryState {
  readonly chunks: readonly Chunk[];
  readonly head: number;
}

/** A copy of `c` this side may append to. */
function copyChunk(c: Chunk): Chunk {
  const copy = new Chunk();
  for (let i = 0; i < c.size; i++) {
    copy.ats[i] = c.ats[i]!;
    copy.names[i] = c.names[i]!;
  }
  copy.size = c.size;
  copy.namespace = c.namespace;
  if (c.mixed !== undefined) {
    const mixed = (copy.mixed = new Array<string>(CHUNK));
    for (let i = 0; i < c.size; i++) mixed[i] = c.mixed[i]!;
  }
  return copy;
}

export class EventExpiry {
  /** The queue, oldest entry first; only the last chunk is ever appended to. */
  private chunks: Chunk[] = [];
  /** How many entries of the first chunk have come up. */
  private head = 0;
  private readonly cow = new CopyOnWrite();
  /** The last chunk, when this side may write to it (found so once, not per write). */
  private writable: Chunk | undefined;

  constructor(
    private readonly ttlMs: number,
    /** When `ev` was last written (ms). */
    private readonly writtenAt: (ev: KubeEvent) => number = lastTimestampOf,
    /** Which stored Events this expiry handles. */
    private readonly owns: (ev: KubeEvent) => boolean = () => true,
  ) {}

  /**
   * Records a write of `ev`, at `at` (ms) when the writer knows it (what `writtenAt(ev)` would
   * give: the recorders do, and then no timestamp is parsed back per write). `toSecond`: `at` is
   * the clock, and the write time the second it falls in (as etcd lease TTLs count, and a core/v1
   * Event's `lastTimestamp` says); rounded here, since a time the caller rounded was a new
   * double, boxed (16 bytes) for the call, per Event written.
   */
  note(ev: KubeEvent, at = this.writtenAt(ev), toSecond = false): void {
    this.noteWrite(ev.metadata.namespace ?? '', ev.metadata.name, at, toSecond);
  }

  /** `note` of a write of the Event `name` in `namespace`, given by name (the core/v1 recorder makes no object of a new Event). */
  noteWrite(namespace: string, name: string, at: number, toSecond: boolean): void {
    const last = this.chunks[this.chunks.length - 1];
    const c = last !== undefined && last === this.writable && last.size < CHUNK ? last : this.writableChunk();
    c.push(namespace, name, (toSecond ? Math.floor(at / 1000) * 1000 : at) + this.ttlMs);
  }

  /**
   * The chunk the next entry goes to, when it is not the last one already known writable: a new
   * one if the last is full (or there is none), else the last copied if a snapshot shares it.
   * Kept out of `note`, the per-write path: a function that makes a closure allocates the
   * closure's context on every call, whichever branch runs (about 70 bytes a write).
   */
  private writableChunk(): Chunk {
    const n = this.chunks.length;
    const last = this.chunks[n - 1];
    if (!last || last.size === CHUNK) {
      const c = (this.writable = this.cow.made(new Chunk()));
      this.chunks.push(c);
      return c;
    }
    if (last === this.writable) return last;
    return (this.writable = this.cow.own(last, copyChunk, (copy) => (this.chunks[n - 1] = copy)));
  }

  /** Removes every Event whose TTL has run out by `now`; `removed` hears of each, and of any already gone. */
  sweep(now: number, store: Store, removed?: (namespace: string, name: string) => void): void {
    for (let c = this.chunks[0]; c; ) {
      if (this.head === c.size) {
        // A chunk that has come up whole is dropped; the last, still filling, stays.
        if (c.size < CHUNK) break;
        this.chunks.shift();
        this.head = 0;
        c = this.chunks[0];
        continue;
      }
      if (c.ats[this.head]! > now) break;
      const namespace = c.namespaceAt(this.head);
      const name = c.names[this.head++]!;
      const ev = store.get('Event', namespace, name);
      if (!ev) removed?.(namespace, name);
      else if (this.owns(ev) && this.expiryOf(ev) <= now) {
        store.remove('Event', namespace, name);
        removed?.(namespace, name);
      }
    }
  }

  /** The queue as it is now (shares its chunks: see the invariants above). */
  snapshot(): ExpiryState {
    this.cow.shareAll();
    this.writable = undefined;
    return { chunks: this.chunks.slice(), head: this.head };
  }

  /** Puts back a queue `snapshot` gave, sharing its chunks. */
  restore(s: ExpiryState): void {
    this.chunks = s.chunks.slice();
    this.head = s.head;
    this.cow.shareAll();
    this.writable = undefined;
  }

  private expiryOf(ev: KubeEvent): number {
    return this.writtenAt(ev) + this.ttlMs;
  }
}

function lastTimestampOf(ev: KubeEvent): number {
  return parseTime(ev.lastTimestamp ?? ev.metadata.creationTimestamp);
}
