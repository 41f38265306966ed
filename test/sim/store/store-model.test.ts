/**
 * The store against a model of what it must answer, over random writes, removals, snapshots and
 * restores: every read (`get`, its table used last, the copy-on-write tables) and both pod
 * indexes, which name pods rather than hold them, must give what the model's plain tables and
 * insertion-ordered indexes give.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApiObject, Node, Pod } from '../../../src/sim/api/types.js';
import { Store, controllerUid, type StoreData } from '../../../src/sim/store/store.js';

const NAMESPACES = ['default', 'kube-system'];
const NODES = ['n1', 'n2', 'n3'];
const OWNERS = ['ds-a', 'ds-b'];
const NAMES = ['p1', 'p2', 'p3', 'p4'];

type Op =
  | { readonly op: 'pod'; readonly ns: number; readonly name: number; readonly node: number; readonly owner: number; readonly newUid: boolean; readonly sharedRefs: boolean }
  | { readonly op: 'node'; readonly name: number }
  | { readonly op: 'remove'; readonly kind: 'Pod' | 'Node'; readonly ns: number; readonly name: number }
  | { readonly op: 'snapshot' }
  | { readonly op: 'restore'; readonly which: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('pod' as const),
      ns: fc.nat(NAMESPACES.length - 1),
      name: fc.nat(NAMES.length - 1),
      // The last value of each is "none": an unbound or unowned pod.
      node: fc.nat(NODES.length),
      owner: fc.nat(OWNERS.length),
      newUid: fc.boolean(),
      sharedRefs: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('node' as const), name: fc.nat(NODES.length - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('remove' as const), kind: fc.constantFrom('Pod' as const, 'Node' as const), ns: fc.nat(NAMESPACES.length - 1), name: fc.nat(NAMES.length - 1) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'snapshot' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restore' as const), which: fc.nat(4) }) },
);

/** The model: one table per kind by `namespace/name`, and the indexes as insertion-ordered uid maps. */
class Model {
  objects = new Map<string, ApiObject>();
  byNode = new Map<string, Map<string, Pod>>();
  byOwner = new Map<string, Map<string, Pod>>();

  static key(kind: string, ns: string, name: string): string {
    return `${kind}:${ns}/${name}`;
  }

  put(obj: ApiObject): void {
    const key = Model.key(obj.kind, obj.metadata.namespace ?? '', obj.metadata.name);
    const old = this.objects.get(key);
    this.objects.set(key, obj);
    if (obj.kind !== 'Pod') return;
    const pod = obj as Pod;
    const was = old as Pod | undefined;
    if (was && was.metadata.uid === pod.metadata.uid && was.spec.nodeName === pod.spec.nodeName && controllerUid(was) === controllerUid(pod)) {
      // Same place in both indexes, new version.
      if (pod.spec.nodeName) this.byNode.get(pod.spec.nodeName)!.set(pod.metadata.uid, pod);
      const owner = controllerUid(pod);
      if (owner) this.byOwner.get(owner)!.set(pod.metadata.uid, pod);
      return;
    }
    if (was) this.unindex(was);
    this.index(pod);
  }

  remove(kind: string, ns: string, name: string): void {
    const key = Model.key(kind, ns, name);
    const old = this.objects.get(key);
    if (!old) return;
    this.objects.delete(key);
    if (old.kind === 'Pod') this.unindex(old as Pod);
  }

  /** Rebuilt from the pods in the store's table order (as a restore indexes them). */
  rebuild(pods: readonly Pod[]): void {
    this.byNode = new Map();
    this.byOwner = new Map();
    for (const p of pods) this.index(p);
  }

  private index(pod: Pod): void {
    if (pod.spec.nodeName) at(this.byNode, pod.spec.nodeName).set(pod.metadata.uid, pod);
    const owner = controllerUid(pod);
    if (owner) at(this.byOwner, owner).set(pod.metadata.uid, pod);
  }

  private unindex(pod: Pod): void {
    if (pod.spec.nodeName) drop(this.byNode, pod.spec.nodeName, pod.metadata.uid);
    const owner = controllerUid(pod);
    if (owner) drop(this.byOwner, owner, pod.metadata.uid);
  }
}

function at(index: Map<string, Map<string, Pod>>, k: string): Map<string, Pod> {
  let m = index.get(k);
  if (!m) index.set(k, (m = new Map()));
  return m;
}

function drop(index: Map<string, Map<string, Pod>>, k: string, uid: string): void {
  const m = index.get(k);
  m?.delete(uid);
  if (m?.size === 0) index.delete(k);
}

describe('Store against a model', () => {
  it('answers every read and both pod indexes as the model does, through snapshots and restores', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const store = new Store();
        const model = new Model();
        const snapshots: { data: StoreData; objects: Map<string, ApiObject> }[] = [];
        let rv = 0;
        let uids = 0;
        const refs = OWNERS.map((uid) => [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: uid, uid, controller: true }]);
        for (const o of ops) {
          if (o.op === 'pod') {
            const ns = NAMESPACES[o.ns]!;
            const name = NAMES[o.name]!;
            const old = store.get('Pod', ns, name);
            const uid = old && !o.newUid ? old.metadata.uid : `uid-${++uids}`;
            const ownerReferences = o.owner < OWNERS.length ? (o.sharedRefs ? refs[o.owner] : [{ ...refs[o.owner]![0]! }]) : undefined;
            const pod: Pod = {
              apiVersion: 'v1',
              kind: 'Pod',
              metadata: { name, namespace: ns, uid, resourceVersion: String(++rv), creationTimestamp: 'x', ...(ownerReferences ? { ownerReferences } : {}) },
              spec: { containers: [], ...(o.node < NODES.length ? { nodeName: NODES[o.node] } : {}) },
              status: {},
            };
            store.put(pod);
            model.put(pod);
          } else if (o.op === 'node') {
            const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: NODES[o.name]!, uid: `n-${o.name}`, resourceVersion: String(++rv), creationTimestamp: 'x' }, spec: {}, status: {} };
            store.put(node);
            model.put(node);
          } else if (o.op === 'remove') {
            const ns = o.kind === 'Pod' ? NAMESPACES[o.ns]! : '';
            const name = o.kind === 'Pod' ? NAMES[o.name]! : NODES[o.name % NODES.length]!;
            expect(store.remove(o.kind, ns, name)).toBe(model.objects.get(Model.key(o.kind, ns, name)));
            model.remove(o.kind, ns, name);
          } else if (o.op === 'snapshot') {
            snapshots.push({ data: store.snapshot(), objects: new Map(model.objects) });
          } else if (snapshots.length > 0) {
            const snap = snapshots[o.which % snapshots.length]!;
            store.restore(snap.data);
            model.objects = new Map(snap.objects);
            model.rebuild([...store.tables('Pod').values()].flatMap((t) => [...t.values()] as Pod[]));
          }
          for (const ns of ['', ...NAMESPACES]) {
            for (const name of [...NAMES, ...NODES]) {
              expect(store.get('Pod', ns, name)).toBe(model.objects.get(Model.key('Pod', ns, name)));
              expect(store.get('Node', ns, name)).toBe(model.objects.get(Model.key('Node', ns, name)));
            }
          }
          const pods = [...model.objects.values()].filter((obj) => obj.kind === 'Pod');
          expect(store.list('Pod')).toEqual(pods.sort((a, b) => (`${a.metadata.namespace}/${a.metadata.name}` < `${b.metadata.namespace}/${b.metadata.name}` ? -1 : 1)));
          expect(store.count('Pod')).toBe(pods.length);
          for (const n of NODES) expect([...store.podsOnNode(n)]).toEqual([...(model.byNode.get(n)?.values() ?? [])]);
          for (const u of OWNERS) expect([...store.podsOwnedBy(u)]).toEqual([...(model.byOwner.get(u)?.values() ?? [])]);
        }
        // A snapshot still holds what was stored when it was taken.
        for (const snap of snapshots) {
          const copy = new Store(snap.data);
          for (const [key, obj] of snap.objects) expect(copy.get(obj.kind, obj.metadata.namespace ?? '', obj.metadata.name), key).toBe(obj);
          expect(copy.count('Pod') + copy.count('Node')).toBe(snap.objects.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});
