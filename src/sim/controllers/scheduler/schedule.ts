/**
 * One scheduling attempt, without side effects (`schedule_one.go`: `schedulePod`,
 * `findNodesThatFitPod`, `evaluateNominatedNode`, `findNodesThatPassFilters`,
 * `prioritizeNodes`, `selectHost`).
 *
 * Assumptions:
 * - The pod has no node name and is not being deleted.
 * Invariants:
 * - A pod the NodeAffinity PreFilter narrows (a DaemonSet pod) is filtered only on its nodes;
 *   every other node is "node(s) didn't satisfy plugin(s) [NodeAffinity]" and is never looked
 *   at, so an attempt costs O(pods on the target node) however big the cluster.
 * - A pod with a nominated node that still fits there goes there.
 * - Otherwise every node is filtered (upstream may stop early after enough feasible nodes) and the
 *   feasible node with the highest LeastAllocated score wins, ties to the first name (upstream
 *   breaks ties at random).
 */
import type { Pod } from '../../api/types.js';
import { compileRequiredNodeAffinity } from '../../api/nodeaffinity.js';
import { runFilterPluginsWithNominatedPods } from './filters.js';
import { status, type ClusterView, type CycleState } from './framework.js';
import { newDiagnosis, type Diagnosis } from './fiterror.js';
import type { NodeInfo } from './nodeinfo.js';
import { leastAllocatedScore } from './plugins/leastallocated.js';
import { NODE_AFFINITY, nodeAffinityPreFilter } from './plugins/nodeaffinity.js';
import { podHostPorts } from './plugins/nodeports.js';
import { podPriority, podRequests } from './resources.js';

export type ScheduleResult =
  | { readonly kind: 'scheduled'; readonly node: string; readonly feasibleNodes: number }
  | { readonly kind: 'unschedulable'; readonly diagnosis: Diagnosis; readonly numAllNodes: number }
  | { readonly kind: 'noNodes' };

/** The PreFilter step's per-pod state (`CycleState`). */
export function newCycleState(pod: Pod): CycleState {
  return {
    pod,
    priority: podPriority(pod),
    requests: podRequests(pod),
    hostPorts: podHostPorts(pod),
    requiredAffinity: compileRequiredNodeAffinity(pod.spec),
  };
}

/** "node(s) didn't satisfy plugin(s) [A B]": Go prints the sorted plugin list as a slice. */
export function didNotSatisfyReason(plugins: readonly string[]): string {
  return `node(s) didn't satisfy plugin(s) [${[...plugins].sort().join(' ')}]`;
}

/** The status of the nodes a PreFilter left out: the same for every pod it narrows. */
const NOT_NAMED = status(NODE_AFFINITY, 'UnschedulableAndUnresolvable', didNotSatisfyReason([NODE_AFFINITY]));

export function schedulePod(state: CycleState, view: ClusterView): ScheduleResult {
  const numAllNodes = view.numNodes();
  if (numAllNodes === 0) return { kind: 'noNodes' };
  const pre = nodeAffinityPreFilter(state.pod);
  if (pre.status) {
    const d = newDiagnosis();
    d.preFilterMsg = pre.status.reasons.join(', ');
    d.nodeToStatus.absent = pre.status;
    d.unschedulablePlugins.add(pre.status.plugin);
    return { kind: 'unschedulable', diagnosis: d, numAllNodes };
  }
  const nominated = state.pod.status.nominatedNodeName;
  if (nominated && (!pre.nodeNames || pre.nodeNames.includes(nominated))) {
    const node = view.node(nominated);
    if (node && !runFilterPluginsWithNominatedPods(state, view.nodeInfo(node), view.nominatedPods(nominated))) {
      return { kind: 'scheduled', node: nominated, feasibleNodes: 1 };
    }
  }
  // The nodes a PreFilter narrowed the pod to (names in order, those that exist: a DaemonSet
  // pod's, just one), else every node; read by position, where a list of the named nodes made
  // per pod was most of what a DaemonSet pod's attempt allocated here.
  const names = pre.nodeNames;
  const all = names ? undefined : view.nodes();
  const count = names ? names.length : all!.length;
  // Made when a node is rejected: a pod that fits (most attempts) needs no diagnosis.
  let d: Diagnosis | undefined;
  // The best feasible node so far, scored once a second one is feasible (a DaemonSet pod has
  // one node to fit, and it is never scored); no list of feasible nodes is kept. Scores are
  // pure, so scoring while filtering picks what scoring after filtering did.
  let best: NodeInfo | undefined;
  let bestScore = 0;
  let feasible = 0;
  for (let i = 0; i < count; i++) {
    const node = names ? view.node(names[i]!) : all![i]!;
    if (node === undefined) continue;
    const info = view.nodeInfo(node);
    const s = runFilterPluginsWithNominatedPods(state, info, view.nominatedPods(node.metadata.name));
    if (s) {
      d ??= newDiagnosis();
      d.nodeToStatus.explicit.set(node.metadata.name, s);
      d.unschedulablePlugins.add(s.plugin);
      continue;
    }
    feasible++;
    if (best === undefined) {
      best = info;
      continue;
    }
    if (feasible === 2) bestScore = leastAllocatedScore(state, best);
    // Ties go to the first feasible node in name order.
    const score = leastAllocatedScore(state, info);
    if (score > bestScore) {
      best = info;
      bestScore = score;
    }
  }
  if (best === undefined) {
    d ??= newDiagnosis();
    if (pre.nodeNames) d.nodeToStatus.absent = NOT_NAMED;
    return { kind: 'unschedulable', diagnosis: d, numAllNodes };
  }
  return { kind: 'scheduled', node: best.name, feasibleNodes: feasible };
}
