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
