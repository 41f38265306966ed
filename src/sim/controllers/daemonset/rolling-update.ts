/**
 * The RollingUpdate strategy (`update.go: rollingUpdate`, `findUpdatedPodsOnNode`).
 *
 * Nodes are visited in node-name order (upstream iterates a Go map: random order, same counts).
 *
 * maxSurge == 0 (delete first; `manage` creates the replacement on a later sync):
 * Assumptions:
 * - `manage` allows no more than one pod per node, creates new pods and handles failed pods.
 * - Pods being deleted do not count as unavailable so updates progress when nodes are down.
 * Invariants:
 * - Old pods that are not available are replaced at once, outside the budget.
 * - Available old pods are deleted only while the unavailable count stays within maxUnavailable.
 * - Nothing is created here.
 *
 * maxSurge > 0 (create first, delete the old pod once the new one is available):
 * Assumptions:
 * - `manage` allows no more than two pods per node (one old, one new), creates pods on empty
 *   nodes and handles failed pods.
 * Invariants:
 * - A node whose old pod is unavailable gets a new pod at once, outside the budget.
 * - An available old pod is deleted only when the node's new pod is available, or when its node
 *   should no longer run the pod and more pods are available than desired.
 * - At most maxSurge new pods are created beside available old pods at any one time.
 */
import type { Node, Pod } from '../../api/types.js';
import { nodeListVerdicts } from './eligibility.js';
import type { DaemonSetFacts } from './facts.js';
import { lookupIn, type NodeLookup } from './node-list.js';
import type { NodeToDaemonPods } from './node-pods.js';
import { availableSince } from './pod-conditions.js';
import { emptyPlan, type SyncPlan } from './plan.js';
import { updatedPodsOn } from './node-pods-facts.js';
import { desiredNodeCounts } from './update-budget.js';

/** The rollout's view of the budget, for explanations. */
export interface RollingUpdateSummary {
  readonly maxSurge: number;
  readonly maxUnavailable: number;
  readonly desiredNumberScheduled: number;
  readonly numUnavailable?: number;
  readonly numSurge?: number;
  readonly numAvailable?: number;
}

export type RollingUpdatePlan = SyncPlan & { readonly summary: RollingUpdateSummary };

/** `rollingUpdate` (decisions only), over a fresh node -> pods map (which is not modified). */
export function rollingUpdate(
  facts: DaemonSetFacts,
  nodes: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  lookup?: NodeLookup,
): RollingUpdatePlan | { error: string } {
  const counts = desiredNodeCounts(facts.ds, nodes, facts.compiled);
  if ('error' in counts) return { error: `couldn't get unavailable numbers: ${counts.error}` };
  const order = nodeOrder(nodes, nodeToDaemonPods, facts, lookup ?? lookupIn(nodes));
  return counts.maxSurge === 0
    ? withoutSurge(facts, order, counts.maxUnavailable, counts.desiredNumberScheduled)
    : withSurge(facts, order, counts.maxSurge, counts.maxUnavailable, counts.desiredNumberScheduled);
}

const NO_PODS: readonly Pod[] = [];

/**
 * The nodes `updatedDesiredNodeCounts` leaves in the map (nodes with pods, and nodes that should
 * run the pod), in name order, each with its pods and its shouldRun verdict (undefined for a
 * node the list does not hold); O(n) when the node list is sorted, as the store lists it.
 */
interface NodeOrder {
  readonly names: readonly string[];
  readonly pods: readonly (readonly Pod[])[];
  readonly shouldRun: readonly (boolean | undefined)[];
}

function nodeOrder(nodes: readonly Node[], map: NodeToDaemonPods, facts: DaemonSetFacts, lookup: NodeLookup): NodeOrder {
  const names: string[] = [];
  const pods: (readonly Pod[])[] = [];
  const shouldRun: (boolean | undefined)[] = [];
  let sorted = true;
  let withPods = 0;
  const { verdicts } = nodeListVerdicts(nodes, facts.compiled);
  for (let i = 0; i < nodes.length; i++) {
    const name = nodes[i]!.metadata.name;
    const run = verdicts[i]!.shouldRun;
    const list = map.get(name);
    if (list !== undefined) withPods++;
    else if (!run) continue;
    if (names.length > 0 && names[names.length - 1]! >= name) sorted = false;
    names.push(name);
    pods.push(list ?? NO_PODS);
    shouldRun.push(run);
  }
  if (withPods < map.size) {
    for (const [name, list] of map) {
      if (lookup(name)) continue;
      names.push(name);
      pods.push(list);
      shouldRun.push(undefined);
    }
    sorted = false;
  }
  if (sorted) return { names, pods, shouldRun };
  const order = names.map((_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
  return { names: order.map((i) => names[i]!), pods: order.map((i) => pods[i]!), shouldRun: order.map((i) => shouldRun[i]) };
}

function withoutSurge(facts: DaemonSetFacts, order: NodeOrder, maxUnavailable: number, desired: number): RollingUpdatePlan {
  const plan = emptyPlan();
  let numUnavailable = 0;
  const replacements: { pod: Pod; node: string }[] = [];
  const candidates: { pod: Pod; node: string }[] = [];
  const available = (readySince: number) => availableSince(readySince, facts.minReadySeconds, facts.now);
  for (let i = 0; i < order.names.length; i++) {
    const node = order.names[i]!;
    const { newPod, oldPod, ok, newReadySince, oldReadySince } = updatedPodsOn(order.pods[i]!, facts.hash, facts.generation);
    if (!ok || (!oldPod && !newPod) || (oldPod && newPod)) {
      numUnavailable++;
    } else if (newPod) {
      if (!available(newReadySince)) numUnavailable++;
    } else if (!available(oldReadySince)) {
      replacements.push({ pod: oldPod!, node });
      numUnavailable++;
    } else if (numUnavailable < maxUnavailable) {
      candidates.push({ pod: oldPod!, node });
    }
  }
  const take = Math.max(0, Math.min(candidates.length, maxUnavailable - numUnavailable));
  for (const { pod, node } of replacements) {
    plan.delete.push({ pod, node, reason: `rolling update: old pod ${pod.metadata.name} on ${node} is not available, so it is replaced at once, outside the maxUnavailable budget` });
  }
  for (const { pod, node } of candidates.slice(0, take)) {
    plan.delete.push({
      pod,
      node,
      reason: `rolling update: old pod ${pod.metadata.name} on ${node} is available and within maxUnavailable ${maxUnavailable} (${numUnavailable} of ${desired} desired unavailable before this wave)`,
    });
  }
  return { ...plan, summary: { maxSurge: 0, maxUnavailable, desiredNumberScheduled: desired, numUnavailable } };
}

function withSurge(
  facts: DaemonSetFacts,
  order: NodeOrder,
  maxSurge: number,
  maxUnavailable: number,
  desired: number,
): RollingUpdatePlan | { error: string } {
  const plan = emptyPlan();
  const shouldNotRun: { pod: Pod; node: string }[] = [];
  const allowedNew: string[] = [];
  const candidates: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;
  const available = (readySince: number) => availableSince(readySince, facts.minReadySeconds, facts.now);
  for (let i = 0; i < order.names.length; i++) {
    const node = order.names[i]!;
    const { newPod, oldPod, ok, newReadySince, oldReadySince } = updatedPodsOn(order.pods[i]!, facts.hash, facts.generation);
    if (!ok) {
      numSurge++;
      continue;
    }
    if (oldPod ? available(oldReadySince) : newPod && available(newReadySince)) numAvailable++;
    if (!oldPod) continue;
    if (!newPod) {
      const run = order.shouldRun[i];
      if (run === undefined) return { error: `couldn't get node for nodeName "${node}": node "${node}" not found` };
      if (!available(oldReadySince)) {
        if (!run) plan.delete.push({ pod: oldPod, node, reason: `rolling update: old pod ${oldPod.metadata.name} on ${node} is not available and ${node} should no longer run it` });
        else allowedNew.push(node);
      } else if (!run) shouldNotRun.push({ pod: oldPod, node });
      else if (numSurge < maxSurge) candidates.push(node);
      continue;
    }
    if (!available(newReadySince)) {
      numSurge++;
      continue;
    }
    plan.delete.push({ pod: oldPod, node, reason: `rolling update: new pod ${newPod.metadata.name} on ${node} is available, so the old pod ${oldPod.metadata.name} is deleted` });
  }
  const deletable = Math.min(numAvailable - desired, shouldNotRun.length);
  for (const { pod, node } of shouldNotRun.slice(0, Math.max(0, deletable))) {
    plan.delete.push({
      pod,
      node,
      reason: `rolling update: ${node} should no longer run this daemonset and ${numAvailable} pods are available for ${desired} desired, so old pod ${pod.metadata.name} can go`,
    });
  }
  for (const node of allowedNew) {
    plan.create.push({ node, reason: `rolling update: the old pod on ${node} is not available, so a new pod is created at once, outside the maxSurge budget` });
  }
  const take = Math.max(0, Math.min(candidates.length, maxSurge - numSurge));
  for (const node of candidates.slice(0, take)) {
    plan.create.push({ node, reason: `rolling update: ${node} gets a new pod beside its available old pod, within maxSurge ${maxSurge} (${numSurge} already surging)` });
  }
  return { ...plan, summary: { maxSurge, maxUnavailable, desiredNumberScheduled: desired, numSurge, numAvailable } };
}
