/**
 * When to stop waiting for a DaemonSet rollout that cannot finish. Real `kubectl rollout status`
 * waits until it is interrupted; a script cannot be, so the verbs that wait on a rollout here
 * (`rollout status`, `sim step --wave`) stop, and say why, when either holds:
 *
 * - nothing is due: no controller expects to act later (no foreground timer), so nothing will
 *   ever change again without a command;
 * - no progress: for `NO_PROGRESS_MS` plus the DaemonSet's `minReadySeconds` and its pods'
 *   termination grace period (the longest a healthy wave can legitimately take), neither the
 *   number of updated pods nor the number of available pods reached a new high. A crash-looping
 *   or unpullable image keeps the engine busy with back-offs forever; this catches it.
 *
 * Highs, not changes: a pod that crashes after becoming ready makes `numberAvailable` go up and
 * down forever without the rollout moving.
 */
import type { DaemonSet } from '../../sim/api/types.js';
import type { Cluster } from '../../sim/engine/cluster.js';
import { formatDuration } from '../../sim/engine/time.js';

/** How long a rollout may go without a new updated or available pod, before the allowances. */
export const NO_PROGRESS_MS = 10 * 60_000;

/** Why a rollout cannot move, in words that follow "the rollout ...". */
export interface Stall {
  readonly kind: 'idle' | 'no-progress';
  readonly message: string;
}

export class RolloutProgress {
  private generation: number;
  private bestUpdated: number;
  private bestAvailable: number;
  private since: number;

  constructor(ds: DaemonSet, now: number) {
    this.generation = ds.metadata.generation ?? 0;
    this.bestUpdated = ds.status?.updatedNumberScheduled ?? 0;
    this.bestAvailable = ds.status?.numberAvailable ?? 0;
    this.since = now;
  }

  /** Notes the DaemonSet as it is now; returns why its rollout cannot move, if it cannot. */
  check(ds: DaemonSet, cluster: Cluster): Stall | undefined {
    const updated = ds.status?.updatedNumberScheduled ?? 0;
    const available = ds.status?.numberAvailable ?? 0;
    const generation = ds.metadata.generation ?? 0;
    if (generation !== this.generation || updated > this.bestUpdated || available > this.bestAvailable) {
      // A new spec starts a new rollout: its progress counts from here.
      if (generation !== this.generation) this.bestUpdated = this.bestAvailable = 0;
      this.generation = generation;
      this.bestUpdated = Math.max(this.bestUpdated, updated);
      this.bestAvailable = Math.max(this.bestAvailable, available);
      this.since = cluster.now;
    }
    if (!cluster.hasPendingWork()) return { kind: 'idle', message: 'cannot move: nothing is due in the cluster' };
    const window = patience(ds);
    if (cluster.now - this.since >= window) {
      return {
        kind: 'no-progress',
        message: `made no progress for ${formatDuration(window)} of virtual time: no new pod was updated or became available (a crash-looping or unpullable image keeps it from finishing)`,
      };
    }
    return undefined;
  }
}

function patience(ds: DaemonSet): number {
  const minReady = ds.spec.minReadySeconds ?? 0;
  const grace = ds.spec.template.spec?.terminationGracePeriodSeconds ?? 30;
  return NO_PROGRESS_MS + (minReady + grace) * 1000;
}
