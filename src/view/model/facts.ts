/**
 * What the engine knows that no stored object says, as the worker's `pictureFacts` query reports
 * it: which daemon pods run where their DaemonSet would not place them now (the controller's own
 * node verdicts), which pods the taint manager has scheduled for deletion, and when, and each
 * rolling update's budget as the controller's `rollingUpdate` counts it.
 *
 * The winning toleration of a NoExecute countdown is named with the taint manager's own
 * functions (`getMatchingTolerations`, `getMinTolerationTime`): the toleration whose seconds set
 * the deadline.
 */
import type { Node, Pod, Toleration } from '../../sim/api/types.js';
import { getMatchingTolerations, getMinTolerationTime, noExecuteTaints } from '../../sim/controllers/tainteviction/tolerations.js';
import { formatToleration } from '../../kubectl/print/describe/multiline.js';

export interface ScheduledEviction {
  /** The node the pod is on. */
  readonly node: string;
  /** When the taint manager scheduled it (virtual ms). */
  readonly createdAt: number;
  /** When it deletes the pod (virtual ms). */
  readonly fireAt: number;
}

/** A rolling update's budget: the controller's `RollingUpdateSummary`. */
export interface BudgetFacts {
  readonly maxUnavailable: number;
  readonly maxSurge: number;
  readonly desiredNumberScheduled: number;
  /** Nodes counted unavailable before the controller's next wave. */
  readonly numUnavailable?: number;
  /** Nodes running a surge pod next to an old one (maxSurge > 0 only). */
  readonly numSurge?: number;
}

export interface EngineFacts {
  /** DaemonSet uid -> names of nodes running its pod where it should not run now (misscheduled). */
  readonly misscheduled: Readonly<Record<string, readonly string[]>>;
  /** Pod uid -> its scheduled (not yet fired) NoExecute eviction. */
  readonly evictions: Readonly<Record<string, ScheduledEviction>>;
  /** DaemonSet uid -> its rolling update's budget (RollingUpdate strategy only). */
  readonly budgets: Readonly<Record<string, BudgetFacts>>;
}

export const NO_FACTS: EngineFacts = { misscheduled: {}, evictions: {}, budgets: {} };

/** The toleration that set a pod's NoExecute deadline on this node, as describe prints it. */
export function winningToleration(pod: Pod, node: Node | undefined): string | undefined {
  const { allTolerated, used } = getMatchingTolerations(noExecuteTaints(node?.spec.taints), pod.spec.tolerations);
  if (!allTolerated || used.length === 0) return undefined;
  const deadline = getMinTolerationTime(used);
  const won: Toleration | undefined = used.find((t) => (t.tolerationSeconds ?? Infinity) * 1000 === deadline) ?? used[0];
  return won ? formatToleration(won) : undefined;
}
