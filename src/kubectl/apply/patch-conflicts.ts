/**
 * Whether two strategic merge patches touch the same field differently: apimachinery
 * `strategicpatch.MergingMapsHaveConflicts` (`mergingMapFieldsHaveConflicts`, `mapsHaveConflicts`,
 * `slicesHaveConflicts`, `mapsOfMapsHaveConflicts`, `sliceOfMapsToMapOfMaps`,
 * `sliceElementType`). `CreateThreeWayMergePatch` asks it with `overwrite` false, the patch on the
 * left and the live object's changes since the last apply on the right (three-way.ts).
 *
 * - Keys only one side has never conflict; `$patch` directives must agree, and a map where only
 *   one side has one conflicts whole.
 * - Scalars conflict when they differ; a scalar against a map or a list conflicts.
 * - A merging list of maps is compared element by element, matched by merge key; a merging list
 *   of scalars never conflicts. Any other list conflicts when the lengths differ, else element by
 *   element in order (scalars deduplicated and sorted first).
 * - The errors are upstream's (lists of lists, elements of mixed types, two empty lists, an
 *   element without its merge key), thrown as PatchError. Where Go would index past a list's end
 *   and panic, this says "conflict".
 * Assumptions: a key the kind's schema does not know has no patch metadata (upstream's schema
 * lookups would fail, each in its own words).
 */
import { deepEqual, goType, isMap, type Json, type JsonMap } from './json.js';
import { DIRECTIVE, PatchError, RETAIN_KEYS, dedupe, keyString } from './list-order.js';
import { fieldMeta, type PatchMeta } from './patch-schema.js';
import { describe } from './strategic-merge.js';

/** `MergingMapsHaveConflicts(left, right, meta)`; throws PatchError. */
export function mergingMapsHaveConflicts(left: JsonMap, right: JsonMap, meta: PatchMeta): boolean {
  return fieldsHaveConflicts(left, right, meta);
}

/** `mergingMapFieldsHaveConflicts`: `meta` describes the value (a list's: its elements). */
function fieldsHaveConflicts(left: Json, right: Json, meta: PatchMeta): boolean {
  if (isMap(left)) {
    if (!isMap(right)) return true;
    const l = left[DIRECTIVE];
    const r = right[DIRECTIVE];
    if ((l !== undefined || r !== undefined) && (l === undefined || r === undefined || !deepEqual(l, r))) return true;
    return mapsHaveConflicts(left, right, meta);
  }
  if (Array.isArray(left)) return !Array.isArray(right) || slicesHaveConflicts(left, right, meta);
  return !deepEqual(left, right);
}

/** `mapsHaveConflicts`: the keys both sides have, but the directives. */
function mapsHaveConflicts(left: JsonMap, right: JsonMap, meta: PatchMeta): boolean {
  for (const [key, lv] of Object.entries(left)) {
    if (key === DIRECTIVE || key === RETAIN_KEYS || !(key in right)) continue;
    if (fieldsHaveConflicts(lv, right[key]!, fieldMeta(meta, key))) return true;
  }
  return false;
}

/** `slicesHaveConflicts`, `meta` being the list field's metadata. */
function slicesHaveConflicts(left: Json[], right: Json[], meta: PatchMeta): boolean {
  const elementType = sliceElementType(left, right);
  if (meta.strategy === 'merge') {
    if (elementType !== 'map') return false;
    const l = byMergeKey(left, meta.mergeKey ?? '');
    const r = byMergeKey(right, meta.mergeKey ?? '');
    for (const [key, lv] of l) {
      const rv = r.get(key);
      if (rv !== undefined && fieldsHaveConflicts(lv, rv, meta)) return true;
    }
    return false;
  }
  if (left.length !== right.length) return true;
  const [ls, rs] = elementType === 'map' ? [left, right] : [sortedScalars(left), sortedScalars(right)];
  return ls.some((x, i) => i >= rs.length || fieldsHaveConflicts(x, rs[i]!, meta));
}

/** `sliceElementType`: the one Go type of every element of both lists. */
function sliceElementType(left: Json[], right: Json[]): string {
  let type: string | undefined;
  for (const v of [...left, ...right]) {
    const t = goType(v);
    if (type === undefined && t === 'slice') throw new PatchError('lists of lists are not supported');
    if (type !== undefined && t !== type) throw new PatchError(`list element types are not identical: ${describe([left, right])}`);
    type = t;
  }
  if (type === undefined) throw new PatchError('no elements in any of the given slices');
  return type;
}

/** `sliceOfMapsToMapOfMaps` of a list of maps (`sliceElementType` said so): the elements by their merge key's value. */
function byMergeKey(list: Json[], mergeKey: string): Map<string, JsonMap> {
  const out = new Map<string, JsonMap>();
  for (const v of list as JsonMap[]) {
    if (!(mergeKey in v)) throw new PatchError(`cannot find merge key \`${mergeKey}\` in merging list element:${describe(v)}`);
    out.set(keyString(v[mergeKey]), v);
  }
  return out;
}

/** `deduplicateAndSortScalars`: by `%v` text. */
function sortedScalars(list: Json[]): Json[] {
  return dedupe(list).sort((a, b) => (keyString(a) < keyString(b) ? -1 : keyString(a) > keyString(b) ? 1 : 0));
}
