/**
 * How kubectl reads a YAML stream, up to the point where it gives up: apimachinery's
 * `YAMLReader` cuts the stream into chunks at `---` lines, and each chunk goes through
 * `sigs.k8s.io/yaml` (go-yaml v2) on its own, so error lines count from the chunk's first line.
 *
 * - `kubectlChunks`: `YAMLReader.Read` over a `LineReader`. Lines are read with `bufio.ReadLine`
 *   and given back with a `\n`, so every line of a chunk ends with one (a last line without it
 *   gets one, `\r\n` becomes `\n`). A line that begins with `---` ends the chunk before it
 *   (`----` and `---x` too); what follows the dashes must be blank or a comment, else the whole
 *   read fails with `invalid Yaml document separator: <rest>`. A separator met while nothing is
 *   buffered yet (the stream's first line) stays in the next chunk, as go-yaml's `---`.
 * - `chunkSyntaxError`: what `yaml.Unmarshal` says about a chunk: the reader's `control characters
 *   are not allowed`, or the scanner's and parser's first error as `parser.fail` words it.
 */
import { failMessage, firstDocumentError } from './parser.js';

export interface Chunk {
  readonly text: string;
  /** Offset of the chunk's first character in the stream. */
  readonly offset: number;
  /** Offset of the `---` line that ended the chunk before (0 for the first chunk). */
  readonly after: number;
}

export interface SeparatorError {
  readonly message: string;
  /** Offset of the offending separator line. */
  readonly offset: number;
  /** `after` of the chunk being read when it was met (that chunk is lost). */
  readonly after: number;
}

export type ChunkRead = { readonly chunks: Chunk[]; readonly separatorError?: SeparatorError };

export function kubectlChunks(text: string): ChunkRead {
  const chunks: Chunk[] = [];
  let buffer = '';
  let bufferOffset = 0;
  let after = 0;
  let offset = 0;
  while (offset < text.length) {
    const nl = text.indexOf('\n', offset);
    const end = nl < 0 ? text.length : nl + 1;
    const raw = text.slice(offset, nl < 0 ? text.length : nl);
    const line = `${raw.endsWith('\r') ? raw.slice(0, -1) : raw}\n`;
    if (line.startsWith('---')) {
      const rest = line.slice(3).trim();
      if (rest.length > 0 && rest[0] !== '#') return { chunks, separatorError: { message: `invalid Yaml document separator: ${rest}`, offset, after } };
      if (buffer.length > 0) {
        chunks.push({ text: buffer, offset: bufferOffset, after });
        buffer = '';
        after = offset;
        offset = end;
        continue;
      }
    }
    if (buffer.length === 0) bufferOffset = offset;
    buffer += line;
    offset = end;
  }
  if (buffer.length > 0) chunks.push({ text: buffer, offset: bufferOffset, after });
  return { chunks };
}

/**
 * The characters go-yaml's reader accepts (`yaml_parser_update_buffer`): tab, line feed, carriage
 * return, printable ASCII, NEL, and the printable non-ASCII planes without surrogates, U+FFFE and
 * U+FFFF.
 */
const ALLOWED = /^[\t\n\r\x20-\x7e\u0085\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

/**
 * `yaml: <...>` as `yaml.Unmarshal` reports a chunk, or undefined when go-yaml accepts it, with
 * the 0-based line and column in the chunk of the mistake (for an editor: the offending token,
 * which a parser error's message numbers one line early).
 */
export function chunkSyntaxError(text: string): { message: string; line: number; column: number } | undefined {
  if (!ALLOWED.test(text)) {
    const bad = text.search(/[^\t\n\r\x20-\x7e\u0085\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u);
    const before = text.slice(0, Math.max(0, bad)).split('\n');
    return { message: 'yaml: control characters are not allowed', line: before.length - 1, column: before[before.length - 1]!.length };
  }
  const e = firstDocumentError(text);
  if (!e) return undefined;
  const mark = e.at ?? e.problemMark;
  return { message: `yaml: ${failMessage(e)}`, line: mark.line, column: mark.column };
}

/**
 * Where kubectl's reading of `text` stops: the first chunk go-yaml rejects, or the separator
 * error. `after` is the offset of the `---` line before the failing chunk: the documents that
 * begin before it are the ones kubectl read (and applies); `offset` is where to point at.
 */
export function kubectlStreamError(text: string): { message: string; offset: number; after: number } | undefined {
  const read = kubectlChunks(text);
  for (const chunk of read.chunks) {
    const e = chunkSyntaxError(chunk.text);
    if (!e) continue;
    let offset = chunk.offset;
    for (let line = 0; line < e.line; line++) {
      const nl = text.indexOf('\n', offset);
      if (nl < 0) break;
      offset = nl + 1;
    }
    const lineEnd = text.indexOf('\n', offset);
    offset = Math.min(offset + Array.from(text.slice(offset, lineEnd < 0 ? text.length : lineEnd)).slice(0, e.column).join('').length, text.length);
    return { message: `error converting YAML to JSON: ${e.message}`, offset, after: chunk.after };
  }
  return read.separatorError;
}
