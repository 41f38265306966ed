/**
 * The API store: every object of the cluster, by kind and `namespace/name`, with the indexes
 * the controllers need at scale (pods by node, pods by controlling owner).
 *
 * Objects are never mutated: `put` replaces an object, so snapshots share objects with the live
 * store. They share the name tables too (copy-on-write): a snapshot, and a restore, hand the
 * tables of each kind and namespace (for Events, of each namespace and span of time: `tableOf`)
 * to both sides, and the live store copies one the first time it writes to it afterwards. A
 * timeline that keeps a checkpoint every few commands then holds one copy of a table per
 * checkpoint only for the tables that changed in between, and a restore copies nothing.
 *
 * Every write bumps the cluster-wide resourceVersion, is appended to the pending diff of the
 * current engine pass and is delivered to the watchers (the informers of the controllers).
 *
 * The store does no validation and no defaulting: that is the API server's job (sim/apiserver).
 */
import type { ApiObject, Kind, KindMap, Pod } from '../api/types.js';
import { eventTable } from './event-tables.js';
import { PendingDiff, type Diff } from './pending-diff.js';

export type { Diff };

/** One change as a watcher sees it. `old` is absent on add; `obj` is the removed object on delete. */
export type Change =
  | { readonly type: 'added'; readonly obj: ApiObject }
  | { readonly type: 'updated'; readonly old: ApiObject; readonly obj: ApiObject }
  | { readonly type: 'removed'; readonly obj: ApiObject };

export type Watcher = (change: Change) => void;

/**
 * Data-only contents of a store, shared structurally with snapshots: objects by kind, then
 * table (`tableOf`: the namespace, '' for cluster-scoped kinds), then name. Two levels rather
 * than one `namespace/name` key: a lookup then hashes strings the objects already carry (V8
 * keeps a string's hash), instead of building and hashing a new key on every read.
 */
export interface StoreData {
  readonly objects: Map<Kind, Map<string, Map<string, ApiObject>>>;
  resourceVersion: number;
}

export function keyOf(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** The uid of the controlling owner (ownerReferences[].controller == true), if any. */
export function controllerUid(obj: ApiObject): string | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller)?.uid;
}

/**
 * The name table an object is kept in: its namespace, except for Events, which are split by
 * span of time as well (event-tables.ts).
 */
function tableOf(kind: Kind, namespace: string, name: string): string {
  return kind === 'Event' ? eventTable(namespace, name) : namespace;
}

const ALL_KINDS: readonly Kind[] = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'PriorityClass', 'Event'];

export class Store {
  private data: StoreData;
  private podsByNode = new Map<string, Map<string, Pod>>();
  private podsByOwner = new Map<string, Map<string, Pod>>();
  /** The watchers of each kind (a watcher may leave kinds out: see `watch`). */
  private readonly watchers = new Map<Kind, Watcher[]>(ALL_KINDS.map((k) => [k, []]));
  /** Sorted [table, name] per kind, rebuilt lazily after an add or remove (updates keep the order). */
  private sortedKeys = new Map<Kind, [string, string][]>();
  /** The sorted list per kind, rebuilt lazily after any write of that kind. */
  private lists = new Map<Kind, ApiObject[]>();
  /** The current pass's changes, folded per object (pending-diff.ts). */
  private readonly pending = new PendingDiff();
  /** The name tables of `data` this store may write to; any other one is shared with a snapshot. */
  private owned = new WeakSet<Map<string, ApiObject>>();

  constructor(data?: StoreData) {
    this.data = data ?? { objects: new Map(ALL_KINDS.map((k) => [k, new Map()])), resourceVersion: 0 };
    this.reindex();
  }

  /**
   * Registers an informer-style handler, called synchronously on every write of every kind but
   * those in `except`. A kind nobody watches costs its writes no change record and no call: the
   * engine's informers leave out Events, half of all writes on a big cluster.
   */
  watch(w: Watcher, except: readonly Kind[] = []): void {
    for (const [kind, list] of this.watchers) if (!except.includes(kind)) list.push(w);
  }

  get<K extends Kind>(kind: K, namespace: string, name: string): KindMap[K] | undefined {
    return this.data.objects.get(kind)!.get(tableOf(kind, namespace, name))?.get(name) as KindMap[K] | undefined;
  }

  /**
   * Every object of a kind (optionally in one namespace), in `namespace/name` order. The whole
   * list of a kind is one array until that kind next changes, so per-sync facts can be memoised
   * against it (a steady cluster's nodes are listed by every DaemonSet sync).
   */
  list<K extends Kind>(kind: K, namespace?: string): readonly KindMap[K][] {
    let all = this.lists.get(kind);
    if (!all) {
      const byTable = this.data.objects.get(kind)!;
      let keys = this.sortedKeys.get(kind);
      if (!keys) {
        const entries: [string, string, string][] = [];
        for (const [table, names] of byTable) for (const [name, obj] of names) entries.push([keyOf(obj.metadata.namespace, name), table, name]);
        entries.sort((x, y) => cmp(x[0], y[0]));
        keys = entries.map(([, table, name]) => [table, name]);
        this.sortedKeys.set(kind, keys);
      }
      all = keys.map(([table, name]) => byTable.get(table)!.get(name)!);
      this.lists.set(kind, all);
    }
    if (namespace === undefined) return all as KindMap[K][];
    return (all as KindMap[K][]).filter((obj) => (obj.metadata.namespace ?? '') === namespace);
  }

  /**
   * Every stored object, kind by kind, read in place: unlike `snapshot`, it hands no table out,
   * so the store's next writes copy nothing. The store must not be written while iterating.
   */
  *all(): Generator<ApiObject, void, undefined> {
    for (const byNamespace of this.data.objects.values()) for (const names of byNamespace.values()) yield* names.values();
  }

  /** How many objects of a kind are stored. */
  count(kind: Kind): number {
    let n = 0;
    for (const names of this.data.objects.get(kind)!.values()) n += names.size;
    return n;
  }

  /**
   * The name tables of `kind` (`tableOf`) as they are now, read-only: a checkpoint store
   * compares its snapshots' Event tables with them to tell which Events only checkpoints hold.
   */
  tables(kind: Kind): ReadonlyMap<string, ReadonlyMap<string, ApiObject>> {
    return this.data.objects.get(kind)!;
  }

  /** The cluster-wide resourceVersion: how many writes the store has taken since it began. */
  get resourceVersion(): number {
    return this.data.resourceVersion;
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
    const byTable = this.data.objects.get(obj.kind)!;
    const ns = obj.metadata.namespace ?? '';
    const names = this.writable(byTable, tableOf(obj.kind, ns, obj.metadata.name));
    const old = names.get(obj.metadata.name);
    names.set(obj.metadata.name, obj);
    this.lists.delete(obj.kind);
    if (obj.kind === 'Pod') {
      if (old) this.reindexPod(old as Pod, obj);
      else this.indexPod(obj);
    }
    this.pending.put(ns, old, obj);
    if (!old) this.sortedKeys.delete(obj.kind);
    const watchers = this.watchers.get(obj.kind)!;
    if (watchers.length > 0) emit(watchers, old ? { type: 'updated', old, obj } : { type: 'added', obj });
  }

  /** Removes an object for good (the end of a deletion). */
  remove(kind: Kind, namespace: string, name: string): ApiObject | undefined {
    const byTable = this.data.objects.get(kind)!;
    const table = tableOf(kind, namespace, name);
    const old = byTable.get(table)?.get(name);
    if (!old) return undefined;
    const names = this.writable(byTable, table);
    names.delete(name);
    if (names.size === 0) byTable.delete(table);
    this.sortedKeys.delete(kind);
    this.lists.delete(kind);
    if (old.kind === 'Pod') this.unindexPod(old);
    this.pending.remove(kind, namespace, name, old);
    const watchers = this.watchers.get(kind)!;
    if (watchers.length > 0) emit(watchers, { type: 'removed', obj: old });
    return old;
  }

  /** Takes the changes recorded since the last call, as one diff. */
  takeDiff(): Diff | undefined {
    return this.pending.take();
  }

  /**
   * The data as it is now, sharing the (immutable) objects and the name tables: from here on
   * the store copies a table before it next writes to it. Read-only for the caller.
   */
  snapshot(): StoreData {
    this.owned = new WeakSet();
    return {
      objects: shareObjects(this.data.objects),
      resourceVersion: this.data.resourceVersion,
    };
  }

  /** Replaces the contents with a snapshot (sharing its tables, never writing to them), without notifying watchers. */
  restore(data: StoreData): void {
    this.owned = new WeakSet();
    this.data = {
      objects: shareObjects(data.objects),
      resourceVersion: data.resourceVersion,
    };
    this.pending.clear();
    this.sortedKeys.clear();
    this.lists.clear();
    this.reindex();
  }

  /** A name table of a kind (`tableOf`), made or copied first if the store does not own it. */
  private writable(byTable: Map<string, Map<string, ApiObject>>, table: string): Map<string, ApiObject> {
    let names = byTable.get(table);
    if (names && this.owned.has(names)) return names;
    names = new Map(names);
    byTable.set(table, names);
    this.owned.add(names);
    return names;
  }

  private reindex(): void {
    this.podsByNode.clear();
    this.podsByOwner.clear();
    for (const names of this.data.objects.get('Pod')!.values()) for (const pod of names.values()) this.indexPod(pod as Pod);
  }

  /** The indexes are keyed by uid: unique, and a string the pod carries (no key to build). */
  private indexPod(pod: Pod): void {
    const key = pod.metadata.uid;
    if (pod.spec.nodeName) addTo(this.podsByNode, pod.spec.nodeName, key, pod);
    const owner = controllerUid(pod);
    if (owner) addTo(this.podsByOwner, owner, key, pod);
  }

  /**
   * A new version of an indexed pod. Most writes (status, deletion) keep its node and owner:
   * then it only replaces the old version in place.
   */
  private reindexPod(old: Pod, pod: Pod): void {
    const owner = controllerUid(pod);
    const key = pod.metadata.uid;
    if (old.metadata.uid !== key || old.spec.nodeName !== pod.spec.nodeName || controllerUid(old) !== owner) {
      this.unindexPod(old);
      this.indexPod(pod);
      return;
    }
    if (pod.spec.nodeName) this.podsByNode.get(pod.spec.nodeName)!.set(key, pod);
    if (owner) this.podsByOwner.get(owner)!.set(key, pod);
  }

  private unindexPod(pod: Pod): void {
    const key = pod.metadata.uid;
    if (pod.spec.nodeName) removeFrom(this.podsByNode, pod.spec.nodeName, key);
    const owner = controllerUid(pod);
    if (owner) removeFrom(this.podsByOwner, owner, key);
  }
}

/** A copy of the kind and table levels, sharing the name tables (and the objects). */
function shareObjects(objects: StoreData['objects']): StoreData['objects'] {
  return new Map([...objects].map(([kind, byTable]) => [kind, new Map(byTable)]));
}

function emit(watchers: readonly Watcher[], change: Change): void {
  for (const w of watchers) w(change);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
