/**
 * The JSONPath template parser of client-go `util/jsonpath` (`parser.go`: `Parse`,
 * `parseInsideAction`, `parseArray`, `parseFilter`, `parseQuote`, `UnquoteExtend`, ...).
 *
 * A template is text with `{...}` actions. Inside an action: `.field` (a `\.` keeps a dot in the
 * key), `[i]`, `[a:b:c]`, `[*]`, `[a,b]` unions, `['key']`, `[?(@.x==1)]` filters, `..` recursive
 * descent, `*`, `@`/`$`, quoted text, numbers, `true`/`false`, `range` and `end`.
 * Errors are upstream's words (`unterminated array`, `unclosed array expect ]`, ...).
 */

import { unquoteExtend } from './go-unquote.js';

export interface ParamsEntry {
  readonly value: number;
  readonly known: boolean;
  /** The end of `[i]`: i+1, taken modulo the length when it is 0 (`[-1]`). */
  readonly derived: boolean;
}

export type JsonPathNode =
  | { readonly type: 'list'; readonly nodes: JsonPathNode[] }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'field'; readonly name: string }
  | { readonly type: 'array'; readonly params: readonly [ParamsEntry, ParamsEntry, ParamsEntry] }
  | { readonly type: 'filter'; readonly left: ListNode; readonly right: ListNode; readonly op: string }
  | { readonly type: 'int' | 'float'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'wildcard' | 'recursive' }
  | { readonly type: 'union'; readonly nodes: readonly ListNode[] }
  | { readonly type: 'identifier'; readonly name: string };

export type ListNode = Extract<JsonPathNode, { type: 'list' }>;

class JsonPathSyntaxError extends Error {}

const EOF = '';
const DICT_KEY = /^'([^']*)'$/;
const SLICE = /^(-?[0-9]*)(:-?[0-9]*)?(:-?[0-9]*)?$/;
const FILTER = /^([^!<>=]+)([!<>=]+)(.+?)$/;
const isSpace = (r: string): boolean => r === ' ' || r === '\t';
const isEndOfLine = (r: string): boolean => r === '\r' || r === '\n';
const isDigit = (r: string): boolean => /^\p{Nd}$/u.test(r);
const isAlphaNumeric = (r: string): boolean => r === '_' || /^[\p{L}\p{Nd}]$/u.test(r);
const isTerminator = (r: string): boolean => isSpace(r) || isEndOfLine(r) || r === EOF || '.,[]$@{}'.includes(r);

class Parser {
  private pos = 0;
  private start = 0;
  private width = 0;
  readonly root: ListNode = { type: 'list', nodes: [] };

  constructor(private readonly input: string) {}

  parse(): ListNode {
    for (;;) {
      if (this.input.startsWith('{', this.pos)) {
        if (this.pos > this.start) this.root.nodes.push({ type: 'text', text: this.consumeText() });
        this.pos += 1;
        this.consumeText();
        const action: ListNode = { type: 'list', nodes: [] };
        this.root.nodes.push(action);
        this.insideAction(action);
        continue;
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) this.root.nodes.push({ type: 'text', text: this.consumeText() });
    return this.root;
  }

  private consumeText(): string {
    const value = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return value;
  }

  private next(): string {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const r = String.fromCodePoint(this.input.codePointAt(this.pos)!);
    this.width = r.length;
    this.pos += this.width;
    return r;
  }

  private peek(): string {
    const r = this.next();
    this.pos -= this.width;
    return r;
  }

  private backup(): void {
    this.pos -= this.width;
  }

  /** `parseInsideAction`, as a loop: returns when the closing '}' has been consumed. */
  private insideAction(cur: ListNode): void {
    for (;;) {
      if (this.input.startsWith('}', this.pos)) {
        this.pos += 1;
        this.consumeText();
        return;
      }
      if (this.input.startsWith('[?(', this.pos)) {
        this.parseFilter(cur);
        continue;
      }
      if (this.input.startsWith('..', this.pos)) {
        this.parseRecursive(cur);
        continue;
      }
      const r = this.next();
      if (r === EOF || isEndOfLine(r)) throw new JsonPathSyntaxError('unclosed action');
      if (r === ' ' || r === '@' || r === '$') this.consumeText();
      else if (r === '[') this.parseArray(cur);
      else if (r === '"' || r === "'") this.parseQuote(cur, r);
      else if (r === '.') this.parseField(cur);
      else if (r === '+' || r === '-' || isDigit(r)) {
        this.backup();
        this.parseNumber(cur);
      } else if (isAlphaNumeric(r)) {
        this.backup();
        this.parseIdentifier(cur);
      } else throw new JsonPathSyntaxError(`unrecognized character in action: ${formatRune(r)}`);
    }
  }

  private parseIdentifier(cur: ListNode): void {
    while (!isTerminator(this.next()));
    this.backup();
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: ListNode): void {
    if (cur.nodes[cur.nodes.length - 1]?.type === 'recursive') throw new JsonPathSyntaxError('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: ListNode): void {
    const first = this.peek();
    if (first === '+' || first === '-') this.next();
    for (;;) {
      const r = this.next();
      if (r !== '.' && !isDigit(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (/^[+-]?[0-9]+$/.test(value) && Math.abs(Number(value)) < 2 ** 63) cur.nodes.push({ type: 'int', value: Number(value) });
    else if (/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(value)) cur.nodes.push({ type: 'float', value: Number(value) });
    else throw new JsonPathSyntaxError(`cannot parse number ${value}`);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JsonPathSyntaxError('unterminated array');
      if (r === ']') break;
    }
    let text = this.consumeText().slice(1, -1);
    if (text === '*') text = ':';
    const parts = text.split(',');
    if (parts.length > 1) {
      cur.nodes.push({ type: 'union', nodes: parts.map((p) => parseAction(`[${trimSpaces(p)}]`)) });
      return;
    }
    const dict = DICT_KEY.exec(text);
    if (dict) {
      cur.nodes.push(...parseAction(`.${dict[1]}`).nodes);
      return;
    }
    const m = SLICE.exec(text);
    if (!m) throw new JsonPathSyntaxError(`invalid array index ${text}`);
    const params: ParamsEntry[] = [];
    for (let i = 0; i < 3; i++) {
      let v = m[i + 1] ?? '';
      if (v !== '') {
        if (i > 0) v = v.slice(1);
        if (i > 0 && v === '') params.push({ value: 0, known: false, derived: false });
        else if (/^[+-]?[0-9]+$/.test(v)) params.push({ value: Number(v), known: true, derived: false });
        else throw new JsonPathSyntaxError(`array index ${v} is not a number`);
      } else if (i === 1) params.push({ value: params[0]!.value + 1, known: true, derived: true });
      else params.push({ value: 0, known: false, derived: false });
    }
    cur.nodes.push({ type: 'array', params: params as [ParamsEntry, ParamsEntry, ParamsEntry] });
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JsonPathSyntaxError('unterminated filter');
      if (r === '"' || r === "'") {
        if (!begin) {
          begin = true;
          pair = r;
          continue;
        }
        if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
      } else if (r === ')' && begin === end) break;
    }
    if (this.next() !== ']') throw new JsonPathSyntaxError('unclosed array expect ]');
    const text = this.consumeText().slice(0, -2);
    const m = FILTER.exec(text);
    if (!m) cur.nodes.push({ type: 'filter', left: parseAction(text), right: { type: 'list', nodes: [] }, op: 'exists' });
    else cur.nodes.push({ type: 'filter', left: parseAction(m[1]!), right: parseAction(m[3]!), op: m[2]! });
  }

  private parseQuote(cur: ListNode, end: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JsonPathSyntaxError('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    const s = unquoteExtend(value);
    if (s === undefined) throw new JsonPathSyntaxError(`unquote string ${value} error invalid syntax`);
    cur.nodes.push({ type: 'text', text: s });
  }

  private parseField(cur: ListNode): void {
    this.consumeText();
    for (;;) {
      const r = this.next();
      if (r === '\\') this.next();
      else if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === '*') cur.nodes.push({ type: 'wildcard' });
    else cur.nodes.push({ type: 'field', name: value.replaceAll('\\', '') });
  }
}

/** `parseAction`: parses `{text}` and returns the action's node list. */
function parseAction(text: string): ListNode {
  return new Parser(`{${text}}`).parse().nodes[0] as ListNode;
}

/** `strings.Trim(s, " ")`. */
function trimSpaces(s: string): string {
  return s.replace(/^ +| +$/g, '');
}

/** Go's `%#U`: `U+0023 '#'` (the quoted rune only when printable). */
function formatRune(r: string): string {
  const cp = r.codePointAt(0)!;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(r) ? `${hex} '${r}'` : hex;
}

/** Parses a template: the root node list, or upstream's parse error. */
export function parseTemplate(template: string): ListNode | { error: string } {
  try {
    return new Parser(template).parse();
  } catch (e) {
    if (e instanceof JsonPathSyntaxError) return { error: e.message };
    throw e;
  }
}
