/**
 * Pod status edits made outside the kubelet (`podutil.UpdatePodCondition`): the binding
 * subresource's PodScheduled=True, the scheduler's `updatePod` and preemption's DisruptionTarget
 * patch. A condition replaces the one of its type, keeping `lastTransitionTime` when the status
 * did not change; `lastProbeTime` is null.
 */
import type { PodCondition, PodStatus } from '../api/types.js';
import { rfc3339 } from '../engine/time.js';

export function withCondition(status: PodStatus, cond: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>, now: number): PodStatus {
  const conditions = [...(status.conditions ?? [])];
  const i = conditions.findIndex((c) => c.type === cond.type);
  const old = i >= 0 ? conditions[i] : undefined;
  const lastTransitionTime = old && old.status === cond.status && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(now);
  const next: PodCondition = { type: cond.type, status: cond.status, lastProbeTime: null, lastTransitionTime, ...(cond.reason ? { reason: cond.reason } : {}), ...(cond.message ? { message: cond.message } : {}) };
  if (i >= 0) conditions[i] = next;
  else conditions.push(next);
  return { ...status, conditions };
}

/** Sets (a name) or clears (empty string) `status.nominatedNodeName`; undefined leaves it. */
export function withNominatedNodeName(status: PodStatus, nominated: string | undefined): PodStatus {
  if (nominated === undefined) return status;
  const { nominatedNodeName: _, ...rest } = status;
  return nominated ? { ...rest, nominatedNodeName: nominated } : rest;
}
