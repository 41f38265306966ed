/**
 * The events.k8s.io/v1 recorder (client-go tools/events `recordToSink`, `finishSeries`,
 * `refreshExistingEventSeries`): isomorphic events form a series on the first Event, later
 * repeats wait for the 30-minute refresh, and a series ends 6 minutes after its last observation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventRecorder } from '../../../src/sim/engine/events.js';
import { EventsV1Recorder, microTime } from '../../../src/sim/engine/events-v1.js';
import { Store } from '../../../src/sim/store/store.js';
import { storeWithDefaultNamespace } from '../namespaced-store.js';
import type { KubeEvent, Pod } from '../../../src/sim/api/types.js';

const POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default', uid: 'pod-uid', resourceVersion: '7', creationTimestamp: '1970-01-01T00:00:00Z' },
} as Pod;

function setup(): { store: Store; r: EventsV1Recorder } {
  const store = storeWithDefaultNamespace('1970-01-01T00:00:00Z');
  return { store, r: new EventsV1Recorder(store, new EventRecorder(store), 0) };
}

const fail = (r: EventsV1Recorder, at: number, note: string) => r.record(at, POD, undefined, 'Warning', 'FailedScheduling', 'Scheduling', note, 'default-scheduler');

function events(store: Store): KubeEvent[] {
  return [...store.list('Event')].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
}

describe('EventsV1Recorder', () => {
  it('writes the events.k8s.io/v1 shape: eventTime in microseconds, null timestamps, no count, empty source', () => {
    const { store, r } = setup();
    expect(fail(r, 1_500, 'first')).toBe('created');
    const [ev, ...rest] = events(store);
    expect(rest).toEqual([]);
    expect(ev).toMatchObject({
      eventTime: '1970-01-01T00:00:01.500000Z',
      firstTimestamp: null,
      lastTimestamp: null,
      source: {},
      action: 'Scheduling',
      reportingComponent: 'default-scheduler',
      reportingInstance: 'default-scheduler-control-plane',
      message: 'first',
      involvedObject: { kind: 'Pod', name: 'web', uid: 'pod-uid', resourceVersion: '7' },
    });
    expect(ev!.count).toBeUndefined();
    expect(ev!.series).toBeUndefined();
    expect(microTime(Date.UTC(2026, 0, 1))).toBe('2026-01-01T00:00:00.000000Z');
  });

  it('writes related right after involvedObject when given, and no related key otherwise', () => {
    const { store, r } = setup();
    const preemptor = { ...POD, metadata: { ...POD.metadata, name: 'big', uid: 'big-uid' } } as Pod;
    r.record(1_000, POD, preemptor, 'Normal', 'Preempted', 'Preempting', 'by big', 'default-scheduler');
    r.record(1_000, POD, undefined, 'Normal', 'Scheduled', 'Binding', 'bound', 'default-scheduler');
    const [withRelated, without] = events(store);
    const rest = ['reason', 'message', 'type', 'source', 'firstTimestamp', 'lastTimestamp', 'eventTime', 'action', 'reportingComponent', 'reportingInstance'];
    expect(Object.keys(withRelated!)).toEqual(['apiVersion', 'kind', 'metadata', 'involvedObject', 'related', ...rest]);
    expect(withRelated!.related).toMatchObject({ name: 'big', uid: 'big-uid' });
    expect(Object.keys(without!)).toEqual(['apiVersion', 'kind', 'metadata', 'involvedObject', ...rest]);
  });

  it('the 2nd occurrence writes series count 2 on the first Event and keeps its message; the 3rd waits for the refresh', () => {
    const { store, r } = setup();
    fail(r, 1_000, 'first');
    expect(fail(r, 60_000, 'second, other words')).toBe('series');
    const [ev] = events(store);
    expect(events(store)).toHaveLength(1);
    expect(ev).toMatchObject({ message: 'first', series: { count: 2, lastObservedTime: '1970-01-01T00:01:00.000000Z' } });
    const rv = ev!.metadata.resourceVersion;

    // The 3rd occurrence only bumps the cached count: nothing is written.
    expect(fail(r, 120_000, 'third')).toBe('counted');
    expect(events(store)[0]!.series).toEqual({ count: 2, lastObservedTime: '1970-01-01T00:01:00.000000Z' });
    expect(events(store)[0]!.metadata.resourceVersion).toBe(rv);

    // Keep the series alive (observed every 5 minutes) until the 30-minute refresh writes it.
    for (let t = 300_000; t < 1_800_000; t += 300_000) fail(r, t, 'again');
    expect(events(store)[0]!.series!.count).toBe(2);
    r.expire(1_800_000);
    expect(events(store)[0]!.series).toEqual({ count: 8, lastObservedTime: microTime(1_500_000) });
    expect(events(store)[0]!.message).toBe('first');
  });

  it('finishes a series 6 minutes after its last observation (at the next 6-minute tick); the next occurrence is a new Event', () => {
    const { store, r } = setup();
    fail(r, 1_000, 'first');
    fail(r, 2_000, 'second');
    fail(r, 3_000, 'third'); // cached count 3, stored count 2
    // The tick at 6 min: last observed 3 s, not yet 6 min before. At 12 min: finished, count written.
    r.expire(360_000);
    expect(events(store)[0]!.series!.count).toBe(2);
    r.expire(720_000);
    expect(events(store)[0]!.series!.count).toBe(3);
    expect(fail(r, 730_000, 'after the series')).toBe('created');
    const all = events(store);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ message: 'after the series', eventTime: microTime(730_000) });
    expect(all[1]!.series).toBeUndefined();
  });

  it('a singleton leaves the cache 6 minutes after its eventTime: a later repeat is a new Event', () => {
    const { store, r } = setup();
    fail(r, 1_000, 'first');
    expect(fail(r, 400_000, 'before the tick at 12 min')).toBe('series');
    const { store: s2, r: r2 } = setup();
    fail(r2, 1_000, 'first');
    expect(fail(r2, 720_000, 'after the tick at 12 min')).toBe('created');
    expect(events(s2)).toHaveLength(2);
    expect(events(store)).toHaveLength(1);
  });

  it('a different resourceVersion of the object (or another action) is not isomorphic', () => {
    const { store, r } = setup();
    fail(r, 1_000, 'first');
    r.record(2_000, { ...POD, metadata: { ...POD.metadata, resourceVersion: '8' } }, undefined, 'Warning', 'FailedScheduling', 'Scheduling', 'first', 'default-scheduler');
    r.record(3_000, POD, undefined, 'Warning', 'FailedScheduling', 'Binding', 'first', 'default-scheduler');
    expect(events(store)).toHaveLength(3);
  });

  it('expires an hour after the last write', () => {
    const { store, r } = setup();
    fail(r, 1_000, 'first');
    r.expire(3_600_999);
    expect(events(store)).toHaveLength(1);
    r.expire(3_601_000);
    expect(events(store)).toHaveLength(0);
  });

  it('the refresh of a series whose Event has expired creates it again under the same name', () => {
    const store = new Store();
    store.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', uid: 'ns-uid', resourceVersion: '1', creationTimestamp: '1970-01-01T00:00:00Z' }, spec: {}, status: { phase: 'Active' } });
    const r = new EventsV1Recorder(store, new EventRecorder(store), 0, 600); // a 10-minute TTL
    fail(r, 1_000, 'first');
    fail(r, 2_000, 'second'); // written at 2 s: expires at 10:02
    const name = events(store)[0]!.metadata.name;
    for (let t = 300_000; t < 1_800_000; t += 300_000) fail(r, t, 'again'); // observed: never finished
    expect(events(store)).toHaveLength(0);
    r.expire(1_800_000);
    expect(events(store)).toMatchObject([{ metadata: { name }, message: 'first', series: { count: 7 } }]);
  });

  it('drops the event in a namespace that is missing or terminating', () => {
    const store = new Store();
    const r = new EventsV1Recorder(store, new EventRecorder(store), 0);
    expect(fail(r, 1_000, 'first')).toBe('dropped');
    store.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', uid: 'ns-uid', resourceVersion: '1', creationTimestamp: '1970-01-01T00:00:00Z', deletionTimestamp: '1970-01-01T00:00:01Z' }, spec: {}, status: { phase: 'Terminating' } });
    expect(r.record(2_000, POD, undefined, 'Normal', 'Scheduled', 'Binding', 'x', 'default-scheduler')).toBe('dropped');
    expect(store.list('Event')).toHaveLength(0);
  });

  it('snapshot and restore keep the cache, the write times and the loop ticks', () => {
    const { store, r } = setup();
    fail(r, 1_000, 'first');
    fail(r, 2_000, 'second');
    fail(r, 3_000, 'third');
    const state = r.snapshot();
    const copy = new EventsV1Recorder(store, new EventRecorder(store), 0);
    copy.restore(state);
    copy.expire(720_000);
    expect(events(store)[0]!.series!.count).toBe(3);
    expect(copy.snapshot().cache.size).toBe(0);
  });

  it('keeps write times only for Events written again (a series): one written once expires by its creationTimestamp, also after a restore', () => {
    const { store, r } = setup();
    const other = { ...POD, metadata: { ...POD.metadata, name: 'db', uid: 'db-uid' } } as Pod;
    fail(r, 1_000, 'first');
    r.record(1_000, other, undefined, 'Normal', 'Scheduled', 'Binding', 'Successfully assigned default/db to node-1', 'default-scheduler');
    expect(fail(r, 2_000, 'second')).toBe('series');
    const state = r.snapshot();
    expect([...state.written.values()]).toEqual([2_000]);
    const copy = new EventsV1Recorder(store, new EventRecorder(store), 0);
    copy.restore(state);
    copy.expire(3_601_000);
    expect(events(store).map((e) => e.involvedObject.name)).toEqual(['web']);
    copy.expire(3_602_000);
    expect(events(store)).toEqual([]);
  });

  it('a snapshot shares the cache, and keeps its series counts while the live recorder counts on', () => {
    const { store, r } = setup();
    fail(r, 1_000, 'first');
    fail(r, 2_000, 'second');
    const state = r.snapshot();
    const entry = [...state.cache.values()][0]!;
    expect(entry.series!.count).toBe(2);
    expect(fail(r, 3_000, 'third')).toBe('counted');
    expect(fail(r, 4_000, 'fourth')).toBe('counted');
    expect(state.cache.get([...state.cache.keys()][0]!)).toBe(entry);
    expect(entry.series).toEqual({ count: 2, lastObserved: 2_000 });
    expect([...r.snapshot().cache.values()][0]!.series).toEqual({ count: 4, lastObserved: 4_000 });
    r.restore(state);
    r.restore(state);
    expect(fail(r, 5_000, 'fifth')).toBe('counted');
    expect(entry.series).toEqual({ count: 2, lastObserved: 2_000 });
    expect([...r.snapshot().cache.values()][0]!.series).toEqual({ count: 3, lastObserved: 5_000 });
    expect(events(store)).toHaveLength(1);
  });

  it('forms a series exactly of the events isomorphic by getKey: type, action, reason, reporter, regarding and related references (property)', () => {
    const pod = (uid: string, rv: string) => ({ ...POD, metadata: { ...POD.metadata, uid, resourceVersion: rv } }) as Pod;
    const call = fc.record({
      type: fc.constantFrom<'Normal' | 'Warning'>('Normal', 'Warning'),
      reason: fc.constantFrom('Scheduled', 'FailedScheduling'),
      action: fc.constantFrom('Binding', 'Scheduling'),
      component: fc.constantFrom('default-scheduler', 'other-scheduler'),
      host: fc.constantFrom('control-plane', 'host-b'),
      regarding: fc.tuple(fc.constantFrom('u1', 'u2'), fc.constantFrom('1', '2')),
      related: fc.option(fc.tuple(fc.constantFrom('u1', 'u3', ''), fc.constantFrom('1', '')), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 25 }), (calls) => {
        const { r } = setup();
        const seen = new Map<string, number>();
        calls.forEach((c, i) => {
          const related = c.related ? pod(...c.related) : undefined;
          const outcome = r.record(1_000 + i, pod(...c.regarding), related, c.type, c.reason, c.action, `note ${i}`, c.component, c.host);
          const key = JSON.stringify([c.type, c.reason, c.action, c.component, c.host, c.regarding, c.related ?? null]);
          const before = seen.get(key) ?? 0;
          seen.set(key, before + 1);
          expect(outcome).toBe(before === 0 ? 'created' : before === 1 ? 'series' : 'counted');
        });
      }),
    );
  });
});
