/**
 * How strategic merge patch orders the elements of a merged list, shared by patch application
 * (strategic-merge.ts) and three-way patch creation (three-way.ts). Ports of apimachinery
 * `strategicpatch` helpers `normalizeSliceOrder`, `normalizeElementOrder`, `mergeSortedSlice`,
 * `partitionMapsByPresentInList` and `mergeKeyValueToString`.
 *
 * Elements are identified by their merge-key value (for lists of objects) or by themselves (for
 * lists of scalars). The directive key `$patch` marks delete/replace elements.
 */
import { deepEqual, isMap, type Json } from './json.js';

export const DIRECTIVE = '$patch';
export const SET_ORDER_PREFIX = '$setElementOrder/';
export const DELETE_PRIMITIVE_PREFIX = '$deleteFromPrimitiveList/';
export const RETAIN_KEYS = '$retainKeys';

/** A strategic-merge-patch failure, in apimachinery's words. */
export class PatchError extends Error {}

/** `mergeKeyValueToString`: the text a merge-key value is compared by. */
export function keyString(v: Json | undefined): string {
  return typeof v === 'string' ? v : JSON.stringify(v ?? null);
}

/** Where `item` sits in `order`: by merge key for objects, by value for scalars; -1 if absent. */
export function indexIn(order: readonly Json[], item: Json, mergeKey: string | undefined): number {
  if (mergeKey === undefined) return order.findIndex((x) => deepEqual(x, item));
  const want = isMap(item) ? keyString(item[mergeKey]) : undefined;
  return order.findIndex((x) => isMap(x) && keyString(x[mergeKey]) === want);
}

/** `normalizeSliceOrder`: a stable sort by position in `order`; `$patch` elements go last. */
export function sortByOrder(items: readonly Json[], order: readonly Json[], mergeKey: string | undefined): Json[] {
  const directives = mergeKey === undefined ? [] : items.filter((x) => isMap(x) && x[DIRECTIVE] !== undefined);
  const rest = mergeKey === undefined ? [...items] : items.filter((x) => !(isMap(x) && x[DIRECTIVE] !== undefined));
  const pos = (x: Json) => {
    const i = indexIn(order, x, mergeKey);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const sorted = rest.map((x, i) => ({ x, i })).sort((a, b) => pos(a.x) - pos(b.x) || a.i - b.i);
  return [...sorted.map((e) => e.x), ...directives];
}

/**
 * `mergeSortedSlice`: interleaves two sorted lists by their positions in `serverOrder`. The next
 * element of `left` goes first only when both it and the next of `right` are on the server and it
 * stands ahead there; otherwise `right`'s goes first. So an element new to the server (a container
 * a patch adds) comes before the server-only elements around it, as upstream places it.
 */
export function mergeSorted(left: readonly Json[], right: readonly Json[], serverOrder: readonly Json[], mergeKey: string | undefined): Json[] {
  const less = (l: Json, r: Json) => {
    const li = indexIn(serverOrder, l, mergeKey);
    const ri = indexIn(serverOrder, r, mergeKey);
    return li >= 0 && ri >= 0 && li < ri;
  };
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) out.push(less(left[i]!, right[j]!) ? left[i++]! : right[j++]!);
  return [...out, ...left.slice(i), ...right.slice(j)];
}

/**
 * `normalizeElementOrder` after `partition...ByPresentInList`: elements named in `patchOrder`
 * follow its order, the others keep their `serverOrder` order, and the two are interleaved by
 * their positions on the server.
 */
export function orderMerged(merged: readonly Json[], patchOrder: readonly Json[], serverOrder: readonly Json[], mergeKey: string | undefined): Json[] {
  const inPatch = merged.filter((x) => indexIn(patchOrder, x, mergeKey) >= 0);
  const serverOnly = merged.filter((x) => indexIn(patchOrder, x, mergeKey) < 0);
  return mergeSorted(sortByOrder(serverOnly, serverOrder, mergeKey), sortByOrder(inPatch, patchOrder, mergeKey), serverOrder, mergeKey);
}

/** `deduplicateScalars`: first occurrence wins. */
export function dedupe(items: readonly Json[]): Json[] {
  const out: Json[] = [];
  for (const x of items) if (!out.some((y) => deepEqual(x, y))) out.push(x);
  return out;
}
