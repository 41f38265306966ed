/**
 * Applying a strategic merge patch, as the API server does for `PATCH` with
 * `application/strategic-merge-patch+json` (apimachinery `strategicpatch.StrategicMergeMapPatch`:
 * `mergeMap` with MergeParallelList and IgnoreUnmatchedNulls). Used by `kubectl patch` (the
 * default `--type strategic`) and to apply the three-way patch of `kubectl apply`.
 *
 * Semantics:
 * - A map merges key by key; `null` deletes a key; `$patch: replace` replaces the whole map and
 *   `$patch: delete` empties it.
 * - A list with patch strategy `merge` (patch-schema.ts) merges element by element on its merge
 *   key; `{$patch: delete, <key>: v}` removes an element, `{$patch: replace}` replaces the list;
 *   new elements are appended after the server's. Other lists are replaced whole.
 * - `$setElementOrder/<list>` fixes the order of the named elements; `$deleteFromPrimitiveList/
 *   <list>` removes scalars. `$retainKeys` keeps only the listed keys of a map.
 */
import { goType, isMap, type Json, type JsonMap } from './json.js';
import {
  DELETE_PRIMITIVE_PREFIX,
  DIRECTIVE,
  PatchError,
  RETAIN_KEYS,
  SET_ORDER_PREFIX,
  dedupe,
  keyString,
  orderMerged,
} from './list-order.js';
import { fieldMeta, type PatchMeta } from './patch-schema.js';

/** `StrategicMergeMapPatch(original, patch)`: the patched object; throws PatchError. */
export function strategicMerge(original: JsonMap, patch: JsonMap, meta: PatchMeta): JsonMap {
  return mergeMap(original, patch, meta);
}

function mergeMap(original: JsonMap, patch: JsonMap, meta: PatchMeta): JsonMap {
  const directive = patch[DIRECTIVE];
  if (directive !== undefined) {
    if (directive === 'delete') return {};
    if (directive !== 'replace') throw new PatchError(`unknown patch type: ${String(directive)} in map: ${describe(patch)}`);
    const rest: JsonMap = { ...patch };
    delete rest[DIRECTIVE];
    return mergeMap({}, rest, meta);
  }
  const out: JsonMap = { ...original };
  const retain = patch[RETAIN_KEYS];
  if (Array.isArray(retain)) {
    for (const k of Object.keys(out)) if (!retain.includes(k) && !(k in patch)) delete out[k];
  }
  const done = new Set<string>([DIRECTIVE, RETAIN_KEYS]);
  for (const [key, order] of Object.entries(patch)) {
    if (!key.startsWith(SET_ORDER_PREFIX)) continue;
    const field = key.slice(SET_ORDER_PREFIX.length);
    if (!Array.isArray(order)) throw new PatchError(`invalid type for ${key}: ${describe(order)}`);
    const fm = fieldMeta(meta, field);
    const originalList = Array.isArray(out[field]) ? (out[field] as Json[]) : [];
    const patchList = Array.isArray(patch[field]) ? (patch[field] as Json[]) : [];
    const deletions = patch[DELETE_PRIMITIVE_PREFIX + field];
    let merged: Json[];
    if (fm.mergeKey === undefined) {
      merged = dedupe([...originalList, ...patchList]).filter((x) => !(Array.isArray(deletions) && deletions.some((d) => d === x)));
    } else {
      const [base, items] = withoutSpecialElements(originalList, patchList, fm.mergeKey);
      merged = mergeElements(base, items, fm);
    }
    out[field] = orderMerged(merged, order, originalList, fm.mergeKey);
    done.add(key).add(field).add(DELETE_PRIMITIVE_PREFIX + field);
  }
  for (const [key, pv] of Object.entries(patch)) {
    if (done.has(key) || key.startsWith(SET_ORDER_PREFIX)) continue;
    if (key.startsWith(DELETE_PRIMITIVE_PREFIX)) {
      const field = key.slice(DELETE_PRIMITIVE_PREFIX.length);
      const list = out[field];
      if (Array.isArray(list) && Array.isArray(pv)) out[field] = list.filter((x) => !pv.some((d) => d === x));
      continue;
    }
    if (pv === null) {
      delete out[key];
      continue;
    }
    const fm = fieldMeta(meta, key);
    const ov = out[key];
    if (ov === undefined || goType(ov) !== goType(pv)) out[key] = fresh(pv, fm);
    else if (isMap(ov) && isMap(pv)) out[key] = mergeMap(ov, pv, fm);
    else if (Array.isArray(ov) && Array.isArray(pv)) out[key] = mergeList(ov, pv, fm);
    else out[key] = pv;
  }
  return out;
}

/** A patch value with nothing to merge into: its directives and nulls applied to nothing. */
function fresh(v: Json, meta: PatchMeta): Json {
  if (isMap(v)) return mergeMap({}, v, meta);
  if (Array.isArray(v)) return mergeList([], v, meta);
  return v;
}

/** `mergeSliceHandler` / `mergeSlice`. */
function mergeList(original: Json[], patch: Json[], meta: PatchMeta): Json[] {
  if (meta.strategy !== 'merge') return patch.map((x) => (isMap(x) ? mergeMap({}, x, {}) : x));
  if (original.length === 0 && patch.length === 0) return original;
  const first = [...original, ...patch].find((x) => x !== null);
  if (!isMap(first)) return orderMerged(dedupe([...original, ...patch]), patch, original, undefined);
  if (meta.mergeKey === undefined) throw new PatchError('cannot merge lists without merge key');
  const [base, items, replaced] = withoutSpecialElements(original, patch, meta.mergeKey);
  if (replaced) return items.map((x) => (isMap(x) ? mergeMap({}, x, meta) : x));
  return orderMerged(mergeElements(base, items, meta), items, base, meta.mergeKey);
}

/** `mergeSliceWithSpecialElements`: applies `$patch: delete`; reports `$patch: replace`. */
function withoutSpecialElements(original: Json[], patch: Json[], mergeKey: string): [Json[], Json[], boolean] {
  let base = original;
  const items: Json[] = [];
  let replace = false;
  for (const v of patch) {
    if (!isMap(v) || v[DIRECTIVE] === undefined) {
      items.push(v);
      continue;
    }
    const kind = v[DIRECTIVE];
    if (kind === 'delete') {
      if (v[mergeKey] === undefined) throw new PatchError('delete patch type with no merge key defined');
      const target = keyString(v[mergeKey]);
      base = base.filter((x) => !(isMap(x) && keyString(x[mergeKey]) === target));
    } else if (kind === 'replace') replace = true;
    else if (kind === 'merge') throw new PatchError('Merging lists cannot yet be specified in the patch');
    else throw new PatchError(`Unknown patch type: ${String(kind)}`);
  }
  return [replace ? [] : base, items, replace];
}

/** `mergeSliceWithoutSpecialElements`: merges each patch element into its match, or appends it. */
function mergeElements(base: Json[], items: Json[], meta: PatchMeta): Json[] {
  const mergeKey = meta.mergeKey!;
  const out = [...base];
  for (const v of items) {
    if (!isMap(v) || v[mergeKey] === undefined) throw new PatchError(`map: ${describe(v)} does not contain declared merge key: ${mergeKey}`);
    const want = keyString(v[mergeKey]);
    const i = out.findIndex((x) => isMap(x) && keyString(x[mergeKey]) === want);
    if (i >= 0) out[i] = mergeMap(out[i] as JsonMap, v, meta);
    else out.push(mergeMap({}, v, meta));
  }
  return out;
}

/** Go's `%v` of a decoded JSON value, as apimachinery's messages print it. */
export function describe(v: Json | undefined): string {
  if (v === undefined || v === null) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(describe).join(' ')}]`;
  if (isMap(v)) {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${describe(v[k])}`).join(' ')}]`;
  }
  return String(v);
}
