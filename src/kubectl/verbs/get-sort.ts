/**
 * `kubectl get --sort-by=PATH` (kubectl `pkg/cmd/get/sorter.go`: `SortObjects` and `RuntimeSort`
 * for the list `-o json|yaml|name|jsonpath|custom-columns` print, `NewTableSorter` and
 * `TableSorter` for each table, `isLess` for both; `RuntimeSorter.Sort` in get.go).
 *
 * What is compared is the first value the path finds in each object, as Go holds it after
 * decoding the object into unstructured content:
 * - an object where the path finds nothing sorts before one where it finds something;
 * - integers compare as integers, floats as floats;
 * - two strings that both parse as quantities compare as quantities (`500m` < `2` < `16`,
 *   `512Mi` < `1Gi`); any other strings in plain byte order (`r10` < `r100` < `r9`,
 *   `node-10` < `node-9`), never "naturally";
 * - JSON null sorts first; booleans, maps, lists and mixed kinds cannot be sorted: kubectl stops
 *   with klog's fatal `Field PATH in T is an unsortable type: ...` (printed here without klog's
 *   time and process header, which would make the output differ from run to run).
 * The sort is Go's `sort.Sort` (format/go-sort.ts), which is not stable, as upstream.
 *
 * Assumptions: each key is computed once per object (as `NewTableSorter` does for its rows), so
 * a sort costs O(n log n) comparisons of precomputed values.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { compareQuantity, parseQuantity } from '../../sim/api/quantity.js';
import { goSort } from '../format/go-sort.js';
import type { GoValue } from '../format/go-value.js';
import { findJsonPathResults, parseJsonPath, type CompiledJsonPath } from '../format/jsonpath.js';
import { relaxedJsonPath } from '../print/custom-columns.js';
import { sortKeysDeep } from '../print/object-output.js';

/** Where the objects are sorted: a table's rows, or the list the generic printers print. */
export type SortTarget = 'table' | 'list';

/** The Go type kubectl's fatal message names (`%T` of the sorter's data). */
const HOLDER: Record<SortTarget, string> = { table: '[][][]reflect.Value', list: '*unstructured.Unstructured' };

/** Why the objects could not be sorted; `fatal` for klog's exit (printed without `error: `). */
export interface SortError {
  readonly error: string;
  readonly fatal?: true;
}

class Unsortable extends Error {}

/** The first value the path finds in `obj`, or undefined when it finds nothing. */
function firstValue(path: CompiledJsonPath, obj: ApiObject): GoValue | undefined | { error: string } {
  const found = findJsonPathResults(path, sortKeysDeep(obj));
  if ('error' in found) return found;
  return found[0]?.[0];
}

/** Go's name of the dynamic type an interface holds, as `isLess` reports it. */
function goTypeOf(v: GoValue): string {
  if (v.k === 'map') return 'map[string]interface {}';
  if (v.k === 'slice') return '[]interface {}';
  return v.k === 'float' ? 'float64' : v.k;
}

/** `isLess` for two values held in interfaces (the unstructured content's map and list members). */
function isLess(i: GoValue, j: GoValue): boolean {
  if (i.k === 'nil' && j.k === 'nil') return false;
  if (i.k === 'nil') return true;
  if (j.k === 'nil') return false;
  switch (i.k) {
    case 'int64':
    case 'float':
      if (j.k === i.k) return i.v < (j.v as number);
      break;
    case 'string':
      if (j.k === 'string') {
        const qi = parseQuantity(i.v);
        const qj = parseQuantity(j.v);
        if ('error' in qi || 'error' in qj) return i.v < j.v;
        return compareQuantity(qi, qj) < 0;
      }
      break;
    default:
      throw new Unsortable(`unsortable type: ${goTypeOf(i)}`);
  }
  throw new Unsortable('unsortable interface: interface');
}

/**
 * Sorts one table's rows (`target: 'table'`) or the generic printers' list (`'list'`): the
 * objects in kubectl's order, or the error kubectl stops with.
 */
export function sortObjects(objects: readonly ApiObject[], expr: string, target: SortTarget): ApiObject[] | SortError {
  const relaxed = relaxedJsonPath(expr);
  // The table sorter falls back to the flag as typed when it is no relaxed path; the list sorter fails.
  const field = typeof relaxed === 'string' ? relaxed : target === 'table' ? expr : undefined;
  if (field === undefined) return relaxed as SortError;
  const path = parseJsonPath(field);
  if ('error' in path) return { error: target === 'table' ? `sorting error: ${path.error}` : path.error };
  const keys = new Map<ApiObject, GoValue | undefined>();
  for (const o of objects) {
    const v = firstValue(path, o);
    if (v !== undefined && 'error' in v) return v;
    keys.set(o, v as GoValue | undefined);
  }
  if (objects.length > 0 && objects.every((o) => keys.get(o) === undefined)) return { error: `couldn't find any field with path "${field}" in the list of objects` };
  const less = (a: ApiObject, b: ApiObject): boolean => {
    const i = keys.get(a);
    const j = keys.get(b);
    if (i === undefined) return true;
    if (j === undefined) return false;
    return isLess(i, j);
  };
  try {
    return goSort(objects, less);
  } catch (e) {
    if (!(e instanceof Unsortable)) throw e;
    return { error: `Field ${field} in ${HOLDER[target]} is an unsortable type: interface, err: ${e.message}`, fatal: true };
  }
}
