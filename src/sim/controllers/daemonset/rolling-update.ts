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
import { flat } from '../../intern.js';
import { nodeListVerdicts, type NodeVerdict } from './eligibility.js';
import type { DaemonSetFacts } from './facts.js';
import { isSortedByName, lookupIn, type NodeLookup } from './node-list.js';
import type { NodeToDaemonPods } from './node-pods.js';
import { availableSince } from './pod-conditions.js';
import { emptyPlan, type SyncPlan } from './plan.js';
import { updatedPodsOn, type UpdatedPodsOnNodeFacts } from './node-pods-facts.js';
import { buildColumns, HAS_LIST, HAS_NEW, HAS_OLD, nodeColumns, SHOULD_RUN, UNKNOWN_NODE, UPDATED_OK, type NodeColumns } from './node-columns.js';
import { alignedPods } from './aligned-pods.js';
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

/**
 * `rollingUpdate` (decisions only), over a fresh node -> pods map (which is not modified).
 *
 * `maxListed`: the plan lists at most that many deletions and that many creations, the first
 * in decision order; the counts of the summary are still over every node. `syncNodes` carries
 * out the first BURST_REPLICAS of each and drops the rest, so the sync passes that bound: a
 * 5,000-node rollout's waves of 500 listed each old pod or new node twice, with its reason, to
 * act on it once (2,500 deletions and 2,500 creations, with their reasons, for nothing).
 */
export function rollingUpdate(
  facts: DaemonSetFacts,
  nodes: readonly Node[],
  nodeToDaemonPods: NodeToDaemonPods,
  lookup?: NodeLookup,
  maxListed = Infinity,
): RollingUpdatePlan | { error: string } {
  const counts = desiredNodeCounts(facts.ds, nodes, facts.compiled);
  if ('error' in counts) return { error: `couldn't get unavailable numbers: ${counts.error}` };
  const order = nodeOrder(nodes, nodeToDaemonPods, facts, lookup ?? lookupIn(nodes));
  return counts.maxSurge === 0
    ? withoutSurge(facts, order, counts.maxUnavailable, counts.desiredNumberScheduled, maxListed)
    : withSurge(facts, order, counts.maxSurge, counts.maxUnavailable, counts.desiredNumberScheduled, maxListed);
}

const NO_PODS: readonly Pod[] = [];

/**
 * The nodes `updatedDesiredNodeCounts` leaves in the map (nodes with pods, and nodes that should
 * run the pod), in name order, as node columns: entry `i` is visited when it has a pod list or
 * should run the pod; its column bits say what `findUpdatedPodsOnNode` found there and its
 * ready-since instants say whether those pods are available. A node's pods and name are read
 * only when a decision names it.
 *
 * In the usual case (the node list is sorted and holds every node with pods) the entries are
 * the sync's aligned view and its columns, which are patched only where pods changed.
 */
interface NodeOrder {
  readonly length: number;
  readonly columns: NodeColumns;
  readonly pods: readonly (readonly Pod[] | undefined)[];
  name(i: number): string;
}

function nodeOrder(nodes: readonly Node[], map: NodeToDaemonPods, facts: DaemonSetFacts, lookup: NodeLookup): NodeOrder {
  const { verdicts } = nodeListVerdicts(nodes, facts.compiled);
  const aligned = alignedPods(nodes, map);
  const revision = { hash: facts.hash, generation: facts.generation };
  if (isSortedByName(nodes) && aligned.listed === map.size) {
    const columns = nodeColumns(aligned, { ...revision, verdicts });
    return { length: nodes.length, columns, pods: aligned.lists, name: (i) => nodes[i]!.metadata.name };
  }
  const entries: { name: string; pods: readonly Pod[] | undefined; verdict: NodeVerdict | undefined }[] = [];
  for (let i = 0; i < nodes.length; i++) {
    entries.push({ name: nodes[i]!.metadata.name, pods: aligned.lists[i], verdict: verdicts[i]! });
  }
  for (const [name, list] of map) {
    if (!lookup(name)) entries.push({ name, pods: list, verdict: undefined });
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const pods = entries.map((e) => e.pods);
  const columns = buildColumns({ lists: pods }, { ...revision, verdicts: entries.map((e) => e.verdict) });
  return { length: entries.length, columns, pods, name: (i) => entries[i]!.name };
}

/** Whether the rollout visits a node with these column bits (`updatedDesiredNodeCounts` keeps it in the map). */
function visits(flags: number): boolean {
  return (flags & (HAS_LIST | SHOULD_RUN)) !== 0;
}

/** `findUpdatedPodsOnNode` for entry `i` (its pods are read only for the entries acted on). */
function updatedAt(order: NodeOrder, i: number, facts: DaemonSetFacts): UpdatedPodsOnNodeFacts {
  return updatedPodsOn(order.pods[i] ?? NO_PODS, facts.hash, facts.generation);
}

function withoutSurge(facts: DaemonSetFacts, order: NodeOrder, maxUnavailable: number, desired: number, maxListed: number): RollingUpdatePlan {
  const plan = emptyPlan();
  let numUnavailable = 0;
  // Entries of `order` (their old pod and name are read again for the few acted on).
  const replacements: number[] = [];
  const candidates: number[] = [];
  const available = (readySince: number) => availableSince(readySince, facts.minReadySeconds, facts.now);
  const { flags, newReadySince, oldReadySince } = order.columns;
  for (let i = 0; i < order.length; i++) {
    const f = flags[i]!;
    if (!visits(f)) continue;
    const hasNew = (f & HAS_NEW) !== 0;
    const hasOld = (f & HAS_OLD) !== 0;
    if ((f & UPDATED_OK) === 0 || hasOld === hasNew) {
      numUnavailable++;
    } else if (hasNew) {
      if (!available(newReadySince[i]!)) numUnavailable++;
    } else if (!available(oldReadySince[i]!)) {
      replacements.push(i);
      numUnavailable++;
    } else if (candidates.length < maxUnavailable - numUnavailable) {
      // Only the first (maxUnavailable - final numUnavailable) candidates are taken, and the
      // count only grows: one more than the budget left now could never be taken (a rollout's
      // first syncs found every node a candidate, to take a tenth of them).
      candidates.push(i);
    }
  }
  const take = Math.max(0, Math.min(candidates.length, maxUnavailable - numUnavailable, maxListed - replacements.length));
  // The end of every candidate's reason, the same for the whole wave: made once, each reason a
  // rope of four pieces rather than ten (with three numbers printed) per old pod deleted.
  const withinBudget = take > 0 ? flat(` is available and within maxUnavailable ${maxUnavailable} (${numUnavailable} of ${desired} desired unavailable before this wave)`) : '';
  for (let k = 0; k < replacements.length && k < maxListed; k++) {
    const at = replacements[k]!;
    const pod = updatedAt(order, at, facts).oldPod!;
    const node = order.name(at);
    plan.delete.push({ pod, node, reason: `rolling update: old pod ${pod.metadata.name} on ${node} is not available, so it is replaced at once, outside the maxUnavailable budget` });
  }
  for (let k = 0; k < take; k++) {
    const at = candidates[k]!;
    const pod = updatedAt(order, at, facts).oldPod!;
    const node = order.name(at);
    plan.delete.push({ pod, node, reason: `rolling update: old pod ${pod.metadata.name} on ${node}${withinBudget}` });
  }
  return { ...plan, summary: { maxSurge: 0, maxUnavailable, desiredNumberScheduled: desired, numUnavailable } };
}

function withSurge(
  facts: DaemonSetFacts,
  order: NodeOrder,
  maxSurge: number,
  maxUnavailable: number,
  desired: number,
  maxListed: number,
): RollingUpdatePlan | { error: string } {
  const plan = emptyPlan();
  // Positions in `order`: names are read only for the nodes a decision names.
  const shouldNotRun: { pod: Pod; at: number }[] = [];
  const allowedNew: number[] = [];
  const candidates: number[] = [];
  let numSurge = 0;
  let numAvailable = 0;
  const available = (readySince: number) => availableSince(readySince, facts.minReadySeconds, facts.now);
  const { flags, newReadySince, oldReadySince } = order.columns;
  for (let i = 0; i < order.length; i++) {
    const f = flags[i]!;
    if (!visits(f)) continue;
    if ((f & UPDATED_OK) === 0) {
      numSurge++;
      continue;
    }
    const hasNew = (f & HAS_NEW) !== 0;
    const hasOld = (f & HAS_OLD) !== 0;
    if (hasOld ? available(oldReadySince[i]!) : hasNew && available(newReadySince[i]!)) numAvailable++;
    if (!hasOld) continue;
    if (!hasNew) {
      if ((f & UNKNOWN_NODE) !== 0) {
        const node = order.name(i);
        return { error: `couldn't get node for nodeName "${node}": node "${node}" not found` };
      }
      const run = (f & SHOULD_RUN) !== 0;
      if (!available(oldReadySince[i]!)) {
        if (run) allowedNew.push(i);
        else {
          if (plan.delete.length >= maxListed) continue;
          const oldPod = updatedAt(order, i, facts).oldPod!;
          const node = order.name(i);
          plan.delete.push({ pod: oldPod, node, reason: `rolling update: old pod ${oldPod.metadata.name} on ${node} is not available and ${node} should no longer run it` });
        }
      } else if (!run) shouldNotRun.push({ pod: updatedAt(order, i, facts).oldPod!, at: i });
      // As without surge: a candidate beyond the surge budget left now could never be taken.
      else if (candidates.length < maxSurge - numSurge) candidates.push(i);
      continue;
    }
    if (!available(newReadySince[i]!)) {
      numSurge++;
      continue;
    }
    if (plan.delete.length >= maxListed) continue;
    const { oldPod, newPod } = updatedAt(order, i, facts);
    const node = order.name(i);
    plan.delete.push({ pod: oldPod!, node, reason: `rolling update: new pod ${newPod!.metadata.name} on ${node} is available, so the old pod ${oldPod!.metadata.name} is deleted` });
  }
  const deletable = Math.min(numAvailable - desired, shouldNotRun.length, maxListed - plan.delete.length);
  for (const { pod, at } of shouldNotRun.slice(0, Math.max(0, deletable))) {
    const node = order.name(at);
    plan.delete.push({
      pod,
      node,
      reason: `rolling update: ${node} should no longer run this daemonset and ${numAvailable} pods are available for ${desired} desired, so old pod ${pod.metadata.name} can go`,
    });
  }
  for (let k = 0; k < allowedNew.length && k < maxListed; k++) {
    const node = order.name(allowedNew[k]!);
    plan.create.push({ node, reason: `rolling update: the old pod on ${node} is not available, so a new pod is created at once, outside the maxSurge budget` });
  }
  const take = Math.max(0, Math.min(candidates.length, maxSurge - numSurge, maxListed - allowedNew.length));
  // The end of every candidate's reason, the same for the whole wave (as `withoutSurge`'s).
  const withinBudget = take > 0 ? flat(` gets a new pod beside its available old pod, within maxSurge ${maxSurge} (${numSurge} already surging)`) : '';
  for (let k = 0; k < take; k++) {
    const node = order.name(candidates[k]!);
    plan.create.push({ node, reason: `rolling update: ${node}${withinBudget}` });
  }
  return { ...plan, summary: { maxSurge, maxUnavailable, desiredNumberScheduled: desired, numSurge, numAvailable } };
}
