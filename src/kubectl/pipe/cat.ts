/**
 * `cat [OPTION]... [FILE]...`: GNU coreutils cat (9.1, cat.c) in the C locale. It writes each FILE
 * in turn; no FILE, or `-`, is the standard input: the line's here-document (`cat <<EOF | kubectl
 * apply -f -`) or what flows in through a pipe, read once (a second `-` finds it at its end). The
 * files are the editor's tabs, read through the host (`ExecOptions.readFile`, which the session's
 * timeline records). A file that is not there is reported in its place (`cat: NAME: No such file
 * or directory`), the others still print, and the exit status is 1.
 *
 * The options shape the lines as GNU's do, with what they track carried from one file to the next
 * (the line number, the run of empty lines, a `\r` waiting for its newline), so `cat -n a b`
 * numbers on through b: -n numbers every line and -b the non-empty ones (`%6d\t`), -s keeps one
 * empty line of a run, -E ends each line with `$` (a `\r` before it showing as `^M`), -T shows
 * tabs as `^I`, -v every other control character and byte above 127 (`^X`, `M-x`, a character's
 * UTF-8 bytes one by one); -A, -e and -t combine them and -u is ignored. Unknown options get
 * GNU's errors (`invalid option -- 'x'`): this cat knows all of GNU's.
 */
import { OutputWriter, type ExecResult } from '../result.js';
import type { ReadFile } from './line-programs.js';
import { asksForHelp, has, parseOptions, tryHelp, type OptionSpec, type ParsedOptions, type Program } from './options.js';

export const CAT: Program = {
  name: 'cat',
  synopsis: 'cat [OPTION]... [FILE]...',
  summary: 'Concatenate FILE(s) to standard output.',
  troubleStatus: 1,
  usage: tryHelp('cat'),
  complete: true,
  // In cat.c's getopt order, which its "ambiguous" errors list them in (`--show` names four).
  options: [
    { name: 'number-nonblank', short: 'b', long: 'number-nonblank', help: 'number nonempty output lines, overrides -n' },
    { name: 'number', short: 'n', long: 'number', help: 'number all output lines' },
    { name: 'squeeze-blank', short: 's', long: 'squeeze-blank', help: 'suppress repeated empty output lines' },
    { name: 'show-nonprinting', short: 'v', long: 'show-nonprinting', help: 'use ^ and M- notation, except for LFD and TAB' },
    { name: 'show-ends', short: 'E', long: 'show-ends', help: 'display $ at end of each line' },
    { name: 'show-tabs', short: 'T', long: 'show-tabs', help: 'display TAB characters as ^I' },
    { name: 'show-all', short: 'A', long: 'show-all', help: 'equivalent to -vET' },
    { name: 'e', short: 'e', help: 'equivalent to -vE' },
    { name: 't', short: 't', help: 'equivalent to -vT' },
    { name: 'u', short: 'u', help: '(ignored)' },
    { name: 'help', long: 'help', help: 'display this help and exit' },
    { name: 'version', long: 'version', help: 'output version information and exit' },
  ],
};

/** Where GNU's help page lists an option: by letter, a lower-case one before its capital (`-e`, `-E`); the long-only ones last. */
function helpKey(o: OptionSpec): string {
  return o.short ? `${o.short.toLowerCase()}${o.short < 'a' ? 1 : 0}` : '~';
}

/** An option's line on the help page, in GNU's columns. */
function helpLine(o: OptionSpec): string {
  const names = o.short ? `  ${[`-${o.short}`, ...(o.long ? [`--${o.long}`] : [])].join(', ')}`.padEnd(27) : `      --${o.long!}`.padEnd(20);
  return `${names}${o.help}\n`;
}

/** GNU's help page, its standard input and files said as this playground has them. */
const HELP =
  `Usage: ${CAT.synopsis}\n${CAT.summary}\n\n` +
  'With no FILE, or when FILE is -, read standard input: the here-document of the line\n' +
  '(cat <<EOF | kubectl apply -f -), or the output of the command before the pipe.\n' +
  "The files are the editor's tabs.\n\n" +
  [...CAT.options]
    .sort((a, b) => (helpKey(a) < helpKey(b) ? -1 : helpKey(a) > helpKey(b) ? 1 : 0))
    .map(helpLine)
    .join('') +
  '\nExamples:\n' +
  "  cat f - g  Output f's contents, then standard input, then g's contents.\n" +
  '  cat        Copy standard input to standard output.\n';

const VERSION = "cat (Everynode) 9.1: GNU coreutils cat's options in the C locale, reading the editor's files\n";

/** What the options ask of the lines. */
interface Layout {
  readonly number: boolean;
  /** Number the empty lines too (-n without -b). */
  readonly numberEmpty: boolean;
  readonly squeeze: boolean;
  readonly ends: boolean;
  readonly tabs: boolean;
  readonly nonprinting: boolean;
}

function layoutOf(parsed: ParsedOptions): Layout {
  const given = (...names: string[]): boolean => names.some((n) => has(parsed, n));
  return {
    number: given('number', 'number-nonblank'),
    numberEmpty: !given('number-nonblank'),
    squeeze: given('squeeze-blank'),
    ends: given('show-ends', 'show-all', 'e'),
    tabs: given('show-tabs', 'show-all', 't'),
    nonprinting: given('show-nonprinting', 'show-all', 'e', 't'),
  };
}

/**
 * What cat.c carries from one file to the next: the last line number, `newlines` (-1 inside a
 * line, 0 at the start of one after text, 1 or 2 after that many empty lines) and a `\r` that
 * ended a file while -E waits to see whether a newline follows it.
 */
interface Carry {
  line: number;
  newlines: number;
  cr: boolean;
}

export function cat(args: readonly string[], stdin: string, readFile: ReadFile | undefined): ExecResult {
  if (asksForHelp(CAT, args)) return { exitCode: 0, stdout: HELP, stderr: '' };
  const parsed = parseOptions(CAT, args);
  if ('error' in parsed) return { exitCode: parsed.exitCode, stdout: '', stderr: parsed.error };
  // `--he` and `--vers` are the same options, as getopt reads a unique prefix.
  if (has(parsed, 'help')) return { exitCode: 0, stdout: HELP, stderr: '' };
  if (has(parsed, 'version')) return { exitCode: 0, stdout: VERSION, stderr: '' };
  const layout = layoutOf(parsed);
  const plain = !layout.number && !layout.squeeze && !layout.ends && !layout.tabs && !layout.nonprinting;
  const carry: Carry = { line: 0, newlines: 0, cr: false };
  const w = new OutputWriter();
  let input = stdin;
  let exitCode = 0;
  for (const name of parsed.operands.length > 0 ? parsed.operands : ['-']) {
    const text = name === '-' ? input : readFile?.(name);
    if (name === '-') input = '';
    if (text === undefined) {
      w.warn(`cat: ${name}: No such file or directory\n`);
      exitCode = 1;
    } else w.print(plain ? text : shaped(text, layout, carry));
  }
  if (carry.cr) w.print('\r');
  return w.result(exitCode);
}

/** `text` (one file) as cat.c's `cat` writes it under `o`, going on from `carry` and updating it. */
function shaped(text: string, o: Layout, carry: Carry): string {
  let out = '';
  if (carry.cr && text !== '') {
    out += text.startsWith('\n') ? '^M' : '\r';
    carry.cr = false;
  }
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    if (end > at) {
      if (carry.newlines >= 0 && o.number) out += lineNumber(++carry.line);
      let chars = text.slice(at, end);
      let crShown = '';
      if (o.ends && !o.nonprinting && chars.endsWith('\r')) {
        chars = chars.slice(0, -1);
        if (nl >= 0) crShown = '^M';
        else carry.cr = true;
      }
      out += visible(chars, o) + crShown;
      carry.newlines = -1;
    }
    if (nl < 0) break;
    at = nl + 1;
    if (++carry.newlines > 0) {
      if (carry.newlines >= 2) {
        carry.newlines = 2;
        if (o.squeeze) continue;
      }
      if (o.number && o.numberEmpty) out += lineNumber(++carry.line);
    }
    out += o.ends ? '$\n' : '\n';
  }
  return out;
}

/** cat.c's line number: right-aligned in six columns (wider past 999999), then a tab. */
function lineNumber(n: number): string {
  return `${String(n).padStart(6)}\t`;
}

const UTF8 = new TextEncoder();

/** The characters of a line (no newline) as -T and -v show them. */
function visible(chars: string, o: Layout): string {
  if (!o.nonprinting) return o.tabs ? chars.replaceAll('\t', '^I') : chars;
  return chars.replace(/[^\x20-\x7e]/gu, (c) => (c === '\t' && !o.tabs ? c : Array.from(UTF8.encode(c), caret).join('')));
}

/** One byte (not a newline) in -v's notation: `^X` for a control character, `^?` for DEL, `M-` before a byte above 127. */
function caret(b: number): string {
  if (b < 32) return `^${String.fromCharCode(b + 64)}`;
  if (b < 127) return String.fromCharCode(b);
  if (b === 127) return '^?';
  return `M-${caret(b - 128)}`;
}
