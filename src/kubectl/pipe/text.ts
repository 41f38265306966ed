/**
 * Text as the GNU tools see it in the C locale: a stream of lines, each ended by a newline except
 * perhaps the last, compared byte by byte.
 *
 * Strings here are JavaScript strings; comparing them by code point gives the order their UTF-8
 * bytes would have (which comparing UTF-16 code units does not, above U+D7FF).
 */

/** The lines of `input` without their newlines; a final line without one still counts. */
export function splitLines(input: string): string[] {
  if (input === '') return [];
  const lines = input.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Each line followed by a newline: how grep, sort, uniq and cut write what they keep. */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const l of lines) out += `${l}\n`;
  return out;
}

/**
 * The lines of `input` with their newlines kept (the last one may have none): head and tail copy
 * bytes, so a missing final newline stays missing.
 */
export function rawLines(input: string): string[] {
  const lines: string[] = [];
  let at = 0;
  while (at < input.length) {
    const nl = input.indexOf('\n', at);
    const end = nl < 0 ? input.length : nl + 1;
    lines.push(input.slice(at, end));
    at = end;
  }
  return lines;
}

/** `memcmp` order of the UTF-8 encodings: negative, zero or positive. */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (a code point above U+FFFF) sorts after every other UTF-16 unit in UTF-8.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The number of bytes of `s` in UTF-8 (what `wc -c` counts). */
export function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** `isblank` in the C locale: the separators of sort's fields. */
export function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

/** `isspace` in the C locale: what separates `wc`'s words. */
export function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
}

/**
 * A line count as head and tail read it: digits only (GNU also takes size suffixes, which no
 * learner pipes kubectl through).
 */
export function parseCount(text: string): number | undefined {
  return /^\d+$/.test(text) ? Number(text) : undefined;
}
