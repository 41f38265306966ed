/**
 * The scanner of Go's `text/template` (`text/template/parse/lex.go`: `lexText`, `lexLeftDelim`,
 * `lexComment`, `lexInsideAction`, `lexSpace`, `lexIdentifier`, `lexFieldOrVariable`, `lexChar`,
 * `lexNumber`, `lexQuote`, `lexRawQuote`), as Go 1.23 builds it into kubectl v1.32.
 *
 * Why a port: the parser's error messages name tokens and lines exactly as this scanner cuts and
 * counts them (`unclosed action`, `bad character U+007D '}'`, `output:2: ...`), and trim markers
 * (`{{- ` and ` -}}`) are applied here, so the text between actions must be cut the same way.
 *
 * Positions are indexes into the JavaScript string (Go reports byte offsets; the executor
 * converts). Comments are dropped (kubectl does not parse with `ParseComments`), and
 * `break` / `continue` are keywords (kubectl defines no functions by those names).
 */
import { goQuote } from '../../sim/api/goquote.js';
import { PRINTABLE } from './go-template-strconv.js';

export type ItemType =
  | 'error'
  | 'bool'
  | 'char'
  | 'charConstant'
  | 'complex'
  | 'assign'
  | 'declare'
  | 'eof'
  | 'field'
  | 'identifier'
  | 'leftDelim'
  | 'leftParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'rightDelim'
  | 'rightParen'
  | 'space'
  | 'string'
  | 'text'
  | 'variable'
  // Keywords: `Item.String()` prints these as `<word>`.
  | 'block'
  | 'break'
  | 'continue'
  | 'dot'
  | 'define'
  | 'else'
  | 'end'
  | 'if'
  | 'nil'
  | 'range'
  | 'template'
  | 'with';

export interface Item {
  readonly typ: ItemType;
  /** Index into the input of the item's first character. */
  readonly pos: number;
  readonly val: string;
  /** The line the item starts on (1-based), as the parser's errors report it. */
  readonly line: number;
}

const KEYWORDS: Readonly<Record<string, ItemType>> = {
  '.': 'dot',
  block: 'block',
  break: 'break',
  continue: 'continue',
  define: 'define',
  else: 'else',
  end: 'end',
  if: 'if',
  range: 'range',
  nil: 'nil',
  template: 'template',
  with: 'with',
};

const KEYWORD_TYPES: ReadonlySet<ItemType> = new Set(Object.values(KEYWORDS));

const LEFT_DELIM = '{{';
const RIGHT_DELIM = '}}';
const LEFT_COMMENT = '/*';
const RIGHT_COMMENT = '*/';
/** A trim marker is `-` plus one space character next to the delimiter. */
const TRIM_MARKER_LEN = 2;
const EOF = -1;

/** `item.String()`: how the parser names a token in `unexpected X in Y`. */
export function itemString(i: Item): string {
  if (i.typ === 'eof') return 'EOF';
  if (i.typ === 'error') return i.val;
  if (KEYWORD_TYPES.has(i.typ)) return `<${i.val}>`;
  const runes = [...i.val];
  if (runes.length > 10) return `${goQuote(runes.slice(0, 10).join(''))}...`;
  return goQuote(i.val);
}

/** `%#U` of a rune: `U+007D '}'`, without the quoted form when the rune is not printable. */
function runeDescription(r: number): string {
  const hex = `U+${r.toString(16).toUpperCase().padStart(4, '0')}`;
  return isPrint(r) ? `${hex} '${String.fromCodePoint(r)}'` : hex;
}

/** `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space. */
function isPrint(r: number): boolean {
  return PRINTABLE.test(String.fromCodePoint(r));
}

function isSpace(r: number): boolean {
  return r === 0x20 || r === 0x09 || r === 0x0d || r === 0x0a;
}

/** `_`, a Unicode letter or a decimal digit. */
function isAlphaNumeric(r: number): boolean {
  return r === 0x5f || (r >= 0 && /^[\p{L}\p{Nd}]$/u.test(String.fromCodePoint(r)));
}

function hasLeftTrimMarker(s: string): boolean {
  return s.length >= 2 && s[0] === '-' && isSpace(s.charCodeAt(1));
}

function hasRightTrimMarker(s: string): boolean {
  return s.length >= 2 && isSpace(s.charCodeAt(0)) && s[1] === '-';
}

/** How many of `s`'s characters are space characters from its end (or its start). */
function trimLength(s: string, fromEnd: boolean): number {
  return s.length - (fromEnd ? s.replace(/[ \t\r\n]+$/, '') : s.replace(/^[ \t\r\n]+/, '')).length;
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

type StateFn = (l: Scanner) => StateFn | undefined;

/** The scanner's state; the state functions below move it along and set `item`. */
class Scanner {
  pos = 0;
  start = 0;
  atEOF = false;
  parenDepth = 0;
  line = 1;
  startLine = 1;
  item: Item = { typ: 'eof', pos: 0, val: 'EOF', line: 1 };
  insideAction = false;

  constructor(public input: string) {}

  next(): number {
    if (this.pos >= this.input.length) {
      this.atEOF = true;
      return EOF;
    }
    const r = this.input.codePointAt(this.pos)!;
    this.pos += r > 0xffff ? 2 : 1;
    if (r === 0x0a) this.line++;
    return r;
  }

  peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  backup(): void {
    if (this.atEOF || this.pos === 0) return;
    const low = this.input.charCodeAt(this.pos - 1);
    this.pos -= low >= 0xdc00 && low <= 0xdfff && this.pos >= 2 ? 2 : 1;
    if (low === 0x0a) this.line--;
  }

  thisItem(typ: ItemType): Item {
    const i: Item = { typ, pos: this.start, val: this.input.slice(this.start, this.pos), line: this.startLine };
    this.start = this.pos;
    this.startLine = this.line;
    return i;
  }

  emit(typ: ItemType): undefined {
    return this.emitItem(this.thisItem(typ));
  }

  emitItem(i: Item): undefined {
    this.item = i;
    return undefined;
  }

  /** Skips the pending input, counting the newlines it holds (only for text not read by `next`). */
  ignore(): void {
    this.line += countNewlines(this.input.slice(this.start, this.pos));
    this.start = this.pos;
    this.startLine = this.line;
  }

  accept(valid: string): boolean {
    const r = this.next();
    if (r !== EOF && valid.includes(String.fromCodePoint(r))) return true;
    this.backup();
    return false;
  }

  acceptRun(valid: string): void {
    for (let r = this.next(); r !== EOF && valid.includes(String.fromCodePoint(r)); r = this.next());
    this.backup();
  }

  /** Ends the scan with an error item; every later call returns `eof`. */
  errorf(message: string): undefined {
    this.item = { typ: 'error', pos: this.start, val: message, line: this.startLine };
    this.start = 0;
    this.pos = 0;
    this.input = '';
    return undefined;
  }

  rest(from = this.pos): string {
    return this.input.slice(from);
  }

  /** Whether a right delimiter (possibly after a trim marker) starts here. */
  atRightDelim(): { delim: boolean; trim: boolean } {
    if (hasRightTrimMarker(this.rest()) && this.rest(this.pos + TRIM_MARKER_LEN).startsWith(RIGHT_DELIM)) return { delim: true, trim: true };
    return { delim: this.rest().startsWith(RIGHT_DELIM), trim: false };
  }

  /** Whether the input here can end an identifier: space, `.`, `,`, `|`, `:`, parens, end or `}}`. */
  atTerminator(): boolean {
    const r = this.peek();
    if (isSpace(r)) return true;
    if (r === EOF || '.,|:)('.includes(String.fromCodePoint(r))) return true;
    return this.rest().startsWith(RIGHT_DELIM);
  }

  /** Reads a number loosely (the parser checks it with strconv); false when a letter follows. */
  scanNumber(): boolean {
    this.accept('+-');
    let digits = '0123456789_';
    if (this.accept('0')) {
      if (this.accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (this.accept('oO')) digits = '01234567_';
      else if (this.accept('bB')) digits = '01_';
    }
    this.acceptRun(digits);
    if (this.accept('.')) this.acceptRun(digits);
    if (digits.length === 11 && this.accept('eE')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    if (digits.length === 23 && this.accept('pP')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    this.accept('i');
    if (isAlphaNumeric(this.peek())) {
      this.next();
      return false;
    }
    return true;
  }
}

/** A scanner over `input`: `nextItem` returns its items in order, then `eof` (or one `error`) for ever. */
export function lex(input: string): { nextItem(): Item } {
  const l = new Scanner(input);
  return {
    nextItem(): Item {
      l.item = { typ: 'eof', pos: l.pos, val: 'EOF', line: l.startLine };
      for (let state: StateFn | undefined = l.insideAction ? lexInsideAction : lexText; state;) state = state(l);
      return l.item;
    },
  };
}

function lexText(l: Scanner): StateFn | undefined {
  const x = l.input.indexOf(LEFT_DELIM, l.pos);
  if (x >= 0) {
    if (x > l.pos) {
      l.pos = x;
      const trim = hasLeftTrimMarker(l.rest(l.pos + LEFT_DELIM.length)) ? trimLength(l.input.slice(l.start, l.pos), true) : 0;
      l.pos -= trim;
      l.line += countNewlines(l.input.slice(l.start, l.pos));
      const text = l.thisItem('text');
      l.pos += trim;
      l.ignore();
      if (text.val.length > 0) return l.emitItem(text);
    }
    return lexLeftDelim;
  }
  l.pos = l.input.length;
  if (l.pos > l.start) {
    l.line += countNewlines(l.input.slice(l.start, l.pos));
    return l.emit('text');
  }
  return l.emit('eof');
}

function lexLeftDelim(l: Scanner): StateFn | undefined {
  l.pos += LEFT_DELIM.length;
  const afterMarker = hasLeftTrimMarker(l.rest()) ? TRIM_MARKER_LEN : 0;
  if (l.rest(l.pos + afterMarker).startsWith(LEFT_COMMENT)) {
    l.pos += afterMarker;
    l.ignore();
    return lexComment;
  }
  const delim = l.thisItem('leftDelim');
  l.insideAction = true;
  l.pos += afterMarker;
  l.ignore();
  l.parenDepth = 0;
  return l.emitItem(delim);
}

function lexComment(l: Scanner): StateFn | undefined {
  l.pos += LEFT_COMMENT.length;
  const x = l.input.indexOf(RIGHT_COMMENT, l.pos);
  if (x < 0) return l.errorf('unclosed comment');
  l.pos = x + RIGHT_COMMENT.length;
  const { delim, trim } = l.atRightDelim();
  if (!delim) return l.errorf('comment ends before closing delimiter');
  // The comment is consumed like an item that is never handed to the parser.
  l.line += countNewlines(l.input.slice(l.start, l.pos));
  l.start = l.pos;
  l.startLine = l.line;
  if (trim) l.pos += TRIM_MARKER_LEN;
  l.pos += RIGHT_DELIM.length;
  if (trim) l.pos += trimLength(l.rest(), false);
  l.ignore();
  return lexText;
}

function lexRightDelim(l: Scanner): StateFn | undefined {
  const { trim } = l.atRightDelim();
  if (trim) {
    l.pos += TRIM_MARKER_LEN;
    l.ignore();
  }
  l.pos += RIGHT_DELIM.length;
  const delim = l.thisItem('rightDelim');
  if (trim) {
    l.pos += trimLength(l.rest(), false);
    l.ignore();
  }
  l.insideAction = false;
  return l.emitItem(delim);
}

function lexInsideAction(l: Scanner): StateFn | undefined {
  if (l.atRightDelim().delim) return l.parenDepth === 0 ? lexRightDelim : l.errorf('unclosed left paren');
  const r = l.next();
  if (r === EOF) return l.errorf('unclosed action');
  if (isSpace(r)) {
    l.backup(); // the space may belong to a ` -}}`
    return lexSpace;
  }
  const c = String.fromCodePoint(r);
  switch (c) {
    case '=':
      return l.emit('assign');
    case ':':
      return l.next() === 0x3d ? l.emit('declare') : l.errorf('expected :=');
    case '|':
      return l.emit('pipe');
    case '"':
      return lexQuote;
    case '`':
      return lexRawQuote;
    case '$':
      return lexVariable;
    case "'":
      return lexChar;
    case '(':
      l.parenDepth++;
      return l.emit('leftParen');
    case ')':
      l.parenDepth--;
      return l.parenDepth < 0 ? l.errorf('unexpected right paren') : l.emit('rightParen');
  }
  // `.` then a non-digit is a field; `.5` is a number.
  if (c === '.' && l.pos < l.input.length && !/[0-9]/.test(l.input[l.pos]!)) return lexField;
  if (c === '.' || c === '+' || c === '-' || (r >= 0x30 && r <= 0x39)) {
    l.backup();
    return lexNumber;
  }
  if (isAlphaNumeric(r)) {
    l.backup();
    return lexIdentifier;
  }
  if (r <= 0x7f && isPrint(r)) return l.emit('char');
  return l.errorf(`unrecognized character in action: ${runeDescription(r)}`);
}

function lexSpace(l: Scanner): StateFn | undefined {
  let spaces = 0;
  while (isSpace(l.peek())) {
    l.next();
    spaces++;
  }
  // A space followed by `-}}` is a trim-marked right delimiter, not an argument separator.
  if (hasRightTrimMarker(l.rest(l.pos - 1)) && l.rest(l.pos - 1 + TRIM_MARKER_LEN).startsWith(RIGHT_DELIM)) {
    l.backup();
    if (spaces === 1) return lexRightDelim;
  }
  return l.emit('space');
}

function lexIdentifier(l: Scanner): StateFn | undefined {
  let r: number;
  for (r = l.next(); isAlphaNumeric(r); r = l.next());
  l.backup();
  const word = l.input.slice(l.start, l.pos);
  if (!l.atTerminator()) return l.errorf(`bad character ${runeDescription(r)}`);
  const keyword = Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word] : undefined;
  if (keyword) return l.emit(keyword);
  return l.emit(word === 'true' || word === 'false' ? 'bool' : 'identifier');
}

function lexField(l: Scanner): StateFn | undefined {
  return lexFieldOrVariable(l, 'field');
}

function lexVariable(l: Scanner): StateFn | undefined {
  return l.atTerminator() ? l.emit('variable') : lexFieldOrVariable(l, 'variable');
}

/** `.Name` or `$name` (the `.` or `$` is read); a lone `.` is the dot, a lone `$` the root variable. */
function lexFieldOrVariable(l: Scanner, typ: 'field' | 'variable'): StateFn | undefined {
  if (l.atTerminator()) return l.emit(typ === 'variable' ? 'variable' : 'dot');
  let r: number;
  for (r = l.next(); isAlphaNumeric(r); r = l.next());
  l.backup();
  if (!l.atTerminator()) return l.errorf(`bad character ${runeDescription(r)}`);
  return l.emit(typ);
}

/** A quoted run ending at `close` (the opening quote is read); a backslash escapes any character but a newline. */
function lexQuoted(l: Scanner, close: number, typ: ItemType, unterminated: string): StateFn | undefined {
  for (;;) {
    let r = l.next();
    if (r === 0x5c) {
      r = l.next();
      if (r !== EOF && r !== 0x0a) continue;
    }
    if (r === EOF || r === 0x0a) return l.errorf(unterminated);
    if (r === close) return l.emit(typ);
  }
}

function lexChar(l: Scanner): StateFn | undefined {
  return lexQuoted(l, 0x27, 'charConstant', 'unterminated character constant');
}

function lexQuote(l: Scanner): StateFn | undefined {
  return lexQuoted(l, 0x22, 'string', 'unterminated quoted string');
}

function lexRawQuote(l: Scanner): StateFn | undefined {
  for (;;) {
    const r = l.next();
    if (r === EOF) return l.errorf('unterminated raw quoted string');
    if (r === 0x60) return l.emit('rawString');
  }
}

function lexNumber(l: Scanner): StateFn | undefined {
  if (!l.scanNumber()) return l.errorf(`bad number syntax: ${goQuote(l.input.slice(l.start, l.pos))}`);
  const sign = l.peek();
  if (sign === 0x2b || sign === 0x2d) {
    // A complex constant such as 1+2i: no spaces, and it must end in `i`.
    if (!l.scanNumber() || l.input[l.pos - 1] !== 'i') return l.errorf(`bad number syntax: ${goQuote(l.input.slice(l.start, l.pos))}`);
    return l.emit('complex');
  }
  return l.emit('number');
}
