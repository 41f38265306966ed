/**
 * `-o yaml` as kubectl writes it: cli-runtime's YAMLPrinter calls sigs.k8s.io/yaml, which turns
 * the object's JSON into go-yaml v2 values and marshals them with go-yaml v2's emitter (a Go port
 * of libyaml's). This is a port of that emitter (emitterc.go) for what a JSON document holds, in
 * block style as go-yaml writes it by default:
 * - a map's keys in go-yaml's order (yaml-key-order.ts), `key: value`, a map value on the lines
 *   two spaces in, a list value at the key's own indentation; a key longer than 128 bytes or
 *   spanning lines as an explicit `? key` / `: value` pair;
 * - `[]` and `{}` for empty lists and maps;
 * - numbers as go-yaml formats the int or float64 it decoded from the JSON (`1.5e-07`,
 *   `1.8446744073709552e+19`), `true`, `false`, `null`;
 * - a string plain when go-yaml would read it back as a string (yaml-resolve.ts) and
 *   `yaml_emitter_analyze_scalar` allows plain, else single-quoted, else double-quoted with
 *   go-yaml's escapes (`\t`, `\x01`, `\uFEFF`, `\U0001F600`: only characters the emitter counts
 *   printable stay as they are); a string with a newline as a literal block (`|`, `|-`, `|+`,
 *   an indentation hint when it starts with a space or newline) when a block can hold it;
 * - a plain or quoted string folded at a space once its line is past 80 columns (go-yaml's
 *   default width), the next line indented two spaces past the key; literal blocks never fold.
 *
 * Where kubectl's JSON round trip changes a value before go-yaml sees it, this writes the value
 * itself: integers past 2^53 (JavaScript numbers cannot hold them) and a U+0085 line break,
 * which go-yaml's reader folds into a space.
 */
import { utf8ByteLength } from '../../manifest/limits.js';
import { formatFloat } from '../format/go-template-strconv.js';
import { yamlKeyOrder } from './yaml-key-order.js';
import { plainIsString } from './yaml-resolve.js';

/** go-yaml's defaults (`yaml_emitter_emit_stream_start`): two-space indentation, 80 columns. */
const BEST_INDENT = 2;
const BEST_WIDTH = 80;
/** `yaml_emitter_check_simple_key`: keys up to this many bytes are written `key: value`. */
const MAX_SIMPLE_KEY = 128;

type Style = 'plain' | 'single' | 'double' | 'literal';

/** What `yaml_emitter_analyze_scalar` finds out about a scalar's text. */
interface Analysis {
  readonly multiline: boolean;
  readonly blockPlainAllowed: boolean;
  readonly singleQuotedAllowed: boolean;
  readonly blockAllowed: boolean;
}

const EMPTY: Analysis = { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };

/** A line break to go-yaml: CR, LF, NEL, LS, PS. */
function isBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** `is_blankz`: space, tab, a line break or NUL. */
function isBlankz(c: number): boolean {
  return c === 32 || c === 9 || c === 0 || isBreak(c);
}

/**
 * `is_printable` of a code point: what the emitter writes as it is (in UTF-8 terms: LF, printable
 * ASCII, U+00A0 to U+D7FF, U+E000 to U+FFFD but U+FEFF; nothing past U+FFFF).
 */
function isPrintable(c: number): boolean {
  return c === 10 || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff);
}

/** The code point at `i` (a lone surrogate reads as U+FFFD, as Go's UTF-8 would hold it). */
function codeAt(s: string, i: number): number {
  const c = s.codePointAt(i)!;
  return c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
}

/** UTF-16 units of the code point `c`. */
const units = (c: number): number => (c > 0xffff ? 2 : 1);

/** A port of `yaml_emitter_analyze_scalar` (the emitter writes UTF-8, so nothing printable is special). */
function analyze(s: string): Analysis {
  if (s === '') return EMPTY;
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  if (s.startsWith('---') || s.startsWith('...')) {
    blockIndicators = true;
    flowIndicators = true;
  }
  for (let i = 0; i < s.length; ) {
    const c = codeAt(s, i);
    const w = units(c);
    const last = i + w >= s.length;
    const next = last ? 0 : s.charCodeAt(i + w);
    const followedByWhitespace = last || next === 32 || next === 9;
    if (i === 0) {
      switch (c) {
        case 35: case 44: case 91: case 93: case 123: case 125: case 38: case 42: case 33: case 124: case 62: case 39: case 34: case 37: case 64: case 96:
          flowIndicators = true;
          blockIndicators = true;
          break;
        case 63: case 58:
          flowIndicators = true;
          if (followedByWhitespace) blockIndicators = true;
          break;
        case 45:
          if (followedByWhitespace) {
            flowIndicators = true;
            blockIndicators = true;
          }
          break;
      }
    } else {
      switch (c) {
        case 44: case 63: case 91: case 93: case 123: case 125:
          flowIndicators = true;
          break;
        case 58:
          flowIndicators = true;
          if (followedByWhitespace) blockIndicators = true;
          break;
        case 35:
          if (precededByWhitespace) {
            flowIndicators = true;
            blockIndicators = true;
          }
          break;
      }
    }
    if (!isPrintable(c)) special = true;
    if (c === 32) {
      if (i === 0) leadingSpace = true;
      if (last) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (last) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(c);
    i += w;
  }
  const plainBanned = leadingSpace || leadingBreak || trailingSpace || trailingBreak || breakSpace || spaceBreak || special || lineBreaks || blockIndicators;
  return {
    multiline: lineBreaks,
    blockPlainAllowed: !plainBanned,
    singleQuotedAllowed: !(breakSpace || spaceBreak || special),
    blockAllowed: !(trailingSpace || spaceBreak || special),
  };
}

/** The scalar text go-yaml writes for a JSON number, boolean or null, as sigs.k8s.io/yaml decodes it. */
function scalarText(v: unknown): string | undefined {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return numberText(v);
  return undefined;
}

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_MIN = -(1n << 63n);

/**
 * A number as go-yaml writes what it decoded from the number's JSON: an integer within int64 or
 * uint64 as its digits, anything else as a float64 with `strconv.FormatFloat(f, 'g', -1, 64)`.
 * JSON has no NaN or infinity: JSON.stringify writes them null, as here.
 */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return 'null';
  if (Number.isInteger(n) && Math.abs(n) < 1e21) {
    const digits = String(n);
    const big = BigInt(digits);
    if (big >= INT64_MIN && big <= UINT64_MAX) return digits;
  }
  return n < 0 ? `-${formatFloat(-n, 'g', -1)}` : formatFloat(n, 'g', -1);
}

/** The emitter's state as emitterc.go keeps it, and the text so far. */
class Emitter {
  private out = '';
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private readonly indents: number[] = [];
  /**
   * The text, ended as `yaml_emitter_emit_document_end` ends it: with a new line (encode.go's
   * `finish` clears the emitter's open-ended mark, so no `...` follows a last `|+` block).
   */
  finish(): string {
    this.writeIndent();
    return this.out;
  }

  /** `yaml_emitter_emit_node` of a value in the contexts given. */
  node(v: unknown, mapping: boolean, simpleKey: boolean): void {
    if (Array.isArray(v)) return this.sequence(v, mapping);
    if (v !== null && typeof v === 'object') return this.mapping(v as Record<string, unknown>);
    if (typeof v === 'string') return this.string(v, simpleKey);
    const text = scalarText(v);
    if (text === undefined) throw new TypeError(`-o yaml: a ${typeof v} is not a JSON value`);
    this.scalar(text, 'plain', simpleKey);
  }

  /** A block sequence (`yaml_emitter_emit_block_sequence_item`), or `[]`. */
  private sequence(items: readonly unknown[], mapping: boolean): void {
    if (items.length === 0) return this.emptyFlow('[', ']');
    this.increaseIndent(false, mapping && !this.indention);
    for (let i = 0; i < items.length; i++) {
      // A list item JSON cannot write (undefined, a function) is written null, as JSON.stringify does.
      const item = items[i];
      // Each item is written on its own and made flat (reading a character of a rope flattens
      // it), so the text is a rope of one piece per item rather than of every piece of every
      // item: a fleet's millions of small pieces lived until the end, and collecting them was
      // half of what printing it cost.
      const before = this.out;
      this.out = '';
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item, false, false);
      const text = this.out;
      text.charCodeAt(0);
      this.out = before + text;
    }
    this.indent = this.indents.pop()!;
  }

  /** A block mapping (`yaml_emitter_emit_block_mapping_key` and `_value`), or `{}`. */
  private mapping(m: Record<string, unknown>): void {
    const keys = Object.keys(m).filter((k) => {
      const v = m[k];
      return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
    });
    if (keys.length === 0) return this.emptyFlow('{', '}');
    keys.sort(yamlKeyOrder);
    this.increaseIndent(false, false);
    for (const k of keys) {
      this.writeIndent();
      const a = analyze(k);
      if (!a.multiline && utf8ByteLength(k) <= MAX_SIMPLE_KEY) {
        this.string(k, true, a);
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.string(k, false, a);
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(m[k], true, false);
    }
    this.indent = this.indents.pop()!;
  }

  /** An empty flow collection: its brackets. */
  private emptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.writeIndicator(close, false, false, false);
  }

  /** encode.go `stringv`: a literal block with a newline, plain if it reads back as itself, else double-quoted. */
  private string(s: string, simpleKey: boolean, a: Analysis = analyze(s)): void {
    const style: Style = s.includes('\n') ? 'literal' : plainIsString(s) ? 'plain' : 'double';
    this.scalar(s, style, simpleKey, a);
  }

  /** `yaml_emitter_emit_scalar`: the style `yaml_emitter_select_scalar_style` settles on, written one indentation step in. */
  private scalar(s: string, requested: Style, simpleKey: boolean, a: Analysis = analyze(s)): void {
    let style = requested;
    if (simpleKey && a.multiline) style = 'double';
    if (style === 'plain' && (!a.blockPlainAllowed || (s === '' && simpleKey))) style = 'single';
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
    this.increaseIndent(true, false);
    const breaks = !simpleKey;
    if (style === 'plain') this.writePlain(s, breaks);
    else if (style === 'single') this.writeSingleQuoted(s, breaks);
    else if (style === 'double') this.writeDoubleQuoted(s, breaks);
    else this.writeLiteral(s);
    this.indent = this.indents.pop()!;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  /** `yaml_emitter_write_indent`: a new line unless at the indentation already, then spaces up to it. */
  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    if (this.column < indent) {
      this.out += ' '.repeat(indent - this.column);
      this.column = indent;
    }
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.out += indicator;
    this.column += indicator.length;
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private put(ch: string): void {
    this.out += ch;
    this.column++;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  /** `write_break`: LF as a new line; another break written as it is, the column starting again. */
  private writeBreak(c: number): void {
    if (c === 10) this.putBreak();
    else {
      this.out += String.fromCodePoint(c);
      this.column = 0;
    }
  }

  /**
   * `yaml_emitter_write_plain_scalar`: a space where the line is past the width (and the next
   * character is no space) becomes a new line. A plain scalar never holds a line break. The text
   * is added a run at a time, between the folds.
   */
  private writePlain(s: string, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    let spaces = false;
    let from = 0;
    for (let i = 0; i < s.length; ) {
      const c = codeAt(s, i);
      const w = units(c);
      if (c === 32) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && s.charCodeAt(i + 1) !== 32) {
          this.out += s.slice(from, i);
          this.writeIndent();
          from = i + 1;
        } else this.column++;
        spaces = true;
      } else {
        this.column++;
        spaces = false;
      }
      i += w;
    }
    this.out += s.slice(from);
    this.whitespace = false;
    this.indention = false;
  }

  /** `yaml_emitter_write_single_quoted_scalar`: `'` doubled; folds as plain does, never at the first or last character. */
  private writeSingleQuoted(s: string, allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < s.length; ) {
      const c = codeAt(s, i);
      const w = units(c);
      if (c === 32) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < s.length - 1 && s.charCodeAt(i + 1) !== 32) this.writeIndent();
        else this.put(' ');
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 10) this.putBreak();
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === 39) this.put("'");
        this.out += s.slice(i, i + w);
        this.column++;
        this.indention = false;
        spaces = false;
        breaks = false;
      }
      i += w;
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /**
   * `yaml_emitter_write_double_quoted_scalar`: go-yaml's escapes for what is not printable, line
   * breaks, `"` and `\`; a fold at a space past the width keeps a following space with a `\`.
   * (go-yaml's BOM test looks at the string's first character, not the current one: a string
   * that starts with U+FEFF is escaped whole.)
   */
  private writeDoubleQuoted(s: string, allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    const bom = s.charCodeAt(0) === 0xfeff;
    let spaces = false;
    for (let i = 0; i < s.length; ) {
      const c = codeAt(s, i);
      const w = units(c);
      if (!isPrintable(c) || bom || isBreak(c) || c === 34 || c === 92) {
        const escaped = escapeOf(c);
        this.out += escaped;
        this.column += escaped.length;
        spaces = false;
      } else if (c === 32) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < s.length - 1) {
          this.writeIndent();
          if (s.charCodeAt(i + 1) === 32) this.put('\\');
        } else this.put(' ');
        spaces = true;
      } else {
        this.out += s.slice(i, i + w);
        this.column++;
        spaces = false;
      }
      i += w;
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /** `yaml_emitter_write_literal_scalar`: `|` and its hints, then the lines at the indentation, never folded. */
  private writeLiteral(s: string): void {
    this.writeIndicator('|', true, false, false);
    this.writeBlockScalarHints(s);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (let i = 0; i < s.length; ) {
      const c = codeAt(s, i);
      const w = units(c);
      if (isBreak(c)) {
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
        i += w;
        continue;
      }
      if (breaks) this.writeIndent();
      // The rest of the line at once: a literal block's columns matter only at its breaks.
      let end = i + w;
      while (end < s.length && !isBreak(s.charCodeAt(end))) end++;
      this.out += s.slice(i, end);
      this.column += end - i;
      this.indention = false;
      breaks = false;
      i = end;
    }
  }

  /** `yaml_emitter_write_block_scalar_hints`: an indentation hint for a leading space or break; `-` or `+` chomping. */
  private writeBlockScalarHints(s: string): void {
    const first = s.charCodeAt(0);
    if (first === 32 || isBreak(first)) this.writeIndicator(String(BEST_INDENT), false, false, false);
    // Line breaks are single UTF-16 units, so the last two units tell the chomping.
    const last = s.length - 1;
    if (!isBreak(s.charCodeAt(last))) this.writeIndicator('-', false, false, false);
    else if (last === 0 || isBreak(s.charCodeAt(last - 1))) this.writeIndicator('+', false, false, false);
  }
}

/** go-yaml's escape of a character in a double-quoted scalar. */
function escapeOf(c: number): string {
  switch (c) {
    case 0x00: return '\\0';
    case 0x07: return '\\a';
    case 0x08: return '\\b';
    case 0x09: return '\\t';
    case 0x0a: return '\\n';
    case 0x0b: return '\\v';
    case 0x0c: return '\\f';
    case 0x0d: return '\\r';
    case 0x1b: return '\\e';
    case 0x22: return '\\"';
    case 0x5c: return '\\\\';
    case 0x85: return '\\N';
    case 0xa0: return '\\_';
    case 0x2028: return '\\L';
    case 0x2029: return '\\P';
  }
  const hex = c.toString(16).toUpperCase();
  if (c <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  if (c <= 0xffff) return `\\u${hex.padStart(4, '0')}`;
  return `\\U${hex.padStart(8, '0')}`;
}

/** `doc` as kubectl's `-o yaml` writes it (see the file comment), ending with a newline. */
export function emitYaml(doc: unknown): string {
  const e = new Emitter();
  e.node(doc, false, false);
  return e.finish();
}
