/**
 * Equality of API values as the registry strategies need it.
 *
 * `jsonEqual`: structural equality of JSON values; key order and keys holding `undefined` ignored.
 * `semanticEqual`: apimachinery `equality.Semantic.DeepEqual`, which additionally treats a nil and
 * an empty slice or map as equal. We go one step further and treat an absent field, `null`, `[]`
 * and `{}` alike, because in JSON we cannot tell a nil pointer from an omitted empty struct.
 * Used for "did the template change?" (generation bumps) and "may this pod field change?".
 */

export function jsonEqual(a: unknown, b: unknown): boolean {
  return deepEqual(a, b, false);
}

export function semanticEqual(a: unknown, b: unknown): boolean {
  return deepEqual(a, b, true);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Absent, null, [] or an object whose members are all empty (at any depth). */
function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v !== 'object') return false;
  for (const k in v) if (hasOwn.call(v, k) && !isEmpty((v as Record<string, unknown>)[k])) return false;
  return true;
}

/**
 * The comparison itself. Members are compared over the union of both objects' keys, a missing
 * member being undefined: strictly, only undefined equals undefined; loosely, any empty value
 * equals any other. It allocates nothing (no key arrays, no closures): the kubelet and the API
 * server compare every pod status they write, thousands per second of a big rollout.
 */
function deepEqual(a: unknown, b: unknown, loose: boolean): boolean {
  if (a === b) return true;
  if (loose && isEmpty(a) && isEmpty(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    if (aa.length !== bb.length) return false;
    for (let i = 0; i < aa.length; i++) if (!deepEqual(aa[i], bb[i], loose)) return false;
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k in ra) {
    if (hasOwn.call(ra, k) && !deepEqual(ra[k], hasOwn.call(rb, k) ? rb[k] : undefined, loose)) return false;
  }
  for (const k in rb) {
    if (hasOwn.call(rb, k) && !hasOwn.call(ra, k) && !deepEqual(undefined, rb[k], loose)) return false;
  }
  return true;
}
