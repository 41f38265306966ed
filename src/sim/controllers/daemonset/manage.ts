/**
 * Per-node create/delete decisions (`daemon_controller.go: manage`, `podsShouldBeOnNode`).
 *
 * Assumptions:
 * - `nodeToDaemonPods` holds the DaemonSet's claimed pods by target node, without pods that are
 *   both terminal and being deleted; each list is in pod-name order.
 * - `nodes` is the node list in node-name order (upstream's lister order is arbitrary).
 * - Writes are carried out afterwards by `syncNodes`; nothing here touches the store. The only
 *   state changed is the failed-pod `backoff` (as upstream advances it while deciding).
 * Invariants:
 * - A pod is created on a node only when the node should run one and has no pod at all, or
 *   (surge allowed) has no running pod left.
 * - Without surge, at most one running (not terminating, not terminal) pod survives per node:
 *   the first in `podByCreationTimestampAndPhase` order.
 * - With surge, at most one pod of the current hash and one of another hash survive per node.
 * - Pods that are being deleted are never deleted again, except never-scheduled pods pinned to a
 *   node that no longer exists (upstream lists those without looking at deletionTimestamp).
 * - A failed pod is deleted at most once per backoff period per (DaemonSet, generation, node).
 */
import type { Node, Pod } from '../../api/types.js';
import { firstFailure, nodeListVerdicts, type NodeVerdict } from './eligibility.js';
import type { DaemonSetFacts } from './facts.js';
import { type BackoffState, failedPodsBackoffKey, getBackoff, isInBackOffSinceUpdate, nextBackoff } from './failed-pod-backoff.js';
import type { NodeLookup } from './node-list.js';
import { getUnscheduledPodsWithoutNode, type NodeToDaemonPods } from './node-pods.js';
import { availableSince } from './pod-conditions.js';
import { REASON } from './constants.js';
import { emptyPlan, type SyncPlan } from './plan.js';
import { podListFacts, surgeSplit, type PodListFacts } from './node-pods-facts.js';
import { alignedPods } from './aligned-pods.js';
import { HAS_PODS, MANAGE_ACTIVE, MANAGE_ACTIVE_IF_SURGE, nodeColumns } from './node-columns.js';

/**
 * `podsShouldBeOnNode`: appends this node's creations, deletions, events and delayed requeues
 * to `plan`. `listFacts` are `daemonPods`' facts, when the caller has them at hand.
 */
export function podsShouldBeOnNode(
  node: Node,
  verdict: NodeVerdict,
  daemonPods: readonly Pod[] | undefined,
  facts: DaemonSetFacts,
  backoff: BackoffState,
  plan: SyncPlan,
  listFacts: PodListFacts | undefined = daemonPods !== undefined && daemonPods.length > 0 ? podListFacts(daemonPods) : undefined,
): void {
  // The node's name is read only where a decision is written down: this runs for every node of
  // the cluster, and most have nothing to do.
  const { shouldRun, shouldContinueRunning } = verdict;
  const exists = listFacts !== undefined;
  if (shouldRun && !exists) {
    const nodeName = node.metadata.name;
    plan.create.push({ node: nodeName, reason: `${nodeName} should run a daemon pod and has none` });
    return;
  }
  if (shouldContinueRunning) {
    const running = listFacts?.running ?? [];
    if (listFacts?.hasTerminal) {
      const nodeName = node.metadata.name;
      for (const pod of daemonPods!) {
        if (pod.metadata.deletionTimestamp) continue;
        const phase = pod.status?.phase;
        if (phase === 'Failed') failedPod(pod, nodeName, facts, backoff, plan);
        else if (phase === 'Succeeded') {
          const message = `Found succeeded daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${nodeName}, will try to delete it`;
          plan.events.push({ type: 'Normal', reason: REASON.SucceededDaemonPod, message });
          plan.delete.push({ pod, node: nodeName, reason: `${pod.metadata.name} on ${nodeName} has succeeded; a daemon pod must keep running, so it is deleted and will be replaced` });
        }
      }
    }
    if (!facts.allowsSurge) {
      if (running.length <= 1) return;
      const nodeName = node.metadata.name;
      const keep = running[0]!.metadata.name;
      for (const pod of running.slice(1)) {
        plan.delete.push({ pod, node: nodeName, reason: `${nodeName} has ${running.length} running daemon pods; only the oldest scheduled one (${keep}) is kept` });
      }
      return;
    }
    if (running.length <= 1) {
      if (running.length === 0 && shouldRun) {
        const nodeName = node.metadata.name;
        plan.create.push({ node: nodeName, reason: `${nodeName} should run a daemon pod and has no running one (maxSurge allows a new pod beside terminating or failed ones)` });
      }
      return;
    }
    surgePrune(node, listFacts!, facts, plan);
    return;
  }
  if (exists) {
    const nodeName = node.metadata.name;
    const why = firstFailure(verdict);
    for (const pod of daemonPods!) {
      if (pod.metadata.deletionTimestamp) continue;
      plan.delete.push({ pod, node: nodeName, reason: `${nodeName} should not run a pod of this daemonset: ${why}` });
    }
  }
}

function failedPod(pod: Pod, nodeName: string, facts: DaemonSetFacts, backoff: BackoffState, plan: SyncPlan): void {
  const key = failedPodsBackoffKey(facts.ds, nodeName);
  if (isInBackOffSinceUpdate(backoff, key, facts.now)) {
    plan.requeueAfterMs.push(getBackoff(backoff, key));
    return;
  }
  const delay = nextBackoff(backoff, key, facts.now);
  const message = `Found failed daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${nodeName}, will try to kill it`;
  plan.events.push({ type: 'Warning', reason: REASON.FailedDaemonPod, message });
  plan.delete.push({ pod, node: nodeName, reason: `${pod.metadata.name} on ${nodeName} has failed; it is deleted so it can be replaced (next kill on this node not before ${delay / 1000}s)` });
}

/**
 * Surge pruning: keep the oldest pod of the current hash and the oldest of any other hash; then
 * drop the old one if it is not ready, or if the new one is available.
 */
function surgePrune(node: Node, listFacts: PodListFacts, facts: DaemonSetFacts, plan: SyncPlan): void {
  const { oldestNew, oldestOld, extra, oldestOldReady, oldestNewReadySince } = surgeSplit(listFacts, facts.hash);
  for (let i = 0; i < extra.length; i++) {
    const { pod, keep, isNew } = extra[i]!;
    const nodeName = node.metadata.name;
    plan.delete.push({ pod, node: nodeName, reason: `${nodeName} has more than one ${isNew ? 'current' : 'old'}-revision pod; only the oldest (${keep.metadata.name}) is kept` });
  }
  if (!oldestNew || !oldestOld) return;
  if (!oldestOldReady) {
    const nodeName = node.metadata.name;
    plan.delete.push({ pod: oldestOld, node: nodeName, reason: `old pod ${oldestOld.metadata.name} on ${nodeName} is not ready and the new pod ${oldestNew.metadata.name} exists` });
  } else if (availableSince(oldestNewReadySince, facts.minReadySeconds, facts.now)) {
    const nodeName = node.metadata.name;
    plan.delete.push({ pod: oldestOld, node: nodeName, reason: `new pod ${oldestNew.metadata.name} on ${nodeName} is available, so the old pod ${oldestOld.metadata.name} is no longer needed` });
  }
}

/**
 * `manage` (decisions only): `podsShouldBeOnNode` for every node in order, then the unbound
 * pods pinned to nodes that no longer exist. The nodes where it can decide nothing (one running
 * pod, nothing terminal, allowed to keep running: most nodes, most of the time) are skipped by
 * their column bits.
 *
 * `maxCreates`: once the plan holds that many creations, a node without pods (whose only
 * decision is a creation) is skipped. `syncNodes` carries out the first BURST_REPLICAS
 * creations of a sync and drops the rest, so the sync passes that bound: a new 5,000-node
 * DaemonSet's syncs listed 52,500 creations, with their reasons, to carry out 5,000. Every other
 * decision (deletions, events, backoff, the creations beside failed or terminating pods) is
 * still made at every node.
 */
export function manage(
  facts: DaemonSetFacts,
  nodes: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  backoff: BackoffState,
  lookup?: NodeLookup,
  maxCreates = Infinity,
): SyncPlan {
  const plan = emptyPlan();
  const { verdicts } = nodeListVerdicts(nodes, facts.compiled);
  const aligned = alignedPods(nodes, nodeToDaemonPods);
  const { flags } = nodeColumns(aligned, { verdicts, hash: facts.hash, generation: facts.generation });
  const active = facts.allowsSurge ? MANAGE_ACTIVE | MANAGE_ACTIVE_IF_SURGE : MANAGE_ACTIVE;
  for (let i = 0; i < nodes.length; i++) {
    const f = flags[i]!;
    if ((f & active) === 0 || ((f & HAS_PODS) === 0 && plan.create.length >= maxCreates)) continue;
    podsShouldBeOnNode(nodes[i]!, verdicts[i]!, aligned.lists[i], facts, backoff, plan);
  }
  // Every pod list belongs to a listed node: no pod is pinned to a node that does not exist.
  if (aligned.listed === nodeToDaemonPods.size) return plan;
  for (const { pod, node } of getUnscheduledPodsWithoutNode(nodes, nodeToDaemonPods, lookup)) {
    plan.delete.push({ pod, node, reason: `${pod.metadata.name} is pinned to node ${node}, which does not exist, and was never scheduled` });
  }
  return plan;
}
