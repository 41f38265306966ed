/**
 * The patch `kubectl apply` sends for an object that already exists: apimachinery
 * `strategicpatch.CreateThreeWayMergePatch(original, modified, current)`, where `original` is
 * the last-applied configuration, `modified` the manifest being applied and `current` the live
 * object.
 *
 * Assumptions:
 * - The three inputs are decoded JSON objects of the same kind; `meta` is that kind's
 *   patch metadata (patch-schema.ts).
 * Invariants:
 * - Changes and additions come from current -> modified (fields only the server set, such as
 *   status or defaults the manifest never named, are left alone).
 * - Deletions come from original -> modified only: a field is removed (`null`, or
 *   `{$patch: delete}` in a merging list) only if the last apply set it and this one does not.
 * - A merging list whose content or order changed carries `$setElementOrder/<list>`.
 * - An empty result (`{}`) means "unchanged".
 * - With `overwrite` false (`kubectl apply --overwrite=false`), a patch that touches a field the
 *   live object changed since the last apply (the full original -> current diff, without
 *   `$setElementOrder`) is refused with mergepatch's `ErrConflict`, both sides as YAML. The
 *   last-applied annotation is such a field: any patch that changes the manifest conflicts.
 */
import { deepEqual, goType, isMap, type Json, type JsonMap } from './json.js';
import { DELETE_PRIMITIVE_PREFIX, DIRECTIVE, PatchError, SET_ORDER_PREFIX, dedupe, keyString, orderMerged, sortByOrder } from './list-order.js';
import { fieldMeta, type PatchMeta } from './patch-schema.js';
import { toYaml } from '../print/object-output.js';
import { mergingMapsHaveConflicts } from './patch-conflicts.js';
import { describe } from './strategic-merge.js';

interface DiffOptions {
  readonly ignoreDeletions: boolean;
  readonly ignoreChangesAndAdditions: boolean;
  readonly setElementOrder: boolean;
}

/** `CreateThreeWayMergePatch(original, modified, current, meta, overwrite)`; throws PatchError. */
export function threeWayPatch(original: JsonMap, modified: JsonMap, current: JsonMap, meta: PatchMeta, overwrite = true): JsonMap {
  const delta = diffMaps(current, modified, meta, { ignoreDeletions: true, ignoreChangesAndAdditions: false, setElementOrder: true });
  const deletions = diffMaps(original, modified, meta, { ignoreDeletions: false, ignoreChangesAndAdditions: true, setElementOrder: true });
  const patch = mergePatches(deletions, delta, meta);
  const md = patch.metadata;
  if ('apiVersion' in patch || 'kind' in patch || (isMap(md) && 'name' in md)) {
    throw new PatchError('At least one of apiVersion, kind and name was changed');
  }
  if (!overwrite) {
    const changed = diffMaps(original, current, meta, { ignoreDeletions: false, ignoreChangesAndAdditions: false, setElementOrder: false });
    if (mergingMapsHaveConflicts(patch, changed, meta)) {
      throw new PatchError(`patch:\n${toYaml(patch)}\nconflicts with changes made from original to current:\n${toYaml(changed)}\n`);
    }
  }
  return patch;
}

function diffMaps(orig: JsonMap, mod: JsonMap, meta: PatchMeta, o: DiffOptions): JsonMap {
  const patch: JsonMap = {};
  for (const [key, mv] of Object.entries(mod)) {
    if (!(key in orig)) {
      if (!o.ignoreChangesAndAdditions) patch[key] = mv;
      continue;
    }
    const ov = orig[key]!;
    if (goType(ov) !== goType(mv)) {
      if (!o.ignoreChangesAndAdditions) patch[key] = mv;
    } else if (isMap(ov) && isMap(mv)) {
      const sub = diffMaps(ov, mv, fieldMeta(meta, key), o);
      if (Object.keys(sub).length > 0) patch[key] = sub;
    } else if (Array.isArray(ov) && Array.isArray(mv)) {
      diffSlice(key, ov, mv, patch, fieldMeta(meta, key), o);
    } else if (!deepEqual(ov, mv) && !o.ignoreChangesAndAdditions) {
      patch[key] = mv;
    }
  }
  if (!o.ignoreDeletions) for (const key of Object.keys(orig)) if (!(key in mod)) patch[key] = null;
  return patch;
}

/** `handleSliceDiff`: atomic lists are replaced; merging lists are diffed element by element. */
function diffSlice(key: string, ov: Json[], mv: Json[], patch: JsonMap, meta: PatchMeta, o: DiffOptions): void {
  if (meta.strategy !== 'merge') {
    if (!deepEqual(ov, mv) && !o.ignoreChangesAndAdditions) patch[key] = mv;
    return;
  }
  const [add, del, order] = diffLists(ov, mv, meta, o);
  if (add.length > 0) patch[key] = add;
  if (del.length > 0) patch[DELETE_PRIMITIVE_PREFIX + key] = del;
  if (order.length > 0) patch[SET_ORDER_PREFIX + key] = order;
}

/** `diffLists`: the patch list, the scalar deletions and the `$setElementOrder` list. */
function diffLists(ov: Json[], mv: Json[], meta: PatchMeta, o: DiffOptions): [Json[], Json[], Json[]] {
  if (ov.length === 0) return mv.length === 0 || o.ignoreChangesAndAdditions ? [[], [], []] : [mv, [], []];
  const first = [...ov, ...mv].find((x) => x !== null);
  if (!isMap(first)) {
    const [add, del] = diffScalars(ov, mv, o);
    const changed = (!o.ignoreDeletions && del.length > 0) || (!o.ignoreChangesAndAdditions && !deepEqual(ov, mv));
    return [sortByOrder(add, mv, undefined), del, o.setElementOrder && changed ? mv : []];
  }
  const mergeKey = meta.mergeKey;
  if (mergeKey === undefined) throw new PatchError('cannot merge lists without merge key');
  const [changes, deletes] = diffMapLists(ov, mv, meta, mergeKey, o);
  const patchList = [...sortByOrder(changes, mv, mergeKey), ...deletes];
  const orderSame = ov.length === mv.length && ov.every((x, i) => keyString((x as JsonMap)[mergeKey]) === keyString((mv[i] as JsonMap)[mergeKey]));
  const wantOrder = o.setElementOrder && ((!o.ignoreChangesAndAdditions && (patchList.length > 0 || !orderSame)) || (!o.ignoreDeletions && patchList.length > 0));
  const order = wantOrder ? mv.map((x) => ({ [mergeKey]: (x as JsonMap)[mergeKey]! })) : [];
  return [patchList, [], order];
}

/** `diffListsOfMaps`: walks both lists sorted by merge key. */
function diffMapLists(ov: Json[], mv: Json[], meta: PatchMeta, mergeKey: string, o: DiffOptions): [Json[], Json[]] {
  const byKey = (list: Json[]) =>
    list.map((x) => {
      if (!isMap(x) || x[mergeKey] === undefined) throw new PatchError(`map: ${describe(x)} does not contain declared merge key: ${mergeKey}`);
      return { map: x, key: keyString(x[mergeKey]) };
    }).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const os = byKey(ov);
  const ms = byKey(mv);
  const patch: Json[] = [];
  const deletes: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < os.length || j < ms.length) {
    const a = os[i];
    const b = ms[j];
    if (a && b && a.key === b.key) {
      const sub = diffMaps(a.map, b.map, meta, o);
      if (Object.keys(sub).length > 0) patch.push({ ...sub, [mergeKey]: b.map[mergeKey]! });
      i++;
      j++;
    } else if (b && (!a || a.key > b.key)) {
      if (!o.ignoreChangesAndAdditions) patch.push(b.map);
      j++;
    } else {
      if (!o.ignoreDeletions) deletes.push({ [DIRECTIVE]: 'delete', [mergeKey]: a!.map[mergeKey]! });
      i++;
    }
  }
  return [patch, deletes];
}

/** `diffListsOfScalars`: additions and deletions between two sets of scalars. */
function diffScalars(ov: Json[], mv: Json[], o: DiffOptions): [Json[], Json[]] {
  const sorted = (list: Json[]) => dedupe(list).sort((a, b) => (keyString(a) < keyString(b) ? -1 : keyString(a) > keyString(b) ? 1 : 0));
  const os = sorted(ov);
  const ms = sorted(mv);
  const add: Json[] = [];
  const del: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < os.length || j < ms.length) {
    const a = i < os.length ? keyString(os[i]) : undefined;
    const b = j < ms.length ? keyString(ms[j]) : undefined;
    if (a !== undefined && a === b) {
      i++;
      j++;
    } else if (b !== undefined && (a === undefined || a > b)) {
      if (!o.ignoreChangesAndAdditions) add.push(ms[j]!);
      j++;
    } else {
      if (!o.ignoreDeletions) del.push(os[i]!);
      i++;
    }
  }
  return [add, del];
}

/** `mergeMap(deletions, delta)` without parallel-list merging and keeping nulls. */
function mergePatches(orig: JsonMap, patch: JsonMap, meta: PatchMeta): JsonMap {
  const out: JsonMap = { ...orig };
  for (const [k, pv] of Object.entries(patch)) {
    const ov = out[k];
    const fm = fieldMeta(meta, k);
    if (k.startsWith(SET_ORDER_PREFIX) || k.startsWith(DELETE_PRIMITIVE_PREFIX) || pv === null || ov === undefined || goType(ov) !== goType(pv)) {
      out[k] = pv;
    } else if (isMap(ov) && isMap(pv)) {
      out[k] = mergePatches(ov, pv, fm);
    } else if (Array.isArray(ov) && Array.isArray(pv)) {
      out[k] = fm.strategy === 'merge' ? mergePatchLists(ov, pv, fm) : pv;
    } else {
      out[k] = pv;
    }
  }
  return out;
}

function mergePatchLists(orig: Json[], patch: Json[], meta: PatchMeta): Json[] {
  if (orig.length === 0 && patch.length === 0) return orig;
  const mergeKey = meta.mergeKey;
  if (!isMap([...orig, ...patch].find((x) => x !== null)) || mergeKey === undefined) {
    return orderMerged(dedupe([...orig, ...patch]), patch, orig, undefined);
  }
  const merged = [...orig];
  for (const v of patch) {
    const want = keyString((v as JsonMap)[mergeKey]);
    const i = merged.findIndex((x) => isMap(x) && keyString(x[mergeKey]) === want);
    if (i >= 0) merged[i] = mergePatches(merged[i] as JsonMap, v as JsonMap, meta);
    else merged.push(v);
  }
  return orderMerged(merged, patch, orig, mergeKey);
}
