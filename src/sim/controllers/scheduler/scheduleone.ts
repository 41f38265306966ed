/**
 * One pod through the scheduling and binding cycles, with its writes (`schedule_one.go`:
 * `ScheduleOne`, `handleSchedulingFailure`, `updatePod`; `preemption.Executor.prepareCandidate`,
 * `PreemptPod`).
 *
 * Events go through the events.k8s.io/v1 recorder (`fwk.EventRecorder().Eventf`, with an action:
 * `Binding`, `Scheduling`, `Preempting`; a Preempted event's `related` is the preemptor), so
 * repeats of one attempt's outcome form a series (engine/events-v1.ts).
 *
 * - Success: bind (the binding also sets PodScheduled=True; a `nominatedNodeName` stays, as in
 *   v1.34 neither the scheduler nor the API server clears it), Normal `Scheduled` "Successfully
 *   assigned NS/POD to NODE".
 * - Failure: run preemption, then Warning `FailedScheduling` with the FitError message (cut to
 *   1024 characters) and PodScheduled=False reason `Unschedulable` with the whole message, plus
 *   the nominated node.
 * - Preemption: each victim not already terminating gets DisruptionTarget=True (reason
 *   PreemptionByScheduler), a graceful delete and a Normal `Preempted` event "Preempted by pod
 *   UID on node NODE"; lower-priority pods nominated to that node lose their nomination.
 */
import type { Pod } from '../../api/types.js';
import type { ControllerContext } from '../../engine/controller.js';
import type { ClusterView } from './framework.js';
import { ERR_NO_NODES_AVAILABLE, fitErrorMessage, type Diagnosis } from './fiterror.js';
import { REASON_PREEMPTION_BY_SCHEDULER } from './plugins/defaultpreemption.js';
import { withCondition, withNominatedNodeName } from '../../apiserver/pod-status.js';
import { podKey } from './podstatus.js';
import { preempt, type Candidate } from './preemption.js';
import { newCycleState, schedulePod } from './schedule.js';

export const SCHEDULER_NAME = 'default-scheduler';

/** What the last failed attempt of a pending pod found: the data `sim why` and the inspector show. */
export interface SchedulingDecision {
  readonly uid: string;
  /** Virtual time of the attempt. */
  readonly at: number;
  /** The PodScheduled=False message (what `kubectl describe pod` shows). */
  readonly message: string;
  readonly nominatedNodeName?: string;
  /** Nodes that were filtered and rejected the pod (first 100 by name), with upstream reasons. */
  readonly rejections: readonly { readonly node: string; readonly plugin: string; readonly reasons: readonly string[] }[];
  /** Set when this attempt preempted pods. */
  readonly preempted?: { readonly node: string; readonly victims: readonly string[] };
}

export type Outcome = { readonly kind: 'bound'; readonly node: string } | { readonly kind: 'failed'; readonly decision: SchedulingDecision };

export function scheduleOne(ctx: ControllerContext, pod: Pod, view: ClusterView): Outcome {
  const state = newCycleState(pod);
  const r = schedulePod(state, view);
  if (r.kind === 'scheduled') {
    const reason = r.feasibleNodes > 1 ? `${r.node} passed every filter and scored highest of ${r.feasibleNodes} feasible nodes` : `${r.node} passed every filter`;
    const bound = ctx.client.bind(pod, r.node, reason);
    if (bound.ok) {
      ctx.client.eventf(bound.obj, undefined, 'Normal', 'Scheduled', 'Binding', `Successfully assigned ${podKey(pod)} to ${r.node}`);
      return { kind: 'bound', node: r.node };
    }
    return fail(ctx, pod, bound.error.message, undefined, undefined, undefined);
  }
  if (r.kind === 'noNodes') return fail(ctx, pod, ERR_NO_NODES_AVAILABLE, '', undefined, undefined);
  const d = r.diagnosis;
  const p = preempt(state, d, view);
  let nominate: string | undefined;
  let preempted: Candidate | undefined;
  if (p.kind === 'nominate') {
    prepareCandidate(ctx, pod, p.candidate, p.lowerPriorityNominated);
    nominate = p.candidate.node;
    preempted = p.candidate;
  } else {
    // Since v1.34 a failed attempt leaves any nominatedNodeName as it is (KEP-5278, #133276).
    d.postFilterMsg = p.message;
  }
  return fail(ctx, pod, fitErrorMessage(r.numAllNodes, d), nominate, d, preempted);
}

/** `validation.NoteLengthLimit`: the longest event message. */
const NOTE_LENGTH_LIMIT = 1024;

/** `truncateMessage`: events carry at most 1024 characters; the condition keeps the whole message. */
export function truncateMessage(message: string): string {
  if (message.length <= NOTE_LENGTH_LIMIT) return message;
  const suffix = ' ...';
  return message.slice(0, NOTE_LENGTH_LIMIT - suffix.length) + suffix;
}

function fail(ctx: ControllerContext, pod: Pod, message: string, nominate: string | undefined, d: Diagnosis | undefined, preempted: Candidate | undefined): Outcome {
  ctx.client.eventf(pod, undefined, 'Warning', 'FailedScheduling', 'Scheduling', truncateMessage(message));
  const current = ctx.store.get('Pod', pod.metadata.namespace ?? '', pod.metadata.name) ?? pod;
  const status = withNominatedNodeName(withCondition(current.status, { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message }, ctx.now), nominate);
  ctx.client.updateStatus({ ...current, status }, `no node fits: ${message}`);
  const rejections = d ? [...d.nodeToStatus.explicit].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, 100).map(([node, s]) => ({ node, plugin: s.plugin, reasons: [...s.reasons] })) : [];
  const nominatedNodeName = nominate === undefined ? current.status.nominatedNodeName : nominate || undefined;
  const decision: SchedulingDecision = {
    uid: pod.metadata.uid,
    at: ctx.now,
    message,
    ...(nominatedNodeName ? { nominatedNodeName } : {}),
    rejections,
    ...(preempted ? { preempted: { node: preempted.node, victims: preempted.victims.map(podKey) } } : {}),
  };
  return { kind: 'failed', decision };
}

function prepareCandidate(ctx: ControllerContext, preemptor: Pod, c: Candidate, lowerNominated: readonly Pod[]): void {
  const schedulerName = preemptor.spec.schedulerName || SCHEDULER_NAME;
  const why = `preempted by ${podKey(preemptor)} (priority ${preemptor.spec.priority ?? 0}) to make room on ${c.node}`;
  for (const victim of c.victims) {
    const current = ctx.store.get('Pod', victim.metadata.namespace ?? '', victim.metadata.name);
    if (!current || current.metadata.deletionTimestamp) continue;
    const status = withCondition(current.status, { type: 'DisruptionTarget', status: 'True', reason: REASON_PREEMPTION_BY_SCHEDULER, message: `${schedulerName}: preempting to accommodate a higher priority pod` }, ctx.now);
    const patched = ctx.client.updateStatus({ ...current, status }, why);
    const target = patched.ok ? patched.obj : current;
    const deleted = ctx.client.delete(target, why);
    ctx.client.eventf(deleted.ok ? deleted.obj : target, preemptor, 'Normal', 'Preempted', 'Preempting', `Preempted by pod ${preemptor.metadata.uid} on node ${c.node}`);
  }
  for (const p of lowerNominated) {
    const current = ctx.store.get('Pod', p.metadata.namespace ?? '', p.metadata.name);
    if (!current?.status.nominatedNodeName) continue;
    ctx.client.updateStatus({ ...current, status: withNominatedNodeName(current.status, '') }, `a higher-priority pod (${podKey(preemptor)}) preempted on ${c.node}`);
  }
}
