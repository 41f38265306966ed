/**
 * `fmt.Sprintf` (`fmt/print.go`'s `doPrintf`, `argNumber`, `intFromArg`, `parsenum`): reads the
 * format's verbs with their flags, width and precision (also `*` and `[n]` argument indexes) and
 * prints each argument with go-template-fmt.ts's printer, with fmt's own complaints about the
 * format: `%!d(MISSING)`, `%!d(BADINDEX)`, `%!(BADWIDTH)`, `%!(BADPREC)`, `%!(NOVERB)` and
 * `%!(EXTRA type=value, ...)`.
 */
import { cleared, Printer } from './go-template-fmt.js';
import { typeName, type Concrete } from './go-template-value.js';

/** `fmt.Sprintf(format, args...)`. */
export function sprintf(format: string, args: readonly (Concrete | null)[]): string {
  return new Formatter(format, args).run();
}

/** One `Sprintf`: the format is read by UTF-16 index (verbs and flags are ASCII). */
class Formatter {
  private readonly p = new Printer();
  private argNum = 0;
  private reordered = false;
  private goodArgNum = true;
  private i = 0;

  constructor(
    private readonly format: string,
    private readonly args: readonly (Concrete | null)[],
  ) {}

  run(): string {
    const { format, p } = this;
    const end = format.length;
    while (this.i < end) {
      this.goodArgNum = true;
      const next = format.indexOf('%', this.i);
      p.buf += format.slice(this.i, next < 0 ? end : next);
      if (next < 0) break;
      this.i = next + 1;
      p.f = cleared();
      if (this.readFlags()) continue;
      let afterIndex = this.argIndex();
      if (format[this.i] === '*') {
        this.i++;
        const w = this.intFromArg();
        p.f.wid = w.num;
        p.f.widPresent = w.ok;
        if (!w.ok) p.buf += '%!(BADWIDTH)';
        if (p.f.wid < 0) {
          p.f.wid = -p.f.wid;
          p.f.minus = true;
          p.f.zero = false;
        }
        afterIndex = false;
      } else {
        const w = this.parseNum();
        p.f.wid = w.num;
        p.f.widPresent = w.ok;
        if (afterIndex && w.ok) this.goodArgNum = false;
      }
      if (this.i + 1 < end && format[this.i] === '.') {
        this.i++;
        if (afterIndex) this.goodArgNum = false;
        afterIndex = this.argIndex();
        if (format[this.i] === '*') {
          this.i++;
          const pr = this.intFromArg();
          p.f.prec = pr.num;
          p.f.precPresent = pr.ok;
          if (p.f.prec < 0) {
            p.f.prec = 0;
            p.f.precPresent = false;
          }
          if (!p.f.precPresent) p.buf += '%!(BADPREC)';
          afterIndex = false;
        } else {
          const pr = this.parseNum();
          p.f.prec = pr.ok ? pr.num : 0;
          p.f.precPresent = true;
        }
      }
      if (!afterIndex) this.argIndex();
      if (this.i >= end) {
        p.buf += '%!(NOVERB)';
        break;
      }
      const verb = String.fromCodePoint(format.codePointAt(this.i)!);
      this.i += verb.length;
      this.printVerb(verb);
    }
    if (!this.reordered && this.argNum < this.args.length) {
      p.f = cleared();
      p.buf += '%!(EXTRA ';
      this.args.slice(this.argNum).forEach((a, i) => {
        if (i > 0) p.buf += ', ';
        if (a === null) p.buf += '<nil>';
        else {
          p.buf += `${typeName(a)}=`;
          p.printArg(a, 'v');
        }
      });
      p.buf += ')';
    }
    return p.buf;
  }

  /** Reads flags; true when a simple lowercase verb with its argument was printed on the way. */
  private readFlags(): boolean {
    const { p, format } = this;
    for (; this.i < format.length; this.i++) {
      const c = format[this.i]!;
      if (c === '#') p.f.sharp = true;
      else if (c === '0') p.f.zero = !p.f.minus;
      else if (c === '+') p.f.plus = true;
      else if (c === '-') {
        p.f.minus = true;
        p.f.zero = false;
      } else if (c === ' ') p.f.space = true;
      else if (c >= 'a' && c <= 'z' && this.argNum < this.args.length) {
        this.i++;
        this.printVerb(c);
        return true;
      } else return false;
    }
    return false;
  }

  private printVerb(verb: string): void {
    const { p } = this;
    if (verb === '%') p.buf += '%';
    else if (!this.goodArgNum) p.buf += `%!${verb}(BADINDEX)`;
    else if (this.argNum >= this.args.length) p.buf += `%!${verb}(MISSING)`;
    else {
      if (verb === 'v') {
        p.f.sharpV = p.f.sharp;
        p.f.sharp = false;
        p.f.plusV = p.f.plus;
        p.f.plus = false;
      }
      p.printArg(this.args[this.argNum]!, verb);
      this.argNum++;
    }
  }

  /** A decimal number at the cursor, if any; a crazy long one (from 1e6) is none, and skips to `limit`. */
  private parseNum(limit = this.format.length): { num: number; ok: boolean } {
    let num = 0;
    let ok = false;
    while (this.i < limit && /[0-9]/.test(this.format[this.i]!)) {
      if (num >= 1e6) {
        this.i = limit;
        return { num: 0, ok: false };
      }
      num = num * 10 + Number(this.format[this.i]);
      ok = true;
      this.i++;
    }
    return { num, ok };
  }

  /** An explicit argument index `[n]` at the cursor: sets the next argument; true when one was read. */
  private argIndex(): boolean {
    const { format } = this;
    if (format[this.i] !== '[') return false;
    this.reordered = true;
    const close = format.indexOf(']', this.i + 1);
    if (format.length - this.i < 3 || close < 0) {
      this.i++;
      this.goodArgNum = false;
      return false;
    }
    this.i++;
    const n = this.parseNum(close);
    const good = n.ok && this.i === close;
    this.i = close + 1;
    if (good && n.num >= 1 && n.num <= this.args.length) this.argNum = n.num - 1;
    else this.goodArgNum = false;
    return good;
  }

  /** A `*` width or precision: an integer argument. */
  private intFromArg(): { num: number; ok: boolean } {
    if (this.argNum >= this.args.length) return { num: 0, ok: false };
    const a = this.args[this.argNum++]!;
    const isInt = a !== null && (a.k === 'int' || a.k === 'int64' || a.k === 'uint8');
    if (!isInt || Math.abs(a.v) > 1e6) return { num: 0, ok: false };
    return { num: a.v, ok: true };
  }
}
