/**
 * POSIX regular expressions as GNU grep reads them, translated to JavaScript ones: basic (BRE,
 * the default) and extended (ERE, `-E`) syntax with GNU's extensions (`\w \W \s \S \b \B \< \>`,
 * and in BRE `\+ \? \|`), bracket expressions with `[:class:]`, back-references, and GNU grep's
 * error messages for malformed patterns.
 *
 * The rules that differ from JavaScript:
 * - BRE: `( ) { } | + ?` are literal and their escaped forms are operators; `*` is literal at the
 *   start of an expression (or after `\(`, `\|` or `^`); `^` is an anchor only at the start and
 *   `$` only at the end (or next to `\(`, `\)`, `\|`).
 * - ERE: a `{` that does not start a valid interval is literal (but `{}` after an atom is an
 *   error); so is a `)` with no `(`. A repetition at the start of an expression is ignored, with
 *   GNU's warning; `^` and `$` are atoms that can be repeated (`^*a` finds an `a` anywhere).
 * - Inside brackets a backslash is literal and `]` first is literal.
 * Matching is per line, so `.` matches any character (the `s` flag) and `^`/`$` are the line's ends.
 */

export type Syntax = 'basic' | 'extended';

export interface Translated {
  readonly source: string;
  /** GNU grep's warnings (`* at start of expression`). */
  readonly warnings: readonly string[];
}

/** Translation failure: GNU grep's message (without `grep: `). */
export interface RegexError {
  readonly error: string;
}

const CLASSES: Readonly<Record<string, string>> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: '0-9A-Za-z',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  print: ' -~',
  graph: '!-~',
  cntrl: '\\x00-\\x1f\\x7f',
  xdigit: '0-9A-Fa-f',
};

const JS_SPECIAL = new Set([...'\\^$.*+?()[]{}|/']);

function literal(c: string): string {
  return JS_SPECIAL.has(c) ? `\\${c}` : c;
}

function inClass(c: string): string {
  return c === '\\' || c === ']' || c === '[' || c === '^' || c === '-' ? `\\${c}` : c;
}

/**
 * The escapes GNU gives a meaning beyond the character itself (outside brackets). Assertions are
 * grouped: GNU lets a repetition follow them, JavaScript only a group.
 */
const GNU_ESCAPES: Readonly<Record<string, string>> = {
  w: '\\w',
  W: '\\W',
  s: '\\s',
  S: '\\S',
  b: '(?:\\b)',
  B: '(?:\\B)',
  '<': '(?:\\b(?=\\w))',
  '>': '(?:\\b(?<=\\w))',
  '`': '(?:^)',
  "'": '(?:$)',
};

/** Translates one pattern (one line of grep's PATTERNS). */
export function translate(pattern: string, syntax: Syntax): Translated | RegexError {
  const ere = syntax === 'extended';
  const warnings: string[] = [];
  let out = '';
  /** Where the last atom starts in `out`, for quantifiers; -1 when there is none to repeat. */
  let atom = -1;
  /** Whether the last atom already carries a quantifier (JavaScript refuses `a**`). */
  let quantified = false;
  /** At the start of an expression: after the beginning, an open group or an alternation. */
  let atStart = true;
  /** ERE: the last atom is an anchor that began its expression (repeating it draws the warning). */
  let leadingAnchor = false;
  let depth = 0;
  let groupsClosed = 0;
  const open: number[] = [];

  const pushAtom = (text: string): void => {
    atom = out.length;
    out += text;
    quantified = false;
    atStart = false;
    leadingAnchor = false;
  };
  const quantify = (q: string): void => {
    if (quantified) out = `${out.slice(0, atom)}(?:${out.slice(atom)})`;
    out += q;
    quantified = true;
  };
  /** ERE: a repetition operator (`*`, `+`, `?`, `{...}`, shown as `shown`). */
  const repeat = (q: string, shown: string): void => {
    if (atom < 0 || leadingAnchor) warnings.push(`${shown} at start of expression`);
    if (atom >= 0) quantify(q);
  };
  /** A closing parenthesis: the whole group becomes the atom a repetition applies to. */
  const closeGroup = (): void => {
    depth--;
    groupsClosed++;
    atom = open.pop()!;
    out += ')';
    quantified = false;
    atStart = false;
    leadingAnchor = false;
  };
  const startExpression = (text: string): void => {
    out += text;
    atom = -1;
    quantified = false;
    atStart = true;
    leadingAnchor = false;
  };

  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === undefined) return { error: 'Trailing backslash' };
      i += 2;
      if (!ere && d === '(') {
        open.push(out.length);
        depth++;
        startExpression('(');
      } else if (!ere && d === ')') {
        if (depth === 0) return { error: 'Unmatched ) or \\)' };
        closeGroup();
      } else if (!ere && d === '|') {
        startExpression('|');
      } else if (!ere && d === '{') {
        if (atom < 0) {
          pushAtom('\\{');
          continue;
        }
        const r = interval(pattern, i, '\\}');
        if ('error' in r) return r;
        if (r.kind !== 'interval') return { error: pattern.includes('\\}', i) ? 'Invalid content of \\{\\}' : 'Unmatched \\{' };
        i = r.end;
        quantify(r.quantifier);
      } else if (!ere && (d === '+' || d === '?')) {
        if (atom < 0) pushAtom(literal(d));
        else quantify(d);
      } else if (d >= '1' && d <= '9') {
        if (Number(d) > groupsClosed) return { error: 'Invalid back reference' };
        pushAtom(`\\${d}`);
      } else if (Object.prototype.hasOwnProperty.call(GNU_ESCAPES, d)) {
        pushAtom(GNU_ESCAPES[d]!);
      } else {
        pushAtom(literal(d));
      }
      continue;
    }
    if (c === '[') {
      const r = bracket(pattern, i);
      if ('error' in r) return r;
      pushAtom(r.source);
      i = r.end;
      continue;
    }
    i++;
    if (ere && (c === '*' || c === '+' || c === '?')) {
      repeat(c, c);
    } else if (c === '*') {
      if (atom >= 0) quantify(c);
      else pushAtom(literal(c));
    } else if (ere && c === '{') {
      const r = interval(pattern, i, '}');
      if ('error' in r) return r;
      if (r.kind === 'empty' && atom >= 0) return { error: 'Invalid content of \\{\\}' };
      if (r.kind !== 'interval') pushAtom('\\{');
      else {
        i = r.end;
        repeat(r.quantifier, '{...}');
      }
    } else if (ere && c === '(') {
      open.push(out.length);
      depth++;
      startExpression('(');
    } else if (ere && c === ')' && depth > 0) {
      closeGroup();
    } else if (ere && c === '|') {
      startExpression('|');
    } else if (ere && (c === '^' || c === '$')) {
      const leading = atStart;
      // JavaScript repeats an assertion only inside a group.
      pushAtom(`(?:${c})`);
      leadingAnchor = leading;
    } else if (c === '^' && atStart) {
      // After a BRE anchor a `*` is still literal: the expression has not started yet.
      out += '^';
      atom = -1;
    } else if (c === '$' && atEnd(pattern, i)) {
      out += '$';
      atom = -1;
      atStart = false;
    } else if (c === '.') {
      pushAtom('.');
    } else {
      pushAtom(literal(c));
    }
  }
  if (depth > 0) return { error: 'Unmatched ( or \\(' };
  return { source: out, warnings };
}

/** Whether a BRE `$` just before `i` ends an expression (the pattern, a group or an alternative). */
function atEnd(pattern: string, i: number): boolean {
  return i === pattern.length || pattern.startsWith('\\)', i) || pattern.startsWith('\\|', i);
}

/** An interval, an empty pair of braces, or braces that are not an interval at all. */
type Interval = { kind: 'interval'; quantifier: string; end: number } | { kind: 'empty' } | { kind: 'literal' };

/** `{m}`, `{m,}`, `{,n}`, `{m,n}` after the opening brace at `i`, closed by `close`. */
function interval(pattern: string, i: number, close: string): Interval | RegexError {
  const rest = pattern.slice(i);
  const m = /^(\d*)(,?)(\d*)/.exec(rest)!;
  const [text, lo, comma, hi] = m as unknown as [string, string, string, string];
  if (!rest.startsWith(close, text.length)) return { kind: 'literal' };
  if (lo === '' && comma === '') return { kind: 'empty' };
  const min = lo === '' ? 0 : Number(lo);
  if (comma !== '' && hi !== '' && Number(hi) < min) return { error: 'Invalid content of \\{\\}' };
  const quantifier = comma === '' ? `{${min}}` : `{${min},${hi}}`;
  return { kind: 'interval', quantifier, end: i + text.length + close.length };
}

/** A bracket expression starting at `start` (the `[`): its JavaScript class and where it ends. */
function bracket(pattern: string, start: number): { source: string; end: number } | RegexError {
  const unmatched = { error: 'Unmatched [, [^, [:, [., or [=' };
  let i = start + 1;
  const negate = pattern[i] === '^';
  if (negate) i++;
  const first = i;
  let body = '';
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === ']' && i > first) {
      const whole = pattern.slice(first, i);
      if (!negate && whole.length > 1 && whole.startsWith(':') && whole.endsWith(':')) {
        return { error: `character class syntax is [[:space:]], not [${whole}]` };
      }
      return { source: `[${negate ? '^' : ''}${body}]`, end: i + 1 };
    }
    if (c === '[' && (pattern[i + 1] === ':' || pattern[i + 1] === '=' || pattern[i + 1] === '.')) {
      const kind = pattern[i + 1]!;
      const close = pattern.indexOf(`${kind}]`, i + 2);
      if (close < 0) return unmatched;
      const name = pattern.slice(i + 2, close);
      if (kind === ':') {
        const members = CLASSES[name];
        if (members === undefined) return { error: 'Invalid character class name' };
        body += members;
      } else {
        if ([...name].length !== 1) return { error: 'Invalid collation character' };
        body += inClass(name);
      }
      i = close + 2;
      continue;
    }
    const next = pattern[i + 1];
    const after = pattern[i + 2];
    if (next === '-' && after !== undefined && after !== ']') {
      if (after < c) return { error: 'Invalid range end' };
      body += `${inClass(c)}-${inClass(after)}`;
      i += 3;
      continue;
    }
    body += inClass(c);
    i++;
  }
  return unmatched;
}
