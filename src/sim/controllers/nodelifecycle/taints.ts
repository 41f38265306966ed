/**
 * The node lifecycle controller's taints (`nodeConditionToTaintKeyStatusMap`,
 * `doNoScheduleTaintingPass`, `SwapNodeControllerTaint`, `markNodeAsReachable`):
 *
 * - NoSchedule, applied at once: Ready=False -> not-ready, Ready=Unknown -> unreachable,
 *   MemoryPressure/DiskPressure/PIDPressure/NetworkUnavailable=True -> memory-pressure/
 *   disk-pressure/pid-pressure/network-unavailable, spec.unschedulable -> unschedulable; each is
 *   removed when its cause clears.
 * - NoExecute not-ready / unreachable: added through the rate-limited zone queue (zones.ts),
 *   swapped at once when the Ready state flips between False and Unknown, removed when Ready.
 *
 * Every taint the controller adds carries `timeAdded`; new taints go to the end of the list.
 */
import type { Node, Taint } from '../../api/types.js';
import { rfc3339 } from '../../engine/time.js';
import { trimmed } from '../../intern.js';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** Which condition status gives which NoSchedule taint key. */
export const CONDITION_TAINTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};

const CONDITION_TAINT_KEYS = new Set(Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)));

export const NOT_READY_NO_EXECUTE: Taint = { key: TAINT_NOT_READY, effect: 'NoExecute' };
export const UNREACHABLE_NO_EXECUTE: Taint = { key: TAINT_UNREACHABLE, effect: 'NoExecute' };

function same(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function hasTaint(node: Node, t: Taint): boolean {
  const taints = node.spec.taints;
  if (taints) for (const x of taints) if (same(x, t)) return true;
  return false;
}

/**
 * Whether the node has the NoExecute not-ready or unreachable taint: `hasTaint` for both in one
 * pass over the list (`markNodeAsReachable` asks on every monitor of a Ready node).
 */
export function hasReachabilityNoExecute(node: Node): boolean {
  const taints = node.spec.taints;
  if (taints) for (const x of taints) if (x.effect === 'NoExecute' && (x.key === TAINT_NOT_READY || x.key === TAINT_UNREACHABLE)) return true;
  return false;
}

/** The taints after adding `add` (stamped `timeAdded`) and removing `remove` (by key and effect). */
export function swapTaints(node: Node, add: readonly Taint[], remove: readonly Taint[], now: number): Taint[] {
  const out = [...(node.spec.taints ?? [])];
  for (const t of add) {
    const stamped: Taint = { key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect, timeAdded: rfc3339(now) };
    const i = out.findIndex((x) => same(x, t));
    if (i >= 0) continue;
    out.push(stamped);
  }
  // Trimmed: the list is kept in the node's spec.
  return trimmed(out.filter((x) => !remove.some((r) => same(r, x))));
}

/**
 * The NoSchedule taints the node's conditions and spec.unschedulable call for, in condition
 * order. A healthy node (nearly every node of a fleet, every pass) gets the shared empty list:
 * nothing is allocated to find that nothing is wanted.
 */
function wantedNoScheduleTaints(node: Node): readonly Taint[] {
  let out: Taint[] | undefined;
  const conditions = node.status.conditions;
  if (conditions) {
    for (const c of conditions) {
      const key = CONDITION_TAINTS[c.type]?.[c.status];
      if (key) (out ??= []).push(NO_SCHEDULE[key]!);
    }
  }
  if (node.spec.unschedulable) (out ??= []).push(NO_SCHEDULE[TAINT_UNSCHEDULABLE]!);
  return out ?? NO_TAINTS;
}

/** One NoSchedule taint object per key the pass manages (never stored: a taint added is stamped afresh). */
const NO_SCHEDULE: Readonly<Record<string, Taint>> = Object.fromEntries(
  [...CONDITION_TAINT_KEYS, TAINT_UNSCHEDULABLE].map((key) => [key, { key, effect: 'NoSchedule' }]),
);

const NO_TAINTS: readonly Taint[] = [];

/** A NoSchedule taint this pass manages (a condition's or spec.unschedulable's). */
function isManagedNoSchedule(t: Taint): boolean {
  return t.effect === 'NoSchedule' && (t.key === TAINT_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key));
}

/** `doNoScheduleTaintingPass`: what to add and what to remove, or undefined when nothing changes. */
export function noScheduleTaintDiff(node: Node): { add: Taint[]; remove: Taint[] } | undefined {
  const taints = node.spec.taints ?? NO_TAINTS;
  const wanted = wantedNoScheduleTaints(node);
  // A healthy node: nothing wanted, nothing to remove.
  if (wanted.length === 0 && !taints.some(isManagedNoSchedule)) return undefined;
  const current = taints.filter(isManagedNoSchedule);
  const add = wanted.filter((w) => !current.some((c) => same(c, w)));
  const remove = current.filter((c) => !wanted.some((w) => same(c, w)));
  return add.length === 0 && remove.length === 0 ? undefined : { add, remove };
}
