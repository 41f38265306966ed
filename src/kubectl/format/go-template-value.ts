/**
 * The values a Go template works on, modelled on `reflect.Value` over what kubectl hands the
 * template: the object marshalled to JSON and decoded into `map[string]interface{}` by
 * apimachinery's `json.Unmarshal`, which makes integral numbers int64 and the others float64.
 *
 * Why the interface wrapper matters: a map or slice element is a value of static type
 * `interface {}`, and Go's messages say so (`can't evaluate field x in type interface {}`,
 * `nil pointer evaluating interface {}.x` for a JSON null), while a value the template computed
 * is concrete (`can't evaluate field x in type string`). A missing map key is the zero Value,
 * which prints `<no value>`. Helpers follow text/template's `indirect`, `indirectInterface`
 * and `isTrue`.
 */

/** A concrete Go value. Map and slice contents are the raw JSON they hold. */
export type Concrete =
  | { readonly k: 'map'; readonly v: Readonly<Record<string, unknown>> }
  | { readonly k: 'slice'; readonly v: readonly unknown[] }
  | { readonly k: 'string'; readonly v: string }
  | { readonly k: 'bool'; readonly v: boolean }
  /** `int` comes from template constants and `len`, `int64` from the object, `uint8` from indexing a string. */
  | { readonly k: 'int' | 'int64' | 'uint8' | 'float64'; readonly v: number }
  | { readonly k: 'complex128'; readonly re: number; readonly im: number };

/** A `reflect.Value`: concrete, of static type `interface {}` (holding a concrete value or nil), or the zero Value. */
export type Value = Concrete | { readonly k: 'iface'; readonly e: Concrete | null } | { readonly k: 'invalid' };

export const INVALID: Value = { k: 'invalid' };

/** A JSON value as the decoder types it; null (JSON null, or nothing) is Go's nil. */
export function concreteOf(raw: unknown): Concrete | null {
  if (raw === null || raw === undefined) return null;
  if (Array.isArray(raw)) return { k: 'slice', v: raw };
  switch (typeof raw) {
    case 'string':
      return { k: 'string', v: raw };
    case 'boolean':
      return { k: 'bool', v: raw };
    case 'number':
      return { k: Number.isInteger(raw) && Math.abs(raw) < 2 ** 63 ? 'int64' : 'float64', v: raw };
    case 'object':
      return { k: 'map', v: raw as Record<string, unknown> };
    default:
      return { k: 'string', v: String(raw) };
  }
}

/** A map or slice element: a value of static type `interface {}`. */
export function element(raw: unknown): Value {
  return { k: 'iface', e: concreteOf(raw) };
}

/** Whether a map holds `key` (a JSON object never holds undefined members). */
export function hasKey(m: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.hasOwn(m, key) && m[key] !== undefined;
}

/** `reflect.Type.String()` of a value (`<nil>` for nil, as `%T` prints it). */
export function typeName(v: Value | null): string {
  if (v === null) return '<nil>';
  switch (v.k) {
    case 'map':
      return 'map[string]interface {}';
    case 'slice':
      return '[]interface {}';
    case 'iface':
      return 'interface {}';
    case 'invalid':
      return '<nil>';
    default:
      return v.k;
  }
}

/** `indirect`: through a non-nil interface to its content; a nil interface is returned with `isNil`. */
export function indirect(v: Value): { readonly v: Value; readonly isNil: boolean } {
  if (v.k !== 'iface') return { v, isNil: false };
  return v.e === null ? { v, isNil: true } : { v: v.e, isNil: false };
}

/** `indirectInterface`: an interface's content, the zero Value for a nil interface. */
export function indirectInterface(v: Value): Concrete | { readonly k: 'invalid' } {
  if (v.k !== 'iface') return v;
  return v.e ?? { k: 'invalid' };
}

/** The dynamic value an `interface{}` parameter receives (nil for the zero Value or a nil interface). */
export function asInterface(v: Value): Concrete | null {
  if (v.k === 'invalid') return null;
  return v.k === 'iface' ? v.e : v;
}

/** The length of a string in bytes, as Go counts it. */
export function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** `isTrue`: false for the zero Value, zero numbers, empty strings, maps and slices, nil, false. */
export function isTrue(v: Value): boolean {
  switch (v.k) {
    case 'invalid':
      return false;
    case 'iface':
      return v.e !== null;
    case 'map':
      return Object.keys(v.v).some((k) => hasKey(v.v, k));
    case 'slice':
    case 'string':
      return v.v.length > 0;
    case 'bool':
      return v.v;
    case 'complex128':
      return v.re !== 0 || v.im !== 0;
    default:
      return v.v !== 0;
  }
}

/** `truth` of the builtins: `isTrue` of what an interface holds. */
export function truth(v: Value): boolean {
  return isTrue(indirectInterface(v));
}
