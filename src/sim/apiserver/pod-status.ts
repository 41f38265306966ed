/**
 * Pod status edits made outside the kubelet (`podutil.UpdatePodCondition`): the binding
 * subresource's PodScheduled=True, the scheduler's `updatePod` and preemption's DisruptionTarget
 * patch. A condition replaces the one of its type, keeping `lastTransitionTime` when the status
 * did not change; `lastProbeTime` is null.
 */
import type { PodCondition, PodStatus } from '../api/types.js';
import { rfc3339 } from '../engine/time.js';
import { BoundedTable } from '../bounded-table.js';
import { appended, trimmed } from '../intern.js';
import { PackedCopier } from './packed.js';

/**
 * Conditions by every field, so the pods whose conditions changed at one instant share them (a
 * fleet's pods are bound and turn Ready together): by transition time, then type, status,
 * reason and message, each looked up as the string it already is (the type, status and reason
 * are constants, the time comes from the clock's memo), so a condition write builds no joined
 * key. Dropped whole at 4,096 instants.
 */
const conditionsByTime = new BoundedTable<string, Map<string, Map<string, Map<string, Map<string, PodCondition>>>>>(4096);

/** The Map one level down, made empty when absent. */
function level<T>(m: Map<string, Map<string, T>>, key: string): Map<string, T> {
  let v = m.get(key);
  if (v === undefined) m.set(key, (v = new Map()));
  return v;
}

/** The condition objects sharedPodCondition made: only lists of these are shared. */
const sharedConditions = new WeakSet<PodCondition>();

/** The pod condition with these fields (`lastProbeTime` null), shared by every pod that has it. */
export function sharedPodCondition(type: PodCondition['type'], status: PodCondition['status'], lastTransitionTime: string, reason?: string, message?: string): PodCondition {
  let byType = conditionsByTime.get(lastTransitionTime);
  if (byType === undefined) byType = conditionsByTime.set(lastTransitionTime, new Map());
  const byMessage = level(level(level(byType, type), status), reason ?? '');
  let c = byMessage.get(message ?? '');
  if (c === undefined) {
    // Built field by field (in the order the API serves them), not with spreads.
    const fresh: { -readonly [K in keyof PodCondition]: PodCondition[K] } = { type, status, lastProbeTime: null, lastTransitionTime };
    if (reason) fresh.reason = reason;
    if (message) fresh.message = message;
    sharedConditions.add(fresh);
    byMessage.set(message ?? '', (c = fresh));
  }
  return c;
}

/** A node of the table of shared lists: the list of the conditions on the path to it, and the lists that go on. */
interface ListNode {
  list: readonly PodCondition[] | undefined;
  readonly next: Map<PodCondition, ListNode>;
}

const NO_CONDITIONS: readonly PodCondition[] = [];

/** Shared lists by their first condition, then each next one by identity. Dropped whole at 4,096 first conditions. */
const listsByFirst = new BoundedTable<PodCondition, ListNode>(4096);

/**
 * `list` to store, trimmed to its length, and shared by every pod whose conditions are the same
 * objects in the same order (a fleet's pods, bound and Ready together). A list holding a
 * condition not made by sharedPodCondition is not shared.
 */
export function sharedConditionList(list: PodCondition[]): readonly PodCondition[] {
  if (list.length === 0) return NO_CONDITIONS;
  for (const c of list) if (!sharedConditions.has(c)) return trimmed(list);
  let node: ListNode = listsByFirst.get(list[0]!) ?? listsByFirst.set(list[0]!, { list: undefined, next: new Map() });
  for (let i = 1; i < list.length; i++) {
    let child: ListNode | undefined = node.next.get(list[i]!);
    if (child === undefined) node.next.set(list[i]!, (child = { list: undefined, next: new Map() }));
    node = child;
  }
  return (node.list ??= trimmed(list));
}

const CONDITIONED_STATUS = new PackedCopier();

/**
 * `status` with `cond` in place of the condition of its type, or after the others. The new list
 * is made at its length (a copy, or `appended`), not spread and then pushed to: a binding gives
 * every pod its first condition, and a list grown by a push is made with room for more.
 */
export function withCondition(status: PodStatus, cond: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>, now: number): PodStatus {
  const list = status.conditions ?? NO_CONDITIONS;
  let i = 0;
  while (i < list.length && list[i]!.type !== cond.type) i++;
  const old = i < list.length ? list[i] : undefined;
  const lastTransitionTime = old && old.status === cond.status && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(now);
  const next = sharedPodCondition(cond.type, cond.status, lastTransitionTime, cond.reason, cond.message);
  let conditions: PodCondition[];
  if (old !== undefined) {
    conditions = list.slice();
    conditions[i] = next;
  } else conditions = appended(list, next);
  // Packed (packed.ts): a new pod's status gains its first conditions, which a spread would give a hidden class of its own.
  return CONDITIONED_STATUS.copyWith(status, 'conditions', sharedConditionList(conditions));
}

/** Sets (a name) or clears (empty string) `status.nominatedNodeName`; undefined leaves it. */
export function withNominatedNodeName(status: PodStatus, nominated: string | undefined): PodStatus {
  if (nominated === undefined) return status;
  const { nominatedNodeName: _, ...rest } = status;
  return nominated ? { ...rest, nominatedNodeName: nominated } : rest;
}
