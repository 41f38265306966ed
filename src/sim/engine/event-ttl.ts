/**
 * Event expiry: kube-apiserver stores every Event with a TTL (`--event-ttl`, one hour by
 * default) that restarts on each write, so an Event disappears an hour after it was last
 * created or updated (a repeat that bumps `count` keeps it alive). Without it a long session
 * would keep every Event ever recorded.
 *
 * Invariants:
 * - An Event is removed at the first sweep at or after `lastTimestamp + ttl` (lastTimestamp is
 *   written at each create and update, at second precision, as etcd lease TTLs are).
 * - The queue holds one entry per write, in write order (so in time order); an entry whose
 *   Event was written again later is skipped when it comes up.
 * - The queue is derived data: `rebuild` recomputes it from the stored Events after a restore.
 */
import type { KubeEvent } from '../api/types.js';
import type { Store } from '../store/store.js';
import { parseTime } from './time.js';

interface Expiry {
  readonly at: number;
  readonly namespace: string;
  readonly name: string;
}

export class EventExpiry {
  private queue: Expiry[] = [];
  private head = 0;

  constructor(private readonly ttlMs: number) {}

  /** Records a write of `ev` (its lastTimestamp is the write time). */
  note(ev: KubeEvent): void {
    this.queue.push({ at: expiryOf(ev, this.ttlMs), namespace: ev.metadata.namespace ?? '', name: ev.metadata.name });
  }

  /** Removes every Event whose TTL has run out by `now`. */
  sweep(now: number, store: Store): void {
    while (this.head < this.queue.length && this.queue[this.head]!.at <= now) {
      const { namespace, name } = this.queue[this.head++]!;
      const ev = store.get('Event', namespace, name);
      if (ev && expiryOf(ev, this.ttlMs) <= now) store.remove('Event', namespace, name);
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  /** Recomputes the queue from the stored Events (after a restore). */
  rebuild(store: Store): void {
    this.queue = store
      .list('Event')
      .map((ev) => ({ at: expiryOf(ev, this.ttlMs), namespace: ev.metadata.namespace ?? '', name: ev.metadata.name }))
      .sort((a, b) => a.at - b.at);
    this.head = 0;
  }
}

function expiryOf(ev: KubeEvent, ttlMs: number): number {
  return parseTime(ev.lastTimestamp ?? ev.metadata.creationTimestamp) + ttlMs;
}
