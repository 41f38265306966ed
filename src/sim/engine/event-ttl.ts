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
 * - A snapshot of the queue (`snapshot`) shares its arrays with the live queue: those only ever
 *   grow at the end (a write) or are replaced whole (compaction, restore), so the entries from
 *   the snapshot's `head` to its `length` stay as they were. Restoring copies that range, so a
 *   restored cluster expires its Events in the order the live one would have, without sorting
 *   hundreds of thousands of stored Events.
 */
import type { KubeEvent } from '../api/types.js';
import type { Store } from '../store/store.js';
import { parseTime } from './time.js';

/** The queue at one moment: the arrays it had, and the range of them that was pending. */
export interface ExpiryState {
  readonly ats: readonly number[];
  readonly namespaces: readonly string[];
  readonly names: readonly string[];
  readonly head: number;
  readonly length: number;
}

export class EventExpiry {
  /**
   * The queue, as three parallel arrays (a big cluster holds hundreds of thousands of entries,
   * and an array slot costs less than a record): expiry time, namespace and name of each write.
   */
  private ats: number[] = [];
  private namespaces: string[] = [];
  private names: string[] = [];
  private head = 0;

  constructor(
    private readonly ttlMs: number,
    /** When `ev` was last written (ms). */
    private readonly writtenAt: (ev: KubeEvent) => number = lastTimestampOf,
    /** Which stored Events this expiry handles. */
    private readonly owns: (ev: KubeEvent) => boolean = () => true,
  ) {}

  /**
   * Records a write of `ev`, at `at` (ms) when the writer knows it (what `writtenAt(ev)` would
   * give: the recorders do, and then no timestamp is parsed back per write).
   */
  note(ev: KubeEvent, at = this.writtenAt(ev)): void {
    this.ats.push(at + this.ttlMs);
    this.namespaces.push(ev.metadata.namespace ?? '');
    this.names.push(ev.metadata.name);
  }

  /** Removes every Event whose TTL has run out by `now`; `removed` hears of each, and of any already gone. */
  sweep(now: number, store: Store, removed?: (namespace: string, name: string) => void): void {
    while (this.head < this.ats.length && this.ats[this.head]! <= now) {
      const namespace = this.namespaces[this.head]!;
      const name = this.names[this.head++]!;
      const ev = store.get('Event', namespace, name);
      if (!ev) removed?.(namespace, name);
      else if (this.owns(ev) && this.expiryOf(ev) <= now) {
        store.remove('Event', namespace, name);
        removed?.(namespace, name);
      }
    }
    if (this.head > 1024 && this.head * 2 > this.ats.length) {
      this.ats = this.ats.slice(this.head);
      this.namespaces = this.namespaces.slice(this.head);
      this.names = this.names.slice(this.head);
      this.head = 0;
    }
  }

  /** The queue as it is now (shares the arrays: see the invariants above). */
  snapshot(): ExpiryState {
    return { ats: this.ats, namespaces: this.namespaces, names: this.names, head: this.head, length: this.ats.length };
  }

  /** Puts back a queue `snapshot` gave. */
  restore(s: ExpiryState): void {
    this.ats = s.ats.slice(s.head, s.length);
    this.namespaces = s.namespaces.slice(s.head, s.length);
    this.names = s.names.slice(s.head, s.length);
    this.head = 0;
  }

  private expiryOf(ev: KubeEvent): number {
    return this.writtenAt(ev) + this.ttlMs;
  }
}

function lastTimestampOf(ev: KubeEvent): number {
  return parseTime(ev.lastTimestamp ?? ev.metadata.creationTimestamp);
}
