/**
 * The event correlator's caches as a snapshot keeps them (keys by `Lru.keyParts`, aggregates and
 * token buckets as columns): a recorder restored from a snapshot records what the recorder it
 * was taken of records next, however that one went on, and the columns read as the values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadingRecorder } from './reading-recorder.js';
import { Lru } from '../../../src/sim/engine/lru.js';
import { storeWithDefaultNamespace } from '../namespaced-store.js';
import type { DaemonSet } from '../../../src/sim/api/types.js';

const object = (uid: string) =>
  ({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: `ds-${uid}`, namespace: 'default', uid, resourceVersion: '1', creationTimestamp: '2026-01-01T00:00:00Z' },
  }) as DaemonSet;

const call = fc.record({
  advance: fc.constantFrom(0, 1_000, 300_000, 600_001),
  uid: fc.constantFrom('u1', 'u2', 'u3'),
  reason: fc.constantFrom('SuccessfulCreate', 'FailedCreate'),
  message: fc.integer({ min: 0, max: 12 }),
  host: fc.constantFrom(undefined, 'node-1'),
  fieldPath: fc.constantFrom(undefined, 'spec.containers{agent}'),
});
type Call = typeof call extends fc.Arbitrary<infer T> ? T : never;

/** Records `calls` from `t` on; what each gave (the Event written, or nothing). */
function play(r: ReadingRecorder, calls: readonly Call[], t: number): string[] {
  return calls.map((c) => {
    t += c.advance;
    const ev = r.recordEvent(t, object(c.uid), 'Normal', c.reason, `message ${c.message}`, { component: 'daemonset-controller', host: c.host }, c.fieldPath);
    return ev ? `${ev.metadata.name} ${ev.count} ${ev.message} ${ev.metadata.resourceVersion}` : 'dropped';
  });
}

describe('the event correlator in a snapshot', () => {
  it('a restored recorder records what the recorder the snapshot was taken of records next (property)', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 60 }), fc.array(call, { minLength: 1, maxLength: 40 }), (before, after) => {
        const store = storeWithDefaultNamespace();
        const r = new ReadingRecorder(store);
        play(r, before, 0);
        const t = before.reduce((sum, c) => sum + c.advance, 0);
        const storeState = store.snapshot();
        const state = r.snapshot();
        const frozen = JSON.stringify([[...state.caches], [...state.subjects]]);
        const expected = play(r, after, t);
        // The live recorder went on changing its records in place: the snapshot stays as it was.
        expect(JSON.stringify([[...state.caches], [...state.subjects]])).toBe(frozen);
        for (const rec of [r, new ReadingRecorder(store)]) {
          store.restore(storeState);
          rec.restore(state);
          expect(play(rec, after, t)).toEqual(expected);
        }
      }),
    );
  });

  it('keeps as many key parts per entry as the longest key has, and the values as columns that read as the records', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    r.recordEvent(0, object('u1'), 'Normal', 'SuccessfulCreate', 'one', { component: 'c' });
    r.recordEvent(5, object('u1'), 'Normal', 'SuccessfulCreate', 'two', { component: 'c' });
    const { observed, aggregates, buckets } = r.snapshot().caches.get('c\u0000')!;
    expect([observed.width, aggregates.width, buckets.width]).toEqual([3, 2, 1]);
    expect(aggregates.keys).toHaveLength(2);
    expect(aggregates.values).toEqual([{ messages: ['one', 'two'], last: 5 }]);
    expect(buckets.values).toEqual([{ tokens: 23, at: 0 }]);
    expect([...buckets.tokens, ...buckets.ats]).toEqual([23, 0]);
  });
});

describe('Lru.keyParts and Lru.fromKeys', () => {
  it('rebuild a cache with the same entries in the same recency, whatever keys it holds (property)', () => {
    const part = fc.constantFrom('a', 'b', 'c');
    const key = fc.tuple(part, fc.option(part, { nil: undefined }), fc.option(part, { nil: undefined }), fc.option(part, { nil: undefined }));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), key), { maxLength: 40 }), fc.array(key, { maxLength: 10 }), (ops, then) => {
        // Keys with trailing parts absent, as the caches use them.
        const trim = ([a, b, c, d]: readonly (string | undefined)[]) => [a!, b, b === undefined ? undefined : c, b === undefined || c === undefined ? undefined : d] as const;
        const lru = new Lru<number>(6);
        ops.forEach(([isGet, k], i) => (isGet ? lru.get(...trim(k)) : lru.set(i, ...trim(k))));
        const copy = Lru.fromKeys(6, lru.keyParts(), lru.values());
        expect(copy.list()).toEqual(lru.list());
        then.forEach((k, i) => {
          copy.set(100 + i, ...trim(k));
          lru.set(100 + i, ...trim(k));
        });
        expect(copy.list()).toEqual(lru.list());
      }),
    );
  });

  it('insert of a key the cache does not hold is set, with the same recency and drops (property)', () => {
    const key = fc.tuple(fc.constantFrom('s1', 's2'), fc.constantFrom('u1', 'u2', 'u3', 'u4'), fc.option(fc.constantFrom('r1', 'r2'), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), key), { maxLength: 60 }), (ops) => {
        const withSet = new Lru<number>(5, 1);
        const withInsert = new Lru<number>(5, 1);
        ops.forEach(([isGet, [a, b, c]], i) => {
          // As the correlator does: a get, then a set of a key the get did not find.
          const had = withInsert.get(a, b, c);
          expect(withSet.get(a, b, c)).toBe(had);
          if (!isGet && had === undefined) {
            withSet.set(i, a, b, c);
            withInsert.insert(i, a, b, c);
          }
          expect(withInsert.list()).toEqual(withSet.list());
        });
      }),
    );
  });
});
