/**
 * The rolling-update budget (`util/daemonset_util.go: SurgeCount`, `UnavailableCount`,
 * `AllowsSurge`; `update.go: updatedDesiredNodeCounts`).
 *
 * Both maxSurge and maxUnavailable percentages are taken of the number of nodes that should run
 * the pod and round UP (Deployments round maxUnavailable down).
 */
import type { DaemonSet, Node, Pod } from '../../api/types.js';
import { getScaledValueFromIntOrPercent } from '../../api/intstr.js';
import { nodeListVerdicts, type CompiledTemplate } from './eligibility.js';

/** `SurgeCount`: 0 unless RollingUpdate with a maxSurge; else maxSurge scaled (ceil) of `n`. */
export function surgeCount(ds: DaemonSet, n: number): number | { error: string } {
  const s = ds.spec.updateStrategy;
  if ((s?.type ?? 'RollingUpdate') !== 'RollingUpdate') return 0;
  const v = s?.rollingUpdate?.maxSurge;
  if (v === undefined) return 0;
  return getScaledValueFromIntOrPercent(v, n, true);
}

/** `UnavailableCount`: 0 unless RollingUpdate; else maxUnavailable (default 1) scaled (ceil) of `n`. */
export function unavailableCount(ds: DaemonSet, n: number): number | { error: string } {
  const s = ds.spec.updateStrategy;
  if ((s?.type ?? 'RollingUpdate') !== 'RollingUpdate') return 0;
  return getScaledValueFromIntOrPercent(s?.rollingUpdate?.maxUnavailable ?? 1, n, true);
}

/** `AllowsSurge`: maxSurge resolves to non-zero on one node (any non-zero int or percent). */
export function allowsSurge(ds: DaemonSet): boolean {
  const n = surgeCount(ds, 1);
  return typeof n === 'number' && n !== 0;
}

export interface DesiredNodeCounts {
  readonly maxSurge: number;
  readonly maxUnavailable: number;
  readonly desiredNumberScheduled: number;
  /** True when both resolved to 0 and maxUnavailable fell back to 1. */
  readonly fellBackToOneUnavailable: boolean;
}

/**
 * `updatedDesiredNodeCounts`: counts the nodes that should run the pod, adds an empty entry to
 * `nodeToDaemonPods` for each of them that has none (so the rollout visits it), and resolves
 * the budget. With nodes to run on and both values 0, maxUnavailable becomes 1.
 */
export function updatedDesiredNodeCounts(
  ds: DaemonSet,
  nodes: readonly Node[],
  nodeToDaemonPods: Map<string, Pod[]>,
  compiled: CompiledTemplate,
): DesiredNodeCounts | { error: string } {
  const { verdicts } = nodeListVerdicts(nodes, compiled);
  nodes.forEach((node, i) => {
    if (verdicts[i]!.shouldRun && !nodeToDaemonPods.has(node.metadata.name)) nodeToDaemonPods.set(node.metadata.name, []);
  });
  return desiredNodeCounts(ds, nodes, compiled);
}

/** The counting half of `updatedDesiredNodeCounts`, leaving the map alone (the rollout's path). */
export function desiredNodeCounts(ds: DaemonSet, nodes: readonly Node[], compiled: CompiledTemplate): DesiredNodeCounts | { error: string } {
  const desired = nodeListVerdicts(nodes, compiled).desired;
  const maxUnavailable = unavailableCount(ds, desired);
  if (typeof maxUnavailable !== 'number') return { error: `invalid value for MaxUnavailable: ${maxUnavailable.error}` };
  const maxSurge = surgeCount(ds, desired);
  if (typeof maxSurge !== 'number') return { error: `invalid value for MaxSurge: ${maxSurge.error}` };
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) {
    return { maxSurge, maxUnavailable: 1, desiredNumberScheduled: desired, fellBackToOneUnavailable: true };
  }
  return { maxSurge, maxUnavailable, desiredNumberScheduled: desired, fellBackToOneUnavailable: false };
}
