/**
 * Which pod of a controller `kubectl logs TYPE/NAME` reads: kubectl's `podutils.ByLogging`
 * (k8s.io/kubectl/pkg/util/podutils), the order `logsForObjectWithClient` sorts the selector's
 * pods by before `GetFirstPod` takes the first. Better for logging comes first:
 * 1. a pod bound to a node before one that is not;
 * 2. Running, then Unknown, then Pending (Succeeded and Failed, absent from upstream's table,
 *    rank with Running);
 * 3. ready before not ready;
 * 4. of two ready pods, the one ready longer (an unset transition time last);
 * 5. more restarts (the highest restart count of its containers) first;
 * 6. older before newer (an unset creation time last).
 * Upstream also breaks a tie in (5) by the restarts of sidecar init containers
 * (`restartPolicy: Always`), which the playground does not model. Pods still equal keep the order
 * they came in (name order here: Go's `sort.Sort` is not stable, so upstream's is unspecified).
 */
import type { Pod } from '../../sim/api/types.js';
import { parseTime } from '../../sim/engine/time.js';

/** An RFC 3339 time as ms, or undefined for Go's zero time (unset). */
function timeOf(ts: string | undefined): number | undefined {
  return ts ? parseTime(ts) : undefined;
}

/** `afterOrZero(t1, t2)`: t1 is after t2, a zero time counting as after any other. */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined;
  return t1 > t2;
}

function isReady(pod: Pod): boolean {
  return pod.status.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/** `podReadyTime`: when a Ready=True condition last changed; unset otherwise. */
function readyTime(pod: Pod): number | undefined {
  const c = pod.status.conditions?.find((x) => x.type === 'Ready' && x.status === 'True');
  return timeOf(c?.lastTransitionTime);
}

function maxRestarts(pod: Pod): number {
  return Math.max(0, ...(pod.status.containerStatuses ?? []).map((s) => s.restartCount));
}

const PHASE_RANK: Readonly<Record<string, number>> = { Running: 0, Unknown: 1, Pending: 2 };

/** `ByLogging.Less(a, b)`. */
function less(a: Pod, b: Pod): boolean {
  const na = a.spec.nodeName ?? '';
  const nb = b.spec.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na !== '';
  const pa = PHASE_RANK[a.status.phase ?? ''] ?? 0;
  const pb = PHASE_RANK[b.status.phase ?? ''] ?? 0;
  if (pa !== pb) return pa < pb;
  if (isReady(a) !== isReady(b)) return isReady(a);
  if (isReady(a) && isReady(b) && readyTime(a) !== readyTime(b)) return afterOrZero(readyTime(b), readyTime(a));
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(a) > maxRestarts(b);
  const ca = timeOf(a.metadata.creationTimestamp);
  const cb = timeOf(b.metadata.creationTimestamp);
  if (ca !== cb) return afterOrZero(cb, ca);
  return false;
}

/** The pods best for logging first (a stable sort by `ByLogging`). */
export function sortByLogging(pods: readonly Pod[]): Pod[] {
  return [...pods].sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
}
