/**
 * Pod status edits made outside the kubelet (`podutil.UpdatePodCondition`): the binding
 * subresource's PodScheduled=True, the scheduler's `updatePod` and preemption's DisruptionTarget
 * patch. A condition replaces the one of its type, keeping `lastTransitionTime` when the status
 * did not change; `lastProbeTime` is null.
 */
import type { PodCondition, PodStatus } from '../api/types.js';
import { rfc3339 } from '../engine/time.js';
import { InternTable, trimmed } from '../intern.js';

/**
 * Conditions by every field, so the pods whose conditions changed at one instant share them (a
 * fleet's pods are bound and turn Ready together). Dropped whole at 4,096 entries.
 */
const internedConditions = new InternTable<PodCondition>();

/** A number for each interned condition, so a list of them has a short key. */
const conditionIds = new WeakMap<PodCondition, number>();
let nextConditionId = 0;

/** The pod condition with these fields (`lastProbeTime` null), shared by every pod that has it. */
export function sharedPodCondition(type: PodCondition['type'], status: PodCondition['status'], lastTransitionTime: string, reason?: string, message?: string): PodCondition {
  return internedConditions.get(`${type}\u0000${status}\u0000${lastTransitionTime}\u0000${reason ?? ''}\u0000${message ?? ''}`, () => {
    // Built field by field (in the order the API serves them), not with spreads.
    const fresh: { -readonly [K in keyof PodCondition]: PodCondition[K] } = { type, status, lastProbeTime: null, lastTransitionTime };
    if (reason) fresh.reason = reason;
    if (message) fresh.message = message;
    conditionIds.set(fresh, nextConditionId++);
    return fresh;
  });
}

/** Lists of interned conditions by their ids. Dropped whole at 4,096 entries. */
const internedLists = new InternTable<readonly PodCondition[]>();

/**
 * `list` to store, trimmed to its length, and shared by every pod whose conditions are the same
 * objects in the same order (a fleet's pods, bound and Ready together). A list holding a
 * condition not made by sharedPodCondition is not shared.
 */
export function sharedConditionList(list: PodCondition[]): readonly PodCondition[] {
  const ids: number[] = [];
  for (const c of list) {
    const id = conditionIds.get(c);
    if (id === undefined) return trimmed(list);
    ids.push(id);
  }
  return internedLists.get(ids.join(','), () => trimmed(list));
}

export function withCondition(status: PodStatus, cond: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>, now: number): PodStatus {
  const conditions = [...(status.conditions ?? [])];
  const i = conditions.findIndex((c) => c.type === cond.type);
  const old = i >= 0 ? conditions[i] : undefined;
  const lastTransitionTime = old && old.status === cond.status && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(now);
  const next = sharedPodCondition(cond.type, cond.status, lastTransitionTime, cond.reason, cond.message);
  if (i >= 0) conditions[i] = next;
  else conditions.push(next);
  return { ...status, conditions: sharedConditionList(conditions) };
}

/** Sets (a name) or clears (empty string) `status.nominatedNodeName`; undefined leaves it. */
export function withNominatedNodeName(status: PodStatus, nominated: string | undefined): PodStatus {
  if (nominated === undefined) return status;
  const { nominatedNodeName: _, ...rest } = status;
  return nominated ? { ...rest, nominatedNodeName: nominated } : rest;
}
