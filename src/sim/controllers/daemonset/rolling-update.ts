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
import { nodeListVerdicts, nodeShouldRun } from './eligibility.js';
import type { DaemonSetFacts } from './facts.js';
import { lookupIn, type NodeLookup } from './node-list.js';
import type { NodeToDaemonPods } from './node-pods.js';
import { isPodAvailable } from './pod-conditions.js';
import { isPodUpdated } from './pod-template.js';
import { emptyPlan, type SyncPlan } from './plan.js';
import { desiredNodeCounts } from './update-budget.js';

export interface UpdatedPodsOnNode {
  readonly newPod?: Pod;
  readonly oldPod?: Pod;
  /** False when the node has more than one new or more than one old pod (manage prunes). */
  readonly ok: boolean;
}

const updatedMemo = new WeakMap<readonly Pod[], { readonly hash: string; readonly generation: number | undefined; readonly result: UpdatedPodsOnNode }>();

/**
 * `findUpdatedPodsOnNode`, memoised per pod list and revision: the pod index replaces a node's
 * list when one of its pods changes, so most nodes of a sync are one lookup.
 */
function updatedPodsOn(pods: readonly Pod[], hash: string, generation: number | undefined): UpdatedPodsOnNode {
  const hit = updatedMemo.get(pods);
  if (hit && hit.hash === hash && hit.generation === generation) return hit.result;
  const result = findUpdatedPodsOnNode(pods, hash, generation);
  updatedMemo.set(pods, { hash, generation, result });
  return result;
}

/** `findUpdatedPodsOnNode`: the node's one new and one old pod, ignoring pods being deleted. */
export function findUpdatedPodsOnNode(pods: readonly Pod[], hash: string, generation: number | undefined): UpdatedPodsOnNode {
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = pod;
    } else {
      if (oldPod) return { ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

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
  const pods = (name: string): readonly Pod[] => nodeToDaemonPods.get(name) ?? NO_PODS;
  return counts.maxSurge === 0
    ? withoutSurge(facts, order, pods, counts.maxUnavailable, counts.desiredNumberScheduled)
    : withSurge(facts, lookup ?? lookupIn(nodes), order, pods, counts.maxSurge, counts.maxUnavailable, counts.desiredNumberScheduled);
}

const NO_PODS: readonly Pod[] = [];

/**
 * The nodes `updatedDesiredNodeCounts` leaves in the map (nodes with pods, and nodes that should
 * run the pod), in name order; O(n) when the node list is sorted, as the store lists it.
 */
function nodeOrder(nodes: readonly Node[], map: NodeToDaemonPods, facts: DaemonSetFacts, lookup: NodeLookup): string[] {
  const out: string[] = [];
  let sorted = true;
  let withPods = 0;
  const { verdicts } = nodeListVerdicts(nodes, facts.compiled);
  for (let i = 0; i < nodes.length; i++) {
    const name = nodes[i]!.metadata.name;
    const has = map.has(name);
    if (has) withPods++;
    else if (!verdicts[i]!.shouldRun) continue;
    if (out.length > 0 && out[out.length - 1]! >= name) sorted = false;
    out.push(name);
  }
  if (withPods < map.size) {
    for (const name of map.keys()) if (!lookup(name)) out.push(name);
    sorted = false;
  }
  return sorted ? out : out.sort();
}

function withoutSurge(facts: DaemonSetFacts, order: readonly string[], podsOn: (node: string) => readonly Pod[], maxUnavailable: number, desired: number): RollingUpdatePlan {
  const plan = emptyPlan();
  let numUnavailable = 0;
  const replacements: { pod: Pod; node: string }[] = [];
  const candidates: { pod: Pod; node: string }[] = [];
  for (const node of order) {
    const { newPod, oldPod, ok } = updatedPodsOn(podsOn(node), facts.hash, facts.generation);
    if (!ok || (!oldPod && !newPod) || (oldPod && newPod)) {
      numUnavailable++;
    } else if (newPod) {
      if (!isPodAvailable(newPod, facts.minReadySeconds, facts.now)) numUnavailable++;
    } else if (!isPodAvailable(oldPod!, facts.minReadySeconds, facts.now)) {
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
  lookup: NodeLookup,
  order: readonly string[],
  podsOn: (node: string) => readonly Pod[],
  maxSurge: number,
  maxUnavailable: number,
  desired: number,
): RollingUpdatePlan | { error: string } {
  const plan = emptyPlan();
  const shouldRun = (name: string): boolean | { error: string } => {
    const node = lookup(name);
    if (!node) return { error: `couldn't get node for nodeName "${name}": node "${name}" not found` };
    return nodeShouldRun(node, facts.compiled);
  };
  const shouldNotRun: { pod: Pod; node: string }[] = [];
  const allowedNew: string[] = [];
  const candidates: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;
  const available = (p: Pod) => isPodAvailable(p, facts.minReadySeconds, facts.now);
  for (const node of order) {
    const { newPod, oldPod, ok } = updatedPodsOn(podsOn(node), facts.hash, facts.generation);
    if (!ok) {
      numSurge++;
      continue;
    }
    if (oldPod ? available(oldPod) : newPod && available(newPod)) numAvailable++;
    if (!oldPod) continue;
    if (!newPod) {
      const run = shouldRun(node);
      if (typeof run !== 'boolean') return run;
      if (!available(oldPod)) {
        if (!run) plan.delete.push({ pod: oldPod, node, reason: `rolling update: old pod ${oldPod.metadata.name} on ${node} is not available and ${node} should no longer run it` });
        else allowedNew.push(node);
      } else if (!run) shouldNotRun.push({ pod: oldPod, node });
      else if (numSurge < maxSurge) candidates.push(node);
      continue;
    }
    if (!available(newPod)) {
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
