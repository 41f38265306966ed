/**
 * Go formatting that kubectl's messages are built with, reimplemented for the playground.
 *
 * - `quote` is `%q` / `strconv.Quote` for the strings that reach our messages (file names,
 *   field paths, kinds): double quotes, short escapes for common controls, `\xNN` otherwise.
 * - `marshalJSON` is `encoding/json.Marshal` of decoded YAML: object keys sorted, `<`, `>`, `&`,
 *   U+2028 and U+2029 escaped as `\u003c`-style sequences.
 * - `aggregate` is apimachinery's `utilerrors.NewAggregate(...).Error()`: one message alone,
 *   several deduplicated, joined with ", " and wrapped in brackets.
 */

const SHORT: Readonly<Record<string, string>> = {
  '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"',
};

export function quote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    const short = SHORT[ch];
    if (short !== undefined) out += short;
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort(compareBytes)) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** Go sorts map keys by bytes; UTF-16 code-unit order agrees except across surrogates. */
export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029',
};

export function marshalJSON(value: unknown): string {
  return (JSON.stringify(sortKeys(value)) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => HTML_ESCAPES[c]!);
}

export function aggregate(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  if (unique.length === 1) return unique[0]!;
  return `[${unique.join(', ')}]`;
}
