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
import type { ApiObject, Kind, KindMap, KubeEvent, ObjectReference, OwnerReference, Pod } from '../api/types.js';
import { copyMap } from '../engine/plain-copy.js';
import { EventTable, eventTable } from './event-tables.js';
import { PendingDiff, type Diff } from './pending-diff.js';
import { vouchedEvent } from './packed-events.js';

export type { Diff };

/** One change as a watcher sees it. `old` is absent on add; `obj` is the removed object on delete. */
export type Change =
  | { readonly type: 'added'; readonly obj: ApiObject }
  | { readonly type: 'updated'; readonly old: ApiObject; readonly obj: ApiObject }
  | { readonly type: 'removed'; readonly obj: ApiObject };

/**
 * Told of every write of the kinds it watches (`observe`), with the change as a record the store
 * reuses for its next write: a watcher reads the change during its call and may keep the objects
 * it names, never the record. An object with a method rather than a callback: every cluster's
 * callback was a closure of its own, and the optimised `put` a warm-up's cluster had made, which
 * called that closure, was thrown away at the next cluster's first write ("wrong call target");
 * a method is one function for every cluster.
 */
export interface Watcher {
  observe(change: Change): void;
}

/**
 * The record a store hands its watchers, one shape for every type of change (absent `old` on
 * an add or a removal), rewritten for every write.
 */
interface ChangeRecord {
  type: Change['type'];
  old: ApiObject | undefined;
  /** Absent only until the store's first write. */
  obj: ApiObject | undefined;
}

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

/**
 * The controlling owner's reference (ownerReferences[].controller == true), if any
 * (`metav1.GetControllerOf`). Indexed: the store's pod indexes and the DaemonSet controller's
 * watch ask on every pod write, and `find` made its callback each time where it ran unoptimised.
 */
export function controllerRef(obj: ApiObject): OwnerReference | undefined {
  const refs = obj.metadata.ownerReferences;
  if (refs) for (let i = 0; i < refs.length; i++) if (refs[i]!.controller) return refs[i];
  return undefined;
}

/** The uid of the controlling owner (`controllerRef`), if any. */
export function controllerUid(obj: ApiObject): string | undefined {
  return controllerRef(obj)?.uid;
}

/**
 * The name table an object is kept in: its namespace, except for Events, which are split by
 * span of time as well (event-tables.ts).
 */
function tableOf(kind: Kind, namespace: string, name: string): string {
  return kind === 'Event' ? eventTable(namespace, name) : namespace;
}

/** `KindState.lastTable` when there is none: no table's key (namespaces and Event table keys have no NUL). */
const NO_TABLE = '\u0000';

const ALL_KINDS: readonly Kind[] = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'PriorityClass', 'Event'];

/**
 * What the store keeps of one kind, reached with one look-up per read or write: its tables (the
 * kind's level of `data.objects`), its watchers, its sorted list, and the name table it used
 * last. A big cluster's reads and writes of a kind keep to one table (its pods' namespace, the
 * cluster scope of its nodes) and come by the thousand in a row, so each then costs a look-up of
 * its name alone, where it cost three look-ups (kind, table, name) and, for a write, a fourth
 * to learn whether the store owns the table.
 */
interface KindState {
  /** The kind's name tables, by `tableOf`: `data.objects.get(kind)`. */
  byTable: Map<string, Map<string, ApiObject>>;
  /** The watchers of the kind (a watcher may leave kinds out: see `watch`). */
  readonly watchers: Watcher[];
  /** Sorted [table, name], rebuilt lazily after an add or remove (updates keep the order). */
  sortedKeys: [string, string][] | undefined;
  /** The sorted list, rebuilt lazily after any write of the kind. */
  list: ApiObject[] | undefined;
  /**
   * The table used last and its name table as `byTable` holds it now (`NO_TABLE` and absent:
   * none yet, or dropped). Always a string: a look-up compared with it first met undefined in a
   * new cluster, after V8 had optimised it for strings only, and threw that code away.
   */
  lastTable: string;
  lastNames: Map<string, ApiObject> | undefined;
  /** Whether the store is known to own `lastNames` (may write to it without copying it first). */
  lastOwned: boolean;
  /** How many objects of the kind are stored: kept by every add and removal (`count`). */
  size: number;
  /** Whether the kind's new tables are `EventTable`s (the Events'). */
  readonly events: boolean;
}

/**
 * Where an indexed pod is stored: its uid, namespace and name, the same for every version of it.
 * One record serves both indexes, and holds no version of the pod (an index that held the pod
 * would keep an old version alive, or be rewritten on every write of it).
 */
interface PodRef {
  readonly uid: string;
  readonly namespace: string;
  readonly name: string;
}

/**
 * The pods an index keeps under one key, in the order they were indexed: the ref itself while
 * there is one (a node runs one pod of each DaemonSet, and a Map per node was most of what
 * indexing a fleet's pods made), else by uid. A Map keeps its order as the pods go, so its
 * pods come out as they would had the key always held a Map.
 */
type IndexEntry = PodRef | Map<string, PodRef>;

export class Store {
  private data: StoreData;
  /** Bound pods by node name, then uid (`indexPod`). */
  private podsByNode = new Map<string, IndexEntry>();
  /** Owned pods by the uid of their controlling owner, then uid (`indexPod`). */
  private podsByOwner = new Map<string, IndexEntry>();
  /** Each kind's state (`KindState`); its tables are those of `data`. */
  private readonly kinds = new Map<Kind, KindState>(ALL_KINDS.map((k) => [k, { byTable: new Map(), watchers: [], sortedKeys: undefined, list: undefined, lastTable: NO_TABLE, lastNames: undefined, lastOwned: false, size: 0, events: k === 'Event' }]));
  /** The Events' state (`kinds`'s), at hand for the recorder's writes (`putRecorded`), most of a big cluster's. */
  private readonly events = this.kinds.get('Event')!;
  /** The current pass's changes, folded per object (pending-diff.ts). */
  private readonly pending = new PendingDiff();
  /** The name tables of `data` this store may write to; any other one is shared with a snapshot. */
  private owned = new WeakSet<Map<string, ApiObject>>();
  /**
   * The record `notify` reuses. Made with the store: made by the first `notify`, its literal ran
   * once per store, before V8 kept feedback for it, and every new cluster's first write threw
   * away the optimised `put` that the warm-up's cluster had made.
   */
  private readonly record: ChangeRecord = { type: 'added', old: undefined, obj: undefined };
  /** Whether `notify` is delivering: a watcher that writes to the store gets a record of its own for its change. */
  private delivering = false;

  constructor(data?: StoreData) {
    this.data = data ?? { objects: new Map(ALL_KINDS.map((k) => [k, new Map()])), resourceVersion: 0 };
    this.attach();
    this.reindex();
  }

  /**
   * Registers an informer-style handler, called synchronously on every write of every kind but
   * those in `except`. A kind nobody watches costs its writes no change record and no call: the
   * engine's informers leave out Events, half of all writes on a big cluster. A handler given
   * as a function is told through a watcher of its own. Returns the function that stops it (a
   * `kubectl get --watch` watches for one command; the engine's informers never stop).
   */
  watch(w: Watcher | ((change: Change) => void), except: readonly Kind[] = []): () => void {
    const watcher = typeof w === 'function' ? { observe: w } : w;
    for (const [kind, k] of this.kinds) if (!except.includes(kind)) k.watchers.push(watcher);
    return () => {
      for (const k of this.kinds.values()) {
        const at = k.watchers.indexOf(watcher);
        if (at >= 0) k.watchers.splice(at, 1);
      }
    };
  }

  /** `watch` of one kind only; returns the function that stops it. */
  watchKind(kind: Kind, fn: (change: Change) => void): () => void {
    return this.watch(fn, ALL_KINDS.filter((k) => k !== kind));
  }

  get<K extends Kind>(kind: K, namespace: string, name: string): KindMap[K] | undefined {
    const k = this.kinds.get(kind)!;
    const table = tableOf(kind, namespace, name);
    return (table === k.lastTable ? k.lastNames : this.readable(k, table))?.get(name) as KindMap[K] | undefined;
  }

  /**
   * Every object of a kind (optionally in one namespace), in `namespace/name` order. The whole
   * list of a kind is one array until that kind next changes, so per-sync facts can be memoised
   * against it (a steady cluster's nodes are listed by every DaemonSet sync).
   */
  list<K extends Kind>(kind: K, namespace?: string): readonly KindMap[K][] {
    const k = this.kinds.get(kind)!;
    let all = k.list;
    if (!all) {
      const byTable = k.byTable;
      let keys = k.sortedKeys;
      if (!keys) {
        // Made at its length (grown by pushes, a fleet's list was made several times over), and
        // filled by `forEach`: a for-of over a Map, unoptimised, allocates an iterator result per
        // entry. By value: an object is stored under its own name.
        const entries = new Array<[string, string, string]>(this.count(kind));
        let n = 0;
        byTable.forEach((names, table) =>
          names.forEach((obj) => {
            const name = obj.metadata.name;
            entries[n++] = [keyOf(obj.metadata.namespace, name), table, name];
          }),
        );
        entries.sort((x, y) => cmp(x[0], y[0]));
        // Read by index: a destructured pair is read through an iterator, made per pair.
        keys = entries.map((e) => [e[1], e[2]]);
        // Not kept for Events: an hour's sorted keys, or its Events rebuilt from their packed
        // rows (packed-events.ts), would stay alive beside the rows until the next Event.
        if (!k.events) k.sortedKeys = keys;
      }
      all = keys.map((key) => byTable.get(key[0])!.get(key[1])!);
      if (!k.events) k.list = all;
    }
    if (namespace === undefined) return all as KindMap[K][];
    return (all as KindMap[K][]).filter((obj) => (obj.metadata.namespace ?? '') === namespace);
  }

  /**
   * The stored Events whose involvedObject `about` accepts, in `list` order: kubectl describe's
   * search, which rebuilt every packed Event of the hour (`list`) to keep a few.
   */
  eventsAbout(about: (ref: ObjectReference) => boolean): KubeEvent[] {
    const found: [string, KubeEvent][] = [];
    const each = (ev: ApiObject): void => {
      found.push([keyOf(ev.metadata.namespace, ev.metadata.name), ev as KubeEvent]);
    };
    this.kinds.get('Event')!.byTable.forEach((names) => {
      if (names instanceof EventTable) names.forEachAbout(about, each);
      else
        names.forEach((ev) => {
          if (about((ev as KubeEvent).involvedObject)) each(ev);
        });
    });
    found.sort((x, y) => cmp(x[0], y[0]));
    return found.map((f) => f[1]);
  }

  /**
   * Every stored object, kind by kind, read in place: unlike `snapshot`, it hands no table out,
   * so the store's next writes copy nothing. The store must not be written while iterating.
   * `except` leaves one kind out unread: the page's whole state takes Events from their tables,
   * where reading a fleet's 60,000 packed Events would rebuild each (packed-events.ts).
   */
  *all(except?: Kind): Generator<ApiObject, void, undefined> {
    for (const [kind, byNamespace] of this.data.objects) if (kind !== except) for (const names of byNamespace.values()) yield* names.values();
  }

  /**
   * How many objects of a kind are stored: kept as they are added and removed, where summing the
   * tables' sizes walked them on every call (the scheduler asks once per attempt).
   */
  count(kind: Kind): number {
    return this.kinds.get(kind)!.size;
  }

  /**
   * The name tables of `kind` (`tableOf`) as they are now, read-only: a checkpoint store
   * compares its snapshots' Event tables with them to tell which Events only checkpoints hold.
   */
  tables(kind: Kind): ReadonlyMap<string, ReadonlyMap<string, ApiObject>> {
    return this.kinds.get(kind)!.byTable;
  }

  /** The cluster-wide resourceVersion: how many writes the store has taken since it began. */
  get resourceVersion(): number {
    return this.data.resourceVersion;
  }

  /**
   * Pods whose `spec.nodeName` is this node (bound pods), as stored now, in no particular order
   * (a copy: the caller may write while it reads them).
   */
  podsOnNode(nodeName: string): Iterable<Pod> {
    const refs = this.podsByNode.get(nodeName);
    return refs === undefined ? [] : this.stored(refs);
  }

  /** Pods whose controlling ownerReference has this uid, as stored now, in no particular order (a copy). */
  podsOwnedBy(uid: string): Iterable<Pod> {
    const refs = this.podsByOwner.get(uid);
    return refs === undefined ? [] : this.stored(refs);
  }

  /** The stored pods an index entry names. */
  private stored(refs: IndexEntry): Pod[] {
    if (!(refs instanceof Map)) return [this.get('Pod', refs.namespace, refs.name)!];
    const out: Pod[] = [];
    for (const { namespace, name } of refs.values()) out.push(this.get('Pod', namespace, name)!);
    return out;
  }

  /** The next resourceVersion, as the API server hands them out. */
  nextResourceVersion(): string {
    return String(this.nextRevision());
  }

  /** The next resourceVersion as a number (what a packed Event row keeps). */
  nextRevision(): number {
    return (this.data.resourceVersion += 1);
  }

  /** Stores a new or replacement object (its resourceVersion must already be set). */
  put(obj: ApiObject): void {
    const kind = obj.kind;
    const k = this.kinds.get(kind)!;
    const ns = obj.metadata.namespace ?? '';
    const name = obj.metadata.name;
    const table = tableOf(kind, ns, name);
    const names = this.toWrite(k, table, ns);
    const old = names.get(name);
    names.set(name, obj);
    k.list = undefined;
    if (kind === 'Pod') {
      if (old) this.reindexPod(old as Pod, obj);
      else this.indexPod(obj);
    }
    this.pending.put(ns, old, obj);
    if (!old) {
      k.sortedKeys = undefined;
      k.size++;
    }
    if (k.watchers.length > 0) this.notify(k.watchers, old ? 'updated' : 'added', old, obj);
  }

  /**
   * Stores a new Event the core/v1 recorder made, given as its row (packed-events.ts `draft`)
   * rather than an object: its table and the pass's diff copy the row, and the Event is made
   * only when read. Stored as an object (`put`) when Event watchers are to be told, or when its
   * table cannot take the row as it is (`EventTable.putRow`).
   */
  putRecorded(namespace: string, row: readonly unknown[]): void {
    const k = this.events;
    const name = row[0] as string;
    const table = tableOf('Event', namespace, name);
    const names = this.toWrite(k, table, namespace);
    if (k.watchers.length > 0 || !(names instanceof EventTable) || !names.putRow(name, namespace, row)) {
      this.put(vouchedEvent(row, namespace));
      return;
    }
    k.list = undefined;
    k.sortedKeys = undefined;
    k.size++;
    this.pending.putRow(namespace, row);
  }

  /** Removes an object for good (the end of a deletion). */
  remove(kind: Kind, namespace: string, name: string): ApiObject | undefined {
    const k = this.kinds.get(kind)!;
    const table = tableOf(kind, namespace, name);
    const old = this.readable(k, table)?.get(name);
    if (!old) return undefined;
    const names = this.writable(k, table, namespace);
    names.delete(name);
    if (names.size === 0) {
      k.byTable.delete(table);
      k.lastTable = NO_TABLE;
      k.lastNames = undefined;
    }
    k.sortedKeys = undefined;
    k.list = undefined;
    k.size--;
    if (old.kind === 'Pod') this.unindexPod(old);
    this.pending.remove(kind, namespace, name, old);
    if (k.watchers.length > 0) this.notify(k.watchers, 'removed', undefined, old);
    return old;
  }

  /**
   * Tells `watchers` of a change, in a reused record: a write makes no object that its watchers
   * only read.
   */
  private notify(watchers: readonly Watcher[], type: Change['type'], old: ApiObject | undefined, obj: ApiObject): void {
    const nested = this.delivering;
    let r: ChangeRecord;
    if (nested) r = { type, old, obj };
    else {
      r = this.record;
      r.type = type;
      r.old = old;
      r.obj = obj;
    }
    const change = r as Change;
    this.delivering = true;
    try {
      // Indexed: an unoptimised for-of allocates an iterator and a result per watcher, per write.
      for (let i = 0; i < watchers.length; i++) watchers[i]!.observe(change);
    } finally {
      this.delivering = nested;
    }
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
    for (const k of this.kinds.values()) k.lastOwned = false;
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
    this.attach();
    this.reindex();
  }

  /** Points each kind's state at the tables of `data`, with no list and no table used last. */
  private attach(): void {
    for (const [kind, k] of this.kinds) {
      k.byTable = this.data.objects.get(kind)!;
      k.sortedKeys = k.list = k.lastNames = undefined;
      k.lastTable = NO_TABLE;
      k.lastOwned = false;
      k.size = 0;
      k.byTable.forEach((names) => (k.size += names.size));
    }
  }

  /**
   * A name table of a kind (`tableOf`), if it has one, kept as the table used last (not known
   * to be owned: the next write to it asks `writable`).
   */
  private readable(k: KindState, table: string): Map<string, ApiObject> | undefined {
    const names = k.byTable.get(table);
    if (names === undefined) return undefined;
    k.lastTable = table;
    k.lastNames = names;
    k.lastOwned = false;
    return names;
  }

  /**
   * The name table a write goes to: the table used last when the store owns it, else `writable`'s.
   * One function for every write: the recorder's Events (`putRecorded`) meet a new table only
   * past a small cluster's, where `put` meets them all along, and V8 reads a function's feedback
   * wherever it inlines it.
   */
  private toWrite(k: KindState, table: string, namespace: string): Map<string, ApiObject> {
    return table === k.lastTable && k.lastOwned ? k.lastNames! : this.writable(k, table, namespace);
  }

  /**
   * A name table of a kind (`tableOf`) in `namespace`, made or copied first if the store does not
   * own it, kept as the table used last. The Events' are `EventTable`s (a Map to every reader),
   * made knowing their namespace, as the writer gave it.
   */
  private writable(k: KindState, table: string, namespace: string): Map<string, ApiObject> {
    let names = k.byTable.get(table);
    if (!names || !this.owned.has(names)) {
      names = names instanceof EventTable ? names.copy() : k.events && !names ? new EventTable(namespace) : new Map(names);
      k.byTable.set(table, names);
      this.owned.add(names);
    }
    k.lastTable = table;
    k.lastNames = names;
    k.lastOwned = true;
    return names;
  }

  private reindex(): void {
    this.podsByNode.clear();
    this.podsByOwner.clear();
    // forEach: a for-of over every pod, run once per restore and never optimised, makes an iterator result per pod.
    this.data.objects.get('Pod')!.forEach((names) => names.forEach((pod) => this.indexPod(pod as Pod)));
  }

  /**
   * The indexes are keyed by uid: unique, and a string the pod carries (no key to build). They
   * name the pod rather than hold it (`PodRef`), so a new version of a pod that keeps its uid,
   * node and owner, as nearly every write does (status, deletion), leaves them as they are.
   */
  private indexPod(pod: Pod): void {
    const key = pod.metadata.uid;
    const node = pod.spec.nodeName;
    const owner = controllerUid(pod);
    if (!node && !owner) return;
    const ref: PodRef = { uid: key, namespace: pod.metadata.namespace ?? '', name: pod.metadata.name };
    if (node) addTo(this.podsByNode, node, ref);
    if (owner) addTo(this.podsByOwner, owner, ref);
  }

  /** A new version of a stored pod: indexed anew only if its uid, node or owner changed. */
  private reindexPod(old: Pod, pod: Pod): void {
    if (old.metadata.uid === pod.metadata.uid && old.spec.nodeName === pod.spec.nodeName) {
      // Versions that share their ownerReferences list (status writes, deletes) share their owner.
      if (old.metadata.ownerReferences === pod.metadata.ownerReferences || controllerUid(old) === controllerUid(pod)) return;
    }
    this.unindexPod(old);
    this.indexPod(pod);
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
  return new Map([...objects].map(([kind, byTable]) => [kind, copyMap(byTable)]));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Indexes `ref` under `k`, after the pods there (in place of one with its uid, as `Map.set` does). */
function addTo(index: Map<string, IndexEntry>, k: string, ref: PodRef): void {
  const e = index.get(k);
  if (e === undefined || (!(e instanceof Map) && e.uid === ref.uid)) index.set(k, ref);
  else if (e instanceof Map) e.set(ref.uid, ref);
  else index.set(k, new Map([[e.uid, e], [ref.uid, ref]]));
}

function removeFrom(index: Map<string, IndexEntry>, k: string, uid: string): void {
  const e = index.get(k);
  if (e === undefined) return;
  if (!(e instanceof Map)) {
    if (e.uid === uid) index.delete(k);
    return;
  }
  e.delete(uid);
  if (e.size === 0) index.delete(k);
}
