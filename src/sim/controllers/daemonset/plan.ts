/**
 * Decisions as data: what `manage` and `rollingUpdate` decided, before `syncNodes` carries it
 * out. Each entry carries the sentence the trace and the UI show.
 */
import type { Pod } from '../../api/types.js';

export interface PodCreation {
  readonly node: string;
  readonly reason: string;
}

export interface PodDeletion {
  readonly pod: Pod;
  readonly node: string;
  readonly reason: string;
}

export interface PlannedEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

export interface SyncPlan {
  readonly create: PodCreation[];
  readonly delete: PodDeletion[];
  /** Events emitted while deciding (FailedDaemonPod, SucceededDaemonPod). */
  readonly events: PlannedEvent[];
  /** Delayed requeues asked for while deciding (failed pods held by backoff). */
  readonly requeueAfterMs: number[];
}

export function emptyPlan(): SyncPlan {
  return { create: [], delete: [], events: [], requeueAfterMs: [] };
}
