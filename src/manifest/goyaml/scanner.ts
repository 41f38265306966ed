/**
 * The scanner of go-yaml v2 (`gopkg.in/yaml.v2` scannerc.go, itself a port of libyaml), as
 * kubectl's YAML reader (`sigs.k8s.io/yaml`, goyaml.v2) runs it: characters to tokens, with
 * simple keys, indentation and the exact errors and marks of the original.
 *
 * Why a second YAML reader: the playground builds values with the `yaml` package, but what a
 * learner sees when a manifest is malformed must be kubectl's message, `yaml: line 14: mapping
 * values are not allowed in this context`, with go-yaml's line. The two parsers disagree both on
 * wording and on where they notice a mistake, so this module only answers "does go-yaml accept
 * this document, and if not, what does it say".
 *
 * Only what decides acceptance and error positions is kept: token values are not built (scalar
 * contents, tag and anchor names are not needed to find syntax errors).
 *
 * Assumptions:
 * - The input is one document chunk as kubectl's YAMLReader cut it (`kubectlChunks` in index.ts).
 * Invariants:
 * - Marks are 0-based (line, column) and count characters, as go-yaml's do.
 * - The first error stops the scanner; `error` holds go-yaml's problem and marks.
 */

export interface Mark {
  index: number;
  line: number;
  column: number;
}

export type TokenType =
  | 'STREAM-START' | 'STREAM-END' | 'VERSION-DIRECTIVE' | 'TAG-DIRECTIVE' | 'DOCUMENT-START' | 'DOCUMENT-END'
  | 'BLOCK-SEQUENCE-START' | 'BLOCK-MAPPING-START' | 'BLOCK-END' | 'FLOW-SEQUENCE-START' | 'FLOW-SEQUENCE-END'
  | 'FLOW-MAPPING-START' | 'FLOW-MAPPING-END' | 'BLOCK-ENTRY' | 'FLOW-ENTRY' | 'KEY' | 'VALUE' | 'ALIAS' | 'ANCHOR'
  | 'TAG' | 'SCALAR';

export interface Token {
  readonly type: TokenType;
  readonly start: Mark;
  readonly end: Mark;
  /** TAG: the handle (`!`, `!!`, `!e!` or '' for a verbatim tag); TAG-DIRECTIVE: the handle. */
  readonly handle?: string;
  /** SCALAR: plain or not (the parser only needs to know whether the style is plain). */
  readonly plain?: boolean;
  /** ANCHOR and ALIAS: the name. */
  readonly name?: string;
}

export interface YamlError {
  readonly kind: 'scanner' | 'parser' | 'reader';
  readonly problem: string;
  readonly problemMark: Mark;
  readonly context?: string;
  readonly contextMark?: Mark;
  /** Where the mistake is, for an editor, when the marks above do not say (an unknown alias). */
  readonly at?: Mark;
}

interface SimpleKey {
  possible: boolean;
  required: boolean;
  tokenNumber: number;
  mark: Mark;
}

const MAX_FLOW_LEVEL = 10000;
const MAX_INDENTS = 10000;

const isBreakChar = (c: string): boolean => c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isAlphaChar = (c: string): boolean => /^[0-9A-Za-z_-]$/.test(c);

export class Scanner {
  private readonly buf: string[];
  private pos = 0;
  readonly mark: Mark = { index: 0, line: 0, column: 0 };

  private readonly tokens: Token[] = [];
  private head = 0;
  /** Tokens handed to the parser so far (`tokens_parsed`). */
  parsed = 0;
  private available = false;
  private streamStartProduced = false;
  streamEndProduced = false;

  private indent = -1;
  private readonly indents: number[] = [];
  private simpleKeyAllowed = false;
  private readonly simpleKeys: SimpleKey[] = [];
  private readonly possibleByToken = new Set<number>();
  private flowLevel = 0;

  error: YamlError | undefined;

  constructor(text: string) {
    // The reader takes a leading byte order mark as the encoding's and drops it before the
    // scanner sees anything (yaml_parser_determine_encoding).
    const input = text.length === 0 ? '\n' : text.startsWith('\ufeff') ? text.slice(1) : text;
    this.buf = Array.from(input);
  }

  // ---- character classes at an offset from the current position ----

  private at(k = 0): string {
    return this.buf[this.pos + k] ?? '\0';
  }
  private isZ(k = 0): boolean {
    return this.pos + k >= this.buf.length;
  }
  private isBreak(k = 0): boolean {
    return isBreakChar(this.at(k));
  }
  private isCrlf(k = 0): boolean {
    return this.at(k) === '\r' && this.at(k + 1) === '\n';
  }
  private isBreakz(k = 0): boolean {
    return this.isBreak(k) || this.isZ(k);
  }
  private isBlank(k = 0): boolean {
    return this.at(k) === ' ' || this.at(k) === '\t';
  }
  private isBlankz(k = 0): boolean {
    return this.isBlank(k) || this.isBreakz(k);
  }
  private isAlpha(k = 0): boolean {
    return !this.isZ(k) && isAlphaChar(this.at(k));
  }
  private isDigit(k = 0): boolean {
    return /^[0-9]$/.test(this.at(k));
  }
  private isHex(k = 0): boolean {
    return /^[0-9A-Fa-f]$/.test(this.at(k));
  }

  // ---- moving ----

  private skip(): void {
    this.mark.index++;
    this.mark.column++;
    this.pos++;
  }
  private skipLine(): void {
    if (this.isCrlf()) {
      this.mark.index += 2;
      this.pos += 2;
    } else if (this.isBreak()) {
      this.mark.index++;
      this.pos++;
    } else return;
    this.mark.column = 0;
    this.mark.line++;
  }
  private copyMark(): Mark {
    return { ...this.mark };
  }

  private fail(context: string | undefined, contextMark: Mark, problem: string): false {
    this.error = { kind: 'scanner', problem, problemMark: this.copyMark(), ...(context ? { context, contextMark } : {}) };
    return false;
  }

  // ---- the token queue ----

  /** The next token, without consuming it (`peek_token`); undefined on error. */
  peek(): Token | undefined {
    if (this.error) return undefined;
    if (!this.available && !this.fetchMoreTokens()) return undefined;
    return this.tokens[this.head];
  }

  /** Consumes the token `peek` returned (`skip_token`). */
  skipToken(): void {
    this.available = false;
    this.parsed++;
    this.streamEndProduced = this.tokens[this.head]!.type === 'STREAM-END';
    this.head++;
  }

  private insert(pos: number, token: Token): void {
    if (pos < 0) this.tokens.push(token);
    else this.tokens.splice(this.head + pos, 0, token);
  }

  private fetchMoreTokens(): boolean {
    for (;;) {
      let needMore = false;
      if (this.head === this.tokens.length) needMore = true;
      else {
        if (!this.staleSimpleKeys()) return false;
        needMore = this.possibleByToken.has(this.parsed);
      }
      if (!needMore) break;
      if (!this.fetchNextToken()) return false;
    }
    this.available = true;
    return true;
  }

  private fetchNextToken(): boolean {
    if (!this.streamStartProduced) return this.fetchStreamStart();
    if (!this.scanToNextToken()) return false;
    if (!this.staleSimpleKeys()) return false;
    this.unrollIndent(this.mark.column);
    if (this.isZ()) return this.fetchStreamEnd();
    const c = this.at();
    if (this.mark.column === 0 && c === '%') return this.fetchDirective();
    if (this.mark.column === 0 && c === '-' && this.at(1) === '-' && this.at(2) === '-' && this.isBlankz(3)) return this.fetchDocumentIndicator('DOCUMENT-START');
    if (this.mark.column === 0 && c === '.' && this.at(1) === '.' && this.at(2) === '.' && this.isBlankz(3)) return this.fetchDocumentIndicator('DOCUMENT-END');
    if (c === '[') return this.fetchFlowCollectionStart('FLOW-SEQUENCE-START');
    if (c === '{') return this.fetchFlowCollectionStart('FLOW-MAPPING-START');
    if (c === ']') return this.fetchFlowCollectionEnd('FLOW-SEQUENCE-END');
    if (c === '}') return this.fetchFlowCollectionEnd('FLOW-MAPPING-END');
    if (c === ',') return this.fetchFlowEntry();
    if (c === '-' && this.isBlankz(1)) return this.fetchBlockEntry();
    if (c === '?' && (this.flowLevel > 0 || this.isBlankz(1))) return this.fetchKey();
    if (c === ':' && (this.flowLevel > 0 || this.isBlankz(1))) return this.fetchValue();
    if (c === '*') return this.fetchAnchor('ALIAS');
    if (c === '&') return this.fetchAnchor('ANCHOR');
    if (c === '!') return this.fetchTag();
    if (c === '|' && this.flowLevel === 0) return this.fetchBlockScalar();
    if (c === '>' && this.flowLevel === 0) return this.fetchBlockScalar();
    if (c === "'") return this.fetchFlowScalar(true);
    if (c === '"') return this.fetchFlowScalar(false);
    const indicator = this.isBlankz() || '-?:,[]{}#&*!|>\'"%@`'.includes(c);
    if (!indicator || (c === '-' && !this.isBlank(1)) || (this.flowLevel === 0 && (c === '?' || c === ':') && !this.isBlankz(1))) {
      return this.fetchPlainScalar();
    }
    return this.fail('while scanning for the next token', this.copyMark(), 'found character that cannot start any token');
  }

  // ---- simple keys ----

  private staleSimpleKeys(): boolean {
    for (const key of this.simpleKeys) {
      if (!key.possible) continue;
      if (key.mark.line < this.mark.line || key.mark.index + 1024 < this.mark.index) {
        if (key.required) return this.fail('while scanning a simple key', key.mark, "could not find expected ':'");
        key.possible = false;
        this.possibleByToken.delete(key.tokenNumber);
      }
    }
    return true;
  }

  private saveSimpleKey(): boolean {
    const required = this.flowLevel === 0 && this.indent === this.mark.column;
    if (this.simpleKeyAllowed) {
      const key: SimpleKey = { possible: true, required, tokenNumber: this.parsed + (this.tokens.length - this.head), mark: this.copyMark() };
      if (!this.removeSimpleKey()) return false;
      this.possibleByToken.add(key.tokenNumber);
      this.simpleKeys[this.simpleKeys.length - 1] = key;
    }
    return true;
  }

  private removeSimpleKey(): boolean {
    const key = this.simpleKeys[this.simpleKeys.length - 1]!;
    if (key.possible) {
      if (key.required) return this.fail('while scanning a simple key', key.mark, "could not find expected ':'");
      key.possible = false;
      this.possibleByToken.delete(key.tokenNumber);
    }
    return true;
  }

  private increaseFlowLevel(): boolean {
    this.simpleKeys.push({ possible: false, required: false, tokenNumber: 0, mark: { index: 0, line: 0, column: 0 } });
    this.flowLevel++;
    if (this.flowLevel > MAX_FLOW_LEVEL) {
      return this.fail('while increasing flow level', this.simpleKeys[this.simpleKeys.length - 1]!.mark, `exceeded max depth of ${MAX_FLOW_LEVEL}`);
    }
    return true;
  }

  private decreaseFlowLevel(): void {
    if (this.flowLevel > 0) {
      this.flowLevel--;
      const last = this.simpleKeys.pop()!;
      if (last.possible) this.possibleByToken.delete(last.tokenNumber);
    }
  }

  // ---- indentation ----

  private rollIndent(column: number, number: number, type: TokenType, mark: Mark): boolean {
    if (this.flowLevel > 0) return true;
    if (this.indent < column) {
      this.indents.push(this.indent);
      this.indent = column;
      if (this.indents.length > MAX_INDENTS) {
        return this.fail('while increasing indent level', this.simpleKeys[this.simpleKeys.length - 1]!.mark, `exceeded max depth of ${MAX_INDENTS}`);
      }
      const token: Token = { type, start: { ...mark }, end: { ...mark } };
      this.insert(number > -1 ? number - this.parsed : -1, token);
    }
    return true;
  }

  private unrollIndent(column: number): void {
    if (this.flowLevel > 0) return;
    while (this.indent > column) {
      this.insert(-1, { type: 'BLOCK-END', start: this.copyMark(), end: this.copyMark() });
      this.indent = this.indents.pop()!;
    }
  }

  // ---- fetchers ----

  private simpleToken(type: TokenType): void {
    const start = this.copyMark();
    this.skip();
    this.insert(-1, { type, start, end: this.copyMark() });
  }

  private fetchStreamStart(): boolean {
    this.indent = -1;
    this.simpleKeys.push({ possible: false, required: false, tokenNumber: 0, mark: { index: 0, line: 0, column: 0 } });
    this.simpleKeyAllowed = true;
    this.streamStartProduced = true;
    this.insert(-1, { type: 'STREAM-START', start: this.copyMark(), end: this.copyMark() });
    return true;
  }

  private fetchStreamEnd(): boolean {
    if (this.mark.column !== 0) {
      this.mark.column = 0;
      this.mark.line++;
    }
    this.unrollIndent(-1);
    if (!this.removeSimpleKey()) return false;
    this.simpleKeyAllowed = false;
    this.insert(-1, { type: 'STREAM-END', start: this.copyMark(), end: this.copyMark() });
    return true;
  }

  private fetchDirective(): boolean {
    this.unrollIndent(-1);
    if (!this.removeSimpleKey()) return false;
    this.simpleKeyAllowed = false;
    return this.scanDirective();
  }

  private fetchDocumentIndicator(type: TokenType): boolean {
    this.unrollIndent(-1);
    if (!this.removeSimpleKey()) return false;
    this.simpleKeyAllowed = false;
    const start = this.copyMark();
    this.skip();
    this.skip();
    this.skip();
    this.insert(-1, { type, start, end: this.copyMark() });
    return true;
  }

  private fetchFlowCollectionStart(type: TokenType): boolean {
    if (!this.saveSimpleKey()) return false;
    if (!this.increaseFlowLevel()) return false;
    this.simpleKeyAllowed = true;
    this.simpleToken(type);
    return true;
  }

  private fetchFlowCollectionEnd(type: TokenType): boolean {
    if (!this.removeSimpleKey()) return false;
    this.decreaseFlowLevel();
    this.simpleKeyAllowed = false;
    this.simpleToken(type);
    return true;
  }

  private fetchFlowEntry(): boolean {
    if (!this.removeSimpleKey()) return false;
    this.simpleKeyAllowed = true;
    this.simpleToken('FLOW-ENTRY');
    return true;
  }

  private fetchBlockEntry(): boolean {
    if (this.flowLevel === 0) {
      if (!this.simpleKeyAllowed) return this.fail(undefined, this.copyMark(), 'block sequence entries are not allowed in this context');
      if (!this.rollIndent(this.mark.column, -1, 'BLOCK-SEQUENCE-START', this.copyMark())) return false;
    }
    if (!this.removeSimpleKey()) return false;
    this.simpleKeyAllowed = true;
    this.simpleToken('BLOCK-ENTRY');
    return true;
  }

  private fetchKey(): boolean {
    if (this.flowLevel === 0) {
      if (!this.simpleKeyAllowed) return this.fail(undefined, this.copyMark(), 'mapping keys are not allowed in this context');
      if (!this.rollIndent(this.mark.column, -1, 'BLOCK-MAPPING-START', this.copyMark())) return false;
    }
    if (!this.removeSimpleKey()) return false;
    this.simpleKeyAllowed = this.flowLevel === 0;
    this.simpleToken('KEY');
    return true;
  }

  private fetchValue(): boolean {
    const key = this.simpleKeys[this.simpleKeys.length - 1]!;
    if (key.possible) {
      this.insert(key.tokenNumber - this.parsed, { type: 'KEY', start: { ...key.mark }, end: { ...key.mark } });
      if (!this.rollIndent(key.mark.column, key.tokenNumber, 'BLOCK-MAPPING-START', key.mark)) return false;
      key.possible = false;
      this.possibleByToken.delete(key.tokenNumber);
      this.simpleKeyAllowed = false;
    } else {
      if (this.flowLevel === 0) {
        if (!this.simpleKeyAllowed) return this.fail(undefined, this.copyMark(), 'mapping values are not allowed in this context');
        if (!this.rollIndent(this.mark.column, -1, 'BLOCK-MAPPING-START', this.copyMark())) return false;
      }
      this.simpleKeyAllowed = this.flowLevel === 0;
    }
    this.simpleToken('VALUE');
    return true;
  }

  private fetchAnchor(type: 'ALIAS' | 'ANCHOR'): boolean {
    if (!this.saveSimpleKey()) return false;
    this.simpleKeyAllowed = false;
    const start = this.copyMark();
    this.skip();
    let name = '';
    while (this.isAlpha()) {
      name += this.at();
      this.skip();
    }
    const end = this.copyMark();
    if (name.length === 0 || !(this.isBlankz() || '?:,]}%@`'.includes(this.at()))) {
      return this.fail(type === 'ANCHOR' ? 'while scanning an anchor' : 'while scanning an alias', start, 'did not find expected alphabetic or numeric character');
    }
    this.insert(-1, { type, start, end, name });
    return true;
  }

  private fetchTag(): boolean {
    if (!this.saveSimpleKey()) return false;
    this.simpleKeyAllowed = false;
    const start = this.copyMark();
    let handle: string;
    if (this.at(1) === '<') {
      handle = '';
      this.skip();
      this.skip();
      if (this.scanTagUri(false, '', start) === undefined) return false;
      if (this.at() !== '>') return this.fail('while scanning a tag', start, "did not find the expected '>'");
      this.skip();
    } else {
      const h = this.scanTagHandle(false, start);
      if (h === undefined) return false;
      if (h.startsWith('!') && h.length > 1 && h.endsWith('!')) {
        handle = h;
        if (this.scanTagUri(false, '', start) === undefined) return false;
      } else {
        const suffix = this.scanTagUri(false, h, start);
        if (suffix === undefined) return false;
        handle = suffix.length === 0 ? '' : '!';
      }
    }
    if (!this.isBlankz()) return this.fail('while scanning a tag', start, 'did not find expected whitespace or line break');
    this.insert(-1, { type: 'TAG', start, end: this.copyMark(), handle });
    return true;
  }

  private scanTagHandle(directive: boolean, start: Mark): string | undefined {
    const context = directive ? 'while parsing a %TAG directive' : 'while parsing a tag';
    if (this.at() !== '!') {
      this.fail(context, start, "did not find expected '!'");
      return undefined;
    }
    let s = '!';
    this.skip();
    while (this.isAlpha()) {
      s += this.at();
      this.skip();
    }
    if (this.at() === '!') {
      s += '!';
      this.skip();
    } else if (directive && s !== '!') {
      this.fail(context, start, "did not find expected '!'");
      return undefined;
    }
    return s;
  }

  /** The tag URI (only its length matters here); undefined after an error. */
  private scanTagUri(directive: boolean, head: string, start: Mark): string | undefined {
    const context = directive ? 'while parsing a %TAG directive' : 'while parsing a tag';
    let s = head.length > 1 ? head.slice(1) : '';
    let hasTag = head.length > 0;
    while (this.isAlpha() || ";/?:@&=+$,.!~*'()[]%".includes(this.at()) && !this.isZ()) {
      if (this.at() === '%') {
        if (!this.scanUriEscapes(context, start)) return undefined;
        s += '%';
      } else {
        s += this.at();
        this.skip();
      }
      hasTag = true;
    }
    if (!hasTag) {
      this.fail(context, start, 'did not find expected tag URI');
      return undefined;
    }
    return s;
  }

  private scanUriEscapes(context: string, start: Mark): boolean {
    let w = 1024;
    while (w > 0) {
      if (!(this.at() === '%' && this.isHex(1) && this.isHex(2))) return this.fail(context, start, 'did not find URI escaped octet');
      const octet = parseInt(this.at(1) + this.at(2), 16);
      if (w === 1024) {
        w = (octet & 0x80) === 0 ? 1 : (octet & 0xe0) === 0xc0 ? 2 : (octet & 0xf0) === 0xe0 ? 3 : (octet & 0xf8) === 0xf0 ? 4 : 0;
        if (w === 0) return this.fail(context, start, 'found an incorrect leading UTF-8 octet');
      } else if ((octet & 0xc0) !== 0x80) return this.fail(context, start, 'found an incorrect trailing UTF-8 octet');
      this.skip();
      this.skip();
      this.skip();
      w--;
    }
    return true;
  }

  private fetchBlockScalar(): boolean {
    if (!this.removeSimpleKey()) return false;
    this.simpleKeyAllowed = true;
    const start = this.copyMark();
    this.skip();
    let increment = 0;
    const chomp = (): void => {
      if (this.at() === '+' || this.at() === '-') this.skip();
    };
    if (this.at() === '+' || this.at() === '-') {
      this.skip();
      if (this.isDigit()) {
        if (this.at() === '0') return this.fail('while scanning a block scalar', start, 'found an indentation indicator equal to 0');
        increment = Number(this.at());
        this.skip();
      }
    } else if (this.isDigit()) {
      if (this.at() === '0') return this.fail('while scanning a block scalar', start, 'found an indentation indicator equal to 0');
      increment = Number(this.at());
      this.skip();
      chomp();
    }
    while (this.isBlank()) this.skip();
    if (this.at() === '#') while (!this.isBreakz()) this.skip();
    if (!this.isBreakz()) return this.fail('while scanning a block scalar', start, 'did not find expected comment or line break');
    if (this.isBreak()) this.skipLine();
    let indent = 0;
    if (increment > 0) indent = this.indent >= 0 ? this.indent + increment : increment;
    const breaks = (): boolean => {
      let maxIndent = 0;
      for (;;) {
        while ((indent === 0 || this.mark.column < indent) && this.at() === ' ') this.skip();
        if (this.mark.column > maxIndent) maxIndent = this.mark.column;
        if ((indent === 0 || this.mark.column < indent) && this.at() === '\t') {
          return this.fail('while scanning a block scalar', start, 'found a tab character where an indentation space is expected');
        }
        if (!this.isBreak()) break;
        this.skipLine();
      }
      if (indent === 0) {
        indent = Math.max(maxIndent, this.indent + 1, 1);
      }
      return true;
    };
    if (!breaks()) return false;
    while (this.mark.column === indent && !this.isZ()) {
      while (!this.isBreakz()) this.skip();
      this.skipLine();
      if (!breaks()) return false;
    }
    this.insert(-1, { type: 'SCALAR', start, end: this.copyMark(), plain: false });
    return true;
  }

  private fetchFlowScalar(single: boolean): boolean {
    if (!this.saveSimpleKey()) return false;
    this.simpleKeyAllowed = false;
    const start = this.copyMark();
    this.skip();
    for (;;) {
      if (this.mark.column === 0 && ((this.at() === '-' && this.at(1) === '-' && this.at(2) === '-') || (this.at() === '.' && this.at(1) === '.' && this.at(2) === '.')) && this.isBlankz(3)) {
        return this.fail('while scanning a quoted scalar', start, 'found unexpected document indicator');
      }
      if (this.isZ()) return this.fail('while scanning a quoted scalar', start, 'found unexpected end of stream');
      let leadingBlanks = false;
      while (!this.isBlankz()) {
        const c = this.at();
        if (single && c === "'" && this.at(1) === "'") {
          this.skip();
          this.skip();
        } else if (single && c === "'") break;
        else if (!single && c === '"') break;
        else if (!single && c === '\\' && this.isBreak(1)) {
          this.skip();
          this.skipLine();
          leadingBlanks = true;
          break;
        } else if (!single && c === '\\') {
          const e = this.at(1);
          let codeLength = 0;
          if (e === 'x') codeLength = 2;
          else if (e === 'u') codeLength = 4;
          else if (e === 'U') codeLength = 8;
          else if (!'0abt\tnvfre "\'\\N_LP'.includes(e) || this.isZ(1)) {
            return this.fail('while parsing a quoted scalar', start, 'found unknown escape character');
          }
          this.skip();
          this.skip();
          if (codeLength > 0) {
            let value = 0;
            for (let k = 0; k < codeLength; k++) {
              if (!this.isHex(k)) return this.fail('while parsing a quoted scalar', start, 'did not find expected hexdecimal number');
              value = value * 16 + parseInt(this.at(k), 16);
            }
            if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) {
              return this.fail('while parsing a quoted scalar', start, 'found invalid Unicode character escape code');
            }
            for (let k = 0; k < codeLength; k++) this.skip();
          }
        } else this.skip();
      }
      if (single ? this.at() === "'" : this.at() === '"') break;
      while (this.isBlank() || this.isBreak()) {
        if (this.isBlank()) this.skip();
        else {
          this.skipLine();
          leadingBlanks = true;
        }
      }
      void leadingBlanks;
    }
    this.skip();
    this.insert(-1, { type: 'SCALAR', start, end: this.copyMark(), plain: false });
    return true;
  }

  private fetchPlainScalar(): boolean {
    if (!this.saveSimpleKey()) return false;
    this.simpleKeyAllowed = false;
    const start = this.copyMark();
    let end = this.copyMark();
    const indent = this.indent + 1;
    let leadingBlanks = false;
    for (;;) {
      if (this.mark.column === 0 && ((this.at() === '-' && this.at(1) === '-' && this.at(2) === '-') || (this.at() === '.' && this.at(1) === '.' && this.at(2) === '.')) && this.isBlankz(3)) break;
      if (this.at() === '#') break;
      while (!this.isBlankz()) {
        const c = this.at();
        if ((c === ':' && this.isBlankz(1)) || (this.flowLevel > 0 && ',?[]{}'.includes(c))) break;
        if (leadingBlanks) leadingBlanks = false;
        this.skip();
        end = this.copyMark();
      }
      if (!(this.isBlank() || this.isBreak())) break;
      while (this.isBlank() || this.isBreak()) {
        if (this.isBlank()) {
          if (leadingBlanks && this.mark.column < indent && this.at() === '\t') {
            return this.fail('while scanning a plain scalar', start, 'found a tab character that violates indentation');
          }
          this.skip();
        } else {
          this.skipLine();
          leadingBlanks = true;
        }
      }
      if (this.flowLevel === 0 && this.mark.column < indent) break;
    }
    this.insert(-1, { type: 'SCALAR', start, end, plain: true });
    if (leadingBlanks) this.simpleKeyAllowed = true;
    return true;
  }

  private scanToNextToken(): boolean {
    for (;;) {
      if (this.mark.column === 0 && this.at() === '\ufeff') this.skip();
      while (this.at() === ' ' || ((this.flowLevel > 0 || !this.simpleKeyAllowed) && this.at() === '\t')) this.skip();
      if (this.at() === '#') while (!this.isBreakz()) this.skip();
      if (this.isBreak()) {
        this.skipLine();
        if (this.flowLevel === 0) this.simpleKeyAllowed = true;
      } else break;
    }
    return true;
  }

  // ---- directives ----

  private scanDirective(): boolean {
    const start = this.copyMark();
    this.skip();
    let name = '';
    while (this.isAlpha()) {
      name += this.at();
      this.skip();
    }
    if (name === '') return this.fail('while scanning a directive', start, 'could not find expected directive name');
    if (!this.isBlankz()) return this.fail('while scanning a directive', start, 'found unexpected non-alphabetical character');
    let token: Token;
    if (name === 'YAML') {
      while (this.isBlank()) this.skip();
      if (!this.versionNumber(start)) return false;
      if (this.at() !== '.') return this.fail('while scanning a %YAML directive', start, "did not find expected digit or '.' character");
      this.skip();
      if (!this.versionNumber(start)) return false;
      token = { type: 'VERSION-DIRECTIVE', start, end: this.copyMark() };
    } else if (name === 'TAG') {
      while (this.isBlank()) this.skip();
      const handle = this.scanTagHandle(true, start);
      if (handle === undefined) return false;
      if (!this.isBlank()) return this.fail('while scanning a %TAG directive', start, 'did not find expected whitespace');
      while (this.isBlank()) this.skip();
      if (this.scanTagUri(true, '', start) === undefined) return false;
      if (!this.isBlankz()) return this.fail('while scanning a %TAG directive', start, 'did not find expected whitespace or line break');
      token = { type: 'TAG-DIRECTIVE', start, end: this.copyMark(), handle };
    } else {
      return this.fail('while scanning a directive', start, 'found unknown directive name');
    }
    while (this.isBlank()) this.skip();
    if (this.at() === '#') while (!this.isBreakz()) this.skip();
    if (!this.isBreakz()) return this.fail('while scanning a directive', start, 'did not find expected comment or line break');
    if (this.isBreak()) this.skipLine();
    this.insert(-1, token);
    return true;
  }

  private versionNumber(start: Mark): boolean {
    let length = 0;
    while (this.isDigit()) {
      length++;
      if (length > 2) return this.fail('while scanning a %YAML directive', start, 'found extremely long version number');
      this.skip();
    }
    if (length === 0) return this.fail('while scanning a %YAML directive', start, 'did not find expected version number');
    return true;
  }
}
