/**
 * Plain JSON values as kubectl handles them (unstructured objects), and the two things kubectl
 * does with them that must match byte for byte: Go's `json.Marshal` text (map keys sorted, `<`,
 * `>`, `&`, U+2028 and U+2029 escaped, as `encoding/json` does) and deep equality
 * (`reflect.DeepEqual` on decoded JSON).
 */

export type Json = null | boolean | number | string | Json[] | JsonMap;
export interface JsonMap {
  [key: string]: Json;
}

export function isMap(v: unknown): v is JsonMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** unstructured `NestedStringMap` as `GetLabels` / `GetAnnotations` use it: the map when every value is a string, else none. */
export function stringMap(v: unknown): Record<string, string> | undefined {
  return isMap(v) && Object.values(v).every((x) => typeof x === 'string') ? (v as Record<string, string>) : undefined;
}

/** unstructured `GetLabels` of an object as written in a file: its labels when they are a map of strings, else none. */
export function writtenLabels(obj: Readonly<Record<string, unknown>>): Record<string, string> | undefined {
  const meta = obj['metadata'];
  return stringMap(isMap(meta) ? meta['labels'] : undefined);
}

/** A deep copy of plain JSON data (drops `undefined` entries, as JSON does). */
export function clone<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => clone(x)) as T;
  if (isMap(v)) {
    const out: JsonMap = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = clone(x);
    return out as T;
  }
  return v;
}

/** `reflect.DeepEqual` on decoded JSON: key order does not matter, list order does. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (!isMap(a) || !isMap(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

/** The Go type name a JSON value decodes to, for `reflect.TypeOf` comparisons. */
export function goType(v: unknown): 'map' | 'slice' | 'string' | 'bool' | 'number' | 'nil' {
  if (v === null || v === undefined) return 'nil';
  if (Array.isArray(v)) return 'slice';
  if (typeof v === 'object') return 'map';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return 'number';
}

/** Go's `json.Marshal` of decoded JSON: compact, keys sorted, HTML characters escaped. */
export function goJson(v: unknown): string {
  return marshal(v, true);
}

/**
 * Go's `json.Marshal` of a typed Go struct whose fields `v` already holds in declaration order
 * (maps inside it, such as labels, sorted by the caller): compact, keys kept in their order.
 */
export function goJsonInOrder(v: unknown): string {
  return marshal(v, false);
}

function marshal(v: unknown, sorted: boolean): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map((x) => marshal(x, sorted)).join(',')}]`;
  const m = v as Record<string, unknown>;
  const keys = Object.keys(m).filter((k) => m[k] !== undefined);
  if (sorted) keys.sort(compareBytes);
  return `{${keys.map((k) => `${goString(k)}:${marshal(m[k], sorted)}`).join(',')}}`;
}

/** Byte-wise string order, as Go sorts map keys (UTF-16 order matches it for the BMP). */
export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  // Go 1.22's encoding/json writes these two short escapes too (kubectl 1.32 prints "a\bb\fc").
  '\b': '\\b',
  '\f': '\\f',
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

function goString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const esc = ESCAPES[ch];
    if (esc) out += esc;
    else if (ch < ' ') out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}
