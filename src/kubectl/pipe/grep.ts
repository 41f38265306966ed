/**
 * `grep [-E|-F|-G] [-i] [-v] [-w] [-x] [-c] [-n] [-q] [-e PATTERNS]... [PATTERNS]`: the lines that
 * match (GNU grep 3 in the C locale). PATTERNS holds one pattern per line; a line is selected when
 * any of them matches. Exit status 0 when a line is selected, 1 when none is, 2 on trouble.
 *
 * `-w` keeps a match only where it is neither preceded nor followed by a word character (letter,
 * digit, underscore), trying every match as GNU does; `-x` only when it spans the whole line.
 */
import { failed, type Filter } from './filter.js';
import { failure, fileOperand, has, parseOptions, type Program } from './options.js';
import { translate, type Syntax } from './regex.js';
import { splitLines } from './text.js';

const GREP: Program = {
  name: 'grep',
  troubleStatus: 2,
  usage: "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
  options: [
    { name: 'count', short: 'c', long: 'count' },
    { name: 'extended', short: 'E', long: 'extended-regexp' },
    { name: 'regexp', short: 'e', long: 'regexp', arg: true },
    { name: 'fixed', short: 'F', long: 'fixed-strings' },
    { name: 'basic', short: 'G', long: 'basic-regexp' },
    { name: 'ignore-case', short: 'i', long: 'ignore-case' },
    { name: 'line-number', short: 'n', long: 'line-number' },
    { name: 'quiet', short: 'q', long: 'quiet' },
    { name: 'invert', short: 'v', long: 'invert-match' },
    { name: 'word', short: 'w', long: 'word-regexp' },
    { name: 'line', short: 'x', long: 'line-regexp' },
  ],
};

export const grep: Filter = (args, input) => {
  const parsed = parseOptions(GREP, args);
  if ('error' in parsed) return failed(parsed);
  const matchers = new Set(parsed.options.map((o) => o.name).filter((n) => n === 'extended' || n === 'fixed' || n === 'basic'));
  if (matchers.size > 1) return failed(failure(GREP, 'conflicting matchers specified', false));
  const given = parsed.options.filter((o) => o.name === 'regexp').map((o) => o.value);
  const operands = [...parsed.operands];
  if (given.length === 0) {
    if (operands.length === 0) return failed({ error: GREP.usage, exitCode: 2 });
    given.push(operands.shift()!);
  }
  const file = fileOperand(GREP, operands);
  if (file) return failed(file);
  const syntax: Syntax | 'fixed' = matchers.has('extended') ? 'extended' : matchers.has('fixed') ? 'fixed' : 'basic';
  const patterns = given.flatMap((p) => p.split('\n'));
  const compiled = compile(patterns, syntax, { ignoreCase: has(parsed, 'ignore-case'), word: has(parsed, 'word'), line: has(parsed, 'line') });
  if ('error' in compiled) return failed(failure(GREP, compiled.error, false));
  const invert = has(parsed, 'invert');
  const numbered = has(parsed, 'line-number');
  let count = 0;
  let stdout = '';
  splitLines(input).forEach((line, i) => {
    if (compiled.regexes.some((r) => r.test(line)) === invert) return;
    count++;
    stdout += numbered ? `${i + 1}:${line}\n` : `${line}\n`;
  });
  const stderr = compiled.warnings.map((w) => `grep: warning: ${w}\n`).join('');
  const status = count > 0 ? 0 : 1;
  if (has(parsed, 'quiet')) return { exitCode: status, stdout: '', stderr };
  return { exitCode: status, stdout: has(parsed, 'count') ? `${count}\n` : stdout, stderr };
};

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
