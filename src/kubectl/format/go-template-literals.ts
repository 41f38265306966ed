/**
 * The constants of a Go template: `NumberNode` construction (`parse.Tree.newNumber` with
 * `strconv.ParseUint`, `ParseInt`, `ParseFloat` and `UnquoteChar`) and string literals
 * (`strconv.Unquote`), with the errors the parser reports for bad ones.
 *
 * Why: `{{08}}` fails with `integer overflow: "08"` and `{{'ab'}}` with `malformed character
 * constant: 'ab'` in real kubectl; those messages come from these rules, quirks included.
 * Integers are carried as JavaScript numbers, exact up to 2^53; range checks use exact values.
 */
import { goQuote } from '../../sim/api/goquote.js';
import type { NumberValue } from './go-template-nodes.js';
import { unquoteExtend } from './go-unquote.js';

const INVALID_SYNTAX = 'invalid syntax';
const INT64_LIMIT = 1n << 63n;
const UINT64_MAX = (1n << 64n) - 1n;

/**
 * `strconv.underscoreOK`: underscores only between digits or right after a base prefix, so
 * `1_000` and `0x_1F` are fine and `1__0`, `_1` and `1_` are not.
 */
function underscoreOK(text: string): boolean {
  let s = text;
  if (s[0] === '+' || s[0] === '-') s = s.slice(1);
  let saw = '^';
  let i = 0;
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'bBoOxX'.includes(s[1]!)) {
    i = 2;
    saw = '0';
    hex = s[1] === 'x' || s[1] === 'X';
  }
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (/[0-9]/.test(c) || (hex && /[a-fA-F]/.test(c))) saw = '0';
    else if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

/** `strconv.ParseUint(s, 0, 64)`: the value, or undefined for a syntax or range error. */
function parseUint(s: string): bigint | undefined {
  if (s === '') return undefined;
  let base = 10n;
  let digits = s;
  if (s[0] === '0') {
    const prefix = s.length >= 3 ? s[1]!.toLowerCase() : '';
    base = prefix === 'b' ? 2n : prefix === 'x' ? 16n : 8n;
    digits = prefix === 'b' || prefix === 'o' || prefix === 'x' ? s.slice(2) : s.slice(1);
  }
  let n = 0n;
  let underscores = false;
  for (const c of digits) {
    if (c === '_') {
      underscores = true;
      continue;
    }
    if (!/[0-9a-zA-Z]/.test(c) || BigInt(parseInt(c, 36)) >= base) return undefined;
    n = n * base + BigInt(parseInt(c, 36));
    if (n > UINT64_MAX) return undefined;
  }
  return underscores && !underscoreOK(s) ? undefined : n;
}

/** `strconv.ParseInt(s, 0, 64)`. */
function parseInt64(s: string): bigint | undefined {
  const neg = s[0] === '-';
  const u = parseUint(s[0] === '+' || s[0] === '-' ? s.slice(1) : s);
  if (u === undefined || (!neg && u >= INT64_LIMIT) || (neg && u > INT64_LIMIT)) return undefined;
  return neg ? -u : u;
}

/** `strconv.ParseFloat(s, 64)` over what the scanner lets through: decimal or `0x…p…` hex floats. */
function parseFloat64(s: string): number | undefined {
  if (s.includes('_') && !underscoreOK(s)) return undefined;
  const t = s.replace(/_/g, '');
  const dec = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
  const hex = /^([+-]?)0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+))[pP]([+-]?[0-9]+)$/;
  let f: number;
  if (dec.test(t)) f = Number(t);
  else {
    const m = hex.exec(t);
    if (!m) return undefined;
    const [int, frac = ''] = m[2]!.split('.') as [string, string?];
    const mantissa = parseInt(int || '0', 16) + (frac ? parseInt(frac, 16) / 16 ** frac.length : 0);
    f = (m[1] === '-' ? -1 : 1) * mantissa * 2 ** Number(m[3]);
  }
  return Number.isFinite(f) ? f : undefined;
}

/** `strconv.UnquoteChar(s, '\'')`: the first character of `s` and the rest, or undefined. */
function unquoteChar(s: string): { code: number; tail: string } | undefined {
  const first = s.codePointAt(0);
  if (first === undefined || first === 0x27) return undefined;
  if (first !== 0x5c) return { code: first, tail: s.slice(first > 0xffff ? 2 : 1) };
  if (s.length <= 1) return undefined;
  const c = s[1]!;
  const rest = s.slice(2);
  const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 0x5c, "'": 0x27 };
  if (Object.hasOwn(simple, c)) return { code: simple[c]!, tail: rest };
  const width = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
  if (width > 0) {
    const digits = rest.slice(0, width);
    if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(digits)) return undefined;
    const v = parseInt(digits, 16);
    if (c !== 'x' && (v > 0x10ffff || (v >= 0xd800 && v < 0xe000))) return undefined;
    return { code: v, tail: rest.slice(width) };
  }
  if (c >= '0' && c <= '7') {
    const digits = c + rest.slice(0, 2);
    if (!/^[0-7]{3}$/.test(digits) || parseInt(digits, 8) > 255) return undefined;
    return { code: parseInt(digits, 8), tail: rest.slice(2) };
  }
  return undefined;
}

/** `strconv.Unquote` of a string token (`"..."` or a raw `` `...` `` string); undefined = invalid syntax. */
export function unquoteString(token: string): string | undefined {
  if (token.startsWith('`')) return token.slice(1, -1).replace(/\r/g, '');
  return unquoteExtend(token);
}

type NumberResult = NumberValue | { readonly error: string };

function complexValue(re: number, im: number): NumberValue {
  // `simplifyComplex`: a complex constant with no imaginary part is also a float (and maybe an int).
  const real = im === 0;
  const isInt = real && Number.isInteger(re) && Math.abs(re) < 2 ** 63;
  const isUint = real && Number.isInteger(re) && re >= 0 && re < 2 ** 64;
  return { isInt, isUint, isFloat: real, isComplex: true, int: isInt || isUint ? re : 0, float: real ? re : 0, re, im };
}

/** A complex constant `a+bi` (the scanner's `itemComplex`), as `fmt.Sscan` reads it. */
function parseComplex(text: string): NumberResult {
  const split = [...text].findLastIndex((c, i) => i > 0 && (c === '+' || c === '-') && !/[eEpP]/.test(text[i - 1]!));
  const re = parseFloat64(text.slice(0, split));
  const im = parseFloat64(text.slice(split, -1));
  if (re === undefined || im === undefined) return { error: `illegal number syntax: ${goQuote(text)}` };
  return complexValue(re, im);
}

/**
 * `Tree.newNumber`: a number's value under every type that can hold it, or the parser's error.
 * `kind` is the scanner's item: `charConstant`, `complex` or `number`.
 */
export function parseNumber(text: string, kind: 'charConstant' | 'complex' | 'number'): NumberResult {
  if (kind === 'charConstant') {
    const c = unquoteChar(text.slice(1));
    if (!c) return { error: INVALID_SYNTAX };
    if (c.tail !== "'") return { error: `malformed character constant: ${text}` };
    return { isInt: true, isUint: true, isFloat: true, isComplex: false, int: c.code, float: c.code, re: 0, im: 0 };
  }
  if (kind === 'complex') return parseComplex(text);
  if (text.endsWith('i')) {
    const f = parseFloat64(text.slice(0, -1));
    if (f !== undefined) return complexValue(0, f);
  }
  const u = parseUint(text);
  const i = parseInt64(text);
  const isUint = u !== undefined || i === 0n; // -0 is a uint as well
  const isInt = i !== undefined;
  const int = isInt ? Number(i) : u !== undefined ? Number(u) : 0;
  if (isInt || isUint) return { isInt, isUint, isFloat: true, isComplex: false, int, float: int, re: 0, im: 0 };
  const f = parseFloat64(text);
  if (f === undefined) return { error: `illegal number syntax: ${goQuote(text)}` };
  // A float that looks like an integer is an integer too large for int64.
  if (!/[.eEpP]/.test(text)) return { error: `integer overflow: ${goQuote(text)}` };
  const fInt = Number.isInteger(f) && Math.abs(f) < 2 ** 63;
  const fUint = Number.isInteger(f) && f >= 0 && f < 2 ** 64;
  return { isInt: fInt, isUint: fUint, isFloat: true, isComplex: false, int: fInt || fUint ? f : 0, float: f, re: 0, im: 0 };
}
