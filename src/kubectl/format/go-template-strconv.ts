/**
 * The `strconv` formatting Go's `fmt` relies on, for the printing of go-template values:
 * `FormatFloat` (`%e`, `%f`, `%g`, and the shortest form `%v` uses), `Quote`, `QuoteToASCII`
 * and `QuoteRune`.
 *
 * Floats are rounded from their exact binary value, half to even, as strconv's decimal
 * conversion does (so `%.0f` of 2.5 is `2`); the shortest form is the one JavaScript also finds.
 */
import { goQuote } from '../../sim/api/goquote.js';

/** `strconv.IsPrint`, for one character. */
export const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** The number of runes (code points) in `s`. */
export function runeCount(s: string): number {
  return [...s].length;
}

/** `strconv.Quote`, or `QuoteToASCII` (every non-ASCII rune escaped) with `ascii`. */
export function quote(s: string, ascii: boolean): string {
  if (!ascii) return goQuote(s);
  return `"${[...s].map((ch) => (ch.codePointAt(0)! < 0x80 ? goQuote(ch).slice(1, -1) : unicodeEscape(ch.codePointAt(0)!))).join('')}"`;
}

function unicodeEscape(cp: number): string {
  return cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
}

/** A code point, or U+FFFD for what is not one (negative, a surrogate, beyond U+10FFFF). */
export function validRune(n: number): number {
  return n >= 0 && n <= 0x10ffff && !(n >= 0xd800 && n < 0xe000) ? n : 0xfffd;
}

/** `strconv.QuoteRune` (`'A'`, `'\n'`), or `QuoteRuneToASCII` with `ascii`. */
export function quoteRune(cp: number, ascii: boolean): string {
  const ch = String.fromCodePoint(cp);
  if (ch === "'") return "'\\''";
  if (ch === '"') return `'"'`;
  const inner = cp >= 0x80 && ascii ? unicodeEscape(cp) : goQuote(ch).slice(1, -1);
  return `'${inner}'`;
}

/** The digits of a positive finite float and the decimal point's place: 0.0125 is ("125", -1). */
interface Digits {
  d: string;
  dp: number;
}

/** The exact decimal expansion of a positive finite float. */
function exactDigits(x: number): Digits {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let exp = -1074;
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exp = biased - 1075;
  }
  const s = exp >= 0 ? (mantissa << BigInt(exp)).toString() : (mantissa * 5n ** BigInt(-exp)).toString();
  const dp = exp >= 0 ? s.length : s.length + exp;
  return trimZeros({ d: s, dp });
}

function trimZeros(digits: Digits): Digits {
  const d = digits.d.replace(/0+$/, '');
  return { d, dp: d === '' ? 0 : digits.dp };
}

/** The shortest digits that read back as `x` (what JavaScript and strconv's `-1` precision both find). */
function shortestDigits(x: number): Digits {
  const [m, e] = x.toExponential().split('e') as [string, string];
  return trimZeros({ d: m.replace('.', ''), dp: Number(e) + 1 });
}

/** strconv's `decimal.Round(nd)`: to `nd` digits, half to even. */
function roundDigits(a: Digits, nd: number): Digits {
  if (nd < 0 || nd >= a.d.length) return a;
  const up = a.d[nd] === '5' && nd + 1 === a.d.length ? nd > 0 && Number(a.d[nd - 1]) % 2 === 1 : a.d[nd]! >= '5';
  if (!up) return trimZeros({ d: a.d.slice(0, nd), dp: a.dp });
  let i = nd - 1;
  while (i >= 0 && a.d[i] === '9') i--;
  if (i < 0) return { d: '1', dp: a.dp + 1 };
  return trimZeros({ d: a.d.slice(0, i) + String(Number(a.d[i]) + 1), dp: a.dp });
}

/** `%e` digits: d.ddde±dd. */
function formatE(digs: Digits, prec: number, e: 'e' | 'E'): string {
  let s = digs.d[0] ?? '0';
  if (prec > 0) s += `.${digs.d.slice(1, 1 + prec).padEnd(prec, '0')}`;
  const exp = digs.d === '' ? 0 : digs.dp - 1;
  return `${s}${e}${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** `%f` digits: ddd.ddd. */
function formatF(digs: Digits, prec: number): string {
  let s = digs.dp > 0 ? digs.d.slice(0, digs.dp).padEnd(digs.dp, '0') : '0';
  if (prec > 0) {
    s += '.';
    for (let i = 1; i <= prec; i++) {
      const j = digs.dp + i - 1;
      s += j >= 0 && j < digs.d.length ? digs.d[j] : '0';
    }
  }
  return s;
}

/** `strconv.FormatFloat(x, verb, prec, 64)` of a finite `x >= 0`; `prec` -1 is the shortest form. */
export function formatFloat(x: number, verb: string, prec: number): string {
  const shortest = prec < 0;
  let digs: Digits = x === 0 ? { d: '', dp: 0 } : shortest ? shortestDigits(x) : exactDigits(x);
  const lower = verb.toLowerCase();
  if (!shortest && x !== 0) {
    if (lower === 'e') digs = roundDigits(digs, prec + 1);
    else if (lower === 'f') digs = roundDigits(digs, digs.dp + prec);
    else digs = roundDigits(digs, prec === 0 ? 1 : prec);
  }
  if (lower === 'e') return formatE(digs, shortest ? digs.d.length - 1 : prec, verb === 'E' ? 'E' : 'e');
  if (lower === 'f') return formatF(digs, shortest ? Math.max(digs.d.length - digs.dp, 0) : prec);
  // %g: %e when the exponent is below -4 or at least the precision (6 for the shortest form).
  let p = shortest ? digs.d.length : prec === 0 ? 1 : prec;
  let eprec = p;
  if (eprec > digs.d.length && digs.d.length >= digs.dp) eprec = digs.d.length;
  if (shortest) eprec = 6;
  const exp = digs.dp - 1;
  if (exp < -4 || exp >= eprec) {
    if (p > digs.d.length) p = digs.d.length;
    return formatE(digs, p - 1, verb === 'G' ? 'E' : 'e');
  }
  if (p > digs.dp) p = digs.d.length;
  return formatF(digs, Math.max(p - digs.dp, 0));
}
