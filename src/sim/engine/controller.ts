/**
 * The shape every control loop has (DaemonSet controller, scheduler, kubelet, node lifecycle,
 * taint eviction, pod GC, garbage collector).
 *
 * Like an upstream controller, each one watches the store through informer-style handlers that
 * only enqueue keys (`observe`), may ask to be woken later (`ctx.after`, `workqueue.AddAfter`),
 * and does its work in `reconcile`, writing only through `ctx.client`, which records every write
 * as an intent with its reason. Its private bookkeeping (queues, backoffs, schedules) is plain
 * data returned by `snapshot` so the whole cluster can be rewound.
 */
import type { RngState } from './rng.js';
import type { SimDefaults } from './defaults.js';
import type { Change, Store } from '../store/store.js';
import type { ControllerClient } from './client.js';

export interface ControllerContext {
  /** Virtual now, milliseconds since the epoch. */
  readonly now: number;
  readonly store: Store;
  readonly client: ControllerClient;
  readonly rng: RngState;
  readonly defaults: SimDefaults;
  /**
   * Wakes this controller with `key` after `delayMs` of virtual time. A `background` timer is a
   * periodic resync (`sim settle` does not wait for it).
   */
  after(delayMs: number, key: string, opts?: { readonly background?: boolean }): void;
  /** Drops this controller's pending timers with `key` (a countdown that no longer applies). */
  cancel(key: string): void;
}

export interface Controller {
  /** The component name, as events name their source (`daemonset-controller`, `kubelet`, ...). */
  readonly name: string;
  /** Informer handler: called synchronously for every store write. Only enqueues. */
  observe(change: Change): void;
  /** A timer this controller set has fired. */
  wake(key: string): void;
  /** Processes queued work at `ctx.now`; returns whether it did anything (wrote or requeued). */
  reconcile(ctx: ControllerContext): boolean;
  /** Private state as plain data (structured-cloneable). */
  snapshot(): unknown;
  restore(state: unknown): void;
  /**
   * The loop shares its records with its snapshots itself (engine/copy-on-write.ts): `snapshot()`
   * returns data the loop never writes to afterwards, and `restore` never writes to what it is
   * given. Otherwise the cluster copies the state both ways (`copyPlain`).
   */
  readonly sharesSnapshots?: boolean;
}
