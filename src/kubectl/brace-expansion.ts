/**
 * Brace expansion, as bash does it to each unquoted word of a command line before the command
 * sees it: `node-{1..3}` is three words, `{a,b}-x` two, so `kubectl label nodes node-{1..50}
 * pool=a` labels fifty nodes as it would in a terminal.
 *
 * - A list `{x,y,...}` needs a comma outside any inner braces; a sequence `{x..y}` or
 *   `{x..y..step}` takes two integers (zero-padded to the wider end when either end is written
 *   with a leading zero) or two single characters. Anything else in braces stays as it is
 *   (`{}`, `{a}`, `{1..a}`, and `${...}`), and the search moves on to the next brace.
 * - The first expansion found is made, each of its items and the rest of the word expanded in
 *   turn: `a{1,2}b{x,y}` is `a1bx a1by a2bx a2by`. Lists nest (`{a,{1..3}}`).
 * - Quoted or escaped characters never take part: `'{1..3}'`, `\{1..3}` and `{1..'3'}` stay.
 * - A word that expands to nothing but empty words is dropped (`{,}`), as bash drops them.
 * - One word may give at most `MAX_BRACE_WORDS` words (bash has no limit; a tab has memory).
 */

/** The most words one word may expand to: the biggest fleet a brace range names at once. */
export const MAX_BRACE_WORDS = 10_000;

const SEQUENCE = /^([-+]?\d+)\.\.([-+]?\d+)(?:\.\.([-+]?\d+))?$/;
const CHAR_SEQUENCE = /^([a-zA-Z])\.\.([a-zA-Z])(?:\.\.([-+]?\d+))?$/;
const ZERO_PADDED = /^[-+]?0\d/;

/**
 * The words `text` expands to. `quoted[i]` is 1 when character `i` was quoted or escaped (the
 * shell's scanner knows; its quotes are already removed from `text`).
 */
export function expandBraces(text: string, quoted: Uint8Array): string[] | { error: string } {
  const words = expand(text, quoted);
  if (!Array.isArray(words)) return { error: `${text}: brace expansion gives more than ${MAX_BRACE_WORDS} words` };
  return quoted.includes(1) ? words : words.filter((w) => w !== '');
}

/** Too many words: the expansion stops there. */
const TOO_MANY = Symbol('too many');

/** Every word of `text`: its first expansion's items, each followed by every word of the rest. */
function expand(text: string, quoted: Uint8Array): string[] | typeof TOO_MANY {
  const found = firstExpansion(text, quoted);
  if (found === undefined) return [text];
  const { open, close } = found;
  let items: string[];
  if ('commas' in found) {
    items = [];
    let from = open + 1;
    for (const to of [...found.commas, close]) {
      const some = expand(text.slice(from, to), quoted.subarray(from, to));
      if (some === TOO_MANY || items.length + some.length > MAX_BRACE_WORDS) return TOO_MANY;
      for (const s of some) items.push(s);
      from = to + 1;
    }
  } else if (found.items === TOO_MANY) return TOO_MANY;
  else items = found.items;
  const rest = expand(text.slice(close + 1), quoted.subarray(close + 1));
  if (rest === TOO_MANY || items.length * rest.length > MAX_BRACE_WORDS) return TOO_MANY;
  const head = text.slice(0, open);
  const words: string[] = [];
  for (const item of items) for (const tail of rest) words.push(head + item + tail);
  return words;
}

/** A list's braces and top-level commas, or a sequence's braces and items. */
type Found = { open: number; close: number; commas: number[] } | { open: number; close: number; items: string[] | typeof TOO_MANY };

/** The first brace pair of `text` that is a list or a sequence, if any. */
function firstExpansion(text: string, quoted: Uint8Array): Found | undefined {
  for (let open = text.indexOf('{'); open >= 0; open = text.indexOf('{', open + 1)) {
    if (quoted[open] === 1 || (open > 0 && text[open - 1] === '$' && quoted[open - 1] === 0)) continue;
    const commas: number[] = [];
    let depth = 0;
    let close = -1;
    for (let i = open + 1; i < text.length && close < 0; i++) {
      if (quoted[i] === 1) continue;
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') {
        if (depth === 0) close = i;
        else depth--;
      } else if (c === ',' && depth === 0) commas.push(i);
    }
    if (close < 0) continue;
    if (commas.length > 0) return { open, close, commas };
    const body = text.slice(open + 1, close);
    const items = quoted.subarray(open + 1, close).includes(1) ? undefined : sequence(body);
    if (items !== undefined) return { open, close, items };
  }
  return undefined;
}

/** The items of a sequence `x..y[..step]`, or undefined when `body` is not one. */
function sequence(body: string): string[] | typeof TOO_MANY | undefined {
  const numbers = SEQUENCE.exec(body);
  const chars = numbers ? undefined : CHAR_SEQUENCE.exec(body);
  const m = numbers ?? chars;
  if (!m) return undefined;
  const [from, to] = numbers ? [Number(m[1]), Number(m[2])] : [m[1]!.charCodeAt(0), m[2]!.charCodeAt(0)];
  const step = Math.abs(Number(m[3] ?? 1)) || 1;
  if (Math.floor(Math.abs(to - from) / step) >= MAX_BRACE_WORDS) return TOO_MANY;
  const width = numbers && (ZERO_PADDED.test(m[1]!) || ZERO_PADDED.test(m[2]!)) ? Math.max(m[1]!.length, m[2]!.length) : 0;
  const items: string[] = [];
  const down = to < from;
  for (let i = from; down ? i >= to : i <= to; i += down ? -step : step) items.push(numbers ? padded(i, width) : String.fromCharCode(i));
  return items;
}

/** `n` written in at least `width` characters, zeros after its sign (bash's `%0*d`). */
function padded(n: number, width: number): string {
  const digits = String(Math.abs(n));
  return n < 0 ? `-${digits.padStart(width - 1, '0')}` : digits.padStart(width, '0');
}
