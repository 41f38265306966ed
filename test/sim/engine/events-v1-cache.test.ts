/**
 * The events.k8s.io/v1 recorder's cache as a snapshot keeps it (columns, keys derived from each
 * entry's Event on restore): a recorder restored from a snapshot makes exactly the writes the
 * recorder it was taken from makes next, and the columns read as the cache they stand for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventRecorder } from '../../../src/sim/engine/events.js';
import { EventsV1Recorder, SERIES_FINISH_MS } from '../../../src/sim/engine/events-v1.js';
import type { Store } from '../../../src/sim/store/store.js';
import { storeWithDefaultNamespace } from '../namespaced-store.js';
import type { Pod } from '../../../src/sim/api/types.js';

const pod = (uid: string, rv: string) =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `p-${uid}`,
      namespace: 'default',
      uid,
      resourceVersion: rv,
      creationTimestamp: '1970-01-01T00:00:00Z',
    },
  }) as Pod;

function setup(): { store: Store; events: EventRecorder; r: EventsV1Recorder } {
  const store = storeWithDefaultNamespace('1970-01-01T00:00:00Z');
  const events = new EventRecorder(store);
  return { store, events, r: new EventsV1Recorder(store, events, 0) };
}

const step = fc.record({
  advance: fc.constantFrom(0, 1_000, 60_000, SERIES_FINISH_MS, 30 * 60_000),
  expireOnly: fc.boolean(),
  reason: fc.constantFrom('Scheduled', 'FailedScheduling'),
  host: fc.constantFrom('control-plane', 'host-b'),
  regarding: fc.tuple(fc.constantFrom('u1', 'u2', 'u3'), fc.constantFrom('1', '2')),
  related: fc.option(fc.constantFrom('u1', 'u4'), { nil: undefined }),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Plays `steps` from `t` on; the outcomes and the stored Events after each. */
function play(r: EventsV1Recorder, store: Store, steps: readonly Step[], t: number): string[] {
  const out: string[] = [];
  for (const [i, s] of steps.entries()) {
    t += s.advance;
    if (s.expireOnly) r.expire(t);
    else out.push(r.record(t, pod(...s.regarding), s.related ? pod(s.related, '1') : undefined, 'Normal', s.reason, 'Binding', `note ${i}`, 'default-scheduler', s.host));
    out.push(JSON.stringify([...store.list('Event')].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))));
  }
  return out;
}

describe('the events.k8s.io/v1 cache in a snapshot', () => {
  it('a restored recorder writes what the recorder the snapshot was taken of writes next (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), fc.array(step, { minLength: 1, maxLength: 20 }), (before, after) => {
        const { store, events, r } = setup();
        play(r, store, before, 0);
        const t = before.reduce((sum, s) => sum + s.advance, 0);
        const storeState = store.snapshot();
        const eventsState = events.snapshot();
        const state = r.snapshot();
        const expected = play(r, store, after, t);
        store.restore(storeState);
        events.restore(eventsState);
        const copy = new EventsV1Recorder(store, events, 0);
        copy.restore(state);
        // Restored and not used yet: a snapshot is the restored one.
        expect(copy.snapshot().cache).toBe(state.cache);
        expect(play(copy, store, after, t)).toEqual(expected);
      }),
    );
  });

  it('reads as the cache it stands for, entry by entry, and costs no key strings', () => {
    const { r } = setup();
    r.record(1_000, pod('u1', '1'), undefined, 'Normal', 'Scheduled', 'Binding', 'one', 'default-scheduler');
    r.record(2_000, pod('u2', '1'), pod('u1', '1'), 'Normal', 'Preempted', 'Preempting', 'two', 'default-scheduler');
    r.record(3_000, pod('u1', '1'), undefined, 'Normal', 'Scheduled', 'Binding', 'again', 'default-scheduler');
    const { cache } = r.snapshot();
    expect(Object.keys(cache)).toEqual(['events', 'ats', 'series']);
    expect([...cache.ats]).toEqual([1_000, 2_000]);
    expect(cache.series).toEqual([0, 2, 3_000]);
    expect([...cache.values()].map((c) => [c.event.message, c.series?.count])).toEqual([
      ['one', 2],
      ['two', undefined],
    ]);
    expect([...cache.keys()].map((k) => k.split('\u0000').length)).toEqual([4, 8]);
    expect(cache.get([...cache.keys()][1]!)!.event.related?.uid).toBe('u1');
  });
});
