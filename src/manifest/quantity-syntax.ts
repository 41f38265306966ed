/**
 * Whether a value decodes as a `resource.Quantity`, with apimachinery's error text when not.
 *
 * Models `Quantity.UnmarshalJSON` -> `ParseQuantity`: the JSON bytes (quotes stripped, spaces
 * trimmed) are scanned as sign, digits, optional fraction, then a suffix made of the letters
 * `eEinumkKMGTP` with an optional signed exponent. A bad shape gives the "must match the regular
 * expression" error; a well-shaped but unknown suffix (`1mm`, `1e`) gives the suffix error.
 * This only checks syntax; sim/api owns the arithmetic.
 */

export const QUANTITY_FORMAT_ERROR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";

const SUFFIXES: ReadonlySet<string> = new Set(['', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']);
const SUFFIX_LETTERS = 'eEinumkKMGTP';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** The error for the raw JSON text of a value, or undefined when it is a valid quantity. */
export function quantityError(jsonText: string): string | undefined {
  let s = jsonText;
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1);
  s = s.trim();
  if (s === '') return QUANTITY_FORMAT_ERROR;
  if (s === '0') return undefined;
  let pos = 0;
  if (s[0] === '-' || s[0] === '+') pos++;
  while (isDigit(s[pos])) pos++;
  if (pos >= s.length) return undefined;
  if (s[pos] === '.') {
    pos++;
    while (isDigit(s[pos])) pos++;
    if (pos >= s.length) return undefined;
  }
  const suffixStart = pos;
  while (pos < s.length && SUFFIX_LETTERS.includes(s[pos]!)) pos++;
  if (pos < s.length && (s[pos] === '-' || s[pos] === '+')) pos++;
  while (isDigit(s[pos])) pos++;
  if (pos < s.length) return QUANTITY_FORMAT_ERROR;
  return validSuffix(s.slice(suffixStart)) ? undefined : QUANTITY_SUFFIX_ERROR;
}

function validSuffix(suffix: string): boolean {
  if (SUFFIXES.has(suffix)) return true;
  return /^[eE][-+]?\d+$/.test(suffix);
}
