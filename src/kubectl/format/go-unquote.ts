/**
 * client-go jsonpath's `UnquoteExtend`: Go's `strconv.Unquote` (escapes `\n \t \\ \xNN \uNNNN
 * \UNNNNNNNN \ooo`, the matching quote) that also accepts single-quoted strings, as JSONPath
 * templates use both (`{"\n"}`, `[?(@.type=='Ready')]`).
 */

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** `UnquoteExtend`: `strconv.Unquote` that also accepts single quotes; undefined = invalid syntax. */
export function unquoteExtend(s: string): string | undefined {
  const quote = s[0];
  if (s.length < 2 || quote !== s[s.length - 1] || (quote !== '"' && quote !== "'")) return undefined;
  const body = s.slice(1, -1);
  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body[i]!;
    if (c === quote) return undefined;
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) return undefined;
    i += 2;
    if (SIMPLE_ESCAPES[e] !== undefined) out += SIMPLE_ESCAPES[e];
    else if (e === "'" || e === '"') {
      if (e !== quote) return undefined;
      out += e;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const digits = body.slice(i, i + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(digits)) return undefined;
      const v = parseInt(digits, 16);
      if (e !== 'x' && (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))) return undefined;
      out += String.fromCodePoint(v);
      i += n;
    } else if (e >= '0' && e <= '7') {
      const digits = e + body.slice(i, i + 2);
      if (!/^[0-7]{3}$/.test(digits) || parseInt(digits, 8) > 255) return undefined;
      out += String.fromCharCode(parseInt(digits, 8));
      i += 2;
    } else return undefined;
  }
  return out;
}
