/**
 * `grep [-E|-F|-G] [-i] [-v] [-w] [-x] [-c] [-n] [-q] [-A N] [-B N] [-C N|-N] [-e PATTERNS]...
 * [PATTERNS]`: the lines that match (GNU grep 3 in the C locale). PATTERNS holds one pattern per
 * line; a line is selected when any of them matches. Exit status 0 when a line is selected, 1
 * when none is, 2 on trouble.
 *
 * `-w` keeps a match only where it is neither preceded nor followed by a word character (letter,
 * digit, underscore), trying every match as GNU does; `-x` only when it spans the whole line.
 *
 * Context (`kubectl describe pod P | grep -A5 Events`): `-A N` prints N lines after each selected
 * line, `-B N` before, `-C N` (or `-N`) both; `-A` and `-B` win over `-C` whatever their order. A
 * line is printed once however many groups want it, `--` separates groups that do not touch
 * (whenever a context option is given, even 0), and with `-n` a context line's number ends in `-`
 * where a selected line's ends in `:`. `-c` and `-q` ignore context.
 */
import { failed, type Filter } from './filter.js';
import { failure, has, parseOptions, programTexts, type ParsedOptions, type Program } from './options.js';
import { translate, type Syntax } from './regex.js';
import { splitLines } from './text.js';

export const GREP: Program = {
  name: 'grep',
  synopsis: 'grep [OPTION]... PATTERNS',
  summary: 'Print the lines of the piped output that match PATTERNS (one pattern per line).',
  troubleStatus: 2,
  usage: "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
  options: [
    { name: 'count', short: 'c', long: 'count', help: 'print only how many lines are selected' },
    { name: 'extended', short: 'E', long: 'extended-regexp', help: 'PATTERNS are extended regular expressions' },
    { name: 'regexp', short: 'e', long: 'regexp', arg: true, argName: 'PATTERNS', help: 'use PATTERNS (may be repeated)' },
    { name: 'fixed', short: 'F', long: 'fixed-strings', help: 'PATTERNS are strings, not regular expressions' },
    { name: 'basic', short: 'G', long: 'basic-regexp', help: 'PATTERNS are basic regular expressions (the default)' },
    { name: 'ignore-case', short: 'i', long: 'ignore-case', help: 'ignore case in patterns and lines' },
    { name: 'line-number', short: 'n', long: 'line-number', help: "print each line's number before it" },
    { name: 'quiet', short: 'q', long: 'quiet', help: 'print nothing; exit 0 when a line is selected' },
    { name: 'invert', short: 'v', long: 'invert-match', help: 'select the lines that do not match' },
    { name: 'word', short: 'w', long: 'word-regexp', help: 'match whole words only' },
    { name: 'line', short: 'x', long: 'line-regexp', help: 'match whole lines only' },
    { name: 'after', short: 'A', long: 'after-context', arg: true, argName: 'NUM', help: 'print NUM lines of context after each selected line' },
    { name: 'before', short: 'B', long: 'before-context', arg: true, argName: 'NUM', help: 'print NUM lines of context before each selected line' },
    { name: 'context', short: 'C', long: 'context', arg: true, argName: 'NUM', help: 'print NUM lines of context around each (also -NUM)' },
  ],
};

/** `-N`, GNU grep's short form of `--context=N`. */
const DIGITS_OPTION = /^-(\d+)$/;

export const grep: Filter = (args, input) => {
  const parsed = parseOptions(GREP, withContextDigits(args));
  if ('error' in parsed) return failed(parsed);
  const context = contextOf(parsed);
  if ('error' in context) return failed(failure(GREP, context.error, false));
  const matchers = new Set(parsed.options.map((o) => o.name).filter((n) => n === 'extended' || n === 'fixed' || n === 'basic'));
  if (matchers.size > 1) return failed(failure(GREP, 'conflicting matchers specified', false));
  const given = programTexts(GREP, parsed, 'regexp');
  if (!Array.isArray(given)) return failed(given);
  const syntax: Syntax | 'fixed' = matchers.has('extended') ? 'extended' : matchers.has('fixed') ? 'fixed' : 'basic';
  const patterns = given.flatMap((p) => p.split('\n'));
  const compiled = compile(patterns, syntax, { ignoreCase: has(parsed, 'ignore-case'), word: has(parsed, 'word'), line: has(parsed, 'line') });
  if ('error' in compiled) return failed(failure(GREP, compiled.error, false));
  const invert = has(parsed, 'invert');
  const numbered = has(parsed, 'line-number');
  const lines = splitLines(input);
  const selected = lines.map((line) => compiled.regexes.some((r) => r.test(line)) !== invert);
  const count = selected.filter(Boolean).length;
  let stdout = '';
  // The last line printed, and how many lines after a selected one are still context.
  let printed = -1;
  let after = 0;
  const print = (i: number, mark: ':' | '-'): void => {
    if (context.given && printed >= 0 && i > printed + 1) stdout += '--\n';
    stdout += numbered ? `${i + 1}${mark}${lines[i]}\n` : `${lines[i]}\n`;
    printed = i;
  };
  for (let i = 0; i < lines.length; i++) {
    if (selected[i]) {
      for (let j = Math.max(printed + 1, i - context.before); j < i; j++) print(j, '-');
      print(i, ':');
      after = context.after;
    } else if (after > 0) {
      print(i, '-');
      after--;
    }
  }
  const stderr = compiled.warnings.map((w) => `grep: warning: ${w}\n`).join('');
  const status = count > 0 ? 0 : 1;
  if (has(parsed, 'quiet')) return { exitCode: status, stdout: '', stderr };
  return { exitCode: status, stdout: has(parsed, 'count') ? `${count}\n` : stdout, stderr };
};

/** `args` with each `-N` written `--context=N`, except where it is an option's argument or follows `--`. */
function withContextDigits(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return out.concat(args.slice(i));
    const takesNext = /^-[A-Za-z]*[eABC]$/.test(a) || /^--(regexp|after-context|before-context|context)$/.test(a);
    out.push(a.replace(DIGITS_OPTION, '--context=$1'));
    if (takesNext && i + 1 < args.length) out.push(args[++i]!);
  }
  return out;
}

/** The context `-A`, `-B` and `-C` ask for, and whether any was given (groups are then separated). */
function contextOf(parsed: ParsedOptions): { before: number; after: number; given: boolean } | { error: string } {
  const lengths: Record<string, number | undefined> = {};
  for (const o of parsed.options) {
    if (o.name !== 'after' && o.name !== 'before' && o.name !== 'context') continue;
    if (!/^\d+$/.test(o.value)) return { error: `${o.value}: invalid context length argument` };
    lengths[o.name] = Number(o.value);
  }
  const both = lengths['context'];
  const before = lengths['before'] ?? both;
  const after = lengths['after'] ?? both;
  return { before: before ?? 0, after: after ?? 0, given: before !== undefined || after !== undefined };
}

interface How {
  readonly ignoreCase: boolean;
  readonly word: boolean;
  readonly line: boolean;
}

function compile(patterns: readonly string[], syntax: Syntax | 'fixed', how: How): { regexes: RegExp[]; warnings: string[] } | { error: string } {
  const regexes: RegExp[] = [];
  const warnings: string[] = [];
  for (const p of patterns) {
    let source: string;
    if (syntax === 'fixed') source = p.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
    else {
      const t = translate(p, syntax);
      if ('error' in t) return t;
      source = t.source;
      warnings.push(...t.warnings);
    }
    if (how.line) source = `^(?:${source})$`;
    else if (how.word) source = `(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`;
    regexes.push(new RegExp(source, how.ignoreCase ? 'is' : 's'));
  }
  return { regexes, warnings };
}
