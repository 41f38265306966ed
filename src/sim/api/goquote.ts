/**
 * Go's `strconv.Quote` (what `%q` prints): the string in double quotes with Go escapes.
 *
 * Why: upstream error messages quote bad values with `%q` (`Invalid value: "a/b/c"`), and kubectl
 * quotes templates the same way, so our messages must escape exactly as Go does.
 * Printable runes (Unicode letters, marks, numbers, punctuation, symbols and the ASCII space, as
 * `unicode.IsPrint`) are kept; `\a \b \f \n \r \t \v \\ \"` use their short escapes; other ASCII
 * controls use `\xNN`; other non-printable runes `\uNNNN` or `\UNNNNNNNN`.
 */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

const SHORT: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const short = SHORT[ch];
    if (short !== undefined) {
      out += short;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    if (cp === 0x20 || (cp > 0x20 && cp < 0x7f)) out += ch;
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (PRINTABLE.test(ch) && !(cp >= 0xd800 && cp <= 0xdfff)) out += ch;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return out + '"';
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}
