/**
 * Int-or-percent values (`maxUnavailable: 1`, `maxSurge: "25%"`): apimachinery `intstr`
 * `GetScaledValueFromIntOrPercent` and validation's `IsValidPercent`.
 *
 * Why: the DaemonSet controller turns `maxSurge` / `maxUnavailable` into pod counts with this
 * function (both rounding UP, unlike Deployments), and the API validates the percent strings.
 */
import type { IntOrString } from './types.js';
import { goQuote } from './goquote.js';
import { regexError } from './name-validation.js';

const PERCENT_FMT = '[0-9]+%';
const PERCENT_RE = /^[0-9]+%$/;

/** `IsValidPercent`: true for `"0%"`, `"25%"`; false for numbers and any other string. */
export function isPercent(v: IntOrString | undefined): v is string {
  return typeof v === 'string' && PERCENT_RE.test(v);
}

/** `IsValidPercent`'s messages: [] when valid. */
export function validPercentErrors(v: string): string[] {
  return PERCENT_RE.test(v) ? [] : [regexError("a valid percent string must be a numeric string followed by an ending '%'", PERCENT_FMT, '1%', '93%')];
}

/**
 * `GetScaledValueFromIntOrPercent(v, total, roundUp)`: an int is returned as is; `"N%"` becomes
 * `ceil` (roundUp) or `floor` of N% of total. Any other string fails with upstream's error, e.g.
 * `invalid value for IntOrString: invalid type: string is not a percentage` or
 * `invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax`.
 */
export function getScaledValueFromIntOrPercent(v: IntOrString | undefined, total: number, roundUp: boolean): number | { error: string } {
  if (v === undefined) return { error: 'nil value for IntOrString' };
  if (typeof v === 'number') return v;
  if (!v.endsWith('%')) return { error: 'invalid value for IntOrString: invalid type: string is not a percentage' };
  const digits = v.slice(0, -1);
  const n = atoi(digits);
  if (typeof n !== 'number') return { error: `invalid value for IntOrString: invalid value ${goQuote(v)}: ${n.error}` };
  const scaled = (n * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/** Go's `strconv.Atoi` (64-bit int), with its error text. */
function atoi(s: string): number | { error: string } {
  if (!/^[+-]?[0-9]+$/.test(s)) return { error: `strconv.Atoi: parsing ${goQuote(s)}: invalid syntax` };
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return { error: `strconv.Atoi: parsing ${goQuote(s)}: value out of range` };
  return Number(n);
}
