/**
 * Go's `fmt` printing (`fmt/print.go` `printArg`, `printValue`, `doPrint`, `doPrintln`, and
 * `fmt/format.go`) over the values a template handles: what `print` and `println` return, how
 * an action prints its value (`%v`), and the values error messages quote. Sprintf's reading of
 * the format is go-template-sprintf.ts; strconv's conversions are go-template-strconv.ts.
 *
 * Covered: flags `+ - # 0` and space, width and precision, verbs `v s q x X d b o O c U t e E
 * f F g G T`, maps in sorted key order and slices with the verb applied to each element, and
 * a wrong verb as fmt writes it (`%!d(string=x)`). Not covered: `%p`, hexadecimal and binary
 * floats (`%x`, `%b` of a float64) and `#` on floats, which print as `%g`. Values are never
 * infinite or NaN (JSON has no such numbers and the parser refuses such constants).
 */
import { formatFloat, PRINTABLE, quote, quoteRune, runeCount, validRune } from './go-template-strconv.js';
import { concreteOf, hasKey, typeName, type Concrete } from './go-template-value.js';

/** The flags, width and precision of the verb being printed (`fmt.fmtFlags`). */
export interface Flags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  plusV: boolean;
  sharpV: boolean;
  wid: number;
  widPresent: boolean;
  prec: number;
  precPresent: boolean;
}

/** No flags, width or precision. */
export const cleared = (): Flags => ({
  plus: false,
  minus: false,
  sharp: false,
  space: false,
  zero: false,
  plusV: false,
  sharpV: false,
  wid: 0,
  widPresent: false,
  prec: 0,
  precPresent: false,
});

/** One `Sprint`/`Sprintf` run: the output buffer and the flags of the verb being printed. */
export class Printer {
  buf = '';
  f: Flags = cleared();
  /** The argument being printed, which `%!verb(type=value)` names. */
  private arg: Concrete | null = null;

  /** `fmt.pad`: `s` padded to the width with spaces, or zeros on the left with the 0 flag. */
  private pad(s: string): void {
    const f = this.f;
    const width = f.widPresent ? f.wid - runeCount(s) : 0;
    if (width <= 0) this.buf += s;
    else if (f.minus) this.buf += s + ' '.repeat(width);
    else this.buf += (f.zero ? '0' : ' ').repeat(width) + s;
  }

  private badVerb(verb: string): void {
    this.buf += `%!${verb}(`;
    if (this.arg !== null) {
      this.buf += `${typeName(this.arg)}=`;
      this.printArg(this.arg, 'v');
    } else this.buf += '<nil>';
    this.buf += ')';
  }

  printArg(arg: Concrete | null, verb: string): void {
    this.arg = arg;
    if (arg === null) {
      if (verb === 'T' || verb === 'v') this.pad('<nil>');
      else this.badVerb(verb);
      return;
    }
    if (verb === 'T') {
      this.pad(this.truncate(typeName(arg)));
      return;
    }
    this.printValue(arg, verb, 0);
  }

  /** `printValue`: a value at `depth` inside the argument (maps and slices recurse). */
  private printValue(v: Concrete, verb: string, depth: number): void {
    if (depth > 0) this.arg = v;
    switch (v.k) {
      case 'bool':
        return verb === 't' || verb === 'v' ? this.pad(String(v.v)) : this.badVerb(verb);
      case 'int':
      case 'int64':
      case 'uint8':
        return this.fmtInteger(v.v, v.k !== 'uint8', verb);
      case 'float64':
        return this.fmtFloat(v.v, verb);
      case 'complex128':
        return this.fmtComplex(v.re, v.im, verb);
      case 'string':
        return this.fmtString(v.v, verb);
      case 'map': {
        const keys = Object.keys(v.v)
          .filter((k) => hasKey(v.v, k))
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        this.buf += this.f.sharpV ? 'map[string]interface {}{' : 'map[';
        keys.forEach((k, i) => {
          if (i > 0) this.buf += this.f.sharpV ? ', ' : ' ';
          this.printValue({ k: 'string', v: k }, verb, depth + 1);
          this.buf += ':';
          this.printElement(v.v[k], verb, depth + 1);
        });
        this.buf += this.f.sharpV ? '}' : ']';
        return;
      }
      case 'slice':
        this.buf += this.f.sharpV ? '[]interface {}{' : '[';
        v.v.forEach((e, i) => {
          if (i > 0) this.buf += this.f.sharpV ? ', ' : ' ';
          this.printElement(e, verb, depth + 1);
        });
        this.buf += this.f.sharpV ? '}' : ']';
        return;
    }
  }

  /** An element of a map or slice: an `interface {}` that may hold nil. */
  private printElement(raw: unknown, verb: string, depth: number): void {
    const e = concreteOf(raw);
    if (e === null) this.pad(this.f.sharpV ? 'interface {}(nil)' : '<nil>');
    else this.printValue(e, verb, depth);
  }

  private fmtString(s: string, verb: string): void {
    const f = this.f;
    switch (verb) {
      case 'v':
        return f.sharpV ? this.fmtQ(s) : this.pad(this.truncate(s));
      case 's':
        return this.pad(this.truncate(s));
      case 'x':
      case 'X':
        return this.fmtSx(s, verb);
      case 'q':
        return this.fmtQ(s);
      default:
        return this.badVerb(verb);
    }
  }

  private truncate(s: string): string {
    return this.f.precPresent ? [...s].slice(0, this.f.prec).join('') : s;
  }

  private fmtQ(s: string): void {
    const t = this.truncate(s);
    if (this.f.sharp && !/[`\u0000-\u0008\u000a-\u001f\u007f\ufeff]/.test(t)) this.pad(`\`${t}\``);
    else this.pad(quote(t, this.f.plus));
  }

  /** `%x` of a string: two hex digits per byte, spaced with the space flag, `0x` with `#`. */
  private fmtSx(s: string, verb: string): void {
    let bytes = [...new TextEncoder().encode(s)];
    if (this.f.precPresent && this.f.prec < bytes.length) bytes = bytes.slice(0, this.f.prec);
    const prefix = this.f.sharp ? (verb === 'x' ? '0x' : '0X') : '';
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).map((h) => (verb === 'X' ? h.toUpperCase() : h));
    this.pad(this.f.space ? hex.map((h) => prefix + h).join(' ') : prefix + hex.join(''));
  }

  private fmtInteger(n: number, signed: boolean, verb: string): void {
    switch (verb) {
      case 'v':
        if (this.f.sharpV && !signed) {
          // %#v of an unsigned integer is hexadecimal with 0x.
          this.f.sharp = true;
          this.fmtInt(n, 16, 'x');
          this.f.sharp = false;
          return;
        }
        return this.fmtInt(n, 10, verb);
      case 'd':
        return this.fmtInt(n, 10, verb);
      case 'b':
        return this.fmtInt(n, 2, verb);
      case 'o':
      case 'O':
        return this.fmtInt(n, 8, verb);
      case 'x':
      case 'X':
        return this.fmtInt(n, 16, verb);
      case 'c':
        return this.pad(String.fromCodePoint(validRune(n)));
      case 'q':
        return this.pad(quoteRune(validRune(n), this.f.plus));
      case 'U':
        return this.fmtUnicode(n);
      default:
        return this.badVerb(verb);
    }
  }

  /** `fmt.fmtInteger`: digits, precision or zero padding as a minimum digit count, prefix, sign. */
  private fmtInt(n: number, base: number, verb: string): void {
    const f = this.f;
    const negative = n < 0;
    const u = Math.abs(n);
    let prec = 0;
    if (f.precPresent) {
      prec = f.prec;
      if (prec === 0 && u === 0) {
        const zero = f.zero;
        f.zero = false;
        this.pad('');
        f.zero = zero;
        return;
      }
    } else if (f.zero && f.widPresent) {
      prec = f.wid;
      if (negative || f.plus || f.space) prec--;
    }
    let s = BigInt(u).toString(base);
    if (verb === 'X') s = s.toUpperCase();
    s = s.padStart(prec, '0');
    if (f.sharp) {
      if (base === 2) s = `0b${s}`;
      else if (base === 8 && s[0] !== '0') s = `0${s}`;
      else if (base === 16) s = (verb === 'X' ? '0X' : '0x') + s;
    }
    if (verb === 'O') s = `0o${s}`;
    if (negative) s = `-${s}`;
    else if (f.plus) s = `+${s}`;
    else if (f.space) s = ` ${s}`;
    const zero = f.zero;
    f.zero = false;
    this.pad(s);
    f.zero = zero;
  }

  /** `%U`: U+0041, with `#` also the character. */
  private fmtUnicode(n: number): void {
    let s = `U+${n
      .toString(16)
      .toUpperCase()
      .padStart(this.f.precPresent && this.f.prec > 4 ? this.f.prec : 4, '0')}`;
    if (this.f.sharp && n >= 0 && n <= 0x10ffff && PRINTABLE.test(String.fromCodePoint(n))) s += ` '${String.fromCodePoint(n)}'`;
    const zero = this.f.zero;
    this.f.zero = false;
    this.pad(s);
    this.f.zero = zero;
  }

  /** `pp.fmtFloat` and `fmt.fmtFloat`: the conversion, then the sign and padding rules. */
  private fmtFloat(x: number, verb: string): void {
    const f = this.f;
    let prec = -1;
    if ('fFeE'.includes(verb)) prec = 6;
    else if (!'vgGxXb'.includes(verb)) return this.badVerb(verb);
    if (f.precPresent) prec = f.prec;
    const conv = verb === 'F' ? 'f' : 'gGeEf'.includes(verb) ? verb : 'g';
    let num = formatFloat(Math.abs(x), conv, prec);
    let sign = x < 0 || Object.is(x, -0) ? '-' : '+';
    if (f.space && sign === '+' && !f.plus) sign = ' ';
    if (!f.plus && sign === '+') return this.pad(num);
    num = sign + num;
    // Zero padding goes between the sign and the digits.
    if (f.zero && !f.minus && f.widPresent && f.wid > num.length) this.buf += num[0] + '0'.repeat(f.wid - num.length) + num.slice(1);
    else this.pad(num);
  }

  private fmtComplex(re: number, im: number, verb: string): void {
    if (!'vbgGxXfFeE'.includes(verb)) return this.badVerb(verb);
    const plus = this.f.plus;
    this.buf += '(';
    this.fmtFloat(re, verb);
    this.f.plus = true;
    this.fmtFloat(im, verb);
    this.buf += 'i)';
    this.f.plus = plus;
  }
}

/** `fmt.Sprint`: the values' `%v`, with a space between two neighbours when neither is a string. */
export function sprint(args: readonly (Concrete | null)[]): string {
  const p = new Printer();
  args.forEach((a, i) => {
    const isString = a !== null && a.k === 'string';
    const prevString = i > 0 && args[i - 1] !== null && args[i - 1]!.k === 'string';
    if (i > 0 && !isString && !prevString) p.buf += ' ';
    p.printArg(a, 'v');
  });
  return p.buf;
}

/** `fmt.Sprintln`: the values' `%v` separated by spaces, then a newline. */
export function sprintln(args: readonly (Concrete | null)[]): string {
  const p = new Printer();
  args.forEach((a, i) => {
    if (i > 0) p.buf += ' ';
    p.printArg(a, 'v');
  });
  return `${p.buf}\n`;
}
