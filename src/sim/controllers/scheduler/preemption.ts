/**
 * The preemption search (`pkg/scheduler/framework/preemption/preemption.go`, `Evaluator.Preempt`,
 * `findCandidates`, `DryRunPreemption`, `SelectCandidate`, `pickOneNodeForPreemption`), pure:
 * it returns a plan, and the scheduler carries it out (`prepareCandidate`).
 *
 * Assumptions:
 * - Called after the pod fit no node, with that attempt's diagnosis.
 * - No PodDisruptionBudgets exist in this cluster (none are modelled), so no candidate violates one.
 * Invariants:
 * - Only nodes whose status is `Unschedulable` are tried; `UnschedulableAndUnresolvable` nodes
 *   count as "Preemption is not helpful for scheduling".
 * - Candidates are tried in node-name order from offset 0 (upstream starts at a random offset),
 *   stopping once max(10% of the tried nodes, 100) candidates are found.
 * - The returned message is the PostFilter message, already prefixed with "preemption: ".
 */
import type { Pod } from '../../api/types.js';
import { parseTime } from '../../engine/time.js';
import type { ClusterView, CycleState } from './framework.js';
import { fitErrorMessage, NodeToStatus, type Diagnosis } from './fiterror.js';
import { podEligibleToPreemptOthers, selectVictimsOnNode, DEFAULT_PREEMPTION } from './plugins/defaultpreemption.js';
import { podPriority } from './resources.js';

export const ERR_NOT_HELPFUL = 'Preemption is not helpful for scheduling';

/** `DefaultPreemptionArgs` defaults. */
const MIN_CANDIDATE_NODES_PERCENTAGE = 10;
const MIN_CANDIDATE_NODES_ABSOLUTE = 100;

export interface Candidate {
  readonly node: string;
  /** Most important first. */
  readonly victims: readonly Pod[];
}

export type PreemptionResult =
  | { readonly kind: 'nominate'; readonly candidate: Candidate; readonly lowerPriorityNominated: readonly Pod[] }
  | { readonly kind: 'fail'; readonly message: string };

export function preempt(state: CycleState, d: Diagnosis, view: ClusterView): PreemptionResult {
  const notEligible = podEligibleToPreemptOthers(state, d.nodeToStatus, view);
  if (notEligible) return fail(notEligible);
  const numAll = view.numNodes();
  const potential = potentialNodes(d.nodeToStatus, view);
  const statuses = new NodeToStatus();
  statuses.absent = { plugin: DEFAULT_PREEMPTION, code: 'UnschedulableAndUnresolvable', reasons: [ERR_NOT_HELPFUL] };
  const notHelpful = (): string => fitErrorMessage(numAll, { nodeToStatus: statuses, unschedulablePlugins: new Set() }).trimEnd();
  if (potential.length === 0) return fail(notHelpful());
  const wanted = numCandidates(potential.length);
  const candidates: Candidate[] = [];
  for (const name of potential) {
    const node = view.node(name);
    if (!node) continue;
    const r = selectVictimsOnNode(state, view.nodeInfo(node).clone(), view.nominatedPods(name));
    if ('status' in r) statuses.explicit.set(name, r.status);
    else candidates.push({ node: name, victims: r.victims });
    if (candidates.length >= wanted) break;
  }
  const best = pickOneNodeForPreemption(candidates);
  if (!best) return fail(notHelpful());
  const lowerPriorityNominated = view.nominatedPods(best.node).filter((p) => podPriority(p) < state.priority);
  return { kind: 'nominate', candidate: best, lowerPriorityNominated };
}

function fail(message: string): PreemptionResult {
  return { kind: 'fail', message: `preemption: ${message}` };
}

/** `NodesForStatusCode(Unschedulable)`: nodes a removal of pods might open, in name order. */
function potentialNodes(m: NodeToStatus, view: ClusterView): string[] {
  const out = [...m.explicit].filter(([, s]) => s.code === 'Unschedulable').map(([n]) => n);
  if (m.absent?.code === 'Unschedulable') {
    for (const n of view.nodes()) if (!m.explicit.has(n.metadata.name)) out.push(n.metadata.name);
  }
  return out.sort();
}

/** `calculateNumCandidates`. */
export function numCandidates(numNodes: number): number {
  const n = Math.max(Math.floor((numNodes * MIN_CANDIDATE_NODES_PERCENTAGE) / 100), MIN_CANDIDATE_NODES_ABSOLUTE);
  return Math.min(n, numNodes);
}

/**
 * `pickOneNodeForPreemption`: a node needing no victims wins at once; otherwise the fewest
 * PDB violations (always 0 here), then the lowest highest-victim priority, then the lowest sum
 * of victim priorities, then the fewest victims, then the latest start among the highest-priority
 * victims, then the first node.
 */
export function pickOneNodeForPreemption(candidates: readonly Candidate[]): Candidate | undefined {
  if (candidates.length === 0) return undefined;
  const empty = candidates.find((c) => c.victims.length === 0);
  if (empty) return empty;
  const scores: ((c: Candidate) => number)[] = [
    (c) => -podPriority(c.victims[0]!),
    (c) => -c.victims.reduce((s, v) => s + podPriority(v) + 2 ** 31, 0),
    (c) => -c.victims.length,
    (c) => earliestStartOfHighestPriority(c.victims),
  ];
  let pool = [...candidates];
  for (const score of scores) {
    const values = pool.map(score);
    const best = Math.max(...values);
    pool = pool.filter((_, i) => values[i] === best);
    if (pool.length === 1) break;
  }
  return pool[0];
}

/** `GetEarliestPodStartTime` over the victims with the highest priority. */
function earliestStartOfHighestPriority(victims: readonly Pod[]): number {
  const top = podPriority(victims[0]!);
  let earliest = Number.POSITIVE_INFINITY;
  for (const v of victims) {
    if (podPriority(v) !== top) continue;
    const t = v.status.startTime ? parseTime(v.status.startTime) : Number.POSITIVE_INFINITY;
    earliest = Math.min(earliest, t);
  }
  return earliest === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : earliest;
}
