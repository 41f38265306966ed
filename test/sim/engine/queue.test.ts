import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { takeQueued } from '../../../src/sim/engine/queue.js';

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

describe('takeQueued marks (a number per take, not a Set per take)', () => {
  it('takes what a Set of the keys would, take after take, whatever keys earlier takes saw', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('pod:a', 'pod:b', 'node:n', 'node:m', 'gc:x', ''), { maxLength: 12 }), { maxLength: 8 }), (queues) => {
        for (const q of queues) {
          const state = { queue: [...q] };
          expect(takeQueued(state)).toEqual([...new Set(q)]);
          expect(state.queue).toEqual([]);
        }
      }),
    );
  });

  it('hands a queue without repeats back as it is', () => {
    const queue = ['pod:a', 'pod:b', 'node:n'];
    takeQueued({ queue: ['pod:a', 'pod:a'] });
    expect(takeQueued({ queue })).toBe(queue);
  });

  it('still finds repeats in a take that starts with more keys marked than the table keeps', () => {
    const many = Array.from({ length: 70_000 }, (_, i) => `pod:ns/p-${i}`);
    expect(takeQueued({ queue: many })).toBe(many);
    const state = { queue: ['pod:ns/p-1', 'pod:ns/q', 'pod:ns/p-1', 'pod:ns/q'] };
    expect(takeQueued(state)).toEqual(['pod:ns/p-1', 'pod:ns/q']);
  });
});
