/**
 * `podByCreationTimestampAndPhase` (daemon_controller.go): the order that decides which daemon
 * pod on a node is "the" pod. Despite the name, the phase is not used.
 *
 * Order: pods bound to a node (`spec.nodeName` set) first; then older `creationTimestamp`
 * first; ties broken by name ascending (byte order).
 */
import type { Pod } from '../../api/types.js';
import { parseTime } from '../../engine/time.js';

/** The comparator of `podByCreationTimestampAndPhase.Less`, for `Array.prototype.sort`. */
export function comparePodsByCreationTimestampAndPhase(a: Pod, b: Pod): number {
  const aBound = !!a.spec.nodeName;
  const bBound = !!b.spec.nodeName;
  if (aBound !== bBound) return aBound ? -1 : 1;
  const ta = a.metadata.creationTimestamp;
  const tb = b.metadata.creationTimestamp;
  if (ta !== tb) {
    const d = parseTime(ta) - parseTime(tb);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  const na = a.metadata.name;
  const nb = b.metadata.name;
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** A sorted copy (the input is never reordered). */
export function sortPodsByCreationTimestampAndPhase(pods: readonly Pod[]): Pod[] {
  return [...pods].sort(comparePodsByCreationTimestampAndPhase);
}

/** The first pod of the order without sorting (status looks only at it). */
export function oldestPod(pods: readonly Pod[]): Pod | undefined {
  let best: Pod | undefined;
  for (const p of pods) if (!best || comparePodsByCreationTimestampAndPhase(p, best) < 0) best = p;
  return best;
}
