/**
 * Shell-like word splitting for one command line: POSIX quoting without expansion.
 *
 * - Unquoted blanks separate words; `\` makes the next character literal; `\` + newline joins
 *   lines. A trailing lone `\` is kept as a character.
 * - `'...'` is literal. `"..."` is literal except `\"`, `\\`, `\$`, `` \` `` and `\` + newline.
 * - Adjacent pieces form one word (`--x='a b'c` is `--x=a bc`); `''` is an empty word.
 * - `#` at the start of a word begins a comment to the end of the line.
 * - `<<WORD` (also `<<-WORD`, `<<'WORD'`, `<<"WORD"`) is a here-document operator; the caller
 *   (the script parser) supplies its body.
 * - There are no variables, globs, brace expansion, pipes, lists or redirections: `$` and `*` are
 *   literal, and an operator outside quotes is an error that says so.
 */

export interface HereDoc {
  readonly delimiter: string;
  /** `<<-`: leading tabs are stripped from the body lines and the delimiter line. */
  readonly stripTabs: boolean;
  /** Offset of the `<<` in the scanned text. */
  readonly at: number;
}

export type ScanResult =
  | {
      readonly kind: 'ok';
      readonly words: string[];
      readonly hereDocs: HereDoc[];
      /** [start, end) spans of the text that are not part of the command: comments, `<<WORD`. */
      readonly cuts: [number, number][];
    }
  /** The text ends with a line-joining `\` (only when not `final`). */
  | { readonly kind: 'continue' }
  | { readonly kind: 'error'; readonly error: string; readonly at: number };

export const PIPE_ERROR = 'pipes are not supported: run one command per line';
const LIST_ERROR = 'command lists (;, &&, ||) are not supported: run one command per line';
const BACKGROUND_ERROR = 'background jobs (&) are not supported: run one command per line';
const REDIRECT_ERROR = 'redirections (<, >) are not supported: pass files with -f, or stdin with a here-document (<<EOF)';
const SUBSTITUTION_ERROR = 'command substitution ($(...) and `...`) is not supported';
const HERESTRING_ERROR = 'here-strings (<<<) are not supported: use a here-document (<<EOF)';

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isOperator = (c: string | undefined): boolean => c !== undefined && '|&;<>()'.includes(c);
const unmatched = (q: string): string => `unexpected end of line while looking for matching \`${q}'`;

/**
 * Scans `src` into words. With `final` false, a trailing line-joining `\` asks for the next line
 * (`continue`) instead of being kept as a character.
 */
export function scanWords(src: string, final = true): ScanResult {
  const words: string[] = [];
  const hereDocs: HereDoc[] = [];
  const cuts: [number, number][] = [];
  let word = '';
  let inWord = false;
  const endWord = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (isBlank(c)) {
      endWord();
      i++;
    } else if (c === '#' && !inWord) {
      const nl = src.indexOf('\n', i);
      const end = nl < 0 ? src.length : nl;
      cuts.push([i, end]);
      i = end;
    } else if (c === '\\') {
      const next = src[i + 1];
      if (next === '\n') i += 2;
      else if (next === undefined) {
        if (!final) return { kind: 'continue' };
        word += '\\';
        inWord = true;
        i++;
      } else {
        word += next;
        inWord = true;
        i += 2;
      }
    } else if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0) return { kind: 'error', error: unmatched("'"), at: i };
      word += src.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (c === '"') {
      const r = scanDouble(src, i, final);
      if (r.kind !== 'ok') return r;
      word += r.text;
      inWord = true;
      i = r.end;
    } else if (c === '`' || (c === '$' && src[i + 1] === '(')) {
      return { kind: 'error', error: SUBSTITUTION_ERROR, at: i };
    } else if (c === '<' && src[i + 1] === '<') {
      endWord();
      const r = scanHereDoc(src, i);
      if ('error' in r) return { kind: 'error', error: r.error, at: i };
      hereDocs.push(r.doc);
      cuts.push([i, r.end]);
      i = r.end;
    } else if (isOperator(c)) {
      return { kind: 'error', error: operatorError(src, i), at: i };
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  endWord();
  return { kind: 'ok', words, hereDocs, cuts };
}

function operatorError(src: string, i: number): string {
  const c = src[i]!;
  const next = src[i + 1];
  if (c === '|') return next === '|' ? LIST_ERROR : PIPE_ERROR;
  if (c === ';') return LIST_ERROR;
  if (c === '&') return next === '&' ? LIST_ERROR : next === '>' ? REDIRECT_ERROR : BACKGROUND_ERROR;
  if (c === '<' || c === '>') return REDIRECT_ERROR;
  return `syntax error near unexpected token \`${c}'`;
}

type DoubleResult = { kind: 'ok'; text: string; end: number } | { kind: 'continue' } | { kind: 'error'; error: string; at: number };

/** A double-quoted piece starting at `start` (the opening quote). */
function scanDouble(src: string, start: number, final: boolean): DoubleResult {
  let text = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '"') return { kind: 'ok', text, end: i + 1 };
    if (c === '`' || (c === '$' && src[i + 1] === '(')) return { kind: 'error', error: SUBSTITUTION_ERROR, at: i };
    if (c === '\\') {
      const next = src[i + 1];
      if (next === undefined) {
        if (!final) return { kind: 'continue' };
        break;
      }
      if (next === '\n') i += 2;
      else if ('"\\$`'.includes(next)) {
        text += next;
        i += 2;
      } else {
        text += c;
        i++;
      }
      continue;
    }
    text += c;
    i++;
  }
  return { kind: 'error', error: unmatched('"'), at: start };
}

/** `<<[-]WORD` at `start`: the delimiter with its quotes removed. */
function scanHereDoc(src: string, start: number): { doc: HereDoc; end: number } | { error: string } {
  let i = start + 2;
  if (src[i] === '<') return { error: HERESTRING_ERROR };
  const stripTabs = src[i] === '-';
  if (stripTabs) i++;
  while (src[i] === ' ' || src[i] === '\t') i++;
  let delimiter = '';
  let any = false;
  while (i < src.length && !isBlank(src[i]) && !isOperator(src[i])) {
    const c = src[i]!;
    if (c === "'" || c === '"') {
      const close = src.indexOf(c, i + 1);
      if (close < 0) return { error: unmatched(c) };
      delimiter += src.slice(i + 1, close);
      i = close + 1;
    } else if (c === '\\' && i + 1 < src.length) {
      delimiter += src[i + 1];
      i += 2;
    } else {
      delimiter += c;
      i++;
    }
    any = true;
  }
  if (!any) return { error: "syntax error near unexpected token `newline'" };
  return { doc: { delimiter, stripTabs, at: start }, end: i };
}

/**
 * Splits one command line into words (see the file comment). Used by `exec` for every line and
 * by the UI terminal. Here-documents are only available through `parseScript`.
 */
export function splitArgs(line: string): string[] | { error: string } {
  const r = scanWords(line, true);
  if (r.kind === 'error') return { error: r.error };
  if (r.kind === 'continue') return { error: 'unexpected end of input after \\' };
  if (r.hereDocs.length > 0) return { error: 'here-documents (<<EOF) are only supported in scripts, where the lines that follow hold the document' };
  return r.words;
}
