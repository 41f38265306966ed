/**
 * `sort [-r] [-n] [-u] [-b] [-t SEP] [-k POS1[,POS2]]...`: lines in C-locale byte order (coreutils
 * sort.c). Keys are compared in turn; when all are equal the whole lines are compared byte for
 * byte as a last resort (reversed by a global `-r`), except under `-u`, which keeps the first
 * line of each run of equal keys. A key with no ordering letters of its own takes the global ones.
 * `-n` compares leading numbers (`-0` equals `0`, a line without one counts as zero).
 */
import { failed, output, type Filter } from './filter.js';
import { failure, fileOperand, has, last, parseOptions, tryHelp, type FilterFailure, type Program } from './options.js';
import { compareBytes, isBlank, joinLines, splitLines } from './text.js';

export const SORT: Program = {
  name: 'sort',
  synopsis: 'sort [OPTION]...',
  summary: 'Print the lines of the piped output sorted, in byte order (the C locale).',
  troubleStatus: 2,
  usage: tryHelp('sort'),
  options: [
    { name: 'reverse', short: 'r', long: 'reverse', help: 'reverse the result of comparisons' },
    { name: 'numeric', short: 'n', long: 'numeric-sort', help: 'compare leading numbers' },
    { name: 'unique', short: 'u', long: 'unique', help: 'print only the first of lines with equal keys' },
    { name: 'blanks', short: 'b', long: 'ignore-leading-blanks', help: 'ignore leading blanks in keys' },
    { name: 'key', short: 'k', long: 'key', arg: true, argName: 'POS1[,POS2]', help: "sort by a key from field POS1 to POS2 (or the line's end)" },
    { name: 'separator', short: 't', long: 'field-separator', arg: true, argName: 'SEP', help: 'fields are separated by SEP, not by blanks' },
  ],
};

/** One `-k`: 0-based start field and character, end field and character (0: the field's end). */
interface Key {
  readonly sword: number;
  readonly schar: number;
  /** Infinity: to the end of the line. */
  readonly eword: number;
  readonly echar: number;
  skipStartBlanks: boolean;
  skipEndBlanks: boolean;
  numeric: boolean;
  reverse: boolean;
}

export const sort: Filter = (args, input) => {
  const parsed = parseOptions(SORT, args);
  if ('error' in parsed) return failed(parsed);
  const tab = last(parsed, 'separator');
  if (tab === '') return failed(failure(SORT, 'empty tab', false));
  if (tab !== undefined && tab.length > 1) return failed(failure(SORT, `multi-character tab '${tab}'`, false));
  const global = { numeric: has(parsed, 'numeric'), reverse: has(parsed, 'reverse'), blanks: has(parsed, 'blanks') };
  const keys: Key[] = [];
  for (const o of parsed.options) {
    if (o.name !== 'key') continue;
    const key = parseKey(o.value);
    if ('error' in key) return failed(key);
    keys.push(key);
  }
  const file = fileOperand(SORT, parsed.operands);
  if (file) return failed(file);
  for (const k of keys) {
    // A key without ordering options of its own inherits the global ones (sort.c's main).
    if (!k.numeric && !k.reverse && !k.skipStartBlanks && !k.skipEndBlanks) {
      k.numeric = global.numeric;
      k.reverse = global.reverse;
      k.skipStartBlanks = k.skipEndBlanks = global.blanks;
    }
  }
  // Without -k, a global -n or -b makes the whole line one key.
  if (keys.length === 0 && (global.numeric || global.blanks)) {
    keys.push({ sword: 0, schar: 0, eword: Infinity, echar: 0, skipStartBlanks: global.blanks, skipEndBlanks: global.blanks, numeric: global.numeric, reverse: global.reverse });
  }
  const unique = has(parsed, 'unique');
  const byKeys = (a: string, b: string): number => {
    for (const k of keys) {
      const x = keyText(a, k, tab);
      const y = keyText(b, k, tab);
      const diff = k.numeric ? compareNumbers(x, y) : compareBytes(x, y);
      if (diff !== 0) return k.reverse ? -diff : diff;
    }
    return 0;
  };
  const compare = (a: string, b: string): number => {
    const diff = byKeys(a, b);
    if (diff !== 0 || (unique && keys.length > 0)) return diff;
    const whole = compareBytes(a, b);
    return global.reverse ? -whole : whole;
  };
  const sorted = splitLines(input).sort(compare);
  if (!unique) return output(joinLines(sorted));
  const kept = sorted.filter((line, i) => i === 0 || compare(sorted[i - 1]!, line) !== 0);
  return output(joinLines(kept));
};

/** `-k POS1[,POS2]`, POS being `F[.C][bnr]`, with sort's own error messages. */
function parseKey(spec: string): Key | FilterFailure {
  const bad = (why: string) => failure(SORT, `${why}: invalid field specification '${spec}'`, false);
  const m = /^(\d*)(?:\.(\d*))?([bnr]*)(?:,(\d*)(?:\.(\d*))?([bnr]*))?(.*)$/.exec(spec)!;
  const [, f1, c1, o1, f2, c2, o2, rest] = m;
  if (f1 === '') return failure(SORT, `invalid number at field start: invalid count at start of '${spec}'`, false);
  if (Number(f1) === 0) return bad('field number is zero');
  if (c1 !== undefined && (c1 === '' || Number(c1) === 0)) return bad('character offset is zero');
  if (f2 === '') return failure(SORT, `invalid number after ',': invalid count at start of '${spec.slice(spec.indexOf(',') + 1)}'`, false);
  if (f2 !== undefined && Number(f2) === 0) return bad('field number is zero');
  if (rest !== '') return bad('stray character in field spec');
  const letters = `${o1}${o2 ?? ''}`;
  return {
    sword: Number(f1) - 1,
    schar: c1 === undefined ? 0 : Number(c1) - 1,
    eword: f2 === undefined ? Infinity : Number(f2) - 1,
    echar: c2 === undefined || c2 === '' ? 0 : Number(c2),
    skipStartBlanks: o1!.includes('b'),
    skipEndBlanks: (o2 ?? '').includes('b'),
    numeric: letters.includes('n'),
    reverse: letters.includes('r'),
  };
}

/** The text of key `k` in `line` (sort.c's `begfield` and `limfield`). */
function keyText(line: string, k: Key, tab: string | undefined): string {
  const start = begField(line, k, tab);
  const end = k.eword === Infinity ? line.length : limField(line, k, tab);
  return start < end ? line.slice(start, end) : '';
}

/** Skips `n` fields from `at`: up to past the next separator, or over blanks and then non-blanks. */
function skipFields(line: string, at: number, n: number, tab: string | undefined, passSeparator: (left: number) => boolean): number {
  let p = at;
  for (let left = n; p < line.length && left > 0; left--) {
    if (tab !== undefined) {
      while (p < line.length && line[p] !== tab) p++;
      if (p < line.length && passSeparator(left - 1)) p++;
    } else {
      while (p < line.length && isBlank(line[p])) p++;
      while (p < line.length && !isBlank(line[p])) p++;
    }
  }
  return p;
}

function skipBlanks(line: string, at: number): number {
  let p = at;
  while (p < line.length && isBlank(line[p])) p++;
  return p;
}

function begField(line: string, k: Key, tab: string | undefined): number {
  let p = skipFields(line, 0, k.sword, tab, () => true);
  if (k.skipStartBlanks) p = skipBlanks(line, p);
  return Math.min(line.length, p + k.schar);
}

function limField(line: string, k: Key, tab: string | undefined): number {
  // Without a character position the key runs to the end of field `eword`: skip one more field.
  const words = k.echar === 0 ? k.eword + 1 : k.eword;
  let p = skipFields(line, 0, words, tab, (left) => left > 0 || k.echar !== 0);
  if (k.echar !== 0) {
    if (k.skipEndBlanks) p = skipBlanks(line, p);
    p = Math.min(line.length, p + k.echar);
  }
  return p;
}

/** A leading number as sort -n reads it in the C locale: blanks, `-`, digits, `.`, digits. */
interface Decimal {
  readonly negative: boolean;
  /** Integer digits without leading zeros. */
  readonly whole: string;
  /** Fraction digits without trailing zeros. */
  readonly fraction: string;
}

function leadingNumber(text: string): Decimal {
  const m = /^[ \t]*(-?)(\d*)(?:\.(\d*))?/.exec(text)!;
  const whole = m[2]!.replace(/^0+/, '');
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return { negative: m[1] === '-' && (whole !== '' || fraction !== ''), whole, fraction };
}

/** `numcompare`: compares the values exactly, however many digits they have. */
export function compareNumbers(a: string, b: string): number {
  const x = leadingNumber(a);
  const y = leadingNumber(b);
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const magnitude =
    x.whole.length !== y.whole.length ? x.whole.length - y.whole.length : compareBytes(x.whole, y.whole) || compareBytes(x.fraction, y.fraction);
  return x.negative ? -magnitude : magnitude;
}
