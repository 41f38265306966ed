import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctKeys, takeQueued } from '../../../src/sim/engine/queue.js';

describe('takeQueued', () => {
  it('takes each distinct key once, in first-push order, and empties the queue', () => {
    const state = { queue: ['pod:a', 'node:n', 'pod:a', 'pod:b', 'node:n'] };
    expect(takeQueued(state)).toEqual(['pod:a', 'node:n', 'pod:b']);
    expect(state.queue).toEqual([]);
  });

  it('leaves the taken keys alone when more are pushed afterwards', () => {
    const state = { queue: ['pod:a', 'pod:b'] };
    const keys = takeQueued(state);
    state.queue.push('pod:c');
    expect(keys).toEqual(['pod:a', 'pod:b']);
    expect(takeQueued(state)).toEqual(['pod:c']);
  });

  it('takes an empty queue as an empty list', () => {
    const state = { queue: [] as string[] };
    expect(takeQueued(state)).toEqual([]);
    state.queue.push('x');
    expect(takeQueued(state)).toEqual(['x']);
  });
});

describe('distinctKeys', () => {
  it('equals a Set of the keys, in order, over any sequence of takes (keys shared between takes)', () => {
    const key = fc.constantFrom('pod:a', 'pod:b', 'node:n', 'node:m', 'gc:x', 'a', 'b', '');
    fc.assert(
      fc.property(fc.array(fc.array(key, { maxLength: 12 }), { maxLength: 8 }), (takes) => {
        for (const keys of takes) {
          const got = distinctKeys(keys);
          expect(got).toEqual([...new Set(keys)]);
          if (new Set(keys).size === keys.length) expect(got).toBe(keys);
        }
      }),
    );
  });

  it('finds repeats across the point where it drops what it has seen', () => {
    const many = Array.from({ length: 40_000 }, (_, i) => `node:${i}`);
    expect(distinctKeys(many)).toBe(many);
    const again = ['node:7', 'node:39999', 'fresh', 'node:7', 'fresh', 'node:39999'];
    expect(distinctKeys(again)).toEqual(['node:7', 'node:39999', 'fresh']);
    expect(distinctKeys(many.concat(many))).toEqual(many);
  });
});
