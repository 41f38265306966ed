/**
 * The recorder's core/v1 Events kept packed in the store's Event tables (packed-events.ts):
 * rebuilt key for key and byte for byte as the recorder wrote them, shared by a table's copy
 * until either side writes, expired by the TTL queue, and found by their involvedObject without
 * rebuilding the others (`Store.eventsAbout`).
 */
import { describe, expect, it } from 'vitest';
import { ReadingRecorder } from '../engine/reading-recorder.js';
import { eventName } from '../../../src/sim/engine/event-names.js';
import type { Store } from '../../../src/sim/store/store.js';
import { storeWithDefaultNamespace } from '../namespaced-store.js';
import { EventTable, eventTable } from '../../../src/sim/store/event-tables.js';
import type { DaemonSet, KubeEvent } from '../../../src/sim/api/types.js';

const T0 = Date.UTC(2026, 0, 1);
const ds = (name: string): DaemonSet =>
  ({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `${name}-uid`,
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
  }) as DaemonSet;
const SOURCE = { component: 'daemonset-controller' };
const KUBELET = { component: 'kubelet', host: 'node-1' };

/** Every key path of `v`, in order, with its value: what a byte-for-byte JSON comparison would miss of the order. */
function keyPaths(v: unknown, at = ''): string[] {
  if (typeof v !== 'object' || v === null) return [`${at}=${JSON.stringify(v)}`];
  return Object.keys(v).flatMap((k) => keyPaths((v as Record<string, unknown>)[k], `${at}.${k}`));
}

/** The Event table `ev` is stored in, as the store holds it now. */
function tableOf(store: Store, ev: KubeEvent): EventTable {
  return store.tables('Event').get(eventTable('default', ev.metadata.name)) as EventTable;
}

describe('packed Events', () => {
  it('rebuilds a new Event key for key as client-go writes it, the same at every read, and its repeats', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const name = r.record(T0 + 1_500, ds('agent'), 'Warning', 'FailedCreate', 'Error creating: quota', SOURCE, 'spec.template')!;
    const ev = store.get('Event', 'default', name) as KubeEvent;
    const uid = ev.metadata.uid;
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const want = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: 'default', uid, resourceVersion: ev.metadata.resourceVersion, creationTimestamp: '2026-01-01T00:00:01Z' },
      involvedObject: { kind: 'DaemonSet', namespace: 'default', name: 'agent', uid: 'agent-uid', apiVersion: 'apps/v1', resourceVersion: '1', fieldPath: 'spec.template' },
      reason: 'FailedCreate',
      message: 'Error creating: quota',
      type: 'Warning',
      source: { component: 'daemonset-controller' },
      firstTimestamp: '2026-01-01T00:00:01Z',
      lastTimestamp: '2026-01-01T00:00:01Z',
      count: 1,
      eventTime: null,
      reportingComponent: 'daemonset-controller',
      reportingInstance: '',
    };
    expect(keyPaths(ev)).toEqual(keyPaths(want));
    expect(Number(ev.metadata.resourceVersion)).toBeGreaterThan(0);
    // Every read makes the same Event again, sharing the recorder's parts.
    const again = store.get('Event', 'default', name) as KubeEvent;
    expect(again).not.toBe(ev);
    expect(JSON.stringify(again)).toBe(JSON.stringify(ev));
    expect(again.involvedObject).toBe(ev.involvedObject);
    expect(again.source).toBe(ev.source);
    // A kubelet's Event names its host in the source and the reporting instance.
    const pulled = r.recordEvent(T0 + 3_000, ds('other'), 'Normal', 'Pulled', 'Pulled image', KUBELET)!;
    expect(pulled.source).toEqual(KUBELET);
    expect(pulled.reportingInstance).toBe('node-1');
    expect(pulled.metadata.uid).not.toBe(uid);
    // A repeat is the same Event counted again, written at its own time, and packed too.
    const repeat = r.recordEvent(T0 + 65_000, ds('agent'), 'Warning', 'FailedCreate', 'Error creating: quota', SOURCE, 'spec.template')!;
    expect(keyPaths(repeat)).toEqual(keyPaths({ ...want, metadata: { ...want.metadata, resourceVersion: repeat.metadata.resourceVersion }, lastTimestamp: '2026-01-01T00:01:05Z', count: 2 }));
    expect(tableOf(store, repeat).versionOf(name)).toBe(Number(repeat.metadata.resourceVersion));
  });

  it("gives a pass's diff the Events it wrote as the store rebuilds them, made when the diff is read", () => {
    const store = storeWithDefaultNamespace();
    store.takeDiff();
    const r = new ReadingRecorder(store);
    const names = [1, 2, 3].map((i) => r.record(T0 + i, ds('agent'), 'Normal', 'SuccessfulCreate', `Created pod: agent-${i}`, SOURCE)!);
    const diff = store.takeDiff()!;
    expect(diff.added.map((e) => JSON.stringify(e))).toEqual(names.map((n) => JSON.stringify(store.get('Event', 'default', n))));
    expect(diff.added[0]).toBe(diff.added[0]);
  });

  it('stores an Event as an object where its row cannot go as it is: a watcher of Events, or a name another holds', () => {
    const store = storeWithDefaultNamespace();
    const seen: string[] = [];
    store.watch((c) => seen.push(`${c.type} ${c.obj.kind} ${(c.obj as KubeEvent).reason}`));
    const r = new ReadingRecorder(store);
    const made = r.recordEvent(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    expect(seen).toEqual(['added Event SuccessfulCreate']);
    // Still packed: the store rebuilds it, and it is not the object the watcher was given.
    expect(tableOf(store, made).versionOf(made.metadata.name)).toBe(Number(made.metadata.resourceVersion));

    // An Event written by hand whose name takes the slot of the recorder's next one.
    const quiet = storeWithDefaultNamespace();
    const next = eventName(T0, 'agent', 0);
    const squatter = { ...made, metadata: { ...made.metadata, name: `other${next.slice(-16)}`, resourceVersion: quiet.nextResourceVersion() } } as KubeEvent;
    quiet.put(squatter);
    const second = new ReadingRecorder(quiet).recordEvent(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    expect(second.metadata.name).toBe(next);
    expect(quiet.get('Event', 'default', squatter.metadata.name)).toBe(squatter);
    expect(quiet.list('Event').map((e) => e.metadata.name).sort()).toEqual([next, squatter.metadata.name].sort());
    expect(JSON.stringify(second)).toBe(JSON.stringify({ ...made, metadata: { ...made.metadata, resourceVersion: second.metadata.resourceVersion } }));
  });

  it('keeps an Event the recorder did not make whole, as it was given', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const made = r.recordEvent(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    const own = {
      ...made,
      metadata: {
        ...made.metadata,
        name: `${made.metadata.name.slice(0, -1)}f`,
        resourceVersion: store.nextResourceVersion(),
      },
      note: 'mine',
    } as KubeEvent;
    store.put(own);
    expect(store.get('Event', 'default', own.metadata.name)).toBe(own);
    expect(JSON.stringify(store.get('Event', 'default', made.metadata.name))).toBe(JSON.stringify(made));
  });

  it('shares the rows of a copied table until a side writes, then keeps the sides apart', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    const a = r.recordEvent(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    const before = store.snapshot();
    const table = tableOf(store, a);
    const b = r.recordEvent(T0 + 1, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-2', SOURCE)!;
    const again = r.recordEvent(T0 + 2, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    expect(again.count).toBe(2);
    // The store copied the table before its first write: the snapshot's is as it was.
    expect(tableOf(store, a)).not.toBe(table);
    expect(before.objects.get('Event')!.get(eventTable('default', a.metadata.name))).toBe(table);
    expect(table.size).toBe(1);
    expect(JSON.stringify(table.get(a.metadata.name))).toBe(JSON.stringify(a));
    expect(table.has(b.metadata.name)).toBe(false);
    expect(table.versionOf(a.metadata.name)).not.toBe(tableOf(store, a).versionOf(a.metadata.name));
    expect(JSON.stringify(store.get('Event', 'default', a.metadata.name))).toBe(JSON.stringify(again));
  });

  it('expires packed Events by their last write, as the TTL queue says', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store, 60);
    const a = r.recordEvent(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    const b = r.recordEvent(T0 + 30_000, ds('other'), 'Normal', 'SuccessfulCreate', 'Created pod: other-1', SOURCE)!;
    r.recordEvent(T0 + 40_000, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE);
    r.expire(T0 + 60_000);
    expect(store.get('Event', 'default', a.metadata.name)?.metadata.name).toBe(a.metadata.name);
    r.expire(T0 + 90_000);
    expect(store.get('Event', 'default', b.metadata.name)).toBeUndefined();
    expect(store.get('Event', 'default', a.metadata.name)?.metadata.name).toBe(a.metadata.name);
    r.expire(T0 + 100_000);
    expect(store.count('Event')).toBe(0);
  });

  it('finds the Events about an object in list order (eventsAbout)', () => {
    const store = storeWithDefaultNamespace();
    const r = new ReadingRecorder(store);
    for (let i = 0; i < 5; i++) {
      r.recordEvent(T0 + i * 70_000, ds('agent'), 'Normal', 'SuccessfulCreate', `Created pod: agent-${i}`, SOURCE);
      r.recordEvent(T0 + i * 70_000, ds('other'), 'Normal', 'SuccessfulCreate', `Created pod: other-${i}`, SOURCE);
    }
    const about = store.eventsAbout((ref) => ref.uid === 'agent-uid');
    const listed = store.list('Event').filter((e) => e.involvedObject.uid === 'agent-uid');
    expect(about.map((e) => JSON.stringify(e))).toEqual(listed.map((e) => JSON.stringify(e)));
    expect(about).toHaveLength(5);
  });
});
