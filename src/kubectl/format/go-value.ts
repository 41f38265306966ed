/**
 * Plain JSON data seen the way Go sees it after kubectl decodes an object into unstructured
 * content (`map[string]interface{}`; integral numbers as int64, others as float64), with the Go
 * printers the JSONPath engine uses on it: `fmt.Fprint` (`%v`), `%#v`, and `json.Marshal`
 * (map keys sorted, HTML-safe escapes).
 *
 * Why: `kubectl -o jsonpath` output and its error messages are produced by those Go printers, so
 * numbers, maps and nil must print exactly as Go prints them.
 */
import { goQuote } from '../../sim/api/goquote.js';
import { formatFloat } from './go-template-strconv.js';

/**
 * A value with its Go kind. `int` is a template literal (Go int), `int64`/`float` come from the
 * object; `uint8` is a byte of a string (wildcard over a string); `nil` is an interface holding
 * nil (JSON null); `invalid` is Go's zero reflect.Value.
 */
export type GoValue =
  | { readonly k: 'map'; readonly v: Readonly<Record<string, unknown>> }
  | { readonly k: 'slice'; readonly v: readonly unknown[] }
  | { readonly k: 'string'; readonly v: string }
  | { readonly k: 'bool'; readonly v: boolean }
  | { readonly k: 'int' | 'int64' | 'uint8' | 'float'; readonly v: number }
  | { readonly k: 'nil' | 'invalid'; readonly v: null };

export const INVALID: GoValue = { k: 'invalid', v: null };

/** Wraps a JSON value (as unstructured decoding would type it). */
export function goValue(x: unknown): GoValue {
  if (x === null || x === undefined) return { k: 'nil', v: null };
  if (Array.isArray(x)) return { k: 'slice', v: x };
  switch (typeof x) {
    case 'string':
      return { k: 'string', v: x };
    case 'boolean':
      return { k: 'bool', v: x };
    case 'number':
      return { k: Number.isInteger(x) && Math.abs(x) < 2 ** 63 ? 'int64' : 'float', v: x };
    case 'object':
      return { k: 'map', v: x as Record<string, unknown> };
    default:
      return { k: 'string', v: String(x) };
  }
}

/** The map's keys in Go's printing order (sorted). Go iterates maps randomly elsewhere; we sort too. */
export function sortedKeys(m: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(m)
    .filter((k) => m[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The UTF-8 bytes of a string, as Go indexes it. */
export function utf8Bytes(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}

/** `reflect.Type.String()` of the value. */
export function goTypeName(x: GoValue): string {
  switch (x.k) {
    case 'map':
      return 'map[string]interface {}';
    case 'slice':
      return '[]interface {}';
    case 'float':
      return 'float64';
    case 'nil':
      return 'interface {}';
    case 'invalid':
      return '<nil>';
    default:
      return x.k;
  }
}

/** `strconv.FormatFloat(f, 'g', -1, 64)`, which `%v` uses: shortest digits, exponent form below 1e-4 or from 1e6. */
export function goFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  return `${f < 0 || Object.is(f, -0) ? '-' : ''}${formatFloat(Math.abs(f), 'g', -1)}`;
}

/** `fmt.Fprint(w, x)` (`%v`). */
export function goFmtV(x: GoValue): string {
  switch (x.k) {
    case 'map':
      return `map[${sortedKeys(x.v)
        .map((k) => `${k}:${goFmtV(goValue(x.v[k]))}`)
        .join(' ')}]`;
    case 'slice':
      return `[${x.v.map((e) => goFmtV(goValue(e))).join(' ')}]`;
    case 'float':
      return goFloat(x.v);
    case 'nil':
      return '<nil>';
    case 'invalid':
      return '<no value>';
    default:
      return String(x.v);
  }
}

/** `fmt.Sprintf("%#v", x)` for the unstructured object kubectl dumps when a template fails. */
export function goSharpV(x: GoValue): string {
  switch (x.k) {
    case 'map':
      return `map[string]interface {}{${sortedKeys(x.v)
        .map((k) => `${goQuote(k)}:${goSharpV(goValue(x.v[k]))}`)
        .join(', ')}}`;
    case 'slice':
      return `[]interface {}{${x.v.map((e) => goSharpV(goValue(e))).join(', ')}}`;
    case 'string':
      return goQuote(x.v);
    case 'float':
      return goFloat(x.v);
    case 'nil':
      return 'interface {}(nil)';
    case 'invalid':
      return '<invalid reflect.Value>';
    case 'uint8':
      return `0x${x.v.toString(16)}`;
    default:
      return String(x.v);
  }
}

/** `json.Marshal(x)`: compact, map keys sorted, `<`, `>`, `&`, U+2028 and U+2029 escaped. */
export function goJson(x: GoValue): string {
  switch (x.k) {
    case 'map':
      return `{${sortedKeys(x.v)
        .map((k) => `${goJsonString(k)}:${goJson(goValue(x.v[k]))}`)
        .join(',')}}`;
    case 'slice':
      return `[${x.v.map((e) => goJson(goValue(e))).join(',')}]`;
    case 'string':
      return goJsonString(x.v);
    case 'nil':
    case 'invalid':
      return 'null';
    default:
      return JSON.stringify(x.v);
  }
}

function goJsonString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
