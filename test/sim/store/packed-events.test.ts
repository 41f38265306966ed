/**
 * The recorder's core/v1 Events kept packed in the store's Event tables (packed-events.ts):
 * rebuilt key for key and byte for byte as the recorder wrote them, shared by a table's copy
 * until either side writes, expired by the TTL queue, and found by their involvedObject without
 * rebuilding the others (`Store.eventsAbout`).
 */
import { describe, expect, it } from 'vitest';
import { EventRecorder } from '../../../src/sim/engine/events.js';
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
  it('rebuilds a new Event and its repeats key for key and byte for byte', () => {
    const store = storeWithDefaultNamespace();
    const r = new EventRecorder(store);
    const written: KubeEvent[] = [];
    written.push(r.record(T0 + 1_500, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!);
    written.push(r.record(T0 + 2_000, ds('agent'), 'Warning', 'FailedCreate', 'Error creating: quota', SOURCE, 'spec.template')!);
    written.push(r.record(T0 + 3_000, ds('other'), 'Normal', 'Pulled', 'Pulled image', KUBELET)!);
    const repeat = r.record(T0 + 65_000, ds('agent'), 'Warning', 'FailedCreate', 'Error creating: quota', SOURCE, 'spec.template')!;
    expect(repeat.count).toBe(2);
    written[1] = repeat;
    for (const ev of written) {
      const stored = store.get('Event', 'default', ev.metadata.name)!;
      expect(stored).not.toBe(ev);
      expect(JSON.stringify(stored)).toBe(JSON.stringify(ev));
      expect(keyPaths(stored)).toEqual(keyPaths(ev));
      // The shared parts are the recorder's own, not copies.
      expect((stored as KubeEvent).involvedObject).toBe(ev.involvedObject);
      expect((stored as KubeEvent).source).toBe(ev.source);
    }
  });

  it('keeps an Event the recorder did not make whole, as it was given', () => {
    const store = storeWithDefaultNamespace();
    const r = new EventRecorder(store);
    const made = r.record(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
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
    const r = new EventRecorder(store);
    const a = r.record(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    const before = store.snapshot();
    const table = tableOf(store, a);
    const b = r.record(T0 + 1, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-2', SOURCE)!;
    const again = r.record(T0 + 2, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
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
    const r = new EventRecorder(store, 60);
    const a = r.record(T0, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE)!;
    const b = r.record(T0 + 30_000, ds('other'), 'Normal', 'SuccessfulCreate', 'Created pod: other-1', SOURCE)!;
    r.record(T0 + 40_000, ds('agent'), 'Normal', 'SuccessfulCreate', 'Created pod: agent-1', SOURCE);
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
    const r = new EventRecorder(store);
    for (let i = 0; i < 5; i++) {
      r.record(T0 + i * 70_000, ds('agent'), 'Normal', 'SuccessfulCreate', `Created pod: agent-${i}`, SOURCE);
      r.record(T0 + i * 70_000, ds('other'), 'Normal', 'SuccessfulCreate', `Created pod: other-${i}`, SOURCE);
    }
    const about = store.eventsAbout((ref) => ref.uid === 'agent-uid');
    const listed = store.list('Event').filter((e) => e.involvedObject.uid === 'agent-uid');
    expect(about.map((e) => JSON.stringify(e))).toEqual(listed.map((e) => JSON.stringify(e)));
    expect(about).toHaveLength(5);
  });
});
