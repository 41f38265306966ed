/**
 * The data the manifest layer hands to its callers: parsed documents with source positions and
 * diagnostics that name a line, a column and a field path.
 *
 * Positions are 1-based (line 1, column 1 is the first character), as editors and kubectl count.
 */

/** A point in the source text. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** A span of source text: where a node starts and where it ends. */
export interface SourceRange extends SourcePosition {
  readonly endLine: number;
  readonly endColumn: number;
}

/** kubectl's `--validate` values (`true` is `strict`, `false` is `ignore`). */
export type ValidateMode = 'strict' | 'warn' | 'ignore';

/**
 * One problem found in the text. `message` is what kubectl prints after `error: ` (or after
 * `Warning: ` for a warning); `line`/`column` place an editor marker; `path` is the field path
 * (`spec.template.spec.containers[0].image`) when the problem belongs to a field.
 */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
  /** The 0-based index of the YAML document (between `---` separators) the problem is in. */
  readonly docIndex?: number;
  /** Set when the problem is in `items[itemIndex]` of a list document. */
  readonly itemIndex?: number;
}

/** One API object read from the text. */
export interface ManifestDoc {
  /** The object as kubectl would send it: plain JSON data. */
  readonly object: Record<string, unknown>;
  /** 0-based index of the YAML document in the stream, counting empty documents too. */
  readonly index: number;
  /** Set when the object is `items[itemIndex]` of a `kind: List` document. */
  readonly itemIndex?: number;
  /** Where the object's mapping starts and ends. */
  readonly range: SourceRange;
  /**
   * Paths of fields written twice in one mapping (`spec.template.spec.containers[0].image`),
   * in document order. The object keeps the last value, as Go's JSON decoder does.
   */
  readonly duplicateFields: readonly string[];
  /**
   * Where a field path is written: the key of a mapping entry, or the item of a sequence.
   * Accepts `a.b[0].c` paths; a map key containing dots (`app.kubernetes.io/name`) may be written
   * as is or in brackets (`labels[app.kubernetes.io/name]`). Undefined when the path is absent.
   */
  pathRange(path: string): SourceRange | undefined;
  /** Like `pathRange` but the range of the value written at the path (the key's value). */
  valueRange(path: string): SourceRange | undefined;
}

export interface ParseOptions {
  /** The `--validate` mode: decides the wording kubectl uses for a missing kind. Default strict. */
  readonly validate?: ValidateMode;
}

/**
 * The outcome of reading a stream. Docs and diagnostics are each in stream order; a document
 * that cannot be read has a diagnostic and no doc.
 */
export interface ParseResult {
  readonly docs: ManifestDoc[];
  readonly diagnostics: Diagnostic[];
}
