/**
 * How kubectl judges the syntax of a manifest stream that it reads as JSON.
 *
 * apimachinery's `YAMLOrJSONDecoder` guesses the format once (`GuessJSONStream`): when the stream,
 * trimmed of `unicode.IsSpace` runes within its first 4096 bytes, begins with `{`, the whole stream
 * goes to encoding/json's `Decoder` as a sequence of values instead of to the YAML reader. So
 * mistakes YAML forgives (`{"a":1,}`, `{a: 1}`, `'x'`, comments) stop kubectl with
 * `json: offset N: invalid character ...`, N counting bytes from the stream's start up to and
 * including the bad one (`JSONSyntaxError` around `json.SyntaxError`), and a stream that ends in
 * the middle of a value stops it with `unexpected EOF`.
 *
 * The scanner is a port of encoding/json's `scanner` step functions (scanner.go), syntax only:
 * one state per function, the same error contexts, `quoteChar` for the bad byte. The loop around
 * it follows `Decoder.readValue`: a value ends at its closing `}`/`]`, or at the byte after a
 * number, string or literal, which then begins the next value; at the end of the stream a pending
 * value is completed with a space, or else the stream was cut short.
 */

/** What stopped the decoder, and where, in UTF-16 offsets of the text. */
export interface JsonStreamError {
  /** `json: offset N: invalid character ...` or `unexpected EOF`, as kubectl prints it after `error parsing FILE: `. */
  readonly message: string;
  /** Offset of the offending character (the text's length for a truncated stream). */
  readonly offset: number;
}

/** Where one complete value of the stream is, in UTF-16 offsets: from its first character to just past its last. */
export interface JsonValueSpan {
  readonly start: number;
  readonly end: number;
}

/** The values the Decoder reads from a stream, in order, and what stopped it after the last of them, if anything did. */
export interface JsonStreamScan {
  readonly values: readonly JsonValueSpan[];
  readonly error?: JsonStreamError;
}

/** The runes `unicode.IsSpace` accepts: Latin-1 spaces plus the Unicode White_Space ones. */
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;

/**
 * kubectl's FileVisitor reads through `unicode.BOMOverride`, so the decoder never sees a leading
 * byte order mark: it neither stops the guess nor counts in offsets.
 */
const bomLength = (text: string): number => (text.startsWith('\ufeff') ? 1 : 0);

/** Whether kubectl reads `text` as JSON: `GuessJSONStream` over its first 4096 bytes. */
export function guessJSONStream(text: string): boolean {
  const body = text.slice(bomLength(text));
  const space = GO_SPACE.exec(body)![0];
  return body[space.length] === '{' && new TextEncoder().encode(space).length < 4096;
}

/**
 * The stream `text` as encoding/json's Decoder reads it (`Decoder.Decode` called until it fails or
 * the stream ends): the span of each complete value, then the syntax error that stopped it, if any.
 */
export function scanJsonStream(text: string): JsonStreamScan {
  const bom = bomLength(text);
  const body = text.slice(bom);
  const bytes = new TextEncoder().encode(body);
  const at = charOffsets(body, bom);
  const scan = new Scanner();
  const values: JsonValueSpan[] = [];
  let start = -1;
  const ended = (end: number): void => {
    values.push({ start: at(start), end: at(end) });
    scan.reset();
    start = -1;
  };
  for (let i = 0; i < bytes.length; i++) {
    const op = scan.step(bytes[i]!);
    if (op === ERROR) return { values, error: { message: `json: offset ${i + 1}: ${scan.error}`, offset: at(i) } };
    if (op === END) {
      // The byte after a number, string or literal ends it and begins the next value.
      ended(i);
      i--;
      continue;
    }
    if (op !== SKIP_SPACE && start < 0) start = i;
    if (op === END_OBJECT_OR_ARRAY && scan.depth() === 0) ended(i + 1);
  }
  if (start >= 0) {
    if (scan.step(0x20) !== END) return { values, error: { message: 'unexpected EOF', offset: at(bytes.length) } };
    ended(bytes.length);
  }
  return { values };
}

/**
 * encoding/json's `checkValid` of one value (what `json.Unmarshal` says before it decodes): the
 * SyntaxError message, or undefined when `text` is one valid JSON value. Unlike a stream, only
 * spaces may follow the value (`invalid character 'x' after top-level value`), and a text that
 * ends before the value does is `unexpected end of JSON input`. kubectl prints these for JSON it
 * is given as an argument (`run --overrides`, a `patch` body).
 */
export function jsonValueError(text: string): string | undefined {
  const bytes = new TextEncoder().encode(text);
  const scan = new Scanner();
  let ended = -1;
  for (let i = 0; i < bytes.length && ended < 0; i++) {
    const op = scan.step(bytes[i]!);
    if (op === ERROR) return scan.error;
    // The byte after a number, string or literal ends it and is itself after the value.
    if (op === END) ended = i;
    else if (op === END_OBJECT_OR_ARRAY && scan.depth() === 0) ended = i + 1;
  }
  if (ended < 0) {
    // eof: a space ends a pending number or literal, or shows what is still missing.
    const op = scan.step(0x20);
    return op === ERROR ? scan.error : op === END ? undefined : 'unexpected end of JSON input';
  }
  for (let i = ended; i < bytes.length; i++) if (!isSpace(bytes[i]!)) return `invalid character ${quoteChar(bytes[i]!)} after top-level value`;
  return undefined;
}

/**
 * The UTF-16 offsets (plus `shift`) of UTF-8 byte offsets of `text`, asked for in increasing order
 * (always rune boundaries here): one walk over the text for all of them.
 */
function charOffsets(text: string, shift: number): (byteOffset: number) => number {
  let bytes = 0;
  let i = 0;
  return (byteOffset) => {
    while (i < text.length && bytes < byteOffset) {
      const cp = text.codePointAt(i)!;
      bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      i += cp >= 0x10000 ? 2 : 1;
    }
    return shift + i;
  };
}

const CONTINUE = 0;
const SKIP_SPACE = 1;
const END_OBJECT_OR_ARRAY = 2;
const END = 3;
const ERROR = 4;
type Op = typeof CONTINUE | typeof SKIP_SPACE | typeof END_OBJECT_OR_ARRAY | typeof END | typeof ERROR;

/** What the innermost open composite expects next (Go's parseObjectKey, parseObjectValue, parseArrayValue). */
type Parse = 'objectKey' | 'objectValue' | 'arrayValue';

type State = (s: Scanner, c: number) => Op;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const is = (c: number, ch: string): boolean => c === ch.charCodeAt(0);

/** encoding/json's `scanner`: the current step function and the stack of open objects and arrays. */
class Scanner {
  stepFn: State = beginValue;
  readonly stack: Parse[] = [];
  error = '';

  step(c: number): Op {
    return this.stepFn(this, c);
  }

  reset(): void {
    this.stepFn = beginValue;
    this.stack.length = 0;
    this.error = '';
  }

  depth(): number {
    return this.stack.length;
  }

  fail(c: number, context: string): Op {
    this.error = `invalid character ${quoteChar(c)} ${context}`;
    return ERROR;
  }

  /** Go's `popParseState` (the caller ends the value when the stack is empty). */
  pop(): void {
    this.stack.pop();
    this.stepFn = endValue;
  }
}

function beginValueOrEmpty(s: Scanner, c: number): Op {
  if (isSpace(c)) return SKIP_SPACE;
  if (is(c, ']')) return endValue(s, c);
  return beginValue(s, c);
}

function beginValue(s: Scanner, c: number): Op {
  if (isSpace(c)) return SKIP_SPACE;
  switch (String.fromCharCode(c)) {
    case '{':
      s.stack.push('objectKey');
      s.stepFn = beginStringOrEmpty;
      return CONTINUE;
    case '[':
      s.stack.push('arrayValue');
      s.stepFn = beginValueOrEmpty;
      return CONTINUE;
    case '"':
      s.stepFn = inString;
      return CONTINUE;
    case '-':
      s.stepFn = negative;
      return CONTINUE;
    case '0':
      s.stepFn = zero;
      return CONTINUE;
    case 't':
      s.stepFn = literal('true', 1);
      return CONTINUE;
    case 'f':
      s.stepFn = literal('false', 1);
      return CONTINUE;
    case 'n':
      s.stepFn = literal('null', 1);
      return CONTINUE;
  }
  if (isDigit(c)) {
    s.stepFn = digits;
    return CONTINUE;
  }
  return s.fail(c, 'looking for beginning of value');
}

function beginStringOrEmpty(s: Scanner, c: number): Op {
  if (isSpace(c)) return SKIP_SPACE;
  if (is(c, '}')) {
    s.stack[s.stack.length - 1] = 'objectValue';
    return endValue(s, c);
  }
  return beginString(s, c);
}

function beginString(s: Scanner, c: number): Op {
  if (isSpace(c)) return SKIP_SPACE;
  if (is(c, '"')) {
    s.stepFn = inString;
    return CONTINUE;
  }
  return s.fail(c, 'looking for beginning of object key string');
}

/** Go's `stateEndValue`: a value just ended; what may follow depends on what encloses it. */
function endValue(s: Scanner, c: number): Op {
  const top = s.stack[s.stack.length - 1];
  if (top === undefined) return END;
  if (isSpace(c)) {
    s.stepFn = endValue;
    return SKIP_SPACE;
  }
  if (top === 'objectKey') {
    if (!is(c, ':')) return s.fail(c, 'after object key');
    s.stack[s.stack.length - 1] = 'objectValue';
    s.stepFn = beginValue;
    return CONTINUE;
  }
  if (top === 'objectValue') {
    if (is(c, ',')) {
      s.stack[s.stack.length - 1] = 'objectKey';
      s.stepFn = beginString;
      return CONTINUE;
    }
    if (!is(c, '}')) return s.fail(c, 'after object key:value pair');
    s.pop();
    return END_OBJECT_OR_ARRAY;
  }
  if (is(c, ',')) {
    s.stepFn = beginValue;
    return CONTINUE;
  }
  if (!is(c, ']')) return s.fail(c, 'after array element');
  s.pop();
  return END_OBJECT_OR_ARRAY;
}

function inString(s: Scanner, c: number): Op {
  if (is(c, '"')) s.stepFn = endValue;
  else if (is(c, '\\')) s.stepFn = inStringEscape;
  else if (c < 0x20) return s.fail(c, 'in string literal');
  return CONTINUE;
}

function inStringEscape(s: Scanner, c: number): Op {
  if ('bfnrt\\/"'.includes(String.fromCharCode(c))) {
    s.stepFn = inString;
    return CONTINUE;
  }
  if (is(c, 'u')) {
    s.stepFn = hexDigit(4);
    return CONTINUE;
  }
  return s.fail(c, 'in string escape code');
}

/** Go's `stateInStringEscU`, `...U1`, `...U12`, `...U123`: `left` hex digits still to come. */
function hexDigit(left: number): State {
  return (s, c) => {
    if (!isHex(c)) return s.fail(c, 'in \\u hexadecimal character escape');
    s.stepFn = left === 1 ? inString : hexDigit(left - 1);
    return CONTINUE;
  };
}

function negative(s: Scanner, c: number): Op {
  if (is(c, '0')) s.stepFn = zero;
  else if (isDigit(c)) s.stepFn = digits;
  else return s.fail(c, 'in numeric literal');
  return CONTINUE;
}

/** Go's `state1`: the integer part after a non-zero first digit. */
function digits(s: Scanner, c: number): Op {
  return isDigit(c) ? CONTINUE : zero(s, c);
}

/** Go's `state0`: after the integer part, a fraction, an exponent, or the end. */
function zero(s: Scanner, c: number): Op {
  if (is(c, '.')) {
    s.stepFn = dot;
    return CONTINUE;
  }
  if (is(c, 'e') || is(c, 'E')) {
    s.stepFn = exponent;
    return CONTINUE;
  }
  return endValue(s, c);
}

function dot(s: Scanner, c: number): Op {
  if (!isDigit(c)) return s.fail(c, 'after decimal point in numeric literal');
  s.stepFn = fraction;
  return CONTINUE;
}

/** Go's `stateDot0`. */
function fraction(s: Scanner, c: number): Op {
  if (isDigit(c)) return CONTINUE;
  if (is(c, 'e') || is(c, 'E')) {
    s.stepFn = exponent;
    return CONTINUE;
  }
  return endValue(s, c);
}

/** Go's `stateE`: an optional sign, then `stateESign`. */
function exponent(s: Scanner, c: number): Op {
  if (is(c, '+') || is(c, '-')) {
    s.stepFn = exponentSign;
    return CONTINUE;
  }
  return exponentSign(s, c);
}

function exponentSign(s: Scanner, c: number): Op {
  if (!isDigit(c)) return s.fail(c, 'in exponent of numeric literal');
  s.stepFn = exponentDigits;
  return CONTINUE;
}

/** Go's `stateE0`. */
function exponentDigits(s: Scanner, c: number): Op {
  return isDigit(c) ? CONTINUE : endValue(s, c);
}

/** Go's `stateT`, `stateTr`, ..., `stateNul`: `word[at]` is the letter expected next. */
function literal(word: string, at: number): State {
  return (s, c) => {
    if (!is(c, word[at]!)) return s.fail(c, `in literal ${word} (expecting '${word[at]}')`);
    s.stepFn = at === word.length - 1 ? endValue : literal(word, at + 1);
    return CONTINUE;
  };
}

/**
 * Go's `quoteChar`: the byte as a Latin-1 rune, quoted the way `strconv.Quote` does but between
 * single quotes (`'\''` and `'"'` are the special cases).
 */
export function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  const escapes: Record<number, string> = { 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v', 0x5c: '\\\\' };
  if (escapes[c] !== undefined) return `'${escapes[c]}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  // strconv.IsPrint rejects the C1 controls, the no-break space and the soft hyphen of Latin-1.
  if ((c >= 0x80 && c <= 0xa0) || c === 0xad) return `'\\u${c.toString(16).padStart(4, '0')}'`;
  return `'${String.fromCharCode(c)}'`;
}
