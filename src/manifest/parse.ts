/**
 * YAML text -> API objects with source positions, as `kubectl apply -f FILE|-` reads it.
 *
 * Models kubectl's resource builder stream visitor: a `---` separated stream, empty and `null`
 * documents skipped, each document converted from YAML to JSON (go-yaml's YAML 1.1 reading, see
 * yaml-options.ts), then checked for apiVersion/kind (type-meta.ts) and expanded when it is a list
 * (objects.ts). Every problem becomes a Diagnostic with kubectl's wording and a line/column.
 *
 * Syntax is judged by go-yaml itself (goyaml/, a port of its scanner and parser run on the
 * chunks kubectl's YAMLReader cuts): where it rejects a chunk, that is the error, worded and
 * numbered as kubectl prints it (lines count from the chunk's first line), and the documents
 * from that chunk on are dropped. The `yaml` package builds the values; its own syntax errors
 * only show when go-yaml accepts what it rejects.
 *
 * A stream kubectl guesses as JSON (first non-space character `{`) is decoded by encoding/json as
 * a sequence of values, with no `---` between them: json-syntax.ts finds the values and the first
 * syntax error (kubectl's `json: offset N: ...`, which stops the stream), and each value is read
 * as a document of its own under JSON's rules.
 *
 * Assumptions:
 * - Input is untrusted: it may be huge, deeply nested or an alias bomb.
 * Invariants:
 * - Never throws, whatever the input; never recurses deeper than MAX_DEPTH (+ a constant).
 * - Docs and diagnostics come out in stream order.
 */
import { Composer, isAlias, LineCounter, Parser, visit } from 'yaml';
import type { Document, Node } from 'yaml';
import { buildAliasTable } from './ast.js';
import type { AliasTable } from './ast.js';
import { offsetBeyondDepth } from './cst-depth.js';
import { MAX_DEPTH, MAX_INPUT_BYTES, utf8ByteLength } from './limits.js';
import { readObjects } from './objects.js';
import { offsetOfRunawayNesting } from './prescan.js';
import { checkNesting, scanFields } from './scan.js';
import { COMPOSE_OPTIONS, JSON_COMPOSE_OPTIONS, TO_JS_OPTIONS } from './yaml-options.js';
import { kubectlStreamError } from './goyaml/index.js';
import { guessJSONStream, scanJsonStream, type JsonValueSpan } from './json-syntax.js';
import { conversionReason, parsingMessage, syntaxReason } from './yaml-errors.js';
import type { Diagnostic, ManifestDoc, ParseOptions, ParseResult } from './types.js';

export function parseManifests(text: string, fileName: string, options: ParseOptions = {}): ParseResult {
  const bytes = utf8ByteLength(text);
  if (bytes > MAX_INPUT_BYTES) {
    const message = `error parsing ${fileName}: input is ${bytes} bytes; the playground accepts at most ${MAX_INPUT_BYTES} bytes`;
    return { docs: [], diagnostics: [{ severity: 'error', message, line: 1, column: 1, docIndex: 0 }] };
  }
  const runaway = offsetOfRunawayNesting(text, MAX_DEPTH);
  if (runaway !== undefined) {
    const line = text.slice(0, runaway).split('\n').length;
    const column = runaway - text.lastIndexOf('\n', runaway - 1);
    const message = parsingMessage(fileName, `yaml: line ${line}: exceeded max depth of ${MAX_DEPTH}`);
    return { docs: [], diagnostics: [{ severity: 'error', message, line, column, docIndex: 0 }] };
  }
  return guessJSONStream(text) ? readJsonStream(text, fileName, options) : readYamlStream(text, fileName, options);
}

/**
 * A stream kubectl decodes with encoding/json: each complete value read on its own (json-stream
 * below), then, if the Decoder stopped at a syntax error, that error (json-syntax.ts) and nothing
 * after it.
 */
function readJsonStream(text: string, fileName: string, options: ParseOptions): ParseResult {
  const scan = scanJsonStream(text);
  const docs: ManifestDoc[] = [];
  const diagnostics: Diagnostic[] = [];
  // Lines before each value, counted as the values come (one walk for the stream).
  let counted = 0;
  let newlines = 0;
  scan.values.forEach((span, index) => {
    for (; counted < span.start; counted++) if (text.charCodeAt(counted) === 10) newlines++;
    const out = readJsonValue(text, span, newlines, index, fileName, options);
    docs.push(...out.docs);
    diagnostics.push(...out.diagnostics);
  });
  if (scan.error) {
    const { message, offset } = scan.error;
    const line = text.slice(0, offset).split('\n').length;
    const column = offset - text.lastIndexOf('\n', offset - 1);
    diagnostics.push({ severity: 'error', message: `error parsing ${fileName}: ${message}`, line, column, docIndex: scan.values.length });
  }
  return { docs, diagnostics };
}

/**
 * One JSON value of the stream (after `newlines` line breaks) as the document numbered `index`. It is composed by the yaml
 * library under JSON's rules (yaml-options.ts `JSON_COMPOSE_OPTIONS`: numbers such as `1e3` are
 * numbers, `<<` is a key like any other, the last of a repeated key wins) from a text that keeps
 * the value's lines and columns: the lines before it as empty lines, the start of its first line
 * as spaces. go-yaml never sees a JSON stream, so none of its checks apply.
 */
function readJsonValue(
  text: string, span: JsonValueSpan, newlines: number, index: number, fileName: string, options: ParseOptions,
): { docs: ManifestDoc[]; diagnostics: Diagnostic[] } {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const padded = '\n'.repeat(newlines) + ' '.repeat(span.start - lineStart) + goSurrogates(text.slice(span.start, span.end));
  const lines = new LineCounter();
  const composer = new Composer(JSON_COMPOSE_OPTIONS);
  const at: At = (offset, docIndex, message) => {
    const pos = lines.linePos(offset);
    return { severity: 'error', message, line: pos.line, column: pos.col, docIndex };
  };
  const composed = [...composer.compose(new Parser(lines.addNewLine).parse(padded))];
  return readDocument(composed[0]!, index, padded, fileName, lines, options, at);
}

/**
 * encoding/json's reading of `\\u` escapes of surrogates (`unquoteBytes`): a pair is one
 * character, any other surrogate becomes U+FFFD. The yaml library would keep a lone one, which
 * no UTF-8 text can hold. Replaced escape for escape, so offsets stay as they were.
 */
function goSurrogates(json: string): string {
  return json.replace(/\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u([dD][89a-fA-F][0-9a-fA-F]{2})|\\[^]/g, (escape, lone) => (lone ? '\\ufffd' : escape));
}

/** A stream kubectl cuts into YAML documents and converts with go-yaml. */
function readYamlStream(text: string, fileName: string, options: ParseOptions): ParseResult {
  const lines = new LineCounter();
  const composer = new Composer(COMPOSE_OPTIONS);
  const docs: ManifestDoc[] = [];
  const diagnostics: Diagnostic[] = [];
  const docStarts: number[] = [];
  const composedIndex: number[] = [];
  const at = (offset: number, docIndex: number, message: string): Diagnostic => {
    const pos = lines.linePos(offset);
    return { severity: 'error', message, line: pos.line, column: pos.col, docIndex };
  };
  const read = (doc: Document.Parsed): void => {
    const index = composedIndex.shift()!;
    const out = readDocument(doc, index, text, fileName, lines, options, at);
    docs.push(...out.docs);
    diagnostics.push(...out.diagnostics);
  };
  for (const token of new Parser(lines.addNewLine).parse(text)) {
    if (token.type === 'document') {
      const index = docStarts.push(token.offset) - 1;
      const deep = offsetBeyondDepth(token, MAX_DEPTH);
      if (deep !== undefined) {
        const line = lines.linePos(deep).line;
        diagnostics.push(at(deep, index, parsingMessage(fileName, `yaml: line ${line}: exceeded max depth of ${MAX_DEPTH}`)));
        continue;
      }
      composedIndex.push(index);
    }
    for (const doc of composer.next(token)) read(doc);
  }
  for (const doc of composer.end()) read(doc);
  for (const error of composer.streamInfo().errors) {
    const offset = error.pos[0];
    const docIndex = Math.max(0, docStarts.filter((start) => start <= offset).length - 1);
    diagnostics.push(at(offset, docIndex, parsingMessage(fileName, syntaxReason(error, lines.linePos(offset).line))));
  }
  const stop = kubectlStreamError(text);
  if (stop) {
    // kubectl reads the documents before the failing chunk, then stops with go-yaml's error;
    // the yaml package's own syntax complaints up to there are replaced by it.
    const docIndex = docStarts.filter((start) => start < stop.after).length;
    const kept = diagnostics.filter((d) => (d.docIndex ?? 0) > docIndex || !d.message.startsWith(`error parsing ${fileName}: `));
    const message = stop.message.startsWith('invalid Yaml') ? `error parsing ${fileName}: ${stop.message}` : parsingMessage(fileName, stop.message.replace(/^error converting YAML to JSON: /, ''));
    return { docs: sortByStream(docs), diagnostics: sortByStream([at(stop.offset, docIndex, message), ...kept]) };
  }
  return { docs: sortByStream(docs), diagnostics: sortByStream(diagnostics) };
}

type At = (offset: number, docIndex: number, message: string) => Diagnostic;

/** One composed document: syntax errors, alias problems, JSON conversion, then its objects. */
function readDocument(
  doc: Document.Parsed, index: number, text: string, fileName: string, lines: LineCounter, options: ParseOptions, at: At,
): { docs: ManifestDoc[]; diagnostics: Diagnostic[] } {
  const fail = (offset: number, reason: string) => ({ docs: [], diagnostics: [at(offset, index, parsingMessage(fileName, reason))] });
  if (doc.errors.length > 0) {
    const diagnostics = doc.errors.map((e) => at(e.pos[0], index, parsingMessage(fileName, syntaxReason(e, lines.linePos(e.pos[0]).line))));
    return { docs: [], diagnostics };
  }
  const root = doc.contents as Node | null;
  if (!root) return { docs: [], diagnostics: [] };
  const start = root.range?.[0] ?? doc.range[0];
  const aliases = buildAliasTable(doc);
  const nesting = checkNesting(root, aliases, MAX_DEPTH);
  if (nesting) {
    const offset = nesting.node.range?.[0] ?? start;
    return fail(offset, nesting.atLine ? `yaml: line ${lines.linePos(offset).line}: ${nesting.atLine}` : nesting.message);
  }
  let value: unknown;
  try {
    value = doc.toJS(TO_JS_OPTIONS);
  } catch (error) {
    return fail(unresolvedAlias(doc, aliases)?.range?.[0] ?? start, conversionReason(error));
  }
  if (value === null || value === undefined) return { docs: [], diagnostics: [] };
  const problem = scanFields(root, aliases, text).problems[0];
  if (problem) return fail(problem.node.range?.[0] ?? start, problem.message);
  return readObjects(value, { fileName, text, index, root, aliases, lines, mode: options.validate ?? 'strict' });
}

/** The first alias whose anchor is not defined before it, if any. */
function unresolvedAlias(doc: Document, aliases: AliasTable): Node | undefined {
  let found: Node | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (!aliases.has(node)) {
        found = node;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function sortByStream<T extends { docIndex?: number; index?: number; itemIndex?: number }>(list: T[]): T[] {
  const key = (x: T): number => (x.docIndex ?? x.index ?? 0) * 1e6 + (x.itemIndex ?? -1);
  return list.map((x, i) => [x, i] as const).sort((a, b) => key(a[0]) - key(b[0]) || a[1] - b[1]).map(([x]) => x);
}
