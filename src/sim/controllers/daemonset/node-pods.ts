/**
 * Grouping the DaemonSet's pods by the node they are for (`daemon_controller.go:
 * getNodesToDaemonPods`, `getUnscheduledPodsWithoutNode`).
 */
import type { Node, Pod } from '../../api/types.js';
import { getTargetNodeName } from './node-affinity-pin.js';
import { lookupIn, type NodeLookup } from './node-list.js';
import { isPodTerminal } from './pod-conditions.js';

/** Node name -> the DaemonSet's pods for that node, each list in pod-name order. */
export type NodeToDaemonPods = Map<string, Pod[]>;

/**
 * `getNodesToDaemonPods`: groups claimed pods by `GetTargetNodeName`. Pods without a derivable
 * node are ignored. Unless `includeDeletedTerminal`, pods that are both terminal and being
 * deleted are dropped (the controller has nothing left to do with them); non-terminal
 * terminating pods are kept (they still occupy their node).
 */
export function getNodesToDaemonPods(claimed: Iterable<Pod>, includeDeletedTerminal: boolean): NodeToDaemonPods {
  const out: NodeToDaemonPods = new Map();
  for (const pod of claimed) {
    if (!includeDeletedTerminal && pod.metadata.deletionTimestamp && isPodTerminal(pod)) continue;
    const node = getTargetNodeName(pod);
    if (typeof node !== 'string') continue;
    const list = out.get(node);
    if (list) list.push(pod);
    else out.set(node, [pod]);
  }
  for (const list of out.values()) if (list.length > 1) list.sort(byName);
  return out;
}

function byName(a: Pod, b: Pod): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

/**
 * `getUnscheduledPodsWithoutNode`: pods for a node that is not in the node list and that were
 * never bound (no PodGC will ever remove them). Pods bound to a missing node are left to PodGC.
 * `lookup` must agree with `nodes` (the sync passes the store, which the list was read from).
 * In node-name order, then pod-name order.
 */
export function getUnscheduledPodsWithoutNode(
  nodes: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  lookup: NodeLookup = lookupIn(nodes),
): { pod: Pod; node: string }[] {
  const missing: string[] = [];
  for (const n of nodeToDaemonPods.keys()) if (!lookup(n)) missing.push(n);
  missing.sort();
  const out: { pod: Pod; node: string }[] = [];
  for (const node of missing) {
    for (const pod of nodeToDaemonPods.get(node)!) if (!pod.spec.nodeName) out.push({ pod, node });
  }
  return out;
}
