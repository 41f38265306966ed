/**
 * The fixed-size LRU cache behind the event correlator (hashicorp simplelru semantics): a get
 * or set refreshes an entry, a set past the size drops the least recently used one. Keys are
 * paths of up to four parts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Lru, LruIndex } from '../../../src/sim/engine/lru.js';


/**
 * One `get` or `set` on a three-part cache and on its model (a Map in recency order, oldest
 * first, of the parts joined): a get must find what the model holds, and refreshes it in both.
 */
function getOrSet(cache: Lru<number>, model: Map<string, number>, verb: 'get' | 'set', i: number, src: string, uid: string, reason: string | undefined): void {
  const joined = [src, uid, reason].filter((p) => p !== undefined).join('\u0000');
  if (verb === 'get') {
    const got = cache.get(src, uid, reason);
    expect(got).toBe(model.get(joined));
    if (got === undefined) return;
    model.delete(joined);
    model.set(joined, got);
    return;
  }
  cache.set(i, src, uid, reason);
  model.delete(joined);
  model.set(joined, i);
  if (model.size > cache.size) model.delete(model.keys().next().value!);
}

describe('Lru', () => {
  it('drops the least recently used entry past its size', () => {
    const lru = new Lru<number>(3);
    lru.set(1, 'a');
    lru.set(2, 'b');
    lru.set(3, 'c');
    lru.set(4, 'd');
    expect(lru.get('a')).toBeUndefined();
    expect(lru.list()).toEqual([
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('nextDropped gives the value the next insert drops, only once the cache is full', () => {
    const lru = new Lru<{ n: number }>(2);
    const one = { n: 1 };
    lru.set(one, 'a');
    expect(lru.nextDropped()).toBeUndefined();
    lru.set({ n: 2 }, 'b');
    expect(lru.nextDropped()).toBe(one);
    lru.get('a');
    expect(lru.nextDropped()).toEqual({ n: 2 });
    lru.insert({ n: 3 }, 'c');
    expect(lru.list()).toEqual([
      ['a', one],
      ['c', { n: 3 }],
    ]);
  });

  it('refreshes an entry on get and on set, so it outlives older ones', () => {
    const lru = new Lru<number>(3);
    lru.set(1, 'a');
    lru.set(2, 'b');
    lru.set(3, 'c');
    expect(lru.get('a')).toBe(1);
    lru.set(20, 'b');
    lru.set(4, 'd');
    expect(lru.list().map(([k]) => k)).toEqual(['a', 'b', 'd']);
    expect(lru.get('b')).toBe(20);
    expect(lru.count).toBe(3);
  });

  it('tells keys of different lengths and parts apart, and joins their parts with NUL in list()', () => {
    const lru = new Lru<number>(8);
    lru.set(1, 'src', 'uid');
    lru.set(2, 'src', 'uid', 'Normal\u0000Pulled');
    lru.set(3, 'src', 'uid', 'Normal\u0000Pulled', 'msg');
    lru.set(4, 'src', 'uid', 'Normal\u0000Pulled', '');
    expect([lru.get('src', 'uid'), lru.get('src', 'uid', 'Normal\u0000Pulled'), lru.get('src', 'uid', 'Normal\u0000Pulled', 'msg'), lru.get('src', 'uid', 'Normal\u0000Pulled', '')]).toEqual([1, 2, 3, 4]);
    expect(lru.get('src')).toBeUndefined();
    expect(lru.get('src', 'other')).toBeUndefined();
    expect(lru.list().map(([k]) => k)).toEqual(['src\u0000uid', 'src\u0000uid\u0000Normal\u0000Pulled', 'src\u0000uid\u0000Normal\u0000Pulled\u0000msg', 'src\u0000uid\u0000Normal\u0000Pulled\u0000']);
  });

  it('round-trips through parts() and fromParts() in recency order', () => {
    const lru = new Lru<{ n: number }>(4);
    for (const k of ['w', 'x', 'y', 'z']) lru.set({ n: k.charCodeAt(0) }, 'p', k);
    lru.get('p', 'w');
    const copy = Lru.fromParts(4, lru.parts());
    copy.set({ n: 0 }, 'p', 'v');
    expect(copy.list().map(([k]) => k)).toEqual(['p\u0000y', 'p\u0000z', 'p\u0000w', 'p\u0000v']);
    expect(copy.get('p', 'w')).toEqual({ n: 'w'.charCodeAt(0) });
    expect(lru.list().map(([k]) => k)).toEqual(['p\u0000x', 'p\u0000y', 'p\u0000z', 'p\u0000w']);
  });

  it('shares values with parts() and fromParts(); owned() copies a shared value once before it is changed', () => {
    const lru = new Lru<{ n: number }>(4);
    lru.set({ n: 1 }, 'a');
    lru.set({ n: 2 }, 'b');
    const snap = lru.parts();
    expect(snap.values).toEqual([{ n: 1 }, { n: 2 }]);
    expect(lru.get('a')).toBe(snap.values[0]);
    const a = lru.owned((v) => ({ ...v }), 'a')!;
    expect(a).not.toBe(snap.values[0]);
    a.n = 10;
    expect(lru.owned((v) => ({ ...v }), 'a')).toBe(a);
    expect(snap.values).toEqual([{ n: 1 }, { n: 2 }]);
    // A value set after the snapshot is the cache's own; a restored one is shared with its parts.
    lru.set({ n: 3 }, 'c');
    expect(lru.owned((v) => ({ ...v }), 'c')).toBe(lru.get('c'));
    const restored = Lru.fromParts(4, snap);
    restored.owned((v) => ({ ...v }), 'b')!.n = 20;
    expect(snap.values).toEqual([{ n: 1 }, { n: 2 }]);
    expect(restored.list()).toEqual([
      ['a', { n: 1 }],
      ['b', { n: 20 }],
    ]);
  });

  it('clear drops every entry, from an index it shares with another cache too', () => {
    const index = new LruIndex();
    const lru = new Lru<number>(4, 0, index);
    const other = new Lru<number>(4, 0, index);
    for (const [a, b, v] of [['a', '1', 1], ['b', '1', 2], ['a', '2', 3]] as const) lru.set(v, a, b);
    other.set(9, 'a', '1');
    lru.clear();
    expect(lru.list()).toEqual([]);
    expect(lru.count).toBe(0);
    expect([lru.get('a', '1'), other.get('a', '1')]).toEqual([undefined, 9]);
    expect(index.live).toBe(1);
    for (const k of ['c', 'd', 'e', 'f', 'g']) lru.set(1, k);
    expect(lru.list().map(([k]) => k)).toEqual(['d', 'e', 'f', 'g']);
  });

  it('caches sharing one index keep their own entries, recency and size', () => {
    const index = new LruIndex();
    const one = new Lru<number>(2, 1, index);
    const two = new Lru<number>(3, 1, index);
    one.set(1, 'src', 'uid');
    two.set(10, 'src', 'uid');
    one.set(2, 'src', 'uid', 'Normal\u0000Pulled');
    expect([one.get('src', 'uid'), two.get('src', 'uid'), two.get('src', 'uid', 'Normal\u0000Pulled')]).toEqual([1, 10, undefined]);
    // one is full: its least recent entry (the Pulled one; the get refreshed 'uid') goes, two keeps all of its own.
    one.set(3, 'src', 'other');
    two.set(20, 'src', 'other');
    two.set(30, 'src', 'third');
    expect(one.list()).toEqual([
      ['src\u0000uid', 1],
      ['src\u0000other', 3],
    ]);
    expect(two.list().map(([, v]) => v)).toEqual([10, 20, 30]);
    // Dropping every entry of a uid from one cache leaves the other's under the same uid.
    one.set(4, 'src', 'fourth');
    one.set(5, 'src', 'fifth');
    expect([one.get('src', 'uid'), two.get('src', 'uid'), two.get('src', 'other')]).toEqual([undefined, 10, 20]);
    expect([one.count, two.count]).toEqual([2, 3]);
  });

  it('matches a plain model of recency over a long run of sets and gets past its size', () => {
    // A full cache reuses its least recent entry's record for the new key: nothing of the old
    // key may survive in it, in the cache or in the index the caches share.
    const index = new LruIndex();
    const caches = [new Lru<number>(5, 1, index), new Lru<number>(3, 1, index)];
    const models: Map<string, number>[] = [new Map(), new Map()];
    const key = (i: number) => ['src', `uid-${i % 7}`, i % 3 === 0 ? undefined : `reason-${i % 4}`] as const;
    for (let i = 0; i < 400; i++) {
      const which = i % 2;
      const [a, b, c] = key((i * 13) % 29);
      const joined = [a, b, c].filter((p) => p !== undefined).join('\u0000');
      const model = models[which]!;
      if (i % 5 === 0) {
        const got = caches[which]!.get(a, b, c);
        expect(got).toBe(model.get(joined));
        if (got !== undefined) {
          model.delete(joined);
          model.set(joined, got);
        }
        continue;
      }
      caches[which]!.set(i, a, b, c);
      model.delete(joined);
      model.set(joined, i);
      if (model.size > caches[which]!.size) model.delete(model.keys().next().value!);
      expect(caches[which]!.list()).toEqual([...model]);
    }
  });

  it('matches a plain model of recency for any run of sets, gets and clears on caches sharing an index (property)', () => {
    // Entries of one indexed part are chained in the index whatever cache they belong to; removing
    // one from the head, the middle or the end of a chain must leave the others findable.
    const op = fc.record({
      which: fc.nat(1),
      verb: fc.constantFrom('set', 'set', 'get', 'clear'),
      src: fc.constantFrom('s1', 's2'),
      uid: fc.constantFrom('u1', 'u2', 'u3'),
      reason: fc.constantFrom(undefined, 'r1', 'r2'),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const index = new LruIndex();
        const caches = [new Lru<number>(4, 1, index), new Lru<number>(2, 1, index)];
        const models: Map<string, number>[] = [new Map(), new Map()];
        ops.forEach(({ which, verb, src, uid, reason }, i) => {
          const cache = caches[which]!;
          const model = models[which]!;
          if (verb === 'clear') {
            cache.clear();
            model.clear();
          } else getOrSet(cache, model, verb, i, src, uid, reason);
          for (const [c, m] of [0, 1].map((w) => [caches[w]!, models[w]!] as const)) {
            expect(c.list()).toEqual([...m]);
            for (const [k, v] of m) {
              const [a, b, r] = k.split('\u0000');
              expect(c.get(a!, b, r)).toBe(v);
            }
          }
          // The gets above refreshed each model entry in model order: the recency is unchanged.
        });
      }),
    );
  });
  it('keeps empty index chains only until they outnumber the others, and reuses them (property)', () => {
    // A dropped entry leaves its chain without a Map look-up; empty chains are deleted in bulk
    // and their records reused for new parts. Many uids through small caches exercise both.
    const op = fc.record({
      which: fc.nat(2),
      verb: fc.constantFrom('set', 'set', 'set', 'get', 'clear'),
      src: fc.constantFrom('s1', 's2'),
      uid: fc.nat(11).map((n) => `u${n}`),
      reason: fc.constantFrom(undefined, 'r1'),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const index = new LruIndex();
        const caches = [new Lru<number>(3, 1, index), new Lru<number>(2, 1, index), new Lru<number>(1, 1, index)];
        const models: Map<string, number>[] = [new Map(), new Map(), new Map()];
        ops.forEach(({ which, verb, src, uid, reason }, i) => {
          const cache = caches[which]!;
          const model = models[which]!;
          if (verb === 'clear') {
            cache.clear();
            model.clear();
          } else getOrSet(cache, model, verb, i, src, uid, reason);
          models.forEach((m, w) => expect(caches[w]!.list()).toEqual([...m]));
          const uids = new Set(models.flatMap((m) => [...m.keys()].map((k) => k.split('\u0000')[1])));
          expect(index.live).toBe(uids.size);
          expect(index.size).toBeLessThanOrEqual(2 * index.live);
        });
      }),
    );
  });
  it("keeps a hints record with each indexed part's chain, made once and reused with the chain", () => {
    let made = 0;
    const index = new LruIndex(() => ({ n: made++ }));
    const lru = new Lru<number>(1, 1, index);
    expect(index.hints('u1')).toBeUndefined();
    lru.set(1, 'src', 'u1');
    const first = index.hints('u1')!;
    lru.set(2, 'src', 'u1', 'other');
    expect(index.hints('u1')).toBe(first);
    // The cache holds one entry: u1's goes, its chain is left empty, outnumbers the others (none)
    // and is deleted; u2 gets it back, record and all.
    lru.set(3, 'src', 'u2');
    expect(index.hints('u1')).toBeUndefined();
    expect(index.hints('u2')).toBe(first);
    const two = new Lru<number>(2, 1, index);
    two.set(5, 'src', 'u4');
    expect(index.hints('u4')).not.toBe(first);
    expect(made).toBe(2);
  });
});
