/**
 * Pod readiness and availability as the controllers read them (`pkg/api/v1/pod/util.go`:
 * `IsPodReady`, `IsPodAvailable`, `GetPodReadyCondition`; `IsPodTerminal`).
 *
 * The kubelet writes the Ready condition; its `lastTransitionTime` (RFC3339, second precision)
 * is when the pod last became ready.
 */
import type { Pod, PodCondition } from '../../api/types.js';
import { parseTime } from '../../engine/time.js';

/** `GetPodReadyCondition`: the pod's Ready condition, if any. */
export function podReadyCondition(pod: Pod): PodCondition | undefined {
  const conds = pod.status?.conditions;
  if (!conds) return undefined;
  for (const c of conds) if (c.type === 'Ready') return c;
  return undefined;
}

/** `IsPodReady`: the Ready condition is True. */
export function isPodReady(pod: Pod): boolean {
  return podReadyCondition(pod)?.status === 'True';
}

/**
 * `IsPodAvailable` (v1.34+): Ready, and with `minReadySeconds > 0` ready since at least that long:
 * `lastTransitionTime + minReadySeconds <= now` (inclusive since PR #132122; strict before).
 * A Ready pod without a lastTransitionTime is never available when minReadySeconds > 0.
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, nowMs: number): boolean {
  return availableSince(podReadySince(pod), minReadySeconds, nowMs);
}

/** `IsPodAvailable` from the pod's `podReadySince`. */
export function availableSince(readySince: number, minReadySeconds: number, nowMs: number): boolean {
  if (Number.isNaN(readySince)) return false;
  return minReadySeconds <= 0 || readySince + minReadySeconds * 1000 <= nowMs;
}

/** `IsPodTerminal`: phase Succeeded or Failed. */
export function isPodTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/**
 * When the pod became ready: NaN when not Ready, +Infinity when Ready without a (parseable)
 * lastTransitionTime, else ms. Not memoised per pod: its callers (the pod list facts) already
 * are, per list.
 */
export function podReadySince(pod: Pod): number {
  const c = podReadyCondition(pod);
  if (c?.status !== 'True') return NaN;
  if (!c.lastTransitionTime) return Infinity;
  const t = parseTime(c.lastTransitionTime);
  return Number.isNaN(t) ? Infinity : t;
}
