/**
 * The event recorder's correlator, as client-go's: identical repeats fold into one Event, the
 * 10th distinct message of a reason is combined, and a source+object pair may write 25 events
 * and then one per 5 minutes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventRecorder, type RecorderState } from '../../../src/sim/engine/events.js';
import { ReadingRecorder } from './reading-recorder.js';
import type { Store } from '../../../src/sim/store/store.js';
import { storeWithDefaultNamespace } from '../namespaced-store.js';
import { newRngState, quickUid } from '../../../src/sim/engine/rng.js';
import type { DaemonSet, KubeEvent } from '../../../src/sim/api/types.js';

const DS = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', namespace: 'default', uid: 'ds-uid', resourceVersion: '1', creationTimestamp: '2026-01-01T00:00:00Z' },
} as DaemonSet;
const SOURCE = { component: 'daemonset-controller' };

function events(store: Store): KubeEvent[] {
  return [...store.list('Event')].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
}

describe('EventRecorder', () => {
  it('folds an identical repeat into the same Event (count and lastTimestamp)', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    r.recordEvent(0, DS, 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE);
    r.recordEvent(5_000, DS, 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE);
    const [ev, ...rest] = events(store);
    expect(rest).toEqual([]);
    expect(ev).toMatchObject({ count: 2, firstTimestamp: '1970-01-01T00:00:00Z', lastTimestamp: '1970-01-01T00:00:05Z', involvedObject: { kind: 'DaemonSet', name: 'agent', uid: 'ds-uid' } });
  });

  it('combines similar events from the 10th distinct message on (EventAggregatorByReasonFunc)', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    for (let i = 1; i <= 12; i++) r.recordEvent(i * 1000, DS, 'Normal', 'SuccessfulCreate', `Created pod: agent-${i}`, SOURCE);
    const all = events(store);
    expect(all.filter((e) => !e.message.startsWith('(combined'))).toHaveLength(9);
    const combined = all.filter((e) => e.message.startsWith('(combined'));
    expect(combined).toHaveLength(1);
    expect(combined[0]).toMatchObject({ message: '(combined from similar events): Created pod: agent-12', count: 3 });
  });

  it('starts a fresh aggregation window after 10 minutes without similar events', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    for (let i = 1; i <= 9; i++) r.recordEvent(i, DS, 'Normal', 'SuccessfulCreate', `Created pod: a-${i}`, SOURCE);
    r.recordEvent(601_000, DS, 'Normal', 'SuccessfulCreate', 'Created pod: a-10', SOURCE);
    expect(events(store).some((e) => e.message.startsWith('(combined'))).toBe(false);
  });

  it('drops events past a burst of 25 per source and object, then lets one through every 5 minutes', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const written = (t: number) => r.recordEvent(t, DS, 'Warning', 'FailedCreate', 'Error creating: quota', SOURCE) !== undefined;
    for (let i = 0; i < 25; i++) expect(written(i)).toBe(true);
    expect(written(30)).toBe(false);
    expect(written(299_999)).toBe(false);
    expect(written(300_000)).toBe(true);
    expect(written(300_001)).toBe(false);
    expect(events(store)[0]!.count).toBe(26);
    // another object from the same source has its own bucket
    const other = { ...DS, metadata: { ...DS.metadata, name: 'other', uid: 'other-uid' } } as DaemonSet;
    expect(r.recordEvent(300_002, other, 'Warning', 'FailedCreate', 'Error creating: quota', SOURCE)).toBeDefined();
  });

  it('forgets the least recently used of 4096 event keys (maxLruCacheEntries), and survives a snapshot', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const pod = (i: number) => ({ ...DS, metadata: { ...DS.metadata, name: `p${i}`, uid: `uid-${i}` } }) as DaemonSet;
    r.recordEvent(0, pod(0), 'Normal', 'Pulled', 'pulled', SOURCE);
    r.recordEvent(0, pod(1), 'Normal', 'Pulled', 'pulled', SOURCE);
    for (let i = 2; i <= 4095; i++) r.recordEvent(1, pod(i), 'Normal', 'Pulled', 'pulled', SOURCE);
    // p0 is refreshed; the next new key then pushes out p1, the least recently used.
    r.recordEvent(2, pod(0), 'Normal', 'Pulled', 'pulled', SOURCE);
    const restored = new ReadingRecorder(store);
    restored.restore(r.snapshot());
    restored.recordEvent(3, pod(4096), 'Normal', 'Pulled', 'pulled', SOURCE);
    expect(restored.recordEvent(4, pod(0), 'Normal', 'Pulled', 'pulled', SOURCE)!.count).toBe(3);
    expect(restored.recordEvent(4, pod(1), 'Normal', 'Pulled', 'pulled', SOURCE)!.count).toBe(1);
  });

  it('a restored snapshot aggregates, counts and filters as the recorder did when it was taken, however the live one went on', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const create = (rec: ReadingRecorder, t: number, i: number) => rec.recordEvent(t, DS, 'Normal', 'SuccessfulCreate', `Created pod: agent-${i}`, SOURCE);
    // 8 distinct messages of one reason (2 short of combining) and 8 of the spam bucket's 25 tokens.
    for (let i = 1; i <= 8; i++) create(r, i, i);
    const storeState = store.snapshot();
    const state = r.snapshot();
    // What the next events give: the 9th message is still its own Event, the 10th is combined,
    // and the bucket empties at the 25th event.
    const outcomes = (rec: ReadingRecorder) => {
      const out: string[] = [];
      for (let i = 9; i <= 26; i++) {
        const ev = create(rec, 100 + i, i);
        out.push(ev ? `${ev.message} x${ev.count}` : 'dropped');
      }
      return out;
    };
    const expected = outcomes(r);
    expect(expected[0]).toBe('Created pod: agent-9 x1');
    expect(expected[1]).toBe('(combined from similar events): Created pod: agent-10 x1');
    expect(expected.slice(16)).toEqual(['(combined from similar events): Created pod: agent-25 x16', 'dropped']);
    // The live recorder changed the aggregate and the bucket in place since: the snapshot did not.
    const taken = state.caches.get('daemonset-controller\u0000')!;
    expect(taken.aggregates.values[0]!.messages).toHaveLength(8);
    expect(taken.buckets.values[0]!.tokens).toBe(17);
    for (const rec of [r, r, new ReadingRecorder(store)]) {
      store.restore(storeState);
      rec.restore(state);
      expect(outcomes(rec)).toEqual(expected);
    }
    // A snapshot with nothing recorded since the restore is the restored one.
    store.restore(storeState);
    r.restore(state);
    expect(r.snapshot().caches).toBe(state.caches);
  });

  it("keeps each controller's caches of its own, and gives a snapshot the state of those that recorded nothing since the last", () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const node = (i: number) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `node-${i}`, uid: `node-uid-${i}`, resourceVersion: '1' } }) as unknown as DaemonSet;
    const registered = (t: number, i: number) => r.recordEvent(t, node(i), 'Normal', 'RegisteredNode', `Node node-${i} event: Registered Node node-${i} in Controller`, { component: 'node-controller' })!;
    const created = (t: number, i: number) => r.recordEvent(t, DS, 'Normal', 'SuccessfulCreate', `Created pod: agent-${i}`, SOURCE)!;
    created(0, 1);
    // The node lifecycle controller fills its own caches; the DaemonSet controller's aggregate stays.
    for (let i = 0; i < 5000; i++) registered(1, i);
    for (let i = 2; i <= 9; i++) expect(created(2, i).message).toBe(`Created pod: agent-${i}`);
    // agent-1 is still counted: the 10th distinct message is combined.
    expect(created(3, 10).message).toBe('(combined from similar events): Created pod: agent-10');
    // Its own caches hold 4,096 entries each: the first nodes' went.
    expect([registered(5, 4999).count, registered(5, 0).count]).toEqual([2, 1]);
    const first = r.snapshot();
    expect([...first.caches.keys()]).toEqual(['daemonset-controller\u0000', 'node-controller\u0000']);
    created(6, 12);
    const second = r.snapshot();
    expect(second.caches.get('node-controller\u0000')).toBe(first.caches.get('node-controller\u0000'));
    expect(second.caches.get('daemonset-controller\u0000')).not.toBe(first.caches.get('daemonset-controller\u0000'));
  });

  it("keeps each kubelet's entries about its node and pods however many other kubelets write, as a kubelet's own caches do", () => {
    // 5,000 kubelets, each with a crash-looping pod: four events per restart, more than one
    // shared set of 4,096-entry caches holds. Each kubelet's own keep all of its pod's.
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const pod = (i: number) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `agent-${i}`, namespace: 'default', uid: `uid-${i}`, resourceVersion: '1' } }) as unknown as DaemonSet;
    const reasons = ['Pulled', 'Created', 'Started', 'BackOff'];
    const counts = new Map<string, number>();
    for (let restart = 0; restart < 3; restart++) {
      for (let i = 0; i < 5000; i++) {
        const kubelet = { component: 'kubelet', host: `node-${i}` };
        for (const reason of reasons) {
          const ev = r.recordEvent(restart * 60_000 + i, pod(i), reason === 'BackOff' ? 'Warning' : 'Normal', reason, `${reason} container a`, kubelet, 'spec.containers{a}')!;
          counts.set(ev.metadata.name, ev.count!);
        }
      }
    }
    expect(store.count('Event')).toBe(20_000);
    expect(new Set(counts.values())).toEqual(new Set([3]));
    // The controllers' caches are still one shared set of 4,096 entries (one controller here, as upstream).
    const node = (i: number) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `node-${i}`, uid: `node-uid-${i}`, resourceVersion: '1' } }) as unknown as DaemonSet;
    const registered = (i: number) => r.recordEvent(200_000, node(i), 'Normal', 'RegisteredNode', `Node node-${i} event: Registered Node node-${i} in Controller`, { component: 'node-controller' })!.count;
    for (let i = 0; i < 5000; i++) registered(i);
    expect([registered(4999), registered(0)]).toEqual([2, 1]);
  });

  it("forgets a kubelet's entries about an object once it is deleted, and a snapshot keeps them as they were", () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'agent-1', namespace: 'default', uid: 'uid-1', resourceVersion: '1' } } as unknown as DaemonSet;
    const kubelet = { component: 'kubelet', host: 'node-1' };
    const backOff = (t: number) => r.recordEvent(t, pod, 'Warning', 'BackOff', 'Back-off restarting failed container', kubelet, 'spec.containers{a}')!;
    const first = backOff(0);
    const storeState = store.snapshot();
    const state = r.snapshot();
    expect([...state.subjects.keys()]).toEqual(['uid-1']);
    expect(backOff(10_000)).toMatchObject({ metadata: { name: first.metadata.name }, count: 2 });
    // The snapshot's subject is the one it took: the live recorder changed a copy.
    expect(state.subjects.get('uid-1')).toMatchObject({ tokens: 24, shared: true });
    expect(r.subjectsNow.get('uid-1')).toMatchObject({ tokens: 23, shared: false });
    r.forget('uid-1');
    expect(r.subjectsNow.has('uid-1')).toBe(false);
    // (A kubelet writes nothing about a deleted pod; were it to, the entries would be new.)
    expect(backOff(20_000)).toMatchObject({ count: 1 });
    store.restore(storeState);
    r.restore(state);
    expect(backOff(30_000)).toMatchObject({ metadata: { name: first.metadata.name }, count: 2 });
  });

  it('builds the caches a restore gave only when it first records', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    for (let i = 1; i <= 3; i++) r.recordEvent(i, DS, 'Normal', 'SuccessfulCreate', `Created pod: agent-${i}`, SOURCE);
    const storeState = store.snapshot();
    const state = r.snapshot();
    let reads = 0;
    const watched: RecorderState = {
      ...state,
      get caches() {
        reads++;
        return state.caches;
      },
    };
    const restored = new ReadingRecorder(store);
    restored.restore(watched);
    expect(reads).toBe(0);
    // The 3rd message again: the restored caches find the Event written for it and count it.
    const again = restored.recordEvent(10, DS, 'Normal', 'SuccessfulCreate', 'Created pod: agent-3', SOURCE);
    expect(reads).toBe(1);
    expect(again?.count).toBe(2);
    store.restore(storeState);
  });

  it('drops an event for a namespace that is gone or being deleted (NamespaceLifecycle refuses the create)', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const elsewhere = { ...DS, metadata: { ...DS.metadata, namespace: 'gone' } } as DaemonSet;
    expect(r.recordEvent(0, elsewhere, 'Normal', 'SuccessfulCreate', 'Created pod: a', SOURCE)).toBeUndefined();
    const ns = store.get('Namespace', '', 'default')!;
    store.put({ ...ns, metadata: { ...ns.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } });
    expect(r.recordEvent(0, DS, 'Normal', 'SuccessfulCreate', 'Created pod: a', SOURCE)).toBeUndefined();
    expect(store.list('Event')).toEqual([]);
  });

  it('gives Events UUIDs, and a restarted source starts with empty caches (a repeat is a new Event)', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const kubelet = { component: 'kubelet', host: 'node-1' };
    const first = r.recordEvent(0, DS, 'Normal', 'Starting', 'Starting kubelet.', kubelet)!;
    expect(first.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(r.recordEvent(1_000, DS, 'Normal', 'Starting', 'Starting kubelet.', kubelet)!.count).toBe(2);
    r.restartSources([{ component: 'kubelet', host: 'node-2' }]);
    expect(r.recordEvent(2_000, DS, 'Normal', 'Starting', 'Starting kubelet.', kubelet)!.count).toBe(3);
    r.restartSources([{ component: 'kubelet', host: 'node-3' }, kubelet]);
    const fresh = r.recordEvent(3_000, DS, 'Normal', 'Starting', 'Starting kubelet.', kubelet)!;
    expect(fresh.count).toBe(1);
    expect(fresh.metadata.name).not.toBe(first.metadata.name);
  });

  it("draws the uid of the Event numbered n from a generator seeded with n + 1, whatever came before", () => {
    const r = new ReadingRecorder(storeWithDefaultNamespace());
    const uids = Array.from({ length: 50 }, () => r.allocateUid());
    expect(uids).toEqual(Array.from({ length: 50 }, (_, n) => quickUid(newRngState(n + 1))));
    expect(new Set(uids).size).toBe(50);
  });

  it('names a part of the object in involvedObject.fieldPath, after the reference, shared by the events about one object version', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const kubelet = { component: 'kubelet', host: 'node-1' };
    const pulled = r.recordEvent(0, DS, 'Normal', 'Pulled', 'Pulled', kubelet, 'spec.containers{agent}')!;
    const other = { ...DS, metadata: { ...DS.metadata, name: 'other', uid: 'other-uid' } };
    r.recordEvent(0, other, 'Normal', 'Pulled', 'Pulled', kubelet, 'spec.containers{agent}');
    const created = r.recordEvent(0, DS, 'Normal', 'Created', 'Created', kubelet, 'spec.containers{agent}')!;
    const sidecar = r.recordEvent(0, DS, 'Normal', 'Created', 'Created', kubelet, 'spec.containers{sidecar}')!;
    expect(JSON.stringify(pulled.involvedObject)).toBe(
      '{"kind":"DaemonSet","namespace":"default","name":"agent","uid":"ds-uid","apiVersion":"apps/v1","resourceVersion":"1","fieldPath":"spec.containers{agent}"}',
    );
    expect(created.involvedObject).toBe(pulled.involvedObject);
    expect(sidecar.involvedObject.fieldPath).toBe('spec.containers{sidecar}');
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', uid: 'node-uid', resourceVersion: '2' } } as unknown as DaemonSet;
    expect(JSON.stringify(r.recordEvent(0, node, 'Normal', 'Starting', 'Starting kubelet.', kubelet)!.involvedObject)).toBe(
      '{"kind":"Node","name":"node-1","uid":"node-uid","apiVersion":"v1","resourceVersion":"2"}',
    );
  });

  it('gives each container event the reference of the object version and part it names, shared by the events about one version and part (property)', () => {
    // Objects that differ in one field of the reference at a time, one uid shared by several.
    const version = fc.record({
      uid: fc.constantFrom('u1', 'u2'),
      name: fc.constantFrom('a', 'b'),
      namespace: fc.constantFrom('default', ''),
      resourceVersion: fc.constantFrom('1', '2'),
      kind: fc.constantFrom('Pod', 'DaemonSet'),
      fieldPath: fc.constantFrom('spec.containers{agent}', 'spec.containers{sidecar}'),
    });
    fc.assert(
      fc.property(fc.array(version, { minLength: 1, maxLength: 30 }), (versions) => {
        const store = storeWithDefaultNamespace();
        const r = new ReadingRecorder(store);
        const kubelet = { component: 'kubelet', host: 'node-1' };
        let previous: { key: string; ref: unknown } | undefined;
        versions.forEach((v, i) => {
          const obj = { apiVersion: 'v1', kind: v.kind, metadata: { name: v.name, ...(v.namespace ? { namespace: v.namespace } : {}), uid: v.uid, resourceVersion: v.resourceVersion } } as unknown as DaemonSet;
          const ev = r.recordEvent(i * 1000, obj, 'Normal', `Reason${i}`, 'm', kubelet, v.fieldPath)!;
          const expected = { kind: v.kind, ...(v.namespace ? { namespace: v.namespace } : {}), name: v.name, uid: v.uid, apiVersion: 'v1', resourceVersion: v.resourceVersion, fieldPath: v.fieldPath };
          expect(JSON.stringify(ev.involvedObject)).toBe(JSON.stringify(expected));
          const key = JSON.stringify(v);
          if (previous?.key === key) expect(ev.involvedObject).toBe(previous.ref);
          previous = { key, ref: ev.involvedObject };
        });
      }),
    );
  });

  it('gives events about one object version from several components one reference, and a newer version its own (property)', () => {
    const step = fc.record({ version: fc.constantFrom('1', '2'), other: fc.boolean(), source: fc.nat({ max: 2 }), namespaced: fc.boolean() });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const r = new ReadingRecorder(storeWithDefaultNamespace());
        const sources = [{ component: 'node-controller' }, { component: 'kubelet', host: 'node-1' }, { component: 'kubelet', host: 'node-2' }];
        const refs = new Map<string, unknown>();
        steps.forEach((s, i) => {
          const meta = { name: 'node-1', uid: 'node-uid', resourceVersion: s.version, ...(s.namespaced ? { namespace: 'default' } : {}) };
          const node = { apiVersion: 'v1', kind: 'Node', metadata: meta } as unknown as DaemonSet;
          // Another object's event between, from another component.
          if (s.other) r.recordEvent(i * 1000, { ...DS, metadata: { ...DS.metadata, uid: `ds-${i}` } }, 'Normal', 'Other', 'o', SOURCE);
          const ev = r.recordEvent(i * 1000, node, 'Normal', `Reason${i}`, 'm', sources[s.source]!)!;
          expect(JSON.stringify(ev.involvedObject)).toBe(JSON.stringify({ kind: 'Node', ...(s.namespaced ? { namespace: 'default' } : {}), name: 'node-1', uid: 'node-uid', apiVersion: 'v1', resourceVersion: s.version }));
          const key = `${s.version}/${s.namespaced}`;
          if (refs.has(key) && steps[i - 1] && `${steps[i - 1]!.version}/${steps[i - 1]!.namespaced}` === key) expect(ev.involvedObject).toBe(refs.get(key));
          refs.set(key, ev.involvedObject);
        });
      }),
    );
  });

  it('writes each event with its own source and reference while uids pass through the caches and their index chains are reused', () => {
    // The recorder keeps an object's last source and field reference with the uid's chain in
    // the caches' index; chains emptied by evictions are reused for other uids, hints and all.
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const sources = [{ component: 'kubelet', host: 'node-1' }, { component: 'kubelet', host: 'node-2' }, { component: 'taint-eviction-controller' }];
    for (let i = 0; i < 12_000; i++) {
      // Mostly new uids, some of an earlier object again (with a newer version), from varying sources.
      const n = i % 5 === 0 ? (i * 7919) % (i + 1) : i;
      const obj = { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${n}`, namespace: 'default', uid: `uid-${n}`, resourceVersion: String(i) } } as unknown as DaemonSet;
      const source = sources[(i * 31) % 3]!;
      const fieldPath = i % 2 === 0 ? `spec.containers{c${i % 3}}` : undefined;
      const ev = r.recordEvent(i * 10, obj, 'Normal', `R${i % 4}`, `m${i}`, source, fieldPath);
      if (!ev) continue;
      expect(ev.source).toEqual(source);
      expect(ev.reportingInstance).toBe(source.host ?? '');
      expect(JSON.stringify(ev.involvedObject)).toBe(
        JSON.stringify({ kind: 'Pod', namespace: 'default', name: `p${n}`, uid: `uid-${n}`, apiVersion: 'v1', resourceVersion: String(i), ...(fieldPath ? { fieldPath } : {}) }),
      );
    }
    expect(store.count('Event')).toBeGreaterThan(11_000);
  });

  it('tells container events apart by field path and message past 4096 such pairs (the table of their keys is dropped and rebuilt)', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const kubelet = { component: 'kubelet', host: 'node-1' };
    const pod = (i: number) => ({ ...DS, metadata: { ...DS.metadata, name: `p${i}`, uid: `uid-${i}` } }) as DaemonSet;
    for (let i = 0; i < 4100; i++) r.recordEvent(i, pod(i), 'Normal', 'Pulled', `pulled ${i}`, kubelet, 'spec.containers{agent}');
    // Keys built before the table was dropped (p10) and after it (p4098) still match a repeat.
    expect(r.recordEvent(5_000, pod(10), 'Normal', 'Pulled', 'pulled 10', kubelet, 'spec.containers{agent}')!.count).toBe(2);
    expect(r.recordEvent(5_000, pod(4098), 'Normal', 'Pulled', 'pulled 4098', kubelet, 'spec.containers{agent}')!.count).toBe(2);
    // Another container of the same pod is another Event.
    expect(r.recordEvent(5_000, pod(4098), 'Normal', 'Pulled', 'pulled 4098', kubelet, 'spec.containers{sidecar}')!.count).toBe(1);
    expect(store.count('Event')).toBe(4101);
  });

  it('combines similar events as a plain list of their distinct messages would (property)', () => {
    // The model: EventAggregatorByReasonFunc with a list per key, as upstream keeps it.
    const model = (steps: { dt: number; reason: string; message: string }[]) => {
      const lists = new Map<string, { messages: string[]; last: number }>();
      let now = 0;
      return steps.map(({ dt, reason, message }) => {
        now += dt;
        let agg = lists.get(reason);
        if (!agg || now - agg.last > 600_000) lists.set(reason, (agg = { messages: [], last: now }));
        if (!agg.messages.includes(message)) agg.messages.push(message);
        agg.last = now;
        if (agg.messages.length < 10) return message;
        agg.messages.shift();
        return `(combined from similar events): ${message}`;
      });
    };
    const step = fc.record({ dt: fc.constantFrom(0, 1_000, 300_000, 700_000), reason: fc.constantFrom('SuccessfulCreate', 'SuccessfulDelete'), message: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l') });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const store = storeWithDefaultNamespace();
        const r = new ReadingRecorder(store);
        let now = 0;
        const texts: (string | undefined)[] = steps.map(({ dt, reason, message }) => {
          now += dt;
          // Past the spam filter's burst of 25 an event may be dropped: it has no text to compare.
          return r.recordEvent(now, DS, 'Normal', reason, message, SOURCE)?.message;
        });
        const expected = model(steps);
        texts.forEach((text, i) => {
          if (text !== undefined) expect(text).toBe(expected[i]);
        });
        expect(texts.slice(0, 25)).toEqual(expected.slice(0, 25));
      }),
    );
  });

  it('aggregates, filters and counts as a plain model of the three 4096-entry caches while full caches turn over (property)', () => {
    // The model: client-go's correlator with each cache a Map in recency order (upstream's LRU).
    // Runs of new objects fill the caches, so the recorder's full caches drop entries and make
    // the dropped aggregates and buckets the new keys' records (Lru.nextDropped).
    class ModelLru<V> {
      readonly map = new Map<string, V>();
      get(k: string): V | undefined {
        const v = this.map.get(k);
        if (v !== undefined) this.set(k, v);
        return v;
      }
      set(k: string, v: V): void {
        this.map.delete(k);
        this.map.set(k, v);
        if (this.map.size > 4096) this.map.delete(this.map.keys().next().value!);
      }
    }
    const obj = (name: string) => ({ ...DS, metadata: { ...DS.metadata, name, uid: `uid-${name}` } }) as DaemonSet;
    const step = fc.oneof(
      { weight: 1, arbitrary: fc.record({ churn: fc.constant(true), count: fc.constantFrom(1_500, 4_200) }) },
      { weight: 40, arbitrary: fc.record({ churn: fc.constant(false), o: fc.constantFrom(0, 0, 0, 1), dt: fc.oneof({ weight: 20, arbitrary: fc.constantFrom(0, 1_000) }, { weight: 1, arbitrary: fc.constantFrom(300_000, 700_000) }), reason: fc.constantFrom('R1', 'R1', 'R2'), message: fc.nat(11) }) },
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 80, maxLength: 150 }), (steps) => {
        const store = storeWithDefaultNamespace();
        const r = new ReadingRecorder(store);
        const aggs = new ModelLru<{ messages: string[]; last: number }>();
        const buckets = new ModelLru<{ tokens: number; at: number }>();
        const observed = new ModelLru<{ count: number }>();
        let now = 0;
        let fresh = 0;
        const one = (name: string, reason: string, message: string): string => {
          const got = r.recordEvent(now, obj(name), 'Normal', reason, message, SOURCE);
          let agg = aggs.get(`${name}/${reason}`);
          let combined = false;
          if (!agg || now - agg.last > 600_000) aggs.set(`${name}/${reason}`, (agg = { messages: [message], last: now }));
          else {
            if (!agg.messages.includes(message)) agg.messages.push(message);
            agg.last = now;
            if (agg.messages.length >= 10) {
              agg.messages.shift();
              combined = true;
            }
          }
          let bucket = buckets.get(name);
          if (!bucket) buckets.set(name, (bucket = { tokens: 25, at: now }));
          const refills = Math.floor((now - bucket.at) / 300_000);
          if (refills > 0) {
            bucket.tokens = Math.min(25, bucket.tokens + refills);
            bucket.at += refills * 300_000;
          }
          let want = 'dropped';
          if (bucket.tokens >= 1) {
            bucket.tokens--;
            const key = `${name}/${reason}/${combined ? '' : message}`;
            const seen = observed.get(key);
            if (seen) seen.count++;
            else observed.set(key, { count: 1 });
            want = `${combined ? '(combined from similar events): ' : ''}${message} x${(seen ?? { count: 1 }).count}`;
          }
          expect(got ? `${got.message} x${got.count}` : 'dropped').toBe(want);
          return want;
        };
        // Full caches first: every key after this takes a dropped entry's record.
        for (let i = 0; i < 4096; i++) one(`new-${fresh++}`, 'R1', 'm');
        for (const s of steps) {
          if (s.churn) {
            for (let i = 0; i < s.count; i++) one(`new-${fresh++}`, 'R1', 'm');
            continue;
          }
          now += s.dt;
          one(`o${s.o}`, s.reason, `m${s.message}`);
        }
      }),
      { numRuns: 8, endOnFailure: true },
    );
  });

  it('names an Event <object>.<clock in hex><sequence modulo 16^5 in 5 hex digits> (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }), (seq, now) => {
        const r = new ReadingRecorder(storeWithDefaultNamespace());
        r.restore({ ...r.snapshot(), seq });
        expect(r.allocateName(now, 'agent-x1')).toBe(`agent-x1.${now.toString(16)}${(seq % 0x100000).toString(16).padStart(5, '0')}`);
      }),
    );
  });

  it('names an Event of any object name by the same rule, whatever its length or characters (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 70, unit: 'binary' }), fc.nat({ max: 2 ** 22 })), { maxLength: 12 }), (names) => {
        const r = new ReadingRecorder(storeWithDefaultNamespace());
        const now = 1_767_225_600_123;
        for (const [object, seq] of names) {
          r.restore({ ...r.snapshot(), seq });
          const name = r.allocateName(now, object);
          expect(name).toBe(`${object}.${now.toString(16)}${(seq % 0x100000).toString(16).padStart(5, '0')}`);
          expect(name.length).toBe(object.length + 1 + now.toString(16).length + 5);
        }
      }),
    );
  });

  it('names Events in a row by the same rule, across instants, runs of 256 numbers, fractional clocks and objects of one name length (property)', () => {
    const step = fc.record({ dt: fc.constantFrom(0, 0, 0, 0.5, 1, 1000), skip: fc.constantFrom(0, 0, 1, 200, 256, 65_536), object: fc.constantFrom('node-1', 'node-2', 'agent-x1') });
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 21 }), fc.array(step, { maxLength: 40 }), (start, steps) => {
        const r = new ReadingRecorder(storeWithDefaultNamespace());
        let seq = start;
        let now = 1_767_225_600_000;
        for (const { dt, skip, object } of steps) {
          now += dt;
          seq += skip;
          r.restore({ ...r.snapshot(), seq });
          expect(r.allocateName(now, object)).toBe(`${object}.${Math.floor(now).toString(16)}${(seq % 0x100000).toString(16).padStart(5, '0')}`);
          seq++;
        }
      }),
    );
  });
});
