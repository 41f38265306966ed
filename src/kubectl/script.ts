/**
 * Session scripts, the one interface (docs/architecture.md, One script interface): the CLI,
 * lessons and the UI terminal all turn text into `kubectl ...` / `sim ...` commands here.
 *
 * Rules (a small, honest subset of bash):
 * - One command per line; blank lines and `#` comments (whole-line or after a word) are skipped.
 * - A line ending in `\` continues on the next line.
 * - `CMD <<EOF` ... `EOF` gives CMD the lines in between as stdin, each with its newline, as bash
 *   does; `<<'EOF'` and `<<"EOF"` are the same here (nothing is ever expanded); `<<-EOF` strips
 *   leading tabs from the body and the closing line.
 * - Quotes must close on the line they open (or on a `\`-continued line); an unclosed quote or
 *   here-document is an error naming the line where it started.
 * - Shell operators (`|`, `&&`, `>`, ...) are left in the command's text: running the line decides
 *   what they mean, so a pipe into a filter works and anything else fails that line alone while
 *   the script carries on. A here-document body is never scanned for them.
 * Words are scanned by `scanWords` (see shell-words.ts).
 */
import { scanWords } from './shell-words.js';

export { splitArgs } from './shell-words.js';

export interface ScriptCommand {
  /** 1-based line of the command's first line. */
  readonly line: number;
  /** The command without comments, here-document operator and line joins. */
  readonly text: string;
  /** The here-document body, if the command has one. */
  readonly stdin?: string;
}

export type ScriptResult = { readonly commands: ScriptCommand[] } | { readonly error: string; readonly line: number };

export function parseScript(text: string): ScriptResult {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const commands: ScriptCommand[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = i + 1;
    let logical = lines[i++]!;
    /** Offsets in `logical` of the `\`+newline pairs that joined lines. */
    const joins: number[] = [];
    let scan = scanWords(logical, i >= lines.length);
    while (scan.kind === 'continue') {
      joins.push(logical.length - 1);
      logical += `\n${lines[i++]!}`;
      scan = scanWords(logical, i >= lines.length);
    }
    const lineAt = (offset: number): number => first + countNewlines(logical.slice(0, offset));
    if (scan.kind === 'error') {
      const line = lineAt(scan.at);
      return { error: `line ${line}: ${scan.error}`, line };
    }
    if (scan.hereDocs.length > 1) {
      const line = lineAt(scan.hereDocs[1]!.at);
      return { error: `line ${line}: only one here-document per command is supported`, line };
    }
    let stdin: string | undefined;
    const doc = scan.hereDocs[0];
    if (doc) {
      let body = '';
      let closed = false;
      while (i < lines.length) {
        const raw = lines[i++]!;
        const bodyLine = doc.stripTabs ? raw.replace(/^\t+/, '') : raw;
        if (bodyLine === doc.delimiter) {
          closed = true;
          break;
        }
        body += `${bodyLine}\n`;
      }
      if (!closed) {
        const line = lineAt(doc.at);
        return { error: `line ${line}: here-document delimited by end-of-file (wanted "${doc.delimiter}")`, line };
      }
      stdin = body;
    }
    if (scan.tokens.length === 0) continue;
    const command = stripSpans(logical, [...scan.cuts, ...joins.map((j): [number, number] => [j, j + 2])]).trim();
    commands.push(stdin === undefined ? { line: first, text: command } : { line: first, text: command, stdin });
  }
  return { commands };
}

function countNewlines(s: string): number {
  let n = 0;
  for (const c of s) if (c === '\n') n++;
  return n;
}

/** The text without the given [start, end) spans. */
function stripSpans(text: string, spans: readonly [number, number][]): string {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    if (start < at) continue;
    out += text.slice(at, start);
    at = end;
  }
  return out + text.slice(at);
}
