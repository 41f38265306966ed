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
 * - The queue is derived data: `rebuild` recomputes it from the stored Events after a restore.
 */
import type { KubeEvent } from '../api/types.js';
import type { Store } from '../store/store.js';
import { parseTime } from './time.js';

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

  /** Records a write of `ev` (at `writtenAt(ev)`). */
  note(ev: KubeEvent): void {
    this.ats.push(this.expiryOf(ev));
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

  /** Recomputes the queue from the stored Events (after a restore). */
  rebuild(store: Store): void {
    const events = store
      .list('Event')
      .filter(this.owns)
      .map((ev) => ({ at: this.expiryOf(ev), ev }))
      .sort((a, b) => a.at - b.at);
    this.ats = events.map((e) => e.at);
    this.namespaces = events.map((e) => e.ev.metadata.namespace ?? '');
    this.names = events.map((e) => e.ev.metadata.name);
    this.head = 0;
  }

  private expiryOf(ev: KubeEvent): number {
    return this.writtenAt(ev) + this.ttlMs;
  }
}

function lastTimestampOf(ev: KubeEvent): number {
  return parseTime(ev.lastTimestamp ?? ev.metadata.creationTimestamp);
}
