/**
 * Go's `encoding/json` syntax check (`checkValid` and the scanner's step functions in
 * `encoding/json/scanner.go`), for the messages kubectl prints when a JSON argument does not
 * parse: `invalid character 'b' looking for beginning of object key string`, `unexpected end of
 * JSON input`. JavaScript's JSON.parse accepts the same texts but words its errors otherwise.
 *
 * The scanner reads bytes (the UTF-8 of the text); a byte of a multi-byte character in the wrong
 * place is named as Go names it, the byte read as a Latin-1 character.
 */
import { goQuote } from '../sim/api/goquote.js';

/** What the scanner expects next, one function per Go step function: the next state, or the error. */
type Step = (c: number) => Step | { error: string };

/** The SyntaxError message for `text`, or undefined when it is one valid JSON value. */
export function goJsonSyntaxError(text: string): string | undefined {
  const scanner = new Scanner();
  for (const c of new TextEncoder().encode(text)) {
    const error = scanner.feed(c);
    if (error !== undefined) return error;
  }
  // eof: a space ends a number or shows what is still missing.
  if (scanner.done) return undefined;
  return scanner.feed(0x20) ?? (scanner.done ? undefined : 'unexpected end of JSON input');
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const ch = (s: string): number => s.charCodeAt(0);

/** Go's `quoteChar`: the byte as a quoted character. */
function quoteChar(c: number): string {
  if (c === ch("'")) return `'\\''`;
  if (c === ch('"')) return `'"'`;
  return `'${goQuote(String.fromCharCode(c)).slice(1, -1)}'`;
}

const invalid = (c: number, context: string) => ({ error: `invalid character ${quoteChar(c)} ${context}` });

class Scanner {
  /** Open objects ('{' waiting for a key or a value) and arrays, innermost last. */
  private readonly stack: ('key' | 'value' | 'array')[] = [];
  private step: Step = (c) => this.beginValue(c);
  /** The top-level value is complete; only spaces may follow. */
  done = false;

  feed(c: number): string | undefined {
    const next = this.step(c);
    if (typeof next !== 'function') return next.error;
    this.step = next;
    return undefined;
  }

  private beginValue(c: number): Step | { error: string } {
    if (isSpace(c)) return (x) => this.beginValue(x);
    switch (c) {
      case ch('{'):
        this.stack.push('key');
        return (x) => this.beginKeyOrEmpty(x);
      case ch('['):
        this.stack.push('array');
        return (x) => this.beginValueOrEmpty(x);
      case ch('"'):
        return (x) => this.inString(x);
      case ch('-'):
        return (x) => this.afterMinus(x);
      case ch('0'):
        return (x) => this.zero(x);
      case ch('t'):
        return this.literal('true', 1);
      case ch('f'):
        return this.literal('false', 1);
      case ch('n'):
        return this.literal('null', 1);
    }
    if (c >= ch('1') && c <= ch('9')) return (x) => this.digits(x);
    return invalid(c, 'looking for beginning of value');
  }

  private beginValueOrEmpty(c: number): Step | { error: string } {
    if (isSpace(c)) return (x) => this.beginValueOrEmpty(x);
    return c === ch(']') ? this.pop() : this.beginValue(c);
  }

  private beginKeyOrEmpty(c: number): Step | { error: string } {
    if (isSpace(c)) return (x) => this.beginKeyOrEmpty(x);
    return c === ch('}') ? this.pop() : this.beginKey(c);
  }

  private beginKey(c: number): Step | { error: string } {
    if (isSpace(c)) return (x) => this.beginKey(x);
    return c === ch('"') ? (x) => this.inString(x) : invalid(c, 'looking for beginning of object key string');
  }

  private inString(c: number): Step | { error: string } {
    if (c === ch('"')) return (x) => this.endValue(x);
    if (c === ch('\\')) return (x) => this.escape(x);
    return c < 0x20 ? invalid(c, 'in string literal') : (x) => this.inString(x);
  }

  private escape(c: number): Step | { error: string } {
    if ('bfnrt\\/"'.includes(String.fromCharCode(c))) return (x) => this.inString(x);
    return c === ch('u') ? this.hex(4) : invalid(c, 'in string escape code');
  }

  private hex(left: number): Step {
    return (c) => (!isHex(c) ? invalid(c, 'in \\u hexadecimal character escape') : left > 1 ? this.hex(left - 1) : (x: number) => this.inString(x));
  }

  private literal(word: string, at: number): Step {
    return (c) => {
      if (c !== ch(word[at]!)) return invalid(c, `in literal ${word} (expecting '${word[at]}')`);
      return at + 1 < word.length ? this.literal(word, at + 1) : (x: number) => this.endValue(x);
    };
  }

  private afterMinus(c: number): Step | { error: string } {
    if (c === ch('0')) return (x) => this.zero(x);
    return c >= ch('1') && c <= ch('9') ? (x) => this.digits(x) : invalid(c, 'in numeric literal');
  }

  private digits(c: number): Step | { error: string } {
    return isDigit(c) ? (x) => this.digits(x) : this.zero(c);
  }

  /** After the integer part: a fraction, an exponent, or the end of the number. */
  private zero(c: number): Step | { error: string } {
    if (c === ch('.')) return (x) => (isDigit(x) ? (y: number) => this.fraction(y) : invalid(x, 'after decimal point in numeric literal'));
    if (c === ch('e') || c === ch('E')) return (x) => this.exponentSign(x);
    return this.endValue(c);
  }

  private fraction(c: number): Step | { error: string } {
    if (isDigit(c)) return (x) => this.fraction(x);
    if (c === ch('e') || c === ch('E')) return (x) => this.exponentSign(x);
    return this.endValue(c);
  }

  private exponentSign(c: number): Step | { error: string } {
    if (c === ch('+') || c === ch('-')) return (x) => this.exponentStart(x);
    return this.exponentStart(c);
  }

  private exponentStart(c: number): Step | { error: string } {
    return isDigit(c) ? (x) => this.exponent(x) : invalid(c, 'in exponent of numeric literal');
  }

  private exponent(c: number): Step | { error: string } {
    return isDigit(c) ? (x) => this.exponent(x) : this.endValue(c);
  }

  private endValue(c: number): Step | { error: string } {
    const top = this.stack.at(-1);
    if (top === undefined) {
      this.done = true;
      return this.endTop(c);
    }
    if (isSpace(c)) return (x) => this.endValue(x);
    if (top === 'key') {
      if (c !== ch(':')) return invalid(c, 'after object key');
      this.stack[this.stack.length - 1] = 'value';
      return (x) => this.beginValue(x);
    }
    if (top === 'value') {
      if (c === ch(',')) {
        this.stack[this.stack.length - 1] = 'key';
        return (x) => this.beginKey(x);
      }
      return c === ch('}') ? this.pop() : invalid(c, 'after object key:value pair');
    }
    if (c === ch(',')) return (x) => this.beginValue(x);
    return c === ch(']') ? this.pop() : invalid(c, 'after array element');
  }

  private endTop(c: number): Step | { error: string } {
    return isSpace(c) ? (x) => this.endTop(x) : invalid(c, 'after top-level value');
  }

  /** A closing bracket: the value it closes is complete. */
  private pop(): Step {
    this.stack.pop();
    if (this.stack.length === 0) this.done = true;
    return (x) => this.endValue(x);
  }
}
