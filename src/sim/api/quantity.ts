/**
 * Resource quantities (`100m`, `0.5`, `128Mi`, `1e3`): apimachinery `resource.ParseQuantity`,
 * `Quantity.String()` (`CanonicalizeBytes`), `MilliValue`, `Value`, `NewMilliQuantity`,
 * `NewQuantity`, `Add`, `Cmp`.
 *
 * Precision: a Quantity holds its value exactly, as a bigint count of nano-units (parsing keeps a
 * value only down to 1n, rounding finer non-zero values away from zero, as upstream does).
 * `milliValue` and `quantityValue` return plain numbers, exact while the result is below 2^53
 * (9e15 millicores, 8 PiB), which every realistic node and request is.
 *
 * Canonical form (what kubectl and the API server print): the input's format is kept (BinarySI
 * `Ki..Ei`, DecimalSI `n u m k M G T P E`, DecimalExponent `e3`), no fractional digits, and the
 * largest exact suffix: `1.5` -> `1500m`, `1.5Gi` -> `1536Mi`, `2000` -> `2k`, `0.5Gi` -> `512Mi`.
 * BinarySI values under 1024 or not whole print as DecimalSI. As upstream, an input already in
 * canonical form is printed exactly as written (so `+1Ki` and `1E3` survive).
 * One deliberate difference: decimal exponents beyond ±1000 (`1e5000`) are refused with
 * `unable to parse numeric part of quantity` instead of being held; no resource needs them.
 */

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

export interface Quantity {
  /** The value in nano-units (value × 10^9), exact. */
  readonly nano: bigint;
  readonly format: QuantityFormat;
  /** Set when `String()` returns the parsed text unchanged (upstream's cached `s`). */
  readonly text?: string;
}

export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const QUANTITY_NUMERIC_ERROR = 'unable to parse numeric part of quantity';
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";

const NANO = 1_000_000_000n;
const MAX_INT64 = 9223372036854775807n;
const MAX_EXPONENT = 1000;
const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const BINARY_NAMES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const;
const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

interface Scanned {
  readonly positive: boolean;
  readonly num: string;
  readonly denom: string;
  readonly suffix: string;
}

/** `parseQuantityString`: sign, digits (leading zeros dropped), fraction and suffix. */
function scan(str: string): Scanned | undefined {
  let pos = 0;
  let positive = true;
  if (str[0] === '-' || str[0] === '+') {
    positive = str[0] === '+';
    pos++;
  }
  while (pos < str.length && str[pos] === '0') pos++;
  if (pos >= str.length) return { positive, num: '0', denom: '', suffix: '' };
  const digitsFrom = (i: number): number => {
    while (i < str.length && str[i]! >= '0' && str[i]! <= '9') i++;
    return i;
  };
  let end = digitsFrom(pos);
  const num = str.slice(pos, end) || '0';
  pos = end;
  let denom = '';
  if (str[pos] === '.') {
    end = digitsFrom(pos + 1);
    denom = str.slice(pos + 1, end);
    pos = end;
  }
  const suffixStart = pos;
  while (pos < str.length && 'eEinumkKMGTP'.includes(str[pos]!)) pos++;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  if (digitsFrom(pos) < str.length) return undefined;
  return { positive, num, denom, suffix: str.slice(suffixStart) };
}

/** `quantitySuffixer.interpret`. */
function interpret(suffix: string): { base: 10 | 2; exponent: number; format: QuantityFormat } | undefined {
  if (has(DECIMAL_SUFFIXES, suffix)) return { base: 10, exponent: DECIMAL_SUFFIXES[suffix]!, format: 'DecimalSI' };
  if (has(BINARY_SUFFIXES, suffix)) return { base: 2, exponent: BINARY_SUFFIXES[suffix]!, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?[0-9]+$/.test(suffix.slice(1))) {
    return { base: 10, exponent: Number(suffix.slice(1)), format: 'DecimalExponent' };
  }
  return undefined;
}

/**
 * `ParseQuantity`: the quantity, or upstream's error message. Strict: surrounding spaces are an
 * error here (use `parseQuantityField` for values decoded from an object). A number is taken by its
 * JSON text.
 */
export function parseQuantity(input: string | number): Quantity | { error: string } {
  const str = typeof input === 'number' ? String(input) : input;
  if (str.length === 0) return { error: QUANTITY_FORMAT_ERROR };
  if (str === '0') return { nano: 0n, format: 'DecimalSI', text: '0' };
  const s = scan(str);
  if (!s) return { error: QUANTITY_FORMAT_ERROR };
  const unit = interpret(s.suffix);
  if (!unit) return { error: QUANTITY_SUFFIX_ERROR };
  // Not upstream: values are held exactly, so absurd exponents are refused rather than expanded.
  if (Math.abs(unit.exponent) > MAX_EXPONENT) return { error: QUANTITY_NUMERIC_ERROR };
  let format = unit.format;
  const digits = BigInt(s.num + s.denom);
  const scale10 = (unit.base === 10 ? unit.exponent : 0) - s.denom.length;
  let magnitude = unit.base === 2 ? digits << BigInt(unit.exponent) : digits;
  magnitude = shift10RoundUp(magnitude, scale10 + 9);
  if (format === 'BinarySI' && magnitude > MAX_INT64 * NANO) magnitude = MAX_INT64 * NANO;
  if (format === 'BinarySI' && magnitude > 0n && magnitude < NANO) format = 'DecimalSI';
  const nano = s.positive ? magnitude : -magnitude;
  return keepsText(s, unit, digits) ? { nano, format, text: str } : { nano, format };
}

/**
 * A quantity field of a decoded object (`Quantity.UnmarshalJSON`): surrounding spaces are trimmed
 * before `ParseQuantity`, so `" 1"` is accepted there.
 */
export function parseQuantityField(value: string | number): Quantity | { error: string } {
  return parseQuantity(typeof value === 'number' ? value : value.trim());
}

/**
 * Upstream's int64 fast path keeps the input string as the printed form when the number has no
 * redundant digits: decimal values with a scale that is a multiple of 3, no leading zero and no
 * trailing "000"; binary values whose digits are not a multiple of 8.
 */
function keepsText(s: Scanned, unit: { base: 10 | 2; exponent: number }, digits: bigint): boolean {
  const shifted = s.num + s.denom;
  if (unit.base === 2) {
    if (s.denom.length > 0) return false;
    const precision = 15 - s.num.length - Math.trunc((unit.exponent * 3) / 10) - 1;
    if (precision < 0 || digits << BigInt(unit.exponent) > MAX_INT64) return false;
    return (digits & 7n) !== 0n;
  }
  const scale = unit.exponent - s.denom.length;
  if (18 - shifted.length < 0 || scale < -9) return false;
  return scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
}

/** n × 10^k, rounding a fractional result away from zero (inf.RoundUp). */
function shift10RoundUp(n: bigint, k: number): bigint {
  if (k >= 0) return n * 10n ** BigInt(k);
  const d = 10n ** BigInt(-k);
  const q = n / d;
  return n % d === 0n ? q : n > 0n ? q + 1n : q - 1n;
}

/** `Quantity.String()`: the canonical text (see the file comment). */
export function formatQuantity(q: Quantity): string {
  if (q.text !== undefined) return q.text;
  if (q.nano === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI' && (abs(q.nano) < 1024n * NANO || q.nano % NANO !== 0n)) format = 'DecimalSI';
  if (format === 'BinarySI') {
    let value = q.nano / NANO;
    let exp = 0;
    while (exp < BINARY_NAMES.length - 1 && abs(value) >= 1024n && value % 1024n === 0n) {
      value /= 1024n;
      exp++;
    }
    return `${value}${BINARY_NAMES[exp]}`;
  }
  let mantissa = q.nano;
  let exponent = -9;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  while (exponent % 3 !== 0) {
    mantissa *= 10n;
    exponent--;
  }
  const si = Object.keys(DECIMAL_SUFFIXES).find((k) => DECIMAL_SUFFIXES[k] === exponent);
  if (format === 'DecimalSI' && si !== undefined) return `${mantissa}${si}`;
  return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
}

/** Parses and re-prints a quantity in canonical form, or returns the parse error. */
export function canonicalQuantity(input: string | number): string | { error: string } {
  const q = parseQuantity(input);
  return 'error' in q ? q : formatQuantity(q);
}

/** `MilliValue()`: the value in thousandths, rounded away from zero. */
export function milliValue(q: Quantity): number {
  return Number(shift10RoundUp(q.nano, -6));
}

/** `Value()`: the value in whole units (cores, bytes), rounded away from zero. */
export function quantityValue(q: Quantity): number {
  return Number(shift10RoundUp(q.nano, -9));
}

/** `resource.NewMilliQuantity(milli, format)`. `milli` must be an integer. */
export function newMilliQuantity(milli: number, format: QuantityFormat): Quantity {
  return { nano: BigInt(milli) * 1_000_000n, format };
}

/** `resource.NewQuantity(value, format)`. `value` must be an integer. */
export function newQuantity(value: number, format: QuantityFormat): Quantity {
  return { nano: BigInt(value) * NANO, format };
}

/** `q.Add(y)`: keeps q's format (a zero q takes y's, as upstream's int64 path does). */
export function addQuantity(q: Quantity, y: Quantity): Quantity {
  return { nano: q.nano + y.nano, format: q.nano === 0n ? y.format : q.format };
}

/** `q.Cmp(y)`: -1, 0 or 1. */
export function compareQuantity(q: Quantity, y: Quantity): -1 | 0 | 1 {
  return q.nano < y.nano ? -1 : q.nano > y.nano ? 1 : 0;
}

function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}
