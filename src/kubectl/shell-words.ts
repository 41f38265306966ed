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
 * - Unquoted braces expand as bash expands them (`node-{1..3}`, `{a,b}`; brace-expansion.ts), when
 *   the line is split into commands (`splitPipeline`). There are no variables or globs: `$` and
 *   `*` are literal.
 * - Shell operators outside quotes (`|`, `||`, `&&`, `;`, `&`, `<`, `>`, `(`, `)`, `$(`, `` ` ``,
 *   `<<<`) are tokens of their own. Scanning records them and carries on, so that a script still
 *   finds where each command and here-document ends; running the line decides what they mean
 *   (`splitPipeline`: a pipe into a filter works, `> FILE` or `>> FILE` at the end of the line
 *   sends the standard output to a file, `2>&1` and `2>/dev/null` send the command's standard
 *   error into its output or nowhere; anything else fails that line alone).
 */

import { expandBraces } from './brace-expansion.js';

export interface HereDoc {
  readonly delimiter: string;
  /** `<<-`: leading tabs are stripped from the body lines and the delimiter line. */
  readonly stripTabs: boolean;
  /** Offset of the `<<` in the scanned text. */
  readonly at: number;
}

/**
 * A word (quotes removed) or an operator, with its offset in the scanned text. A word with an
 * unquoted `{` carries which of its characters were quoted (1) or not (0), for brace expansion.
 */
export type Token =
  | { readonly kind: 'word'; readonly text: string; readonly at: number; readonly quoted?: Uint8Array }
  | { readonly kind: 'op'; readonly op: string; readonly at: number };

export type ScanResult =
  | {
      readonly kind: 'ok';
      readonly tokens: Token[];
      readonly hereDocs: HereDoc[];
      /** [start, end) spans of the text that are not part of the command: comments, `<<WORD`. */
      readonly cuts: [number, number][];
    }
  /** The text ends with a line-joining `\` (only when not `final`). */
  | { readonly kind: 'continue' }
  | { readonly kind: 'error'; readonly error: string; readonly at: number };

const LIST_ERROR = 'command lists (;, &&, ||) are not supported: run one command per line';
const BACKGROUND_ERROR = 'background jobs (&) are not supported: run one command per line';
const REDIRECT_ERROR =
  'the redirections here are "> FILE" and ">> FILE" at the end of a line (into an editor file), and "2>&1" and "2>/dev/null" on the command before any pipe; pass files with -f, or stdin with a here-document (<<EOF)';
const STDERR_PIPE_ERROR = 'piping standard error (|&) is not supported: a filter reads the standard output of the command before it';
const SUBSTITUTION_ERROR = 'command substitution ($(...) and `...`) is not supported';
const HERESTRING_ERROR = 'here-strings (<<<) are not supported: use a here-document (<<EOF)';

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isOperator = (c: string | undefined): boolean => c !== undefined && '|&;<>()'.includes(c);
/** The two-character operators, tried before the one-character ones. */
const PAIRS = ['||', '|&', '&&', ';;', '>>', '>&', '<&', '&>', '>|', '<>'];
const unmatched = (q: string): string => `unexpected end of line while looking for matching \`${q}'`;

/**
 * Scans `src` into words. With `final` false, a trailing line-joining `\` asks for the next line
 * (`continue`) instead of being kept as a character.
 */
export function scanWords(src: string, final = true): ScanResult {
  const tokens: Token[] = [];
  const hereDocs: HereDoc[] = [];
  const cuts: [number, number][] = [];
  let word = '';
  let inWord = false;
  let wordAt = 0;
  // The word's quoted pieces ([start, end) in `word`), and whether it has an unquoted brace.
  let quotedPieces: number[] = [];
  let brace = false;
  const endWord = (): void => {
    if (inWord) tokens.push(brace ? { kind: 'word', text: word, at: wordAt, quoted: quotedMask(word.length, quotedPieces) } : { kind: 'word', text: word, at: wordAt });
    word = '';
    inWord = false;
    quotedPieces = [];
    brace = false;
  };
  const addQuoted = (text: string): void => {
    quotedPieces.push(word.length, word.length + text.length);
    word += text;
  };
  const startWord = (at: number): void => {
    if (!inWord) wordAt = at;
    inWord = true;
  };
  const operator = (op: string, at: number): void => {
    endWord();
    tokens.push({ kind: 'op', op, at });
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
        startWord(i);
        addQuoted('\\');
        i++;
      } else {
        startWord(i);
        addQuoted(next);
        i += 2;
      }
    } else if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0) return { kind: 'error', error: unmatched("'"), at: i };
      startWord(i);
      addQuoted(src.slice(i + 1, close));
      i = close + 1;
    } else if (c === '"') {
      const r = scanDouble(src, i, final);
      if (r.kind !== 'ok') return r;
      startWord(i);
      addQuoted(r.text);
      i = r.end;
      // Inside quotes a substitution does not end the word; the line will refuse it anyway.
      for (const at of r.substitutions) tokens.push({ kind: 'op', op: src[at] === '`' ? '`' : '$(', at });
    } else if (c === '`' || (c === '$' && src[i + 1] === '(')) {
      operator(c === '`' ? '`' : '$(', i);
      i += c === '`' ? 1 : 2;
    } else if (c === '<' && src[i + 1] === '<' && src[i + 2] === '<') {
      operator('<<<', i);
      i += 3;
    } else if (c === '<' && src[i + 1] === '<') {
      endWord();
      const r = scanHereDoc(src, i);
      if ('error' in r) return { kind: 'error', error: r.error, at: i };
      hereDocs.push(r.doc);
      cuts.push([i, r.end]);
      i = r.end;
    } else if (isOperator(c)) {
      const pair = src.slice(i, i + 2);
      const op = PAIRS.includes(pair) ? pair : c;
      operator(op, i);
      i += op.length;
    } else {
      startWord(i);
      if (c === '{') brace = true;
      word += c;
      i++;
    }
  }
  endWord();
  return { kind: 'ok', tokens, hereDocs, cuts };
}

/** 1 for each character of a word of `length` inside its quoted `pieces` ([start, end) pairs), else 0. */
function quotedMask(length: number, pieces: readonly number[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (let p = 0; p < pieces.length; p += 2) mask.fill(1, pieces[p], pieces[p + 1]);
  return mask;
}

/** Why an operator other than a pipe cannot run here. */
function operatorError(op: string): string {
  if (op === '||' || op === '&&' || op === ';' || op === ';;') return LIST_ERROR;
  if (op === '&') return BACKGROUND_ERROR;
  if (op === '|&') return STDERR_PIPE_ERROR;
  if (op === '$(' || op === '`') return SUBSTITUTION_ERROR;
  if (op === '<<<') return HERESTRING_ERROR;
  if (op === '(' || op === ')') return `syntax error near unexpected token \`${op}'`;
  return REDIRECT_ERROR;
}

type DoubleResult =
  | { kind: 'ok'; text: string; end: number; /** Offsets of `$(` and `` ` `` inside. */ substitutions: number[] }
  | { kind: 'continue' }
  | { kind: 'error'; error: string; at: number };

/** A double-quoted piece starting at `start` (the opening quote). */
function scanDouble(src: string, start: number, final: boolean): DoubleResult {
  let text = '';
  const substitutions: number[] = [];
  let i = start + 1;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '"') return { kind: 'ok', text, end: i + 1, substitutions };
    if (c === '`' || (c === '$' && src[i + 1] === '(')) substitutions.push(i);
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

/** One command of a pipeline: its words and its text in the line. */
export interface Stage {
  readonly words: string[];
  readonly text: string;
}

/** `> FILE` (`append`: `>> FILE`) at the end of a line: where its standard output goes. */
export interface Redirect {
  readonly file: string;
  readonly append: boolean;
  /** `> FILE 2>&1`: the standard error goes to the file too. */
  readonly withErrors?: boolean;
}

/**
 * Where the first command's standard error goes, when the line says (`2>&1`: into its standard
 * output, so a pipe reads both; `2>/dev/null`: nowhere).
 */
export type ErrorsTo = 'stdout' | 'null';

/** `2>&1` or `2>/dev/null` in a line: which, and the span of the line it takes. */
interface StreamRedirect {
  readonly to: ErrorsTo;
  readonly start: number;
  readonly end: number;
}

/**
 * Splits one command line into the commands of its pipeline (`CMD | FILTER | ...`; one stage when
 * there is no pipe), the redirection that ends it (`> FILE`, `>> FILE`) and where the command's
 * errors go (`2>&1`, `2>/dev/null`), if the line says. Any other operator is an error naming it;
 * so is a here-document, which only a script can give (the lines that follow hold it), and any
 * other redirection (`2> FILE`, `< FILE`). Used by `exec` for every line.
 */
export function splitPipeline(line: string): { stages: Stage[]; redirect?: Redirect; errorsTo?: ErrorsTo } | { error: string } {
  const r = scanWords(line, true);
  if (r.kind === 'error') return { error: r.error };
  if (r.kind === 'continue') return { error: 'unexpected end of input after \\' };
  if (r.hereDocs.length > 0) return { error: 'here-documents (<<EOF) are only supported in scripts, where the lines that follow hold the document' };
  const streams = takeStreamRedirects(line, r.tokens);
  const redirect = trailingRedirect(line, r.tokens);
  if (redirect && 'error' in redirect) return redirect;
  if (redirect) r.tokens.length -= 2;
  const other = r.tokens.find((t) => t.kind === 'op' && t.op !== '|');
  if (other?.kind === 'op') return { error: operatorError(other.op) };
  // A stream's redirection after `> FILE` is the file's; before the first pipe, the command's.
  const firstPipe = r.tokens.find((t) => t.kind === 'op')?.at ?? line.length;
  const forFile = streams.filter((x) => redirect && x.start > redirect.at);
  const forCommand = streams.filter((x) => !forFile.includes(x));
  if (forCommand.some((x) => x.start > firstPipe) || streams.length > 1) return { error: REDIRECT_ERROR };
  const cut = (from: number, to: number): string => withoutSpans(line, from, to, streams);
  const stages: Stage[] = [];
  let words: string[] = [];
  let from = 0;
  for (const t of r.tokens) {
    if (t.kind === 'word') {
      if (t.quoted === undefined) words.push(t.text);
      else {
        const expanded = expandBraces(t.text, t.quoted);
        if (!Array.isArray(expanded)) return expanded;
        for (const w of expanded) words.push(w);
      }
      continue;
    }
    if (words.length === 0) return { error: "syntax error near unexpected token `|'" };
    stages.push({ words, text: cut(from, t.at) });
    words = [];
    from = t.at + 1;
  }
  if (words.length === 0 && stages.length > 0) return { error: "syntax error: a command must follow `|'" };
  const end = redirect ? redirect.at : line.length;
  stages.push({ words, text: stages.length === 0 && !redirect && streams.length === 0 ? line : cut(from, end) });
  const [commandTo, fileTo] = [forCommand[0]?.to, forFile[0]?.to];
  // `CMD 2>&1 > FILE`: the errors go where the output went before the file did, the terminal.
  const errorsTo = commandTo === 'null' || fileTo === 'null' ? 'null' : commandTo === 'stdout' && (!redirect || stages.length > 1) ? 'stdout' : undefined;
  const withErrors = fileTo === 'stdout';
  return {
    stages,
    ...(redirect ? { redirect: { file: redirect.file, append: redirect.append, ...(withErrors ? { withErrors } : {}) } } : {}),
    ...(errorsTo ? { errorsTo } : {}),
  };
}

/**
 * Takes `2>&1` and `2>/dev/null` (a `2` written against the operator, as bash reads a descriptor)
 * out of `tokens`, and returns them.
 */
function takeStreamRedirects(line: string, tokens: Token[]): StreamRedirect[] {
  const found: StreamRedirect[] = [];
  for (let i = tokens.length - 3; i >= 0; i--) {
    if (i + 2 >= tokens.length) continue; // the three after it were one, taken out
    const [fd, op, target] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (op.kind !== 'op' || target.kind !== 'word' || descriptor(line, fd, op) !== '2' || !line.startsWith(target.text, target.at)) continue;
    const to = op.op === '>&' && target.text === '1' && target.at === op.at + 2 ? 'stdout' : op.op === '>' && target.text === '/dev/null' ? 'null' : undefined;
    if (to === undefined) continue;
    found.unshift({ to, start: fd.at, end: target.at + target.text.length });
    tokens.splice(i, 3);
  }
  return found;
}

/**
 * The file descriptor a redirection operator names, as bash reads one: the digits of the
 * unquoted word written against it (`2>&1`: `2`), or undefined (`2 > f` sends `2` as a word).
 */
function descriptor(line: string, word: Token, op: Token): string | undefined {
  if (word.kind !== 'word') return undefined;
  const written = line.slice(word.at, op.at);
  return /^\d+$/.test(written) ? written : undefined;
}

/** `line` from `from` to `to` with the spans of `cuts` left out (one blank where each was), trimmed. */
function withoutSpans(line: string, from: number, to: number, cuts: readonly StreamRedirect[]): string {
  const pieces: string[] = [];
  let at = from;
  for (const c of cuts) {
    if (c.start < from || c.start >= to) continue;
    pieces.push(line.slice(at, c.start).trim());
    at = c.end;
  }
  pieces.push(line.slice(at, to).trim());
  return pieces.filter((p) => p !== '').join(' ');
}

/**
 * The `> FILE` or `>> FILE` that ends `tokens`, if it does, with where it starts in `line`; an
 * error for one with no file or with braces that give more than one, and for a redirection of a stream
 * other than the standard output (`2> FILE`: a descriptor's digits written against the `>`).
 */
function trailingRedirect(line: string, tokens: readonly Token[]): (Redirect & { at: number }) | { error: string } | undefined {
  const n = tokens.length;
  const op = tokens[n - 1]?.kind === 'op' ? tokens[n - 1] : tokens[n - 2];
  if (op?.kind !== 'op' || (op.op !== '>' && op.op !== '>>')) return undefined;
  const file = tokens[n - 1];
  if (file === op || file?.kind !== 'word') return { error: "syntax error near unexpected token `newline'" };
  const names = file.quoted === undefined ? [file.text] : expandBraces(file.text, file.quoted);
  if (!Array.isArray(names) || names.length !== 1) return { error: `${line.slice(file.at).trim()}: ambiguous redirect` };
  const before = tokens[n - 3];
  if (before && descriptor(line, before, op) !== undefined) return { error: REDIRECT_ERROR };
  return { file: names[0]!, append: op.op === '>>', at: op.at };
}

/**
 * The words of the command a line runs: its first stage (the filters after a pipe only read its
 * output), or the error that keeps the line from running. For callers that ask what a line does.
 */
export function splitArgs(line: string): string[] | { error: string } {
  const r = splitPipeline(line);
  return 'error' in r ? r : r.stages[0]!.words;
}
