/**
 * The fixed-size LRU cache behind the event correlator (hashicorp simplelru semantics): a get
 * or set refreshes an entry, a set past the size drops the least recently used one.
 */
import { describe, expect, it } from 'vitest';
import { Lru } from '../../../src/sim/engine/lru.js';

describe('Lru', () => {
  it('drops the least recently used entry past its size', () => {
    const lru = new Lru<number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    lru.set('d', 4);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.list()).toEqual([
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('refreshes an entry on get and on set, so it outlives older ones', () => {
    const lru = new Lru<number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(1);
    lru.set('b', 20);
    lru.set('d', 4);
    expect(lru.list().map(([k]) => k)).toEqual(['a', 'b', 'd']);
    expect(lru.get('b')).toBe(20);
    expect(lru.count).toBe(3);
  });

  it('round-trips through list() and from() in recency order', () => {
    const lru = new Lru<{ n: number }>(4);
    for (const k of ['w', 'x', 'y', 'z']) lru.set(k, { n: k.charCodeAt(0) });
    lru.get('w');
    const copy = Lru.from(4, lru.list());
    copy.set('v', { n: 0 });
    expect(copy.list().map(([k]) => k)).toEqual(['y', 'z', 'w', 'v']);
  });

  it('deleteWhere drops the matching entries and keeps the order of the rest', () => {
    const lru = new Lru<number>(4);
    for (const [k, v] of [['a:1', 1], ['b:1', 2], ['a:2', 3], ['b:2', 4]] as const) lru.set(k, v);
    lru.deleteWhere((k) => k.startsWith('a:'));
    expect(lru.list()).toEqual([
      ['b:1', 2],
      ['b:2', 4],
    ]);
    lru.set('c', 5);
    lru.set('d', 6);
    lru.set('e', 7);
    expect(lru.list().map(([k]) => k)).toEqual(['b:2', 'c', 'd', 'e']);
  });
});
