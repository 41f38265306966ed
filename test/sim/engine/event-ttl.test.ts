/**
 * The Event TTL queue (event-ttl.ts): its chunks are shared copy-on-write with snapshots, so a
 * snapshot stays as it was whatever the live queue does next, and restoring it twice gives the
 * same queue twice, across chunk boundaries.
 */
import { describe, expect, it } from 'vitest';
import { EventExpiry, type ExpiryState } from '../../../src/sim/engine/event-ttl.js';
import { Store } from '../../../src/sim/store/store.js';
import type { KubeEvent } from '../../../src/sim/api/types.js';

const TTL = 1000;

/** An Event written at `at` (ms), which the test keeps in its uid. */
function ev(name: string, at: number): KubeEvent {
  return { apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default', uid: String(at), resourceVersion: '1', creationTimestamp: '' } } as KubeEvent;
}

const expiry = () => new EventExpiry(TTL, (e) => Number(e.metadata.uid));

/** Stores and notes `count` Events named `<prefix>-<i>`, written at `at + i`. */
function write(store: Store, q: EventExpiry, prefix: string, count: number, at: number): void {
  for (let i = 0; i < count; i++) {
    const e = ev(`${prefix}-${i}`, at + i);
    store.put(e);
    q.note(e, at + i);
  }
}

/** The names still pending in a snapshot, in queue order. */
function pending(s: ExpiryState): string[] {
  return s.chunks.flatMap((c) => c.names).slice(s.head);
}

describe('EventExpiry', () => {
  it('keeps a write noted with toSecond to the second it falls in, and any other to the millisecond', () => {
    const store = new Store();
    const q = expiry();
    const rounded = ev('rounded', 0);
    const exact = ev('exact', 0);
    store.put(rounded);
    store.put(exact);
    q.note(rounded, 1999, true);
    q.note(exact, 1999);
    q.sweep(1000 + TTL, store);
    expect([store.get('Event', 'default', 'rounded'), store.get('Event', 'default', 'exact')]).toEqual([undefined, exact]);
  });

  it('a snapshot keeps its entries while the live queue writes, sweeps and restores', () => {
    const store = new Store();
    const q = expiry();
    write(store, q, 'a', 1500, 0);
    const s = q.snapshot();
    const before = pending(s);
    expect(before).toHaveLength(1500);
    write(store, q, 'b', 700, 2000);
    q.sweep(TTL + 1200, store);
    expect(pending(q.snapshot())).toEqual([...before.slice(1201), ...Array.from({ length: 700 }, (_, i) => `b-${i}`)]);
    expect(pending(s)).toEqual(before);
    q.restore(s);
    write(store, q, 'c', 10, 3000);
    expect(pending(s)).toEqual(before);
    expect(pending(q.snapshot())).toEqual([...before, ...Array.from({ length: 10 }, (_, i) => `c-${i}`)]);
  });

  it('restoring one snapshot twice gives the same queue twice, whatever was written between', () => {
    const store = new Store();
    const q = expiry();
    write(store, q, 'a', 1030, 0);
    q.sweep(TTL + 1023, store);
    const s = q.snapshot();
    write(store, q, 'b', 5, 2000);
    q.restore(s);
    const first = pending(q.snapshot());
    write(store, q, 'c', 2000, 2000);
    q.sweep(TTL + 2500, store);
    q.restore(s);
    expect(pending(q.snapshot())).toEqual(first);
    expect(first).toEqual(Array.from({ length: 6 }, (_, i) => `a-${1024 + i}`));
  });

  it('sweeps in write order across chunks and removes only expired Events', () => {
    const store = new Store();
    const q = expiry();
    write(store, q, 'a', 3000, 0);
    q.sweep(TTL + 2047, store);
    expect(store.count('Event')).toBe(3000 - 2048);
    expect(store.get('Event', 'default', 'a-2047')).toBeUndefined();
    expect(store.get('Event', 'default', 'a-2048')).toBeDefined();
  });
});
