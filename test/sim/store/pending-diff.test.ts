import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiObject, Kind } from '../../../src/sim/api/types.js';
import { PendingDiff, changeCount, readAdded, type Diff } from '../../../src/sim/store/pending-diff.js';
import { draft, unpack } from '../../../src/sim/store/packed-events.js';

function obj(kind: Kind, namespace: string, name: string, rv: number): ApiObject {
  return { apiVersion: 'v1', kind, metadata: { name, namespace, uid: `u-${name}`, resourceVersion: String(rv), creationTimestamp: 'x' } } as ApiObject;
}

/** A recorder's row (packed-events.ts `draft`) for a new Event named `name`, and the Event it stands for. */
function row(namespace: string, name: string, rv: number): { row: readonly unknown[]; event: ApiObject } {
  const r = draft(name, { kind: 'Pod', namespace, name: 'p', uid: 'u-p', apiVersion: 'v1', resourceVersion: '1' }, { component: 'kubelet', host: 'n' }, 'Pulled', `message ${rv}`, rv % 2 ? 'Normal' : 'Warning', rv, rv, Date.UTC(2026, 0, 1) + rv * 1000);
  return { row: r.slice(), event: unpack(r, 0, namespace) };
}

/**
 * The fold as a record per object, by kind, namespace and name (the representation the arrays
 * replaced): the first touch sets `from`, every touch `to`.
 */
class RecordFold {
  private pending = new Map<Kind, Map<string, Map<string, { from?: ApiObject; to?: ApiObject }>>>();

  touch(kind: Kind, namespace: string, name: string, old: ApiObject | undefined, to: ApiObject | undefined): void {
    let byNamespace = this.pending.get(kind);
    if (!byNamespace) this.pending.set(kind, (byNamespace = new Map()));
    let names = byNamespace.get(namespace);
    if (!names) byNamespace.set(namespace, (names = new Map()));
    let change = names.get(name);
    if (!change) names.set(name, (change = {}));
    if (change.to === undefined && change.from === undefined) change.from = old;
    change.to = to;
  }

  take(): Diff | undefined {
    const diff: Diff = { added: [], updated: [], removed: [] };
    for (const byNamespace of this.pending.values())
      for (const names of byNamespace.values())
        for (const { from, to } of names.values()) {
          if (from === undefined) {
            if (to !== undefined) diff.added.push(to);
          } else if (to === undefined) diff.removed.push(from);
          else diff.updated.push([from, to]);
        }
    this.pending = new Map();
    return diff.added.length + diff.updated.length + diff.removed.length > 0 ? diff : undefined;
  }
}

/**
 * Writes, removals and takes over `names` names per kind and namespace (`writeWeight` to 2
 * removals to 1 take); a write of a new Event may come as the recorder's row (`packed`).
 */
function steps(names: number, writeWeight: number) {
  return fc.oneof(
    {
      arbitrary: fc.record({ op: fc.constant('write' as const), kind: fc.integer({ min: 0, max: 2 }), namespace: fc.integer({ min: 0, max: 1 }), name: fc.integer({ min: 0, max: names - 1 }), packed: fc.boolean() }),
      weight: writeWeight,
    },
    { arbitrary: fc.record({ op: fc.constant('remove' as const), kind: fc.integer({ min: 0, max: 2 }), namespace: fc.integer({ min: 0, max: 1 }), name: fc.integer({ min: 0, max: names - 1 }) }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('take' as const) }), weight: 1 },
  );
}
// Few names, so that passes often touch one object several times (removed and written again).
const step = steps(3, 6);
// Many names, so that a pass adds many objects before its first update or removal.
const manyNames = steps(40, 20);
const KINDS: Kind[] = ['Pod', 'Event', 'Node'];

/** A pass that wrote two new Events as rows (in default, then kube-system) around a new pod. */
function eventRowsAndPod() {
  const d = new PendingDiff();
  const pod = obj('Pod', 'default', 'p', 1);
  const first = row('default', 'p.1', 2);
  const second = row('kube-system', 'p.2', 3);
  d.putRow('default', first.row);
  d.put('default', undefined, pod);
  d.putRow('kube-system', second.row);
  return { d, pod, first, second };
}

describe('PendingDiff', () => {
  it('folds any sequence of writes and removals as a record per object does, in the same order', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(step, { maxLength: 80, size: 'max' }), fc.array(manyNames, { maxLength: 200, size: 'max' })), (steps) => {
        const stored = new Map<string, ApiObject>();
        const arrays = new PendingDiff();
        const records = new RecordFold();
        let rv = 0;
        for (const s of [...steps, { op: 'take' as const }]) {
          if (s.op === 'take') {
            const taken = arrays.take();
            const want = records.take();
            // Counted without making its Events, as the trace counts it.
            if (taken) expect(changeCount(taken)).toBe(want!.added.length + want!.updated.length + want!.removed.length);
            expect(taken).toEqual(want);
            continue;
          }
          const kind = KINDS[s.kind]!;
          const namespace = `ns${s.namespace}`;
          const name = `o${s.name}`;
          const key = `${kind}/${namespace}/${name}`;
          const old = stored.get(key);
          if (s.op === 'write' && s.packed && kind === 'Event' && !old) {
            const { row: r, event } = row(namespace, name, ++rv);
            stored.set(key, event);
            arrays.putRow(namespace, r);
            records.touch(kind, namespace, name, old, event);
          } else if (s.op === 'write') {
            const next = obj(kind, namespace, name, ++rv);
            stored.set(key, next);
            arrays.put(namespace, old, next);
            records.touch(kind, namespace, name, old, next);
          } else if (old) {
            stored.delete(key);
            arrays.remove(kind, namespace, name, old);
            records.touch(kind, namespace, name, old, undefined);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps one change per object: the first version and the last, at its first touch', () => {
    const d = new PendingDiff();
    const a1 = obj('Pod', 'default', 'a', 1);
    const b = obj('Pod', 'default', 'b', 2);
    const a2 = obj('Pod', 'default', 'a', 3);
    d.put('default', undefined, a1);
    d.put('default', undefined, b);
    d.put('default', a1, a2);
    expect(d.take()).toEqual({ added: [a2, b], updated: [], removed: [] });
  });

  it('turns an object removed and written again under its name in one pass into an update', () => {
    const d = new PendingDiff();
    const a1 = obj('Event', 'default', 'a', 1);
    const a2 = obj('Event', 'default', 'a', 2);
    const c = obj('Event', 'default', 'c', 3);
    d.remove('Event', 'default', 'a', a1);
    d.put('default', undefined, c);
    d.put('default', undefined, a2);
    expect(d.take()).toEqual({ added: [c], updated: [[a1, a2]], removed: [] });
    expect(d.take()).toBeUndefined();
  });

  it('keeps a new Event given as its row until the diff is read, then makes it once, in the order written', () => {
    const { d, pod, first, second } = eventRowsAndPod();
    const taken = d.take()!;
    expect(changeCount(taken)).toBe(3);
    // By kind, then namespace, each in first-touch order: the Events of default and of kube-system, then the pod.
    expect(taken.added).toEqual([first.event, second.event, pod]);
    expect(taken.added).toBe(taken.added);
    expect(taken.added[0]).toBe(taken.added[0]);
    // Read as the plain lists by a copy, a clone or a comparison, and nothing else.
    const lists = { added: [first.event, second.event, pod], updated: [], removed: [] };
    expect(Object.keys(taken)).toEqual(['added', 'updated', 'removed']);
    expect(structuredClone(taken)).toEqual(lists);
    expect({ ...taken }).toEqual(lists);
    expect(JSON.parse(JSON.stringify(taken))).toEqual(lists);
    expect(d.take()).toBeUndefined();
  });

  it('reads the additions one at a time as `added` lists them, making an Event only when asked for it', () => {
    const { d, pod, first, second } = eventRowsAndPod();
    const node = obj('Node', '', 'n', 4);
    d.put('', undefined, node);
    const taken = d.take()!;
    const added = readAdded(taken);
    const read = Array.from({ length: added.length }, (_, i) => [added.kind(i), added.namespace(i), added.name(i)]);
    expect(read).toEqual([
      ['Event', 'default', 'p.1'],
      ['Event', 'kube-system', 'p.2'],
      ['Pod', 'default', 'p'],
      ['Node', '', 'n'],
    ]);
    // An Event is made afresh at each call; any other addition is the object stored.
    expect(added.at(1)).toEqual(second.event);
    expect(added.at(1)).not.toBe(added.at(1));
    expect(added.at(2)).toBe(pod);
    // `added`, read afterwards, is the same list; a reader made after it reads that list.
    expect(taken.added).toEqual([first.event, second.event, pod, node]);
    const again = readAdded(taken);
    expect(again.at(0)).toBe(taken.added[0]);
    expect(readAdded({ added: [node] }).name(0)).toBe('n');
  });
});
