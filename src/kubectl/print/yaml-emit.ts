/**
 * `-o yaml` written directly, for the documents kubectl prints nearly always: maps and lists of
 * numbers, booleans, nulls and one-line ASCII strings. The yaml library's Document (a node per
 * value, a visitor, a stringifier per node) printed about 1.5 MB a second, so `kubectl get nodes
 * -o yaml` on a 5,000-node fleet held the engine for seconds; this writes the same text, byte for
 * byte, in one walk. Anything it does not know how to write as the library would (a string past
 * ASCII or with a backslash, a multi-line one other than a plain literal block, a number that is
 * not finite, a key the library would write as an explicit `? ` key) makes it give up on the
 * whole document, and object-output.ts `toYaml` asks the library instead. A property test holds
 * the two to the same output.
 *
 * What the library writes, with object-output.ts's options (YAML 1.1, sequences not indented
 * under their key, no line folding, single quotes preferred, strings that read back as another
 * type double-quoted):
 * - a map's entries as `key: value`, a non-empty map or list value on the lines after its key
 *   (a map two spaces in, a list at the key's own indentation), `{}` and `[]` for empty ones;
 * - a list's items as `- item`, a map item's first entry on the dash's line;
 * - `null`, `true`, `false`, numbers as JSON writes them;
 * - a string plain when it reads back as itself, else quoted (`quoted`); a multi-line one as a
 *   literal block (`blockLiteral`).
 */
import { readsAsOtherType } from './yaml-quoting.js';

/** Printable ASCII only (no tab, no newline, nothing past `~`). */
const PRINTABLE = /^[ -~]*$/;

/**
 * A plain scalar that cannot be written plain, by the library's own test (stringifyString.js
 * `plainString`): an indicator first, a lone or spaced `-` or `?` first, `: ` or ` #` anywhere,
 * a space or `:` last.
 */
const NOT_PLAIN = /^[\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|:[ \t]| #|[ :]$/;

/** A document marker first: the library writes such a string by where it stands (plain, quoted or a block). */
const MARKER_FIRST = /^(?:---|\.\.\.)/;

/** The library writes implicit keys only up to this length; a longer one is an explicit `? ` key. */
const MAX_IMPLICIT_KEY = 1024;

/** A one-line printable string as the library writes it, or undefined when it is not one this writes. */
function scalarString(s: string, key: boolean): string | undefined {
  if (s === '') return '""';
  if (!PRINTABLE.test(s) || s.includes('\\') || MARKER_FIRST.test(s) || (key && s.length > MAX_IMPLICIT_KEY)) return undefined;
  if (readsAsOtherType(s)) return s.includes('"') ? undefined : `"${s}"`;
  if (!NOT_PLAIN.test(s)) return s;
  return quoted(s);
}

/**
 * A string that cannot be plain, quoted as the library quotes it (`quotedString`): single quotes
 * (a `'` doubled inside) unless it holds a `'` and no `"`, then double quotes (no escapes needed
 * in printable ASCII without a backslash).
 */
function quoted(s: string): string {
  if (s.includes("'") && !s.includes('"')) return `"${s}"`;
  return `'${s.replaceAll("'", "''")}'`;
}

/** Printable ASCII lines (no tab), not starting with a space or newline (which would need an indentation indicator). */
const BLOCK_LINES = /^[!-~][ -~\n]*$/;

/**
 * A multi-line string as the library's literal block (`blockString`, no line width, a value at
 * `indent`): `|` when one newline ends it, `|-` when none does; a run of newlines is followed by
 * the indentation, so blank lines stay empty. Undefined for the rest (spaces or more newlines at
 * the end, which need `|+` or quotes; a tab; anything past ASCII).
 */
function blockLiteral(s: string, indent: string): string | undefined {
  if (!BLOCK_LINES.test(s)) return undefined;
  const last = s[s.length - 1];
  const chomp = last === '\n' ? '' : '-';
  const body = chomp === '' ? s.slice(0, -1) : s;
  const end = body[body.length - 1];
  if (end === '\n' || end === ' ') return undefined;
  return `|${chomp}\n${indent}${body.replace(/\n+/g, `$&${indent}`)}`;
}

/** A value's scalar at `indent` (the indentation of a block's lines) as the library writes it, or undefined. */
function scalar(v: unknown, indent: string): string | undefined {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? JSON.stringify(v) : undefined;
  if (typeof v === 'string') return v.includes('\n') ? blockLiteral(v, indent) : scalarString(v, false);
  return undefined;
}

/** Thrown inside the walk when the document has something this does not write. */
class Unwritable extends Error {}

class Emitter {
  /** The text so far, appended to (see `list`). */
  private out = '';

  text(): string {
    return this.out;
  }

  /**
   * `v` after a key's `key:` (`inline`) or a list item's dash, `indent` being where its lines go:
   * scalars and empty collections on the line, others below.
   */
  value(v: unknown, indent: string, inline: boolean): void {
    if (Array.isArray(v)) {
      if (v.length === 0) return void (this.out += inline ? ' []\n' : '[]\n');
      if (inline) this.out += '\n';
      return this.list(v, indent, !inline);
    }
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const keys = Object.keys(v);
      if (keys.length === 0) return void (this.out += inline ? ' {}\n' : '{}\n');
      if (inline) this.out += '\n';
      return this.map(v as Record<string, unknown>, keys, indent, !inline);
    }
    const s = scalar(v, indent);
    if (s === undefined) throw new Unwritable();
    this.out += inline ? ` ${s}\n` : `${s}\n`;
  }

  /** A map's entries at `indent`; the first on the current line when `continued` (after a list item's dash). */
  map(m: Record<string, unknown>, keys: readonly string[], indent: string, continued: boolean): void {
    const inner = `${indent}  `;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = m[k];
      if (v === undefined) throw new Unwritable();
      const key = scalarString(k, true);
      if (key === undefined) throw new Unwritable();
      this.out += i === 0 && continued ? `${key}:` : `${indent}${key}:`;
      // A list under a key sits at the key's indentation; a map two spaces in.
      this.value(v, Array.isArray(v) ? indent : inner, true);
    }
  }

  /** A list's items at `indent`; the first on the current line when `continued` (a list in a list). */
  list(items: readonly unknown[], indent: string, continued: boolean): void {
    const inner = `${indent}  `;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item === undefined) throw new Unwritable();
      // Each item is written on its own and made flat (reading a character of a rope flattens
      // it), so the text so far is a rope of one piece per item rather than of every piece of
      // every item: a fleet's millions of small pieces lived until the end, and collecting
      // them was half of what printing it cost.
      const before = this.out;
      this.out = i === 0 && continued ? '- ' : `${indent}- `;
      this.value(item, inner, false);
      const text = this.out;
      text.charCodeAt(0);
      this.out = before + text;
    }
  }
}

/**
 * `doc` (a map or list, its keys already in the order to print) as the yaml library writes it
 * with object-output.ts's options, or undefined when it holds something this does not write.
 */
export function emitYaml(doc: unknown): string | undefined {
  if (doc === null || typeof doc !== 'object') return undefined;
  const e = new Emitter();
  try {
    e.value(doc, '', false);
  } catch (err) {
    if (err instanceof Unwritable) return undefined;
    throw err;
  }
  return e.text();
}
