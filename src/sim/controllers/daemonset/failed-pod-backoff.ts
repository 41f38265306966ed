/**
 * The per-node backoff for killing failed daemon pods (`client-go/util/flowcontrol/backoff.go`
 * `Backoff` as `NewBackOff(1s, 15m)`; `daemon_controller.go: failedPodsBackoffKey`).
 *
 * Why: a kubelet that keeps rejecting a daemon pod would make the controller delete and
 * recreate it in a hot loop; the backoff spaces the kills 1s, 2s, 4s, ... up to 15 min.
 * Plain data so it is snapshotted with the controller. An entry idle for more than twice the
 * maximum counts as absent (upstream's GC removes it every minute; here `gcBackoff` prunes it).
 */
import type { DaemonSet } from '../../api/types.js';
import { FAILED_POD_BACKOFF_INITIAL_MS, FAILED_POD_BACKOFF_MAX_MS } from './constants.js';

export interface BackoffEntry {
  /** The current delay. */
  backoffMs: number;
  /** When the delay was last advanced (virtual ms). */
  lastUpdateMs: number;
}

/** Backoff entries by key. */
export type BackoffState = Record<string, BackoffEntry>;

/** `failedPodsBackoffKey`: `<ds uid>/<status.observedGeneration>/<node>`. */
export function failedPodsBackoffKey(ds: DaemonSet, nodeName: string): string {
  return `${ds.metadata.uid}/${ds.status?.observedGeneration ?? 0}/${nodeName}`;
}

function hasExpired(now: number, lastUpdate: number): boolean {
  return now - lastUpdate > 2 * FAILED_POD_BACKOFF_MAX_MS;
}

/** `IsInBackOffSinceUpdate`: the key's delay has not yet passed since its last update. */
export function isInBackOffSinceUpdate(state: BackoffState, key: string, now: number): boolean {
  const e = state[key];
  if (!e || hasExpired(now, e.lastUpdateMs)) return false;
  return now - e.lastUpdateMs < e.backoffMs;
}

/** `Get`: the key's current delay, 0 when unknown. */
export function getBackoff(state: BackoffState, key: string): number {
  return state[key]?.backoffMs ?? 0;
}

/** `Next`: start at 1 s (new or expired entry) or double up to 15 min; stamps `now`. */
export function nextBackoff(state: BackoffState, key: string, now: number): number {
  const e = state[key];
  const backoffMs = !e || hasExpired(now, e.lastUpdateMs) ? FAILED_POD_BACKOFF_INITIAL_MS : Math.min(e.backoffMs * 2, FAILED_POD_BACKOFF_MAX_MS);
  state[key] = { backoffMs, lastUpdateMs: now };
  return backoffMs;
}

/** `GC`: drops expired entries. */
export function gcBackoff(state: BackoffState, now: number): void {
  for (const [k, e] of Object.entries(state)) if (hasExpired(now, e.lastUpdateMs)) delete state[k];
}
