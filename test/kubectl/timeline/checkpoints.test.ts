/** The default checkpoint strategy: which moments it keeps, and which it finds for a branch. */
import { describe, expect, it } from 'vitest';
import { EVENT_BYTES, type EventTables } from '../../../src/kubectl/timeline/apart.js';
import { SparseCheckpoints, type Moment } from '../../../src/kubectl/timeline/checkpoints.js';
import type { LogEntry } from '../../../src/kubectl/timeline/log.js';
import type { ApiObject } from '../../../src/sim/api/types.js';
import type { ClusterSnapshot } from '../../../src/sim/engine/cluster.js';
import type { StoreData } from '../../../src/sim/store/store.js';

const EMPTY: StoreData = { objects: new Map(), resourceVersion: 0 };
const snap = (n: number, store = EMPTY) => ({ now: n, store }) as unknown as ClusterSnapshot;
const entry = (i: number, minutes = i): LogEntry => ({ line: `sim advance ${i}`, start: minutes * 60_000, end: minutes * 60_000 });

/**
 * Store data of `objects` pods in one table: `before`'s, the first `changed` of them new objects
 * (each about 1.3 KB as `bytesApart` counts it, the table's entry aside).
 */
function storeAfter(before: StoreData | undefined, objects: number, changed: number): StoreData {
  const old = before?.objects.get('Pod')?.get('default');
  const names = new Map<string, ApiObject>();
  for (let i = 0; i < objects; i++) {
    const name = `p${i}`;
    names.set(name, (i >= changed && old?.get(name)) || ({ kind: 'Pod', metadata: { name }, payload: Array.from({ length: 24 }, (_, k) => ({ k })) } as unknown as ApiObject));
  }
  return { objects: new Map([['Pod', new Map([['default', names]])]]), resourceVersion: 0 };
}

/**
 * Offers each prefix of `log` in turn, after `moments[i]` (the cluster's writes then, if given),
 * the store then holding `objects` pods (none if not given), `changed[i]` of them new since the
 * moment before (none if not given); returns how many snapshots were taken.
 */
function offerAll(store: SparseCheckpoints, log: readonly LogEntry[], moments?: readonly Moment[], changed?: readonly number[], objects = 0): number {
  let taken = 0;
  let data: StoreData | undefined;
  log.forEach((e, i) => {
    if (objects > 0) data = storeAfter(data, objects, changed?.[i] ?? 0);
    const now = data;
    store.offer(
      log.slice(0, i + 1),
      e.end,
      () => {
        taken++;
        return snap(i + 1, now);
      },
      moments?.[i],
    );
  });
  return taken;
}

describe('SparseCheckpoints', () => {
  it('keeps a moment every few commands or after a long stretch of virtual time', () => {
    const store = new SparseCheckpoints({ everyCommands: 4, everyMs: 10 * 60_000 });
    const log = Array.from({ length: 9 }, (_, i) => entry(i, 0));
    expect(offerAll(store, log)).toBe(3);
    expect(store.nearest(log, 9)?.count).toBe(9);
    expect(store.nearest(log, 8)?.count).toBe(5);
    expect(store.nearest(log, 4)?.count).toBe(1);
    const slow = new SparseCheckpoints({ everyCommands: 100, everyMs: 10 * 60_000 });
    expect(offerAll(slow, Array.from({ length: 5 }, (_, i) => entry(i, i * 6)))).toBe(3);
  });

  it('finds only checkpoints of the branch asked about', () => {
    const store = new SparseCheckpoints({ everyCommands: 1 });
    const log = Array.from({ length: 4 }, (_, i) => entry(i));
    offerAll(store, log);
    const other = [log[0]!, log[1]!, entry(2), entry(3)];
    expect(store.nearest(other, 4)?.count).toBe(2);
    expect(store.nearest(log, 4)?.count).toBe(4);
  });

  it('counts the Events only kept moments hold once the live store let them go, and thins to fit them', () => {
    const names = new Map<string, ApiObject>();
    for (let i = 0; i < 100; i++) names.set(`e${i}`, { kind: 'Event', metadata: { name: `e${i}`, namespace: 'default' } } as unknown as ApiObject);
    const withEvents: StoreData = { objects: new Map([['Event', new Map([['default', names]])]]), resourceVersion: 0 };
    let live: EventTables = withEvents.objects.get('Event')!;
    const moment = (writes: number): Moment => ({ writes, events: () => live });
    const store = new SparseCheckpoints({ everyCommands: 1, maxBytes: 50 * EVENT_BYTES });
    const log = Array.from({ length: 3 }, (_, i) => entry(i));
    store.offer(log.slice(0, 1), 0, () => snap(1, withEvents), moment(10));
    store.offer(log.slice(0, 2), 0, () => snap(2, withEvents), moment(20));
    // The live store holds the same table: the kept moments hold no Event of their own.
    expect(store.size).toBe(2);
    expect(store.heldBytes()).toBeLessThan(10 * EVENT_BYTES);
    // The Events expired: the next offer finds the kept moments hold 100 of them, past the budget,
    // and thins until they fit (the newest moment, which holds none, is never dropped).
    live = new Map();
    store.offer(log.slice(0, 3), 0, () => snap(3), moment(30));
    expect(store.size).toBe(1);
    expect(store.nearest(log, 2)).toBeUndefined();
    expect(store.heldBytes()).toBeLessThan(10 * EVENT_BYTES);
    // A cluster rewound to a moment before the Events were written holds none of them, but the
    // latest kept moment does: they are not expired, and nothing is thinned.
    const rewound = new SparseCheckpoints({ everyCommands: 1, maxBytes: 50 * EVENT_BYTES });
    live = withEvents.objects.get('Event')!;
    rewound.offer(log.slice(0, 1), 60_000, () => snap(1, withEvents), moment(10));
    rewound.offer(log.slice(0, 2), 120_000, () => snap(2, withEvents), moment(20));
    live = new Map();
    rewound.offer([entry(7)], 0, () => snap(1), moment(0));
    expect(rewound.size).toBe(3);
    expect(rewound.heldBytes()).toBeLessThan(10 * EVENT_BYTES);
    // Without the live tables (a host that gives none) the Events are not counted.
    const blind = new SparseCheckpoints({ everyCommands: 1, maxBytes: 50 * EVENT_BYTES });
    blind.offer(log.slice(0, 1), 0, () => snap(1, withEvents), { writes: 10 });
    blind.offer(log.slice(0, 3), 0, () => snap(3), { writes: 30 });
    expect(blind.size).toBe(2);
  });

  it('counts the Events the live cluster let go past the latest kept moment at that offer, and thins then', () => {
    const names = new Map<string, ApiObject>();
    for (let i = 0; i < 100; i++) names.set(`e${i}`, { kind: 'Event', metadata: { name: `e${i}`, namespace: 'default' } } as unknown as ApiObject);
    const withEvents: StoreData = { objects: new Map([['Event', new Map([['default', names]])]]), resourceVersion: 0 };
    let live: EventTables = withEvents.objects.get('Event')!;
    const moment = (writes: number): Moment => ({ writes, events: () => live });
    const store = new SparseCheckpoints({ everyCommands: 2, maxBytes: 50 * EVENT_BYTES });
    const log = Array.from({ length: 4 }, (_, i) => entry(i));
    for (let n = 1; n <= 3; n++) store.offer(log.slice(0, n), n * 60_000, () => snap(n, withEvents), moment(n * 10));
    expect(store.size).toBe(2);
    expect(store.heldBytes()).toBeLessThan(10 * EVENT_BYTES);
    // The live cluster, past the latest kept moment on its branch, let the Events go: only kept
    // moments hold them now, the latest included, and this offer (which keeps nothing) thins.
    live = new Map();
    store.offer(log, 4 * 60_000, () => snap(4), moment(40));
    expect(store.size).toBe(1);
    expect(store.nearest(log, 4)?.count).toBe(3);
    expect(store.heldBytes()).toBeGreaterThanOrEqual(100 * EVENT_BYTES);
  });

  it('stays within its maximum by dropping the moment whose removal lengthens a replay least, keeping them spread', () => {
    const store = new SparseCheckpoints({ everyCommands: 1, max: 3 });
    const log = Array.from({ length: 10 }, (_, i) => entry(i));
    offerAll(store, log);
    expect(store.size).toBe(3);
    expect([10, 9, 7, 6, 4, 3].map((n) => store.nearest(log, n)?.count)).toEqual([10, 7, 7, 4, 4, undefined]);
  });

  it('keeps the moment after a busy stretch, once the next command is quiet, so what follows replays nothing busy', () => {
    const store = new SparseCheckpoints({ everyCommands: 100, everyWrites: 1_000 });
    const log = Array.from({ length: 6 }, (_, i) => entry(i));
    // The third command writes 1,500 objects (a rollout's busy minute), the fourth 10 (its
    // tail, a minute later); the others a few each.
    const writes = [10, 20, 1_520, 1_530, 1_540, 1_550];
    expect(offerAll(store, log, writes.map((w) => ({ writes: w })))).toBe(3);
    expect(store.size).toBe(2);
    expect(store.nearest(log, 6)?.count).toBe(4);
    // The busy command's own moment gave way to the quiet one after it.
    expect(store.nearest(log, 3)?.count).toBe(1);
  });

  it('keeps every moment of a busy stretch but the last, which the quiet one after it replaces', () => {
    const store = new SparseCheckpoints({ everyCommands: 100, everyWrites: 1_000 });
    const log = Array.from({ length: 5 }, (_, i) => entry(i));
    const writes = [10, 2_010, 4_010, 4_020, 4_030];
    offerAll(store, log, writes.map((w) => ({ writes: w })));
    expect([5, 4, 3, 2, 1].map((n) => store.nearest(log, n)?.count)).toEqual([4, 4, 2, 2, 1]);
  });

  it('keeps a busy moment when the quiet command after it runs at the same instant (a change, not the busy stretch ending)', () => {
    const store = new SparseCheckpoints({ everyCommands: 100, everyWrites: 1_000 });
    // A fleet built and settled (busy), then kubectl set image at that instant, then a minute.
    const log = [entry(0, 0), entry(1, 1), entry(2, 1), entry(3, 2)];
    const writes = [2_000, 4_000, 4_006, 4_050];
    offerAll(store, log, writes.map((w) => ({ writes: w })));
    expect([4, 3, 2, 1].map((n) => store.nearest(log, n)?.count)).toEqual([2, 2, 2, 1]);
  });

  it('keeps a busy moment when the next command is on another branch', () => {
    const store = new SparseCheckpoints({ everyCommands: 100, everyWrites: 1_000 });
    const log = [entry(0), entry(1)];
    store.offer(log.slice(0, 1), 0, () => snap(1), { writes: 10 });
    store.offer(log, 0, () => snap(2), { writes: 2_010 });
    const other = [log[0]!, entry(1), entry(2)];
    store.offer(other.slice(0, 2), 0, () => snap(2), { writes: 2_020 });
    store.offer(other, 0, () => snap(3), { writes: 2_030 });
    expect(store.nearest(log, 2)?.count).toBe(2);
  });

  it('weighs kept moments by what they hold apart from each other, dropping past the bound the one that lengthens a replay least', () => {
    const store = new SparseCheckpoints({ everyCommands: 1, maxBytes: 1_500 * 1024 });
    const log = Array.from({ length: 6 }, (_, i) => entry(i, 0));
    // Each moment of a 1,000-pod cluster (about 1 MB), 100 pods new at each; the fourth comes
    // after a busy command that replaced them all.
    const writes = [100, 200, 300, 5_000, 5_100, 5_200];
    offerAll(store, log, writes.map((w) => ({ writes: w })), [1_000, 100, 100, 1_000, 100, 100], 1_000);
    expect(store.size).toBe(4);
    expect(store.heldBytes()).toBeLessThanOrEqual(1_500 * 1024);
    const kept = [6, 5, 4, 3, 2, 1].map((n) => store.nearest(log, n)?.count);
    // The newest stays; the moment after the busy command stays (dropping it would make the
    // longest replay); of the quiet ones before it, the last ones (the start replays to the
    // first cheaply).
    expect(kept).toEqual([6, 4, 4, 3, 2, undefined]);
  });

  it('keeps the last moment offered with always (the newest a rewind left) however many come after', () => {
    const store = new SparseCheckpoints({ everyCommands: 1, max: 2 });
    const log = Array.from({ length: 8 }, (_, i) => entry(i));
    store.offer(log.slice(0, 3), 0, () => snap(3), undefined, true);
    offerAll(store, log);
    expect(store.size).toBe(2);
    expect(store.nearest(log, 7)?.count).toBe(3);
    expect(store.nearest(log, 8)?.count).toBe(8);
  });

  it('keeps more moments of a quiet stretch than of a busy one: a moment holds what changed since the one before', () => {
    const offerStretch = (changed: number) => {
      const store = new SparseCheckpoints({ everyCommands: 1, maxBytes: 2_500 * 1024 });
      const log = Array.from({ length: 8 }, (_, i) => entry(i, 0));
      offerAll(store, log, log.map((_, i) => ({ writes: (i + 1) * 10 })), log.map(() => changed), 1_000);
      return store.size;
    };
    // Each holds its copy of the table (24 KB); a busy one also the whole 1,000 pods that
    // changed (about 1 MB), a quiet one only the ten.
    expect(offerStretch(10)).toBe(8);
    expect(offerStretch(1_000)).toBe(2);
  });

  it('counts only what a moment holds apart from the one before, whatever the writes say', () => {
    // A rollout: many writes, but only a tenth of the pods are new; then a command that
    // rewrote every pod.
    const offerWrites = (changed: number) => {
      const store = new SparseCheckpoints({ everyCommands: 1, maxBytes: 2_500 * 1024 });
      const log = Array.from({ length: 8 }, (_, i) => entry(i, 0));
      offerAll(store, log, log.map((_, i) => ({ writes: (i + 1) * 5_000 })), log.map((_, i) => (i === 0 ? 1_000 : changed)), 1_000);
      return store.size;
    };
    expect(offerWrites(100)).toBe(8);
    expect(offerWrites(1_000)).toBe(2);
  });
});
