/**
 * DefaultPreemption (`pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go`):
 * the PostFilter plugin's own rules. The search over nodes lives in ../preemption.ts
 * (`framework/preemption.Evaluator`).
 *
 * - `PodEligibleToPreemptOthers`: never with `preemptionPolicy: Never`; not while a pod this one
 *   already preempted is still terminating on its nominated node (unless that node is now
 *   unresolvable for it).
 * - `isPreemptionAllowed`: only strictly lower-priority pods can be victims.
 * - `SelectVictimsOnNode`: remove every lower-priority pod; if the preemptor still does not fit,
 *   the node is no candidate (its filter reasons are reported); otherwise add the removed pods
 *   back, most important first, keeping each that still lets the preemptor fit. The rest are the
 *   victims: a minimal set, biased to the least important pods.
 */
import type { Pod } from '../../../api/types.js';
import { parseTime } from '../../../engine/time.js';
import { runFilterPluginsWithNominatedPods } from '../filters.js';
import { status, type ClusterView, type CycleState, type Status } from '../framework.js';
import type { NodeToStatus } from '../fiterror.js';
import { cmp, key, type NodeInfo } from '../nodeinfo.js';
import { podPriority } from '../resources.js';

export const DEFAULT_PREEMPTION = 'DefaultPreemption';

export const MSG_POLICY_NEVER = 'not eligible due to preemptionPolicy=Never.';
export const MSG_TERMINATING_ON_NOMINATED = 'not eligible due to a terminating pod on the nominated node.';
export const ERR_NO_VICTIMS = 'No preemption victims found for incoming pod';

/** `v1.PodReasonPreemptionByScheduler`, the DisruptionTarget reason preemption writes. */
export const REASON_PREEMPTION_BY_SCHEDULER = 'PreemptionByScheduler';

export function isPreemptionAllowed(victim: Pod, preemptor: CycleState): boolean {
  return podPriority(victim) < preemptor.priority;
}

/** `podTerminatingByPreemption`: deleting, with DisruptionTarget=True reason PreemptionByScheduler. */
export function podTerminatingByPreemption(p: Pod): boolean {
  if (!p.metadata.deletionTimestamp) return false;
  const c = p.status.conditions?.find((x) => x.type === 'DisruptionTarget');
  return !!c && c.status === 'True' && c.reason === REASON_PREEMPTION_BY_SCHEDULER;
}

/** `PodEligibleToPreemptOthers`: undefined when eligible, else the reason. */
export function podEligibleToPreemptOthers(state: CycleState, m: NodeToStatus, view: ClusterView): string | undefined {
  if (state.pod.spec.preemptionPolicy === 'Never') return MSG_POLICY_NEVER;
  const nominated = state.pod.status.nominatedNodeName;
  if (!nominated) return undefined;
  if (m.get(nominated)?.code === 'UnschedulableAndUnresolvable') return undefined;
  const node = view.node(nominated);
  if (!node) return undefined;
  for (const p of view.nodeInfo(node).pods()) {
    if (isPreemptionAllowed(p, state) && podTerminatingByPreemption(p)) return MSG_TERMINATING_ON_NOMINATED;
  }
  return undefined;
}

/** `GetPodStartTime`: status.startTime, or "now" (latest possible) when the pod has not started. */
function startTime(p: Pod): number {
  return p.status.startTime ? parseTime(p.status.startTime) : Number.POSITIVE_INFINITY;
}

/** `util.MoreImportantPod`: higher priority, then started earlier (then key, for determinism). */
export function moreImportantFirst(a: Pod, b: Pod): number {
  const pa = podPriority(a);
  const pb = podPriority(b);
  if (pa !== pb) return pb - pa;
  const sa = startTime(a);
  const sb = startTime(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  return cmp(key(a), key(b));
}

/** `SelectVictimsOnNode` on a private copy of the node. Victims come most important first. */
export function selectVictimsOnNode(state: CycleState, nodeInfo: NodeInfo, nominated: readonly Pod[]): { victims: Pod[] } | { status: Status } {
  const potential = nodeInfo.pods().filter((p) => isPreemptionAllowed(p, state));
  if (potential.length === 0) return { status: status(DEFAULT_PREEMPTION, 'UnschedulableAndUnresolvable', ERR_NO_VICTIMS) };
  for (const p of potential) nodeInfo.removePod(p);
  const stillFails = runFilterPluginsWithNominatedPods(state, nodeInfo, nominated);
  if (stillFails) return { status: stillFails };
  const victims: Pod[] = [];
  for (const p of [...potential].sort(moreImportantFirst)) {
    nodeInfo.addPod(p);
    if (runFilterPluginsWithNominatedPods(state, nodeInfo, nominated)) {
      nodeInfo.removePod(p);
      victims.push(p);
    }
  }
  return { victims };
}
