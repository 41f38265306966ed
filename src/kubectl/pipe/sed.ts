/**
 * `sed [-n] [-E|-r] [-e SCRIPT]... [SCRIPT]`: the stream editor's everyday part, as GNU sed 4 runs
 * it in the C locale, so the live object can be edited on its way back in:
 * `kubectl get ds agent -o yaml | sed 's/agent:1.0/agent:2.0/' | kubectl apply -f -`.
 *
 * - Commands `s/REGEX/REPLACEMENT/FLAGS` (any delimiter; flags `g`, `p`, `i`/`I` and a number N for
 *   the Nth match), `d` and `p`, separated by `;` or newlines, each with an optional address or
 *   range: a line number, `$` (the last line), `/REGEX/` (with `I` after it to ignore case),
 *   `A1,A2`, and `!` to negate.
 * - REGEX is a basic regular expression, extended with `-E` (the same translation grep uses);
 *   REPLACEMENT takes `&` (the match), `\1`..`\9` (groups) and `\n` (a newline).
 * - Every line is printed at the end of its cycle unless `-n` or `d`; a last line without a
 *   newline is printed without one, as GNU sed does.
 * Other commands (`a`, `i`, `y`, `q`, ...) and `-i` are refused with the options this sed knows.
 */
import { failed, output, type Filter } from './filter.js';
import { failure, has, parseOptions, programTexts, type Program } from './options.js';
import { translate, type Syntax } from './regex.js';
import { rawLines } from './text.js';

export const SED: Program = {
  name: 'sed',
  synopsis: 'sed [OPTION]... SCRIPT',
  summary: 'Edit the piped output line by line: s/REGEX/REPLACEMENT/FLAGS, d and p, with line, $ and /REGEX/ addresses.',
  troubleStatus: 1,
  usage: "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\nTry 'sed --help' for more information.\n",
  options: [
    { name: 'quiet', short: 'n', long: 'quiet', help: 'print only what p and the p flag of s print' },
    { name: 'extended', short: 'E', long: 'regexp-extended', help: 'read REGEX as an extended regular expression' },
    { name: 'extended-r', short: 'r', help: 'the same as -E' },
    { name: 'expression', short: 'e', long: 'expression', arg: true, argName: 'SCRIPT', help: 'add SCRIPT to the commands to run (may be repeated)' },
  ],
};

type Address = { readonly line: number } | { readonly last: true } | { readonly re: RegExp };

/** One piece of a replacement: text, the whole match (0) or a group's number. */
type Piece = string | number;

interface Command {
  readonly from?: Address;
  readonly to?: Address;
  readonly negate: boolean;
  readonly name: 's' | 'd' | 'p';
  readonly s?: { readonly re: RegExp; readonly pieces: readonly Piece[]; readonly global: boolean; readonly nth: number; readonly print: boolean };
}

export const sed: Filter = (args, input) => {
  const parsed = parseOptions(SED, args);
  if ('error' in parsed) return failed(parsed);
  const given = programTexts(SED, parsed, 'expression');
  if (!Array.isArray(given)) return failed(given);
  const syntax: Syntax = has(parsed, 'extended') || has(parsed, 'extended-r') ? 'extended' : 'basic';
  const commands: Command[] = [];
  for (const [i, script] of given.entries()) {
    const r = parseScript(script, syntax);
    if ('error' in r) return failed(failure(SED, `-e expression #${i + 1}, char ${r.at}: ${r.error}`, false));
    commands.push(...r.commands);
  }
  return output(run(commands, input, has(parsed, 'quiet')));
};

/** Runs the commands over every line of `input`; returns what sed prints. */
function run(commands: readonly Command[], input: string, quiet: boolean): string {
  const lines = rawLines(input);
  const inRange = commands.map(() => false);
  let out = '';
  let missingNewline = false;
  const print = (text: string, newline: boolean): void => {
    if (missingNewline) out += '\n';
    out += newline ? `${text}\n` : text;
    missingNewline = !newline;
  };
  lines.forEach((raw, n) => {
    const newline = raw.endsWith('\n');
    let text = newline ? raw.slice(0, -1) : raw;
    const at = { line: n + 1, last: n === lines.length - 1 };
    let deleted = false;
    for (const [c, cmd] of commands.entries()) {
      const selected = selects(cmd, c, inRange, text, at) !== cmd.negate;
      if (!selected) continue;
      if (cmd.name === 'd') {
        deleted = true;
        break;
      }
      if (cmd.name === 'p') print(text, newline);
      else {
        const r = substitute(text, cmd.s!);
        text = r.text;
        if (r.replaced && cmd.s!.print) print(text, newline);
      }
    }
    if (!deleted && !quiet) print(text, newline);
  });
  return out;
}

/** Whether `cmd`'s address selects the line (`inRange[c]`: a range of it is open). */
function selects(cmd: Command, c: number, inRange: boolean[], text: string, at: { line: number; last: boolean }): boolean {
  if (!cmd.from) return true;
  if (!cmd.to) return matches(cmd.from, text, at);
  if (inRange[c]) {
    // The range ends at a line the second address matches; a line number already passed ends it at once.
    const end = 'line' in cmd.to ? at.line >= cmd.to.line : matches(cmd.to, text, at);
    if (end) inRange[c] = false;
    return true;
  }
  if (!matches(cmd.from, text, at)) return false;
  // A second address that is a line number at or before this line: the range is this line alone.
  inRange[c] = !('line' in cmd.to && cmd.to.line <= at.line) && !('last' in cmd.to && at.last);
  return true;
}

function matches(a: Address, text: string, at: { line: number; last: boolean }): boolean {
  if ('line' in a) return at.line === a.line;
  if ('last' in a) return at.last;
  return a.re.test(text);
}

/**
 * `text` with the substitution made (every match with `g`, else the Nth), and whether it was. As
 * in POSIX, an empty match right where the previous match ended is no match (`s/x*\/-/g` makes
 * `yx` into `-y-`, where JavaScript's own replace would give `-y--`).
 */
function substitute(text: string, s: NonNullable<Command['s']>): { text: string; replaced: boolean } {
  let count = 0;
  let replaced = false;
  let lastEnd = -1;
  const result = text.replace(s.re, (...m: unknown[]) => {
    const match = m[0] as string;
    const offset = m[m.length - 2] as number;
    if (match === '' && offset === lastEnd) return '';
    lastEnd = offset + match.length;
    count++;
    if (count < s.nth || (!s.global && count > s.nth)) return m[0] as string;
    replaced = true;
    return s.pieces.map((p) => (typeof p === 'string' ? p : ((m[p] as string | undefined) ?? ''))).join('');
  });
  return { text: result, replaced };
}

/** GNU sed's other commands: refused as not supported here, not as unknown. */
const GNU_COMMANDS = '=aciyqQlnNgGhHxbtTrRwWzDPeFv{}:#';

type Parsed = { commands: Command[] } | { error: string; at: number };

/** Reads a script into commands; an error says what and at which character (1-based), as GNU sed does. */
function parseScript(script: string, syntax: Syntax): Parsed {
  const commands: Command[] = [];
  let i = 0;
  const skipBlanks = (): void => {
    while (script[i] === ' ' || script[i] === '\t') i++;
  };
  const regexUntil = (delim: string): { re: string; end: number } | undefined => {
    let re = '';
    for (let j = i; j < script.length; j++) {
      const ch = script[j]!;
      if (ch === '\\' && j + 1 < script.length) {
        const next = script[j + 1]!;
        re += next === delim ? delim : next === 'n' ? '\n' : `\\${next}`;
        j++;
        continue;
      }
      if (ch === delim) return { re, end: j };
      re += ch;
    }
    return undefined;
  };
  const compile = (re: string, flags: string): RegExp | { error: string } => {
    const t = translate(re, syntax);
    return 'error' in t ? t : new RegExp(t.source, `s${flags}`);
  };
  const address = (): Address | { error: string } | undefined => {
    if (/\d/.test(script[i] ?? '')) {
      const digits = /^\d+/.exec(script.slice(i))![0];
      i += digits.length;
      return { line: Number(digits) };
    }
    if (script[i] === '$') {
      i++;
      return { last: true };
    }
    if (script[i] !== '/') return undefined;
    i++;
    const r = regexUntil('/');
    if (!r) return { error: 'unterminated address regex' };
    i = r.end + 1;
    const ignoreCase = script[i] === 'I';
    if (ignoreCase) i++;
    const re = compile(r.re, ignoreCase ? 'i' : '');
    return re instanceof RegExp ? { re } : re;
  };
  while (i < script.length) {
    skipBlanks();
    if (script[i] === ';' || script[i] === '\n') {
      i++;
      continue;
    }
    if (i >= script.length) break;
    const from = address();
    if (from && 'error' in from) return { error: from.error, at: i };
    let to: Address | undefined;
    if (from && script[i] === ',') {
      i++;
      const second = address();
      if (!second) return { error: 'unexpected `,\'', at: i };
      if ('error' in second) return { error: second.error, at: i };
      to = second;
    }
    skipBlanks();
    const negate = script[i] === '!';
    if (negate) {
      i++;
      skipBlanks();
    }
    const name = script[i];
    if (name === undefined) return { error: 'missing command', at: i };
    i++;
    let s: Command['s'];
    if (name === 's') {
      const delim = script[i];
      if (delim === undefined || delim === '\n' || delim === '\\') return { error: "unterminated `s' command", at: i };
      i++;
      const r = regexUntil(delim);
      if (!r) return { error: "unterminated `s' command", at: script.length };
      i = r.end + 1;
      const pieces = replacement(script, i, delim);
      if (!pieces) return { error: "unterminated `s' command", at: script.length };
      i = pieces.end + 1;
      let global = false;
      let print = false;
      let nth = 1;
      let ignoreCase = false;
      while (i < script.length && !';\n }'.includes(script[i]!)) {
        const f = script[i]!;
        if (f === 'g') global = true;
        else if (f === 'p') print = true;
        else if (f === 'i' || f === 'I') ignoreCase = true;
        else if (/\d/.test(f)) {
          const digits = /^\d+/.exec(script.slice(i))![0];
          nth = Number(digits);
          if (nth === 0) return { error: "number option to `s' command may not be zero", at: i + 1 };
          i += digits.length - 1;
        } else return { error: "unknown option to `s'", at: i + 1 };
        i++;
      }
      const re = compile(r.re, `g${ignoreCase ? 'i' : ''}`);
      if (!(re instanceof RegExp)) return { error: re.error, at: i };
      s = { re, pieces: pieces.pieces, global, nth, print };
    } else if (name !== 'd' && name !== 'p') {
      const known = GNU_COMMANDS.includes(name);
      return { error: known ? `the command \`${name}' is not supported here (this playground's sed knows s, d and p)` : `unknown command: \`${name}'`, at: i };
    }
    skipBlanks();
    if (i < script.length && script[i] !== ';' && script[i] !== '\n') return { error: 'extra characters after command', at: i + 1 };
    commands.push({ ...(from ? { from } : {}), ...(to ? { to } : {}), negate, name, ...(s ? { s } : {}) });
  }
  return { commands };
}

/** The replacement of an `s` command from `start` to its closing `delim`: its pieces and where it ends. */
function replacement(script: string, start: number, delim: string): { pieces: Piece[]; end: number } | undefined {
  const pieces: Piece[] = [];
  let text = '';
  const flush = (): void => {
    if (text !== '') pieces.push(text);
    text = '';
  };
  for (let j = start; j < script.length; j++) {
    const ch = script[j]!;
    if (ch === delim) {
      flush();
      return { pieces, end: j };
    }
    if (ch === '&') {
      flush();
      pieces.push(0);
    } else if (ch === '\\' && j + 1 < script.length) {
      const next = script[++j]!;
      if (/[1-9]/.test(next)) {
        flush();
        pieces.push(Number(next));
      } else text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    } else text += ch;
  }
  return undefined;
}
