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

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).every((k) => (v as Record<string, unknown>)[k] === undefined);
  return false;
}

function deepEqual(a: unknown, b: unknown, loose: boolean): boolean {
  if (a === b) return true;
  if (loose && isEmpty(a) && isEmpty(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i], loose));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const present = (r: Record<string, unknown>) => Object.keys(r).filter((k) => (loose ? !isEmpty(r[k]) : r[k] !== undefined));
  const ka = present(ra);
  const kb = present(rb);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && deepEqual(ra[k], rb[k], loose));
}
