/**
 * Reading a lesson's YAML (lesson.yaml, the front matter of lesson.md) strictly and with
 * positions: every unknown key, wrong type or missing field becomes a Diagnostic at the exact
 * line and column, and reading carries on so one pass reports every problem.
 *
 * `YamlSource` parses a text with the `yaml` package (YAML 1.2, positions kept) and turns
 * offsets into line/column; `MapReader` reads one mapping key by key and, at `done()`, reports
 * the keys nobody asked for ("unknown key").
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import type { Diagnostic } from './diagnostics.js';
import { scalarOffset } from './scalar-position.js';

export class YamlSource {
  readonly root: Node | null;
  private readonly lines = new LineCounter();

  /**
   * @param file   the path reported in diagnostics
   * @param text   the whole file (front matter is parsed from lesson.md with `offset` set)
   * @param offset where the YAML starts inside `text` (positions stay those of the file)
   */
  constructor(
    readonly file: string,
    readonly text: string,
    readonly diagnostics: Diagnostic[],
    readonly offset = 0,
    length = text.length - offset,
  ) {
    const padded = text.slice(0, offset).replace(/[^\n]/g, ' ') + text.slice(offset, offset + length);
    const doc = parseDocument(padded, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    for (const e of [...doc.errors, ...doc.warnings]) this.errorAt(e.pos[0], e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''));
    this.root = doc.errors.length > 0 ? null : (doc.contents as Node | null);
  }

  /** A diagnostic at a source offset. */
  errorAt(offset: number, message: string): void {
    const p = this.lines.linePos(offset);
    this.diagnostics.push({ file: this.file, line: p.line, column: p.col, message });
  }

  /** A diagnostic at a node (its first character). */
  error(node: Node | null | undefined, message: string, fallback = 0): void {
    this.errorAt(node?.range?.[0] ?? fallback, message);
  }

  /** Where index `i` of a scalar's string value is in the file. */
  offsetIn(node: Scalar, i: number): number {
    const [start, end] = node.range!;
    return scalarOffset(this.text, start, end, String(node.value), i);
  }

  /** The 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    const p = this.lines.linePos(offset);
    return { line: p.line, column: p.col };
  }
}

/** A string value with the node it came from (for errors inside it: scripts, expressions). */
export interface Located<T> {
  readonly value: T;
  readonly node: Node;
}

/** Reads one mapping; every key must be read (or declared) before `done()`. */
export class MapReader {
  private readonly seen = new Set<string>();
  private readonly pairs = new Map<string, Pair<Node, Node | null>>();

  constructor(
    readonly src: YamlSource,
    readonly node: YAMLMap<Node, Node | null>,
    /** What this mapping is, for messages: `check "l1-status"`, `step 2`. */
    readonly what: string,
  ) {
    for (const pair of node.items) {
      if (isScalar(pair.key)) this.pairs.set(String(pair.key.value), pair);
      else src.error(pair.key as Node, `${what}: keys must be plain words`);
    }
  }

  /** Makes a mapping reader, or reports that the node is not a mapping. */
  static of(src: YamlSource, node: Node | null | undefined, what: string, at = 0): MapReader | undefined {
    if (isMap(node)) return new MapReader(src, node as YAMLMap<Node, Node | null>, what);
    src.error(node, `${what} must be a mapping (key: value lines)`, at);
    return undefined;
  }

  has(key: string): boolean {
    return this.pairs.has(key);
  }

  /** The keys present, in file order. */
  keys(): string[] {
    return [...this.pairs.keys()];
  }

  /** The value node of a key (marks it read). */
  get(key: string): Node | null | undefined {
    this.seen.add(key);
    return this.pairs.get(key)?.value;
  }

  /** The key node of a key, for errors about the key itself. */
  keyNode(key: string): Node | undefined {
    return this.pairs.get(key)?.key;
  }

  private missing(key: string): undefined {
    this.src.error(this.node, `${this.what}: "${key}" is required`);
    return undefined;
  }

  string(key: string, required: true): Located<string> | undefined;
  string(key: string, required?: boolean): Located<string> | undefined;
  string(key: string, required = false): Located<string> | undefined {
    const n = this.get(key);
    if (n === undefined || n === null) return required ? this.missing(key) : undefined;
    if (isScalar(n) && typeof n.value === 'string') return { value: n.value, node: n };
    this.src.error(n, `${this.what}: "${key}" must be a string${isScalar(n) ? ` (quote it: '${String(n.value)}')` : ''}`);
    return undefined;
  }

  number(key: string, opts: { required?: boolean; integer?: boolean; min?: number } = {}): Located<number> | undefined {
    const n = this.get(key);
    if (n === undefined || n === null) return opts.required ? this.missing(key) : undefined;
    if (!isScalar(n) || typeof n.value !== 'number' || (opts.integer && !Number.isInteger(n.value)) || (opts.min !== undefined && n.value < opts.min)) {
      const kind = opts.integer ? 'an integer' : 'a number';
      this.src.error(n, `${this.what}: "${key}" must be ${kind}${opts.min !== undefined ? ` >= ${opts.min}` : ''}`);
      return undefined;
    }
    return { value: n.value, node: n };
  }

  boolean(key: string): Located<boolean> | undefined {
    const n = this.get(key);
    if (n === undefined || n === null) return undefined;
    if (isScalar(n) && typeof n.value === 'boolean') return { value: n.value, node: n };
    this.src.error(n, `${this.what}: "${key}" must be true or false`);
    return undefined;
  }

  /** A sequence's items (an absent key is an empty list unless required). */
  list(key: string, required = false): Node[] | undefined {
    const n = this.get(key);
    if (n === undefined || n === null) return required ? this.missing(key) : [];
    if (isSeq(n)) return n.items as Node[];
    this.src.error(n, `${this.what}: "${key}" must be a list`);
    return undefined;
  }

  /** A list of strings. */
  strings(key: string, required = false): Located<string>[] | undefined {
    const items = this.list(key, required);
    if (!items) return undefined;
    const out: Located<string>[] = [];
    for (const item of items) {
      if (isScalar(item) && typeof item.value === 'string') out.push({ value: item.value, node: item });
      else this.src.error(item, `${this.what}: every item of "${key}" must be a string`);
    }
    return out;
  }

  map(key: string, required = false): MapReader | undefined {
    const n = this.get(key);
    if (n === undefined || n === null) return required ? this.missing(key) : undefined;
    return MapReader.of(this.src, n, `${this.what}: "${key}"`);
  }

  /** Reports every key that was not read: unknown keys are errors, never ignored. */
  done(allowed?: readonly string[]): void {
    for (const [key, pair] of this.pairs) {
      if (this.seen.has(key)) continue;
      const list = allowed ? `; expected one of: ${allowed.join(', ')}` : '';
      this.src.error(pair.key, `${this.what}: unknown key "${key}"${list}`);
    }
  }
}

export { isMap, isScalar, isSeq };
export type { Node, Scalar };
