import { describe, expect, it } from 'vitest';
import { BoundedTable } from '../../src/sim/bounded-table.js';

describe('BoundedTable', () => {
  it('makes a value once per key, undefined included, and hands back what it keeps', () => {
    const t = new BoundedTable<string, number | undefined>(8);
    let calls = 0;
    const make = (k: string): number | undefined => {
      calls++;
      return k === 'none' ? undefined : k.length;
    };
    expect(t.obtain('abc', make)).toBe(3);
    expect(t.obtain('abc', make)).toBe(3);
    expect(t.obtain('none', make)).toBeUndefined();
    expect(t.obtain('none', make)).toBeUndefined();
    expect(calls).toBe(2);
    const v = { x: 1 };
    const objects = new BoundedTable<object, object>(8);
    expect(objects.set(v, v)).toBe(v);
    expect(objects.get({ x: 1 })).toBeUndefined();
    expect(objects.get(v)).toBe(v);
  });

  it('drops every entry when a new one would pass its limit, so memory stays bounded', () => {
    const t = new BoundedTable<string, string>(2);
    t.set('a', 'A');
    t.set('b', 'B');
    expect(t.has('a') && t.has('b')).toBe(true);
    t.set('c', 'C');
    expect([t.has('a'), t.has('b'), t.get('c')]).toEqual([false, false, 'C']);
  });
});
