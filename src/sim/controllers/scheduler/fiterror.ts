/**
 * `framework.Diagnosis`, `NodeToStatus` and `FitError.Error()` (pkg/scheduler/framework/types.go):
 * why a pod fits no node, and the one-line message the pod condition and the FailedScheduling
 * event carry.
 *
 * Message: `0/N nodes are available:`, then either the PreFilter message + "." or the histogram
 * of Filter reasons (" <count> <reason>" strings sorted as whole strings, byte order, joined by
 * ", ", then "."), then " " + the PostFilter (preemption) message when there is one. Nodes a
 * PreFilter excluded are not filtered; they count with the "absent nodes" status.
 */
import type { Status } from './framework.js';
import { cmp } from './nodeinfo.js';

/** `ErrNoNodesAvailable`: the cluster has no nodes at all. */
export const ERR_NO_NODES_AVAILABLE = 'no nodes available to schedule pods';

export class NodeToStatus {
  /** Nodes that were filtered (or dry-run for preemption), by name. */
  readonly explicit = new Map<string, Status>();
  /** The status of every node not in `explicit` (`AbsentNodesStatus`). */
  absent: Status | undefined;

  get(nodeName: string): Status | undefined {
    return this.explicit.get(nodeName) ?? this.absent;
  }
}

export interface Diagnosis {
  readonly nodeToStatus: NodeToStatus;
  /** Plugins that rejected at least one node (`UnschedulablePlugins`). */
  readonly unschedulablePlugins: Set<string>;
  preFilterMsg?: string;
  postFilterMsg?: string;
}

export function newDiagnosis(): Diagnosis {
  return { nodeToStatus: new NodeToStatus(), unschedulablePlugins: new Set() };
}

/** "<count> <reason>" for every reason, sorted as whole strings. */
export function reasonHistogram(numAllNodes: number, m: NodeToStatus): string[] {
  const counts = new Map<string, number>();
  for (const s of m.explicit.values()) for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const absentCount = numAllNodes - m.explicit.size;
  if (absentCount > 0 && m.absent) for (const r of m.absent.reasons) counts.set(r, (counts.get(r) ?? 0) + absentCount);
  return [...counts].map(([r, n]) => `${n} ${r}`).sort(cmp);
}

/** `FitError.Error()`. */
export function fitErrorMessage(numAllNodes: number, d: Diagnosis): string {
  let msg = `0/${numAllNodes} nodes are available:`;
  if (d.preFilterMsg) msg += ` ${d.preFilterMsg}.`;
  else {
    const hist = reasonHistogram(numAllNodes, d.nodeToStatus);
    if (hist.length > 0) msg += ` ${hist.join(', ')}.`;
  }
  if (d.postFilterMsg) msg += ` ${d.postFilterMsg}`;
  return msg;
}
