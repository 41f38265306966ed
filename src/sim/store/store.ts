/**
 * The API store: every object of the cluster, by kind and `namespace/name`, with the indexes
 * the controllers need at scale (pods by node, pods by controlling owner).
 *
 * Objects are never mutated: `put` replaces an object, so snapshots share objects with the live
 * store. Every write bumps the cluster-wide resourceVersion, is appended to the pending diff of
 * the current engine pass and is delivered to the watchers (the informers of the controllers).
 *
 * The store does no validation and no defaulting: that is the API server's job (sim/apiserver).
 */
import type { ApiObject, Kind, KindMap, Pod } from '../api/types.js';

/** One change as a watcher sees it. `old` is absent on add; `obj` is the removed object on delete. */
export type Change =
  | { readonly type: 'added'; readonly obj: ApiObject }
  | { readonly type: 'updated'; readonly old: ApiObject; readonly obj: ApiObject }
  | { readonly type: 'removed'; readonly obj: ApiObject };

/** The unit of change: what one engine pass added, updated (from, to) and removed. */
export interface Diff {
  readonly added: ApiObject[];
  readonly updated: [ApiObject, ApiObject][];
  readonly removed: ApiObject[];
}

export type Watcher = (change: Change) => void;

/** Data-only contents of a store, shared structurally with snapshots. */
export interface StoreData {
  readonly objects: Map<Kind, Map<string, ApiObject>>;
  resourceVersion: number;
}

export function keyOf(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

export function objectKey(obj: ApiObject): string {
  return keyOf(obj.metadata.namespace, obj.metadata.name);
}

/** The uid of the controlling owner (ownerReferences[].controller == true), if any. */
export function controllerUid(obj: ApiObject): string | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller)?.uid;
}

const ALL_KINDS: readonly Kind[] = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'PriorityClass', 'Event'];

export class Store {
  private data: StoreData;
  private podsByNode = new Map<string, Map<string, Pod>>();
  private podsByOwner = new Map<string, Map<string, Pod>>();
  private watchers: Watcher[] = [];
  /** Sorted keys per kind, rebuilt lazily after an add or remove (updates keep the order). */
  private sortedKeys = new Map<Kind, string[]>();
  private pending: { added: Map<string, ApiObject>; updated: Map<string, [ApiObject, ApiObject]>; removed: Map<string, ApiObject> } =
    newPending();

  constructor(data?: StoreData) {
    this.data = data ?? { objects: new Map(ALL_KINDS.map((k) => [k, new Map()])), resourceVersion: 0 };
    this.reindex();
  }

  /** Registers an informer-style handler, called synchronously on every write. */
  watch(w: Watcher): void {
    this.watchers.push(w);
  }

  get<K extends Kind>(kind: K, namespace: string, name: string): KindMap[K] | undefined {
    return this.data.objects.get(kind)!.get(keyOf(namespace, name)) as KindMap[K] | undefined;
  }

  /** Every object of a kind (optionally in one namespace), in `namespace/name` order. */
  list<K extends Kind>(kind: K, namespace?: string): KindMap[K][] {
    const map = this.data.objects.get(kind)!;
    let keys = this.sortedKeys.get(kind);
    if (!keys) {
      keys = [...map.keys()].sort();
      this.sortedKeys.set(kind, keys);
    }
    const out: KindMap[K][] = [];
    for (const key of keys) {
      const obj = map.get(key)!;
      if (namespace === undefined || (obj.metadata.namespace ?? '') === namespace) out.push(obj as KindMap[K]);
    }
    return out;
  }

  /** How many objects of a kind are stored. */
  count(kind: Kind): number {
    return this.data.objects.get(kind)!.size;
  }

  /** Pods whose `spec.nodeName` is this node (bound pods), in no particular order. */
  podsOnNode(nodeName: string): Iterable<Pod> {
    return this.podsByNode.get(nodeName)?.values() ?? [];
  }

  /** Pods whose controlling ownerReference has this uid, in no particular order. */
  podsOwnedBy(uid: string): Iterable<Pod> {
    return this.podsByOwner.get(uid)?.values() ?? [];
  }

  /** The next resourceVersion, as the API server hands them out. */
  nextResourceVersion(): string {
    this.data.resourceVersion += 1;
    return String(this.data.resourceVersion);
  }

  /** Stores a new or replacement object (its resourceVersion must already be set). */
  put(obj: ApiObject): void {
    const map = this.data.objects.get(obj.kind)!;
    const key = objectKey(obj);
    const old = map.get(key);
    map.set(key, obj);
    if (obj.kind === 'Pod') {
      if (old) this.unindexPod(old as Pod);
      this.indexPod(obj);
    }
    const pk = `${obj.kind}:${key}`;
    if (old) {
      const added = this.pending.added.get(pk);
      if (added) this.pending.added.set(pk, obj);
      else {
        const prev = this.pending.updated.get(pk);
        this.pending.updated.set(pk, [prev ? prev[0] : old, obj]);
      }
      this.emit({ type: 'updated', old, obj });
    } else {
      this.sortedKeys.delete(obj.kind);
      const removed = this.pending.removed.get(pk);
      if (removed) {
        this.pending.removed.delete(pk);
        this.pending.updated.set(pk, [removed, obj]);
      } else this.pending.added.set(pk, obj);
      this.emit({ type: 'added', obj });
    }
  }

  /** Removes an object for good (the end of a deletion). */
  remove(kind: Kind, namespace: string, name: string): ApiObject | undefined {
    const map = this.data.objects.get(kind)!;
    const key = keyOf(namespace, name);
    const old = map.get(key);
    if (!old) return undefined;
    map.delete(key);
    this.sortedKeys.delete(kind);
    if (old.kind === 'Pod') this.unindexPod(old);
    const pk = `${kind}:${key}`;
    if (this.pending.added.has(pk)) this.pending.added.delete(pk);
    else {
      const prev = this.pending.updated.get(pk);
      this.pending.updated.delete(pk);
      this.pending.removed.set(pk, prev ? prev[0] : old);
    }
    this.emit({ type: 'removed', obj: old });
    return old;
  }

  /** Takes the changes recorded since the last call, as one diff. */
  takeDiff(): Diff | undefined {
    const p = this.pending;
    if (p.added.size === 0 && p.updated.size === 0 && p.removed.size === 0) return undefined;
    this.pending = newPending();
    return { added: [...p.added.values()], updated: [...p.updated.values()], removed: [...p.removed.values()] };
  }

  /** A copy of the data that shares the (immutable) objects. */
  snapshot(): StoreData {
    return {
      objects: new Map([...this.data.objects].map(([k, m]) => [k, new Map(m)])),
      resourceVersion: this.data.resourceVersion,
    };
  }

  /** Replaces the contents with a snapshot, without notifying watchers. */
  restore(data: StoreData): void {
    this.data = {
      objects: new Map([...data.objects].map(([k, m]) => [k, new Map(m)])),
      resourceVersion: data.resourceVersion,
    };
    this.pending = newPending();
    this.sortedKeys.clear();
    this.reindex();
  }

  private emit(change: Change): void {
    for (const w of this.watchers) w(change);
  }

  private reindex(): void {
    this.podsByNode.clear();
    this.podsByOwner.clear();
    for (const pod of this.data.objects.get('Pod')!.values()) this.indexPod(pod as Pod);
  }

  private indexPod(pod: Pod): void {
    const key = objectKey(pod);
    if (pod.spec.nodeName) addTo(this.podsByNode, pod.spec.nodeName, key, pod);
    const owner = controllerUid(pod);
    if (owner) addTo(this.podsByOwner, owner, key, pod);
  }

  private unindexPod(pod: Pod): void {
    const key = objectKey(pod);
    if (pod.spec.nodeName) removeFrom(this.podsByNode, pod.spec.nodeName, key);
    const owner = controllerUid(pod);
    if (owner) removeFrom(this.podsByOwner, owner, key);
  }
}

function newPending() {
  return { added: new Map<string, ApiObject>(), updated: new Map<string, [ApiObject, ApiObject]>(), removed: new Map<string, ApiObject>() };
}

function addTo(index: Map<string, Map<string, Pod>>, k: string, key: string, pod: Pod): void {
  let m = index.get(k);
  if (!m) index.set(k, (m = new Map()));
  m.set(key, pod);
}

function removeFrom(index: Map<string, Map<string, Pod>>, k: string, key: string): void {
  const m = index.get(k);
  if (!m) return;
  m.delete(key);
  if (m.size === 0) index.delete(k);
}
