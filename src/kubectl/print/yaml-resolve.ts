/**
 * Which strings `-o yaml` may write plain: go-yaml v2's encoder (sigs.k8s.io/yaml, as kubectl
 * 1.32 vendors it) writes a string plain only when `resolve` would read the plain text back as a
 * string and it is not a base-60 float (encode.go `stringv`); any other string is double-quoted
 * (`"123"`, `"yes"`, `"2026-01-01"`). A port of resolve.go's rules for an untagged scalar, which
 * are go-yaml's own and not a YAML schema's: a first character picks what to try (a sign or digit:
 * a timestamp, then Go's `strconv.ParseInt` and `ParseUint` with base prefixes, then a decimal
 * float; a dot: `ParseFloat`; one of `yYnNtTfFoO~`: only the table of words), and a number out of
 * Go's range is a string again (`1e400`, `0xFFFFFFFFFFFFFFFFFF` stay plain).
 */

/** The words resolve.go's table reads as a bool, null or special float. */
const WORDS = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF',
  '', '~', 'null', 'Null', 'NULL', '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
]);

/** resolve.go's `yamlStyleFloat`: the decimal floats tried after the integers. */
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** encode.go's `base60float`, which go-yaml no longer reads but still quotes for other parsers. */
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** What `ParseFloat` accepts of a string that starts with a dot (no sign, prefix or underscore can follow). */
const DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Whether go-yaml writes `s` plain: it reads back as a string and is no base-60 float. */
export function plainIsString(s: string): boolean {
  return resolvesToString(s) && !BASE60_FLOAT.test(s);
}

/** resolve.go `resolve("", s)` gives `!!str`. */
export function resolvesToString(s: string): boolean {
  if (WORDS.has(s)) return false;
  const c = s.charCodeAt(0);
  if (c === 46) return !(DOT_FLOAT.test(s) && Number.isFinite(Number(s)));
  if (!(c === 43 || c === 45 || isDigit(c))) return true;
  if (isTimestamp(s)) return false;
  const plain = s.replaceAll('_', '');
  if (parsesAsInt(plain, 0) || parsesAsUint(plain, 0)) return false;
  if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return false;
  if (plain.startsWith('0b')) return !(parsesAsInt(plain.slice(2), 2) || parsesAsUint(plain.slice(2), 2));
  if (plain.startsWith('-0b')) return !parsesAsInt(`-${plain.slice(3)}`, 2);
  return true;
}

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_LIMIT = 1n << 63n;

/** `strconv.ParseUint(s, base, 64)` succeeds (base 0 reads a `0b`, `0o`, `0x` or `0` prefix; no sign). */
function parsesAsUint(s: string, base: number): boolean {
  return uintValue(s, base) !== undefined;
}

/** `strconv.ParseInt(s, base, 64)` succeeds: an optional sign, then `ParseUint`'s digits within int64. */
function parsesAsInt(s: string, base: number): boolean {
  const neg = s.startsWith('-');
  const v = uintValue(neg || s.startsWith('+') ? s.slice(1) : s, base);
  return v !== undefined && (neg ? v <= INT64_LIMIT : v < INT64_LIMIT);
}

/** The value `ParseUint(s, base, 64)` reads, or undefined where it fails (syntax or range). */
function uintValue(s: string, base: number): bigint | undefined {
  if (s === '') return undefined;
  let digits = s;
  if (base === 0) {
    base = 10;
    if (s[0] === '0') {
      const p = s.length >= 3 ? s[1]!.toLowerCase() : '';
      base = p === 'b' ? 2 : p === 'o' ? 8 : p === 'x' ? 16 : 8;
      digits = s.slice(p === 'b' || p === 'o' || p === 'x' ? 2 : 1);
    }
  }
  let n = 0n;
  const b = BigInt(base);
  for (const ch of digits) {
    const d = parseInt(ch, 36);
    if (Number.isNaN(d) || d >= base) return undefined;
    n = n * b + BigInt(d);
    if (n > UINT64_MAX) return undefined;
  }
  return n;
}

/** resolve.go `parseTimestamp`: four digits and a dash first, then one of the layouts go-yaml tries. */
function isTimestamp(s: string): boolean {
  if (!(s.length > 4 && isDigit(s.charCodeAt(0)) && isDigit(s.charCodeAt(1)) && isDigit(s.charCodeAt(2)) && isDigit(s.charCodeAt(3)) && s[4] === '-')) return false;
  return TIMESTAMP_LAYOUTS.some((layout) => matchesLayout(s, layout));
}

/**
 * The layouts resolve.go gives Go's `time.Parse`, as the elements this port reads:
 * `2006-1-2T15:4:5.999999999Z07:00`, the same with a lower-case `t`, `2006-1-2 15:4:5.999999999`,
 * and `2006-1-2`.
 */
const TIMESTAMP_LAYOUTS: readonly (readonly string[])[] = [
  ['2006', '-', '1', '-', '2', 'T', '15', ':', '4', ':', '5', '.9', 'Z07:00'],
  ['2006', '-', '1', '-', '2', 't', '15', ':', '4', ':', '5', '.9', 'Z07:00'],
  ['2006', '-', '1', '-', '2', ' ', '15', ':', '4', ':', '5', '.9'],
  ['2006', '-', '1', '-', '2'],
];

/** Go's `getnum`: one or two digits (two when `fixed`), or undefined. */
function getnum(s: string, at: number, fixed: boolean): [number, number] | undefined {
  if (!isDigit(s.charCodeAt(at))) return undefined;
  if (!isDigit(s.charCodeAt(at + 1))) return fixed ? undefined : [s.charCodeAt(at) - 48, at + 1];
  return [(s.charCodeAt(at) - 48) * 10 + s.charCodeAt(at + 1) - 48, at + 2];
}

const RANGES: Readonly<Record<string, readonly [number, number]>> = { '1': [1, 12], '2': [0, 99], '15': [0, 23], '4': [0, 59], '5': [0, 59] };

/** `time.Parse(layout, s)` succeeds, element by element as Go matches them (see `TIMESTAMP_LAYOUTS`). */
function matchesLayout(s: string, layout: readonly string[]): boolean {
  let at = 0;
  let year = 0;
  let month = 0;
  let day = 0;
  for (const elem of layout) {
    if (elem === '2006') {
      year = Number(s.slice(0, 4));
      at = 4;
    } else if (elem === ' ') {
      // A space in a layout matches a run of spaces, or the end of the text.
      if (at < s.length && s[at] !== ' ') return false;
      while (s[at] === ' ') at++;
    } else if (elem === '.9') {
      // An optional fraction: a dot or comma and at least one digit.
      if ((s[at] === '.' || s[at] === ',') && isDigit(s.charCodeAt(at + 1))) {
        at += 2;
        while (isDigit(s.charCodeAt(at))) at++;
      }
    } else if (elem === 'Z07:00') {
      if (s[at] === 'Z') at++;
      else {
        if (s.length - at < 6 || s[at + 3] !== ':' || (s[at] !== '+' && s[at] !== '-')) return false;
        const hr = getnum(s.slice(at + 1, at + 3), 0, true);
        const mm = getnum(s.slice(at + 4, at + 6), 0, true);
        if (!hr || !mm || hr[0] > 24 || mm[0] > 60) return false;
        at += 6;
      }
    } else if (elem in RANGES) {
      const got = getnum(s, at, false);
      if (!got) return false;
      const [min, max] = RANGES[elem]!;
      if (got[0] < min || got[0] > max) return false;
      if (elem === '1') month = got[0];
      if (elem === '2') day = got[0];
      at = got[1];
    } else {
      if (s[at] !== elem) return false;
      at++;
    }
  }
  return at === s.length && day >= 1 && day <= daysIn(month, year);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
