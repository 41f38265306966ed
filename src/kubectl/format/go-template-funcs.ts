/**
 * The functions a kubectl go-template can call: text/template's builtins (`funcs.go`: `index`,
 * `slice`, `len`, `not`, `eq`, `ne`, `lt`, `le`, `gt`, `ge`, `print`, `printf`, `println`,
 * `html`, `js`, `urlquery`; `and`, `or` and `call` are evaluated by the executor) and the two
 * kubectl adds in cli-runtime's `NewGoTemplatePrinter`: `exists` and `base64decode`.
 *
 * Each function declares its parameters the way its Go signature does, because the executor
 * converts arguments by parameter type: `value` is a `reflect.Value` parameter (the value as
 * is), `any` an `interface{}` one (nil for a missing value), `string` must hold a string.
 * Errors are the Go functions' own; the executor prefixes `error calling NAME: `.
 */
import { byteOrder } from '../print/go-format.js';
import { sprint, sprintln } from './go-template-fmt.js';
import { sprintf } from './go-template-sprintf.js';
import { PRINTABLE } from './go-template-strconv.js';
import { asInterface, byteLength, element, hasKey, indirect, indirectInterface, truth, typeName, type Concrete, type Value } from './go-template-value.js';

export type ParamType = 'value' | 'any' | 'string';

export type FuncResult = Value | { readonly error: string };

export interface TemplateFunc {
  /** The fixed parameters. */
  readonly params: readonly ParamType[];
  /** The element type of a final `...` parameter. */
  readonly variadic?: ParamType;
  /** The function; absent for `and`, `or` and `call`, which the executor evaluates itself. */
  readonly call?: (args: readonly Value[]) => FuncResult;
}

const bool = (v: boolean): Value => ({ k: 'bool', v });
const str = (v: string): Value => ({ k: 'string', v });
/** The text of a `string` parameter (the executor has checked it holds one). */
const text = (v: Value | undefined): string => (v?.k === 'string' ? v.v : '');

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const fromUtf8 = (b: Uint8Array): string => new TextDecoder().decode(b);

function isIntKind(v: Value): v is { k: 'int' | 'int64' | 'uint8'; v: number } {
  return v.k === 'int' || v.k === 'int64' || v.k === 'uint8';
}

/** `indexArg`: an integer index within `0..cap`. */
function indexArg(index: Value, cap: number): number | { error: string } {
  if (index.k === 'invalid') return { error: 'cannot index slice/array with nil' };
  if (!isIntKind(index)) return { error: `cannot index slice/array with type ${typeName(index)}` };
  if (index.v < 0 || index.v > cap) return { error: `index out of range: ${index.v}` };
  return index.v;
}

/** `index x 1 "k"`: x[1]["k"]; a missing map key gives a nil interface. */
function index(args: readonly Value[]): FuncResult {
  let item: Value = indirectInterface(args[0]!);
  if (item.k === 'invalid') return { error: 'index of untyped nil' };
  for (const arg of args.slice(1)) {
    const key = indirectInterface(arg);
    const ind = indirect(item);
    if (ind.isNil) return { error: 'index of nil pointer' };
    item = ind.v;
    if (item.k === 'slice') {
      const x = indexArg(key, item.v.length);
      if (typeof x !== 'number') return x;
      // indexArg lets the length itself through; reflect then panics.
      if (x === item.v.length) return { error: 'reflect: slice index out of range' };
      item = element(item.v[x]);
    } else if (item.k === 'string') {
      const bytes = utf8(item.v);
      const x = indexArg(key, bytes.length);
      if (typeof x !== 'number') return x;
      if (x === bytes.length) return { error: 'reflect: string index out of range' };
      item = { k: 'uint8', v: bytes[x]! };
    } else if (item.k === 'map') {
      if (key.k === 'invalid') return { error: 'value is nil; should be of type string' };
      if (key.k !== 'string') return { error: `value has type ${typeName(key)}; should be string` };
      item = hasKey(item.v, key.v) ? element(item.v[key.v]) : { k: 'iface', e: null };
    } else return { error: `can't index item of type ${typeName(item)}` };
  }
  return item;
}

/** `slice x 1 2`: x[1:2] of a string (by bytes) or a slice. */
function slice(args: readonly Value[]): FuncResult {
  const item = indirectInterface(args[0]!);
  const indexes = args.slice(1);
  if (item.k === 'invalid') return { error: 'slice of untyped nil' };
  if (indexes.length > 3) return { error: `too many slice indexes: ${indexes.length}` };
  let length: number;
  if (item.k === 'string') {
    if (indexes.length === 3) return { error: 'cannot 3-index slice a string' };
    length = byteLength(item.v);
  } else if (item.k === 'slice') length = item.v.length;
  else return { error: `can't slice item of type ${typeName(item)}` };
  const idx = [0, length, 0];
  for (const [i, arg] of indexes.entries()) {
    // Unlike index, slice does not look inside an interface: `slice x .n` fails on interface {}.
    const x = indexArg(arg, length);
    if (typeof x !== 'number') return x;
    idx[i] = x;
  }
  if (idx[0]! > idx[1]!) return { error: `invalid slice index: ${idx[0]} > ${idx[1]}` };
  if (indexes.length === 3 && idx[1]! > idx[2]!) return { error: `invalid slice index: ${idx[1]} > ${idx[2]}` };
  if (item.k === 'string') return str(fromUtf8(utf8(item.v).slice(idx[0], idx[1])));
  return { k: 'slice', v: item.v.slice(idx[0], idx[1]) };
}

/** `len x`: of a map, slice or string (in bytes). */
function len(args: readonly Value[]): FuncResult {
  const { v, isNil } = indirect(args[0]!);
  if (isNil) return { error: 'len of nil pointer' };
  switch (v.k) {
    case 'map':
      return { k: 'int', v: Object.keys(v.v).filter((key) => hasKey(v.v, key)).length };
    case 'slice':
      return { k: 'int', v: v.v.length };
    case 'string':
      return { k: 'int', v: byteLength(v.v) };
    case 'invalid':
      // length calls Type() on the zero Value, which panics; the call reports the panic.
      return { error: 'reflect: call of reflect.Value.Type on zero Value' };
    default:
      return { error: `len of type ${typeName(v)}` };
  }
}

type BasicKind = 'bool' | 'complex' | 'int' | 'uint' | 'float' | 'string';

/** `basicKind`: the comparable kind of a value, or undefined (maps, slices, nil). */
function basicKind(v: Value): BasicKind | undefined {
  switch (v.k) {
    case 'bool':
    case 'string':
      return v.k;
    case 'int':
    case 'int64':
      return 'int';
    case 'uint8':
      return 'uint';
    case 'float64':
      return 'float';
    case 'complex128':
      return 'complex';
    default:
      return undefined;
  }
}

const BAD_COMPARISON_TYPE = 'invalid type for comparison';
const BAD_COMPARISON = 'incompatible types for comparison';

/** A value `basicKind` knows. */
type Basic = Exclude<Concrete, { k: 'map' | 'slice' }>;

/** Two values of the same basic kind: equal, or less (bools and complex numbers do not order). */
function compareBasic(a: Basic, b: Basic, op: 'eq' | 'lt'): boolean | { error: string } {
  if (a.k === 'complex128' || b.k === 'complex128') {
    if (op === 'lt' || a.k !== 'complex128' || b.k !== 'complex128') return { error: BAD_COMPARISON_TYPE };
    return a.re === b.re && a.im === b.im;
  }
  if (a.k === 'bool' && op === 'lt') return { error: BAD_COMPARISON_TYPE };
  if (op === 'eq') return a.v === b.v;
  return typeof a.v === 'string' ? byteOrder(a.v, String(b.v)) < 0 : a.v < b.v;
}

/** `eq a b c...`: whether a equals any of the others. */
function eq(args: readonly Value[]): FuncResult {
  const a = indirectInterface(args[0]!);
  if (args.length < 2) return { error: 'missing argument for comparison' };
  const ka = basicKind(a);
  for (const arg of args.slice(1)) {
    const b = indirectInterface(arg);
    const kb = basicKind(b);
    let equal: boolean;
    if (ka !== kb) {
      const ints = (ka === 'int' || ka === 'uint') && (kb === 'int' || kb === 'uint');
      // A nil or missing value is unequal to anything else, not an error.
      if (!ints && a.k !== 'invalid' && b.k !== 'invalid') return { error: BAD_COMPARISON };
      equal = ints && (a as { v: number }).v === (b as { v: number }).v;
    } else if (ka !== undefined) {
      const r = compareBasic(a as Basic, b as Basic, 'eq');
      if (typeof r !== 'boolean') return r;
      equal = r;
    } else {
      // Maps, slices and nil: only nil compares, and only to nil.
      if (a.k !== b.k && a.k !== 'invalid' && b.k !== 'invalid') {
        return { error: `non-comparable types ${sprintf('%s', [asInterface(a)])}: ${typeName(a)}, ${typeName(b)}: ${sprint([asInterface(b)])}` };
      }
      if (a.k === 'invalid' || b.k === 'invalid') equal = a.k === b.k;
      else return { error: `non-comparable type ${sprintf('%s', [asInterface(b)])}: ${typeName(b)}` };
    }
    if (equal) return bool(true);
  }
  return bool(false);
}

/** `lt a b`. */
function lt(args: readonly Value[]): boolean | { error: string } {
  const a = indirectInterface(args[0]!);
  const b = indirectInterface(args[1]!);
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (!ka || !kb) return { error: BAD_COMPARISON_TYPE };
  if (ka !== kb) {
    const ints = (ka === 'int' || ka === 'uint') && (kb === 'int' || kb === 'uint');
    return ints ? (a as { v: number }).v < (b as { v: number }).v : { error: BAD_COMPARISON };
  }
  return compareBasic(a as Basic, b as Basic, 'lt');
}

/** `le a b`: lt, else eq. */
function le(args: readonly Value[]): FuncResult {
  const less = lt(args);
  return less === false ? eq(args) : result(less);
}

/** A comparison's result as a template value. */
function result(r: boolean | { error: string }): FuncResult {
  return typeof r === 'boolean' ? bool(r) : r;
}

/** The opposite of a comparison that did not fail. */
function negate(r: FuncResult): FuncResult {
  return 'error' in r || r.k !== 'bool' ? r : bool(!r.v);
}

/** `evalArgs` of html, js and urlquery: one string as is, else `Sprint` with nil as `<no value>`. */
function evalArgs(args: readonly Value[]): string {
  const only = args.length === 1 ? asInterface(args[0]!) : null;
  if (only?.k === 'string') return only.v;
  return sprint(args.map((a) => asInterface(a) ?? { k: 'string', v: '<no value>' }));
}

/** `template.HTMLEscapeString`. */
function htmlEscape(s: string): string {
  const map: Record<string, string> = { '\0': '\uFFFD', '"': '&#34;', "'": '&#39;', '&': '&amp;', '<': '&lt;', '>': '&gt;' };
  return s.replace(/[\0"'&<>]/g, (c) => map[c]!);
}

/** `template.JSEscapeString`. */
function jsEscape(s: string): string {
  const map: Record<string, string> = { '\\': '\\\\', "'": "\\'", '"': '\\"', '<': '\\u003C', '>': '\\u003E', '&': '\\u0026', '=': '\\u003D' };
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (map[ch] !== undefined) out += map[ch];
    else if (cp < 0x20) out += `\\u00${cp.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (cp < 0x80 || PRINTABLE.test(ch)) out += ch;
    else out += `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/** `url.QueryEscape`: unreserved characters kept, space as `+`, every other byte as `%XX`. */
function queryEscape(s: string): string {
  let out = '';
  for (const b of utf8(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** kubectl's `exists item k1 k2...`: whether `index item k1 k2...` would find a non-nil value. */
function exists(args: readonly Value[]): FuncResult {
  let v: Value = asInterface(args[0]!) ?? { k: 'invalid' };
  for (const arg of args.slice(1)) {
    const key = asInterface(arg);
    const ind = indirect(v);
    if (ind.isNil) return bool(false);
    v = ind.v;
    if (v.k === 'slice' || v.k === 'string') {
      const items: readonly unknown[] | Uint8Array = v.k === 'string' ? utf8(v.v) : v.v;
      if (key === null || !isIntKind(key) || key.v < 0 || key.v >= items.length) return bool(false);
      v = v.k === 'string' ? { k: 'uint8', v: (items as Uint8Array)[key.v]! } : element(items[key.v]);
    } else if (v.k === 'map') {
      // A nil key is the zero string.
      const name = key === null ? '' : key.k === 'string' ? key.v : undefined;
      if (name === undefined) return bool(false);
      v = hasKey(v.v, name) ? element(v.v[name]) : { k: 'iface', e: null };
    } else return bool(false);
  }
  return bool(!indirect(v).isNil);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * `base64.StdEncoding.DecodeString`, quantum by quantum as Go decodes: newlines are skipped,
 * padding is required, and an error names the offending input byte.
 */
function base64Decode(s: string): Uint8Array | { error: string } {
  const src = utf8(s);
  const out: number[] = [];
  const corrupt = (at: number) => ({ error: `illegal base64 data at input byte ${at}` });
  const isNewline = (b: number | undefined) => b === 0x0a || b === 0x0d;
  let si = 0;
  while (si < src.length) {
    const quantum: number[] = [];
    let trailing: number | undefined;
    while (quantum.length < 4) {
      if (si === src.length) {
        if (quantum.length === 0) return new Uint8Array(out);
        return corrupt(si - quantum.length);
      }
      const c = src[si++]!;
      const sextet = BASE64.indexOf(String.fromCharCode(c));
      if (sextet >= 0) {
        quantum.push(sextet);
        continue;
      }
      if (isNewline(c)) continue;
      if (c !== 0x3d || quantum.length < 2) return corrupt(si - 1);
      // Padding: `==` after two characters, `=` after three, then only newlines.
      if (quantum.length === 2) {
        while (si < src.length && isNewline(src[si])) si++;
        if (si === src.length) return corrupt(src.length);
        if (src[si] !== 0x3d) return corrupt(si - 1);
        si++;
      }
      while (si < src.length && isNewline(src[si])) si++;
      if (si < src.length) trailing = si;
      break;
    }
    const n = quantum.length;
    const val = (quantum[0]! << 18) | (quantum[1]! << 12) | ((quantum[2] ?? 0) << 6) | (quantum[3] ?? 0);
    out.push(...[(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff].slice(0, n - 1));
    if (trailing !== undefined) return corrupt(trailing);
    if (n < 4) break;
  }
  return new Uint8Array(out);
}

/** The functions by name. */
export const FUNCS: ReadonlyMap<string, TemplateFunc> = new Map<string, TemplateFunc>([
  ['and', { params: ['value'], variadic: 'value' }],
  ['or', { params: ['value'], variadic: 'value' }],
  ['call', { params: ['value'], variadic: 'value' }],
  ['html', { params: [], variadic: 'any', call: (a) => str(htmlEscape(evalArgs(a))) }],
  ['index', { params: ['value'], variadic: 'value', call: index }],
  ['slice', { params: ['value'], variadic: 'value', call: slice }],
  ['js', { params: [], variadic: 'any', call: (a) => str(jsEscape(evalArgs(a))) }],
  ['len', { params: ['value'], call: len }],
  ['not', { params: ['value'], call: (a) => bool(!truth(a[0]!)) }],
  ['print', { params: [], variadic: 'any', call: (a) => str(sprint(a.map(asInterface))) }],
  ['printf', { params: ['string'], variadic: 'any', call: (a) => str(sprintf(text(a[0]), a.slice(1).map(asInterface))) }],
  ['println', { params: [], variadic: 'any', call: (a) => str(sprintln(a.map(asInterface))) }],
  ['urlquery', { params: [], variadic: 'any', call: (a) => str(queryEscape(evalArgs(a))) }],
  ['eq', { params: ['value'], variadic: 'value', call: eq }],
  ['ge', { params: ['value', 'value'], call: (a) => negate(result(lt(a))) }],
  ['gt', { params: ['value', 'value'], call: (a) => negate(le(a)) }],
  ['le', { params: ['value', 'value'], call: le }],
  ['lt', { params: ['value', 'value'], call: (a) => result(lt(a)) }],
  ['ne', { params: ['value', 'value'], call: (a) => negate(eq(a)) }],
  ['exists', { params: ['any'], variadic: 'any', call: exists }],
  [
    'base64decode',
    {
      params: ['string'],
      call: (a) => {
        const decoded = base64Decode(text(a[0]));
        return decoded instanceof Uint8Array ? str(fromUtf8(decoded)) : { error: `base64 decode failed: ${decoded.error}` };
      },
    },
  ],
]);
