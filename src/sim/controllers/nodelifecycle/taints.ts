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
 *
 * Loops over taint and condition lists are indexed: these run on every monitor of every node,
 * often before they are optimised, and an unoptimised for-of allocates an iterator result per
 * element (about 1.2 MB per 5,000-node build).
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
  return listed(node.spec.taints ?? NO_TAINTS, t);
}

/**
 * Whether the node has the NoExecute not-ready or unreachable taint: `hasTaint` for both in one
 * pass over the list (`markNodeAsReachable` asks on every monitor of a Ready node).
 */
export function hasReachabilityNoExecute(node: Node): boolean {
  const taints = node.spec.taints;
  if (!taints) return false;
  for (let i = 0; i < taints.length; i++) {
    const x = taints[i]!;
    if (x.effect === 'NoExecute' && (x.key === TAINT_NOT_READY || x.key === TAINT_UNREACHABLE)) return true;
  }
  return false;
}

/**
 * The taints after adding `add` (stamped `timeAdded`, at the end, each once and only when the
 * node lacks it) and removing `remove` (by key and effect): one list built in one pass, exact
 * in length (it is kept in the node's spec).
 */
export function swapTaints(node: Node, add: readonly Taint[], remove: readonly Taint[], now: number): Taint[] {
  const taints = node.spec.taints ?? NO_TAINTS;
  // Removing only: the answer depends on the two lists alone, and the nodes of a fleet that
  // turn Ready together share both (the registration taint list and the tainting pass's diff).
  if (add.length === 0 && taints === lastRemovedFrom && remove === lastRemoved) return lastRemaining as Taint[];
  const out: Taint[] = [];
  for (let i = 0; i < taints.length; i++) if (!listed(remove, taints[i]!)) out.push(taints[i]!);
  let added: string | undefined;
  for (let i = 0; i < add.length; i++) {
    const t = add[i]!;
    if (listed(taints, t) || listedBefore(add, i, t) || listed(remove, t)) continue;
    const timeAdded = (added ??= rfc3339(now));
    out.push(t.value ? { key: t.key, value: t.value, effect: t.effect, timeAdded } : { key: t.key, effect: t.effect, timeAdded });
  }
  if (add.length > 0) return trimmed(out);
  lastRemovedFrom = taints;
  lastRemoved = remove;
  return (lastRemaining = out.length === 0 ? NO_TAINTS : trimmed(out)) as Taint[];
}

/**
 * The last removal `swapTaints` made, and its answer: a list every node it is given to keeps
 * (stored lists are never changed), so the nodes after it with the same lists share it.
 */
let lastRemovedFrom: readonly Taint[] | undefined;
let lastRemoved: readonly Taint[] | undefined;
let lastRemaining: readonly Taint[] | undefined;

/**
 * The NoSchedule taints the node's conditions and spec.unschedulable call for, in condition
 * order. A healthy node (nearly every node of a fleet, every pass) gets the shared empty list:
 * nothing is allocated to find that nothing is wanted.
 */
function wantedNoScheduleTaints(node: Node): readonly Taint[] {
  let out: readonly Taint[] | undefined;
  const conditions = node.status.conditions;
  if (conditions) {
    for (let i = 0; i < conditions.length; i++) {
      const c = conditions[i]!;
      const key = CONDITION_TAINTS[c.type]?.[c.status];
      if (key) out = wantedToo(out, key);
    }
  }
  if (node.spec.unschedulable) out = wantedToo(out, TAINT_UNSCHEDULABLE);
  return out ?? NO_TAINTS;
}

/**
 * The wanted taints `list` and the NoSchedule taint of `key`: the shared list of that taint alone
 * when it is the first (a booting or unreachable node, every monitor of it), else a new list.
 */
function wantedToo(list: readonly Taint[] | undefined, key: string): readonly Taint[] {
  return list ? [...list, NO_SCHEDULE[key]!] : ONLY_NO_SCHEDULE[key]!;
}

/** One NoSchedule taint object per key the pass manages (never stored: a taint added is stamped afresh). */
const NO_SCHEDULE: Readonly<Record<string, Taint>> = Object.fromEntries(
  [...CONDITION_TAINT_KEYS, TAINT_UNSCHEDULABLE].map((key) => [key, { key, effect: 'NoSchedule' }]),
);

/** The list of each of those taints alone (only read). */
const ONLY_NO_SCHEDULE: Readonly<Record<string, readonly Taint[]>> = Object.fromEntries(Object.entries(NO_SCHEDULE).map(([key, t]) => [key, [t]]));

const NO_TAINTS: readonly Taint[] = [];

/** A NoSchedule taint this pass manages (a condition's or spec.unschedulable's). */
function isManagedNoSchedule(t: Taint): boolean {
  return t.effect === 'NoSchedule' && (t.key === TAINT_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key));
}

/**
 * `list` with `t` at its end, or a list of `t` alone: a list of one (the usual length here)
 * made by pushing onto `[]` would hold room for sixteen more.
 */
function appended(list: Taint[] | undefined, t: Taint): Taint[] {
  if (!list) return [t];
  list.push(t);
  return list;
}

/** Whether `list` holds a taint with `t`'s key and effect. */
function listed(list: readonly Taint[], t: Taint): boolean {
  return listedBefore(list, list.length, t);
}

/** Whether `list[0..end)` holds a taint with `t`'s key and effect. */
function listedBefore(list: readonly Taint[], end: number, t: Taint): boolean {
  for (let i = 0; i < end; i++) if (same(list[i]!, t)) return true;
  return false;
}

/** The NoSchedule taints the tainting pass adds and removes (each list in its own order). */
export interface TaintDiff {
  readonly add: readonly Taint[];
  readonly remove: readonly Taint[];
}

/**
 * `doNoScheduleTaintingPass`: what to add (the wanted taints the node lacks, in condition
 * order) and what to remove (the managed NoSchedule taints not wanted, in the node's order), or
 * undefined when nothing changes. Runs on every monitor of every node: a node whose taints are
 * already what its conditions call for (nearly all, every pass) allocates nothing.
 */
export function noScheduleTaintDiff(node: Node): TaintDiff | undefined {
  const taints = node.spec.taints ?? NO_TAINTS;
  const wanted = wantedNoScheduleTaints(node);
  // Nothing wanted: the managed taints go, an answer that depends on the node's list alone, and
  // the nodes of a fleet turning Ready together share one (the registration's not-ready taint).
  if (wanted === NO_TAINTS && taints === lastUnwantedFrom) return lastUnwanted;
  const diff = taintDiff(taints, wanted);
  if (wanted === NO_TAINTS) {
    lastUnwantedFrom = taints;
    lastUnwanted = diff;
  }
  return diff;
}

/** The last list `noScheduleTaintDiff` found with nothing wanted, and its diff. */
let lastUnwantedFrom: readonly Taint[] | undefined;
let lastUnwanted: TaintDiff | undefined;

/** The diff from `taints` to the `wanted` ones, or undefined when there is none. */
function taintDiff(taints: readonly Taint[], wanted: readonly Taint[]): TaintDiff | undefined {
  let add: Taint[] | undefined;
  let remove: Taint[] | undefined;
  // A wanted taint is a managed one, so the node's taints hold it iff its managed ones do.
  for (let i = 0; i < wanted.length; i++) if (!listed(taints, wanted[i]!)) add = appended(add, wanted[i]!);
  for (let i = 0; i < taints.length; i++) {
    const c = taints[i]!;
    if (isManagedNoSchedule(c) && !listed(wanted, c)) remove = appended(remove, c);
  }
  return add || remove ? { add: add ?? NO_TAINTS, remove: remove ?? NO_TAINTS } : undefined;
}

/** The diff as the write's reason lists it: "+KEY, ..., -KEY, ..." (additions first). */
export function taintDiffWords(diff: TaintDiff): string {
  // The shared diff of the nodes turning Ready together is worded once.
  if (diff === lastWorded) return lastWords;
  let words = '';
  for (let i = 0; i < diff.add.length; i++) words += `${words ? ', ' : ''}+${diff.add[i]!.key}`;
  for (let i = 0; i < diff.remove.length; i++) words += `${words ? ', ' : ''}-${diff.remove[i]!.key}`;
  lastWorded = diff;
  return (lastWords = words);
}

let lastWorded: TaintDiff | undefined;
let lastWords = '';
