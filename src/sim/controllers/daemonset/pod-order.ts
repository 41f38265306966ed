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

/**
 * `pods` in this order: the list itself when it already is (the input is never reordered),
 * else a sorted copy.
 *
 * Why: a surge rollout has two pods on each node for a while, and their list is made anew each
 * time one of them changes; `Array.prototype.sort`, even of two pods, copies them into its own
 * work state (6 MB of a 5,000-node rollout). The comparator is a total order, so a stable sort
 * leaves an ordered list as it is and swaps two pods exactly when the second goes first.
 */
export function inPodOrder(pods: readonly Pod[]): readonly Pod[] {
  if (pods.length === 2) return comparePodsByCreationTimestampAndPhase(pods[0]!, pods[1]!) > 0 ? [pods[1]!, pods[0]!] : pods;
  for (let i = 1; i < pods.length; i++) {
    if (comparePodsByCreationTimestampAndPhase(pods[i - 1]!, pods[i]!) > 0) return [...pods].sort(comparePodsByCreationTimestampAndPhase);
  }
  return pods;
}

/** The first pod of the order without sorting (status looks only at it). */
export function oldestPod(pods: readonly Pod[]): Pod | undefined {
  let best: Pod | undefined;
  for (const p of pods) if (!best || comparePodsByCreationTimestampAndPhase(p, best) < 0) best = p;
  return best;
}
