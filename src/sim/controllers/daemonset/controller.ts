/**
 * The DaemonSet controller (`pkg/controller/daemon: DaemonSetsController`): the informer
 * handlers, the work queue with delayed and rate-limited requeues, and the worker that runs
 * `syncDaemonSet` for each queued key.
 *
 * Assumptions:
 * - The engine calls `observe` for every store write and `reconcile` at one virtual instant.
 * - Writes made through the client are visible in the store at once.
 * Invariants:
 * - `observe` only enqueues; all writes happen in `reconcile`, each with its reason.
 * - The queue holds each key at most once and is processed in FIFO order; keys added while
 *   syncing are processed on the next pass (upstream's dirty set).
 * - A failed sync is retried after 5 ms, 10 ms, ... up to 1000 s (client-go's per-item
 *   exponential limiter); a successful one forgets the failures.
 * - A delayed requeue is not scheduled when one for the same key is already due no later.
 * - All state but the orphan-pod and per-DaemonSet pod indexes is plain data in `snapshot()`;
 *   the indexes are derived from the store and rebuilt on `restore`.
 */
import type { DaemonSet, Pod } from '../../api/types.js';
import { selectorsEqual, type LabelPredicate } from '../../api/labels.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import { emptyList } from '../../engine/queue.js';
import type { Change, Store } from '../../store/store.js';
import { controllerUid, keyOf } from '../../store/store.js';
import { COMPONENT, ERROR_REQUEUE_BASE_MS, ERROR_REQUEUE_MAX_MS } from './constants.js';
import { DaemonPodIndex } from './daemon-pod-index.js';
import { explainNode, type NodeExplanation } from './explain.js';
import type { BackoffState } from './failed-pod-backoff.js';
import { enqueuesFor, type Enqueues } from './handlers.js';
import { syncDaemonSet } from './sync.js';
import { SyncWriter } from './writer.js';

/** The controller's private state, as plain data. */
export interface DaemonSetsControllerState {
  readonly queue: string[];
  readonly backoff: BackoffState;
  /** Pending delayed requeues: key -> the instants they fire at. */
  readonly wakes: Record<string, number[]>;
  /** Consecutive sync failures per key (rate-limited requeue). */
  readonly failures: Record<string, number>;
  /** Delayed requeues asked for by handlers, scheduled at the next reconcile. */
  readonly pendingAfter: { key: string; delayMs: number }[];
  readonly lastNow: number;
}

export class DaemonSetsController implements Controller {
  readonly name = COMPONENT;
  private queue: string[] = emptyList();
  private queued = new Set<string>();
  private backoff: BackoffState = {};
  private wakes: Record<string, number[]> = {};
  private failures: Record<string, number> = {};
  private pendingAfter: { key: string; delayMs: number }[] = emptyList();
  private lastNow = 0;
  /** Namespace -> pod name -> pod without a controller (adoption candidates). Derived. */
  private orphans = new Map<string, Map<string, Pod>>();
  /** DaemonSet uid -> its pods by node, kept current by `observe`. Derived. */
  private indexes = new Map<string, DaemonPodIndex>();
  /** Scratch for `enqueuesFor`, emptied after each change. Not state. */
  private readonly enqueues: Enqueues = { now: emptyList(), after: emptyList() };

  constructor(private readonly store: Store) {
    this.rebuildOrphans();
  }

  observe(change: Change): void {
    if (change.obj.kind === 'Pod') {
      this.trackOrphan(change);
      this.updateIndexes(change);
    } else if (change.obj.kind === 'DaemonSet' && change.type === 'removed') this.indexes.delete(change.obj.metadata.uid);
    const { now, after } = enqueuesFor(change, this.store, this.enqueues);
    // The scratch arrays are emptied by pops: storing an array's length is a runtime call, and
    // every pod write (35,000 in a 5,000-node rollout) wakes its DaemonSet by one key here.
    if (now.length > 0) {
      for (let i = 0; i < now.length; i++) this.enqueue(now[i]!);
      while (now.length > 0) now.pop();
    }
    if (after.length > 0) {
      for (let i = 0; i < after.length; i++) this.pendingAfter.push(after[i]!);
      while (after.length > 0) after.pop();
    }
  }

  wake(timerKey: string): void {
    const at = timerKey.indexOf('@');
    const when = Number(timerKey.slice(0, at));
    const key = timerKey.slice(at + 1);
    const list = this.wakes[key];
    if (list) {
      const i = list.indexOf(when);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) delete this.wakes[key];
    }
    this.enqueue(key);
  }

  reconcile(ctx: ControllerContext): boolean {
    this.lastNow = ctx.now;
    const scheduled = this.pendingAfter.length;
    // Indexed loops: this runs once per pass over thousands of keys, often before it is
    // optimised, and an unoptimised for-of allocates an iterator result per element.
    const pendingAfter = this.pendingAfter;
    this.pendingAfter = emptyList();
    for (let i = 0; i < pendingAfter.length; i++) {
      const { key, delayMs } = pendingAfter[i]!;
      this.requeueAfter(ctx, key, delayMs);
    }
    if (this.queue.length === 0) return scheduled > 0;
    const keys = this.queue;
    this.queue = emptyList();
    this.queued.clear();
    const writer = new SyncWriter(ctx.client);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const error = syncDaemonSet(key, {
        store: ctx.store,
        writer,
        now: ctx.now,
        backoff: this.backoff,
        orphanPods: (ns) => this.orphans.get(ns)?.values() ?? [],
        requeueAfter: (delayMs) => this.requeueAfter(ctx, key, delayMs),
        podIndex: (ds, matches) => this.podIndex(ds, matches),
      });
      if (error === undefined) delete this.failures[key];
      else {
        const n = this.failures[key] ?? 0;
        this.failures[key] = n + 1;
        this.requeueAfter(ctx, key, Math.min(ERROR_REQUEUE_BASE_MS * 2 ** n, ERROR_REQUEUE_MAX_MS));
      }
    }
    return writer.writes > 0 || this.queue.length > 0;
  }

  /**
   * Why a pod of DaemonSet `dsKey` (`namespace/name`) is or is not on `nodeName`, and what the
   * controller would do there now (`sim why`). Undefined when the DaemonSet does not exist.
   */
  explain(dsKey: string, nodeName: string, now: number = this.lastNow): NodeExplanation | undefined {
    return explainNode(this.store, this.backoff, dsKey, nodeName, now);
  }

  snapshot(): DaemonSetsControllerState {
    return {
      queue: [...this.queue],
      backoff: Object.fromEntries(Object.entries(this.backoff).map(([k, e]) => [k, { ...e }])),
      wakes: Object.fromEntries(Object.entries(this.wakes).map(([k, v]) => [k, [...v]])),
      failures: { ...this.failures },
      pendingAfter: this.pendingAfter.map((p) => ({ ...p })),
      lastNow: this.lastNow,
    };
  }

  restore(state: unknown): void {
    const s = (state ?? {}) as Partial<DaemonSetsControllerState>;
    this.queue = [...(s.queue ?? [])];
    this.queued = new Set(this.queue);
    this.backoff = Object.fromEntries(Object.entries(s.backoff ?? {}).map(([k, e]) => [k, { ...e }]));
    this.wakes = Object.fromEntries(Object.entries(s.wakes ?? {}).map(([k, v]) => [k, [...v]]));
    this.failures = { ...(s.failures ?? {}) };
    this.pendingAfter = (s.pendingAfter ?? []).map((p) => ({ ...p }));
    this.lastNow = s.lastNow ?? 0;
    this.rebuildOrphans();
    this.indexes.clear();
  }

  private podIndex(ds: DaemonSet, matches: LabelPredicate): DaemonPodIndex {
    let index = this.indexes.get(ds.metadata.uid);
    if (!index || !selectorsEqual(index.selector, ds.spec.selector)) {
      index = new DaemonPodIndex(ds, matches, this.store);
      this.indexes.set(ds.metadata.uid, index);
    }
    return index;
  }

  private updateIndexes(change: Change): void {
    const now = controllerUid(change.obj);
    // An update that keeps the owner list (nearly every pod write) keeps the controller.
    const before = change.type === 'updated' && change.old.metadata.ownerReferences !== change.obj.metadata.ownerReferences ? controllerUid(change.old) : undefined;
    if (now !== undefined) this.indexes.get(now)?.apply(change);
    if (before !== undefined && before !== now) this.indexes.get(before)?.apply(change);
  }

  private enqueue(key: string): void {
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.queue.push(key);
  }

  /**
   * `queue.AddAfter`, keeping every distinct wake time. client-go's delaying queue keeps only the
   * earliest pending wake per key, so a later one (the `minReadySeconds + 1s` requeue when a
   * surge pod turns Ready) can be lost and a rollout waits for the informer resync, hours later;
   * a real cluster is usually nudged sooner by other updates. Keeping each wake costs only an
   * extra sync and never stalls.
   */
  private requeueAfter(ctx: ControllerContext, key: string, delayMs: number): void {
    const at = ctx.now + Math.max(0, delayMs);
    const list = (this.wakes[key] ??= []);
    if (list.includes(at)) return;
    list.push(at);
    ctx.after(at - ctx.now, `${at}@${key}`);
  }

  private trackOrphan(change: Change): void {
    const pod = change.obj as Pod;
    const ns = pod.metadata.namespace ?? '';
    let m = this.orphans.get(ns);
    if (change.type !== 'removed' && controllerUid(pod) === undefined) {
      if (!m) this.orphans.set(ns, (m = new Map()));
      m.set(pod.metadata.name, pod);
    } else if (m) {
      m.delete(pod.metadata.name);
      if (m.size === 0) this.orphans.delete(ns);
    }
  }

  /**
   * The orphans of the pods stored now, in `namespace/name` order (`Store.list`'s). Found in the
   * tables as they lie and only they sorted: they are few (none on a fleet), and a restore would
   * otherwise sort every pod of the cluster for them.
   */
  private rebuildOrphans(): void {
    this.orphans.clear();
    const found: { readonly key: string; readonly pod: Pod }[] = [];
    // forEach: a for-of over every pod, run once per restore and never optimised, makes an iterator result per pod.
    this.store.tables('Pod').forEach((names) =>
      names.forEach((obj) => {
        if (controllerUid(obj) === undefined) found.push({ key: keyOf(obj.metadata.namespace, obj.metadata.name), pod: obj as Pod });
      }),
    );
    found.sort((a, b) => (a.key < b.key ? -1 : 1));
    for (const { pod } of found) {
      const ns = pod.metadata.namespace ?? '';
      let m = this.orphans.get(ns);
      if (!m) this.orphans.set(ns, (m = new Map()));
      m.set(pod.metadata.name, pod);
    }
  }
}
