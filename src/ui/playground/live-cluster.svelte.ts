/**
 * The page's mirror of a playground's cluster, kept current from the worker's DiffBatches only
 * (the page never asks for snapshots). Reading `version` (which `list` and `get` do) makes a
 * Svelte derivation re-run after every applied batch; `onBatch` hands the batch itself to views
 * that animate what changed (joins, removals).
 *
 * Invariants:
 * - After `apply(b)`, the objects are exactly the worker's store at `b.now`, apart from Events:
 *   the worker sends only those the events panel can show (events/window.ts), so `list('Event')`
 *   holds the newest of them, not every Event of the store.
 * - `list(kind)` is in the store's own order (`namespace/name`) and is one array until that kind
 *   next changes, so views can memoise against it.
 * - `keys(kind)` is one array until an object of that kind is added or removed: a view that needs
 *   only the names (a node picker, a count) reads it, and a status write costs it nothing.
 * - An update arrives without the parts this page already holds (`held`, worker/batch-entries.ts);
 *   `apply` fills them in from the version held before it stores the object or hands the batch
 *   on, so every reader gets whole objects.
 * - A move to another moment arrives as how it differs from what this page holds (`moved`,
 *   worker/moved.ts); `apply` applies it to the objects held in place and hands it on as the
 *   `reset` it amounts to (every object now, kind by kind in `namespace/name` order, then the
 *   moment's newest Events), so readers see a move exactly as they saw one sent whole, together
 *   with the `changes` that lead there from the previous batch's objects (`AppliedBatch`), so a
 *   reader that kept its state can apply the few changes instead of rebuilding from every object.
 * - `keys(kind)` after a few adds and removes merges them into the sorted keys it had rather
 *   than sorting every key again (a move over a 5,000-node fleet adds and removes a handful).
 */
import type { ApiObject, Kind, KindMap } from '../../sim/api/types.js';
import { EPOCH_MS } from '../../sim/engine/time.js';
import { keyOf } from '../../sim/store/store.js';
import type { PageDiff } from '../../view/model/batch.js';
import type { DiffBatch, MovedBatch } from '../worker/protocol.js';

export type { DiffBatch } from '../worker/protocol.js';

/**
 * A batch as the page's readers get it. After a move (`moved`) it carries the `reset` the move
 * amounts to and `changes`: how that reset differs from the objects of the previous batch,
 * Events apart (the reset's Events replace the previous ones). `changes.removed` and
 * `changes.updated`'s old side are the objects held before; an update keeps its object's uid
 * (an object under the same name with another uid is removed, then added), and a reader applies
 * the removals before the additions, as uids are reused across the timeline's branches.
 */
export interface AppliedBatch extends DiffBatch {
  readonly changes?: PageDiff;
}

export class LiveCluster {
  /** Virtual time (ms since the Unix epoch, the engine's clock); the clock's start until the first batch arrives. */
  now = $state(EPOCH_MS);
  /** Bumps once per applied batch. */
  version = $state(0);
  private readonly byKind = new Map<string, Map<string, ApiObject>>();
  /** Sorted keys per kind: made again only after an add or remove (updates keep the order). */
  private readonly sorted = new Map<string, readonly string[]>();
  /** Keys added or removed per kind since its sorted keys were made (`keys` merges them in). */
  private readonly edited = new Map<string, Set<string>>();
  /** The list per kind: rebuilt after any write of that kind. */
  private readonly lists = new Map<string, readonly ApiObject[]>();
  private readonly listeners = new Set<(b: AppliedBatch) => void>();
  private markLoaded!: () => void;
  /** Resolves when the first batch is applied: the worker has loaded its session. */
  readonly loaded = new Promise<void>((resolve) => (this.markLoaded = resolve));

  /** Current objects of a kind, in `namespace/name` order (typed when the kind is a known Kind). */
  list<K extends Kind>(kind: K): readonly KindMap[K][];
  list(kind: string): readonly ApiObject[];
  list(kind: string): readonly ApiObject[] {
    void this.version;
    let out = this.lists.get(kind);
    if (!out) {
      const objects = this.byKind.get(kind);
      out = this.keys(kind).map((k) => objects!.get(k)!);
      this.lists.set(kind, out);
    }
    return out;
  }

  /**
   * The `namespace/name` keys of a kind (the bare name for cluster-scoped kinds), sorted; the same
   * array until an object of that kind is added or removed, however often objects are updated.
   */
  keys(kind: string): readonly string[] {
    void this.version;
    let keys = this.sorted.get(kind);
    const edited = this.edited.get(kind);
    if (!keys || edited) {
      const objects = this.byKind.get(kind);
      keys = keys && edited && edited.size * MERGE_RATIO < keys.length ? mergeKeys(keys, edited, objects) : [...(objects?.keys() ?? [])].sort(compare);
      this.sorted.set(kind, keys);
      this.edited.delete(kind);
    }
    return keys;
  }

  get<K extends Kind>(kind: K, namespace: string | undefined, name: string): KindMap[K] | undefined;
  get(kind: string, namespace: string | undefined, name: string): ApiObject | undefined;
  get(kind: string, namespace: string | undefined, name: string): ApiObject | undefined {
    void this.version;
    return this.byKind.get(kind)?.get(keyOf(namespace, name));
  }

  /** Calls `fn` after each batch is applied; returns the unsubscribe function. */
  onBatch(fn: (b: AppliedBatch) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Applies one batch from the worker (the Playground calls this; views only read). */
  apply(batch: DiffBatch): void {
    this.markLoaded();
    const b: AppliedBatch = batch.moved ? { ...batch, ...this.moveTo(batch.moved) } : batch;
    if (b.reset && !b.changes) {
      this.byKind.clear();
      this.sorted.clear();
      this.edited.clear();
      this.lists.clear();
      for (const obj of b.reset) this.put(obj);
    }
    for (const e of b.entries) this.applyDiff(e.diff);
    this.now = b.now;
    this.version += 1;
    for (const fn of this.listeners) fn(b);
  }

  /**
   * Applies a move's difference to the objects held, in place, and returns every object of the
   * moment it moved to (the `reset` it stands for: Events are the move's own, the newest of that
   * moment) and the `changes` from the objects held before (AppliedBatch).
   */
  private moveTo({ diff, events }: MovedBatch): { reset: ApiObject[]; changes: PageDiff } {
    const removed: ApiObject[] = [];
    const added: ApiObject[] = [];
    const updated: [ApiObject, ApiObject][] = [];
    for (const obj of diff.removed) removed.push(this.held(obj) ?? obj);
    for (const [, obj, held] of diff.updated) {
      if (held) this.fillHeld(obj, held);
      const old = this.held(obj);
      if (!old || old.metadata.uid !== obj.metadata.uid) {
        if (old) removed.push(old);
        added.push(obj);
      } else updated.push([old, obj]);
    }
    for (const obj of diff.added) added.push(obj);
    this.byKind.delete('Event');
    this.sorted.delete('Event');
    this.edited.delete('Event');
    this.lists.delete('Event');
    for (const obj of diff.removed) this.remove(obj);
    for (const obj of diff.added) this.put(obj);
    for (const [, obj] of diff.updated) this.put(obj);
    for (const e of events) this.put(e);
    const reset: ApiObject[] = [];
    for (const kind of this.byKind.keys()) for (const obj of this.list(kind)) reset.push(obj);
    return { reset, changes: { added, updated, removed } };
  }

  /** The version of an object this page holds (by kind, namespace and name). */
  private held(obj: ApiObject): ApiObject | undefined {
    return this.byKind.get(obj.kind)?.get(keyOf(obj.metadata.namespace, obj.metadata.name));
  }

  private applyDiff({ added, updated, removed }: DiffBatch['entries'][number]['diff']): void {
    for (const obj of added) this.put(obj);
    for (const [, obj, held] of updated) {
      if (held) this.fillHeld(obj, held);
      this.put(obj);
    }
    for (const obj of removed) this.remove(obj);
  }

  private remove(obj: ApiObject): void {
    const key = keyOf(obj.metadata.namespace, obj.metadata.name);
    if (this.byKind.get(obj.kind)?.delete(key)) this.edit(obj.kind, key);
    this.lists.delete(obj.kind);
  }

  /**
   * Fills in the parts of an updated object that the worker left out because this page holds
   * them (`held` paths, protocol.ts BatchEntry): from the version of it held now.
   */
  private fillHeld(obj: ApiObject, held: readonly (readonly string[])[]): void {
    const old = this.held(obj);
    if (!old) throw new Error(`the page holds no ${obj.kind} ${obj.metadata.name} to fill in its update from`);
    for (const path of held) {
      let into = obj as unknown as Record<string, Record<string, unknown>>;
      let from = old as unknown as Record<string, Record<string, unknown>>;
      const last = path.length - 1;
      for (let i = 0; i < last; i++) {
        into = into[path[i]!] as unknown as Record<string, Record<string, unknown>>;
        from = from[path[i]!] as unknown as Record<string, Record<string, unknown>>;
      }
      into[path[last]!] = from[path[last]!]!;
    }
  }

  private put(obj: ApiObject): void {
    let objects = this.byKind.get(obj.kind);
    if (!objects) this.byKind.set(obj.kind, (objects = new Map()));
    const key = keyOf(obj.metadata.namespace, obj.metadata.name);
    if (!objects.has(key)) this.edit(obj.kind, key);
    objects.set(key, obj);
    this.lists.delete(obj.kind);
  }

  /** Notes a key added or removed, for `keys` to merge in. */
  private edit(kind: string, key: string): void {
    if (!this.sorted.has(kind)) return;
    let keys = this.edited.get(kind);
    if (!keys) this.edited.set(kind, (keys = new Set()));
    keys.add(key);
  }
}

/** Above one edited key in this many sorted keys, sorting them all again is as cheap as merging. */
const MERGE_RATIO = 8;

/**
 * The sorted keys after some were added or removed (`edited`, either way): the old keys that were
 * not edited, merged with the edited keys that are held now, sorted. The same array a full sort
 * of the held keys makes.
 */
function mergeKeys(old: readonly string[], edited: ReadonlySet<string>, objects: ReadonlyMap<string, unknown> | undefined): string[] {
  const fresh = [...edited].filter((k) => objects?.has(k) === true).sort(compare);
  const out: string[] = [];
  let j = 0;
  for (const k of old) {
    if (edited.has(k)) continue;
    while (j < fresh.length && compare(fresh[j]!, k) < 0) out.push(fresh[j++]!);
    out.push(k);
  }
  while (j < fresh.length) out.push(fresh[j++]!);
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
