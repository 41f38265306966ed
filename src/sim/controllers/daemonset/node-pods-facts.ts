/**
 * What the status count and `manage` read of one node's daemon pods, memoised per pod list.
 *
 * Why: a sync walks every node of the cluster, and reading a pod means following pointers to
 * its metadata, status and conditions, scattered over the heap. The DaemonSet's pod index
 * replaces a node's list whenever one of its pods changes and never mutates it, so facts
 * computed for a list object stay true for as long as that object is handed out: most nodes
 * of a sync are a single memo lookup.
 */
import type { Pod } from '../../api/types.js';
import { podReadySince } from './pod-conditions.js';
import { oldestPod } from './pod-order.js';

export interface PodListFacts {
  /** The first pod in `podByCreationTimestampAndPhase` order: the one status judges. */
  readonly oldest: Pod;
  /** `podReadySince(oldest)`: NaN when not Ready. */
  readonly oldestReadySince: number;
  /** Exactly one pod, neither terminating nor terminal: `manage` has nothing to do here. */
  readonly settledSingle: boolean;
}

const memo = new WeakMap<readonly Pod[], PodListFacts>();

/** The facts of a non-empty pod list. */
export function podListFacts(pods: readonly Pod[]): PodListFacts {
  let facts = memo.get(pods);
  if (!facts) {
    const oldest = pods.length === 1 ? pods[0]! : oldestPod(pods)!;
    const phase = oldest.status?.phase;
    facts = {
      oldest,
      oldestReadySince: podReadySince(oldest),
      settledSingle: pods.length === 1 && !oldest.metadata.deletionTimestamp && phase !== 'Failed' && phase !== 'Succeeded',
    };
    memo.set(pods, facts);
  }
  return facts;
}
