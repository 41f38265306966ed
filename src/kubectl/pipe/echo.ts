/**
 * `echo [-neE] [ARG]...`: bash's builtin echo (bash 5, `xpg_echo` off, a UTF-8 locale): the words
 * joined by one space, then a newline. Leading words made of `-` and the letters n, e and E alone
 * are options, their letters read in turn: `-n` leaves out the newline, `-e` reads backslash
 * escapes, `-E` does not (the default; the later of -e and -E wins, so `-eE` is -E). The first
 * other word (`-`, `--` and `-nx` included) and every word after it print as they are. echo has
 * no `--help`, never fails, and reads no standard input: after a pipe it drops what flows in.
 *
 * The escapes of -e: \a \b \e \E \f \n \r \t \v \\, \0NNN (up to three octal digits, the byte
 * NNN mod 256), \xHH (one or two hex digits), \uHHHH and \UHHHHHHHH (the code point in UTF-8, as
 * bash's u32toutf8 writes it, up to six bytes), and \c, which ends the output there: the rest of
 * the words and the newline too. Any other backslash prints as it is. The bytes are then read as
 * UTF-8, as the terminal shows them: one that makes no character shows as U+FFFD.
 */
import type { ExecResult } from '../result.js';

/** A word of options: a dash and at least one of n, e, E. */
const OPTIONS = /^-[neE]+$/;

/** The escapes of -e, in the order bash tries them; a backslash none of these fits stays. */
const ESCAPE = /\\(?:([abeEfnrtv\\])|0([0-7]{0,3})|x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})|(c))/g;

/** The byte each one-letter escape stands for. */
const LETTERS: Readonly<Record<string, number>> = { a: 7, b: 8, e: 27, E: 27, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92 };

const UTF8 = new TextEncoder();

export function echo(args: readonly string[]): ExecResult {
  let newline = true;
  let escapes = false;
  let i = 0;
  for (; i < args.length && OPTIONS.test(args[i]!); i++) {
    for (const letter of args[i]!.slice(1)) {
      if (letter === 'n') newline = false;
      else escapes = letter === 'e';
    }
  }
  const words = args.slice(i);
  if (!escapes) return { exitCode: 0, stdout: words.join(' ') + (newline ? '\n' : ''), stderr: '' };
  const bytes: number[] = [];
  let stopped = false;
  for (const [k, word] of words.entries()) {
    if (k > 0) bytes.push(0x20);
    stopped = !unescape(word, bytes);
    if (stopped) break;
  }
  if (newline && !stopped) bytes.push(0x0a);
  return { exitCode: 0, stdout: new TextDecoder().decode(Uint8Array.from(bytes)), stderr: '' };
}

/** Appends the bytes `word` stands for under -e to `out`; false when it holds `\c` (the output ends there). */
function unescape(word: string, out: number[]): boolean {
  const text = (s: string): void => {
    for (const b of UTF8.encode(s)) out.push(b);
  };
  let at = 0;
  for (const m of word.matchAll(ESCAPE)) {
    text(word.slice(at, m.index));
    at = m.index + m[0].length;
    const [, letter, octal, hex, u, bigU, c] = m;
    if (c) return false;
    if (letter) out.push(LETTERS[letter]!);
    else if (octal !== undefined) out.push(parseInt(octal || '0', 8) & 0xff);
    else if (hex) out.push(parseInt(hex, 16));
    else out.push(...codePoint(parseInt(u ?? bigU!, 16)));
  }
  text(word.slice(at));
  return true;
}

/**
 * bash's u32toutf8: the code point in UTF-8 as first specified, surrogates and values past
 * U+10FFFF included (up to six bytes), and nothing at all past 0x7FFFFFFF.
 */
function codePoint(cp: number): number[] {
  if (cp < 0x80) return [cp];
  const length = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : cp < 0x200000 ? 4 : cp < 0x4000000 ? 5 : cp < 0x80000000 ? 6 : 0;
  if (length === 0) return [];
  const bytes: number[] = [];
  for (let k = 1; k < length; k++, cp = Math.floor(cp / 64)) bytes.unshift(0x80 | (cp & 0x3f));
  bytes.unshift(((0xff00 >> length) & 0xff) | cp);
  return bytes;
}
