/**
 * Waiting for deleted objects to disappear, as `kubectl delete` (`cmdwait.IsDeleted`) and
 * `kubectl drain` (`waitForDelete`) poll for them: an object is gone when it is not found, or
 * when an object of the same name has another uid (it was deleted and recreated).
 *
 * Here waiting moves virtual time: the cluster is settled at the current instant (so the kubelet
 * sees the deletion and schedules the end of the grace period), then advanced timer by timer
 * with `Cluster.advanceUntil` until everything is gone or the limit has passed. Polling
 * intervals do not exist: the wait ends at the exact instant of the last removal.
 */
import type { Kind } from '../../sim/api/types.js';
import type { VerbContext } from '../context.js';

export interface DeletedRef {
  readonly kind: Kind;
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
}

export function isGone(ctx: VerbContext, ref: DeletedRef): boolean {
  const obj = ctx.cluster.store.get(ref.kind, ref.namespace, ref.name);
  return !obj || obj.metadata.uid !== ref.uid;
}

/**
 * Settles, then advances until every ref is gone or `limitMs` has passed. `onGone` is called
 * once per ref, in the order they disappear (refs gone at the same instant: in `refs` order).
 * Returns the refs still present.
 */
export function waitUntilGone(ctx: VerbContext, refs: readonly DeletedRef[], limitMs: number, onGone?: (ref: DeletedRef) => void): DeletedRef[] {
  ctx.cluster.settle(ctx.line);
  let pending = [...refs];
  const sweep = () => {
    const still: DeletedRef[] = [];
    for (const r of pending) {
      if (isGone(ctx, r)) onGone?.(r);
      else still.push(r);
    }
    pending = still;
    return pending.length === 0;
  };
  if (sweep()) return [];
  ctx.cluster.advanceUntil(sweep, limitMs, sweep);
  sweep();
  return pending;
}
