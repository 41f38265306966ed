/**
 * The limits that keep a hostile or mistaken manifest from freezing or crashing the tab.
 *
 * kubectl has no input limit; the browser does. The yaml parser composes nested collections by
 * recursion, and a stack overflow deep inside V8 (for instance while it compiles a regular
 * expression) can abort the whole process instead of throwing, so nesting is measured on the
 * parser's flat token tree before composing and refused past MAX_DEPTH.
 */

/** Largest accepted input: 3 MiB of UTF-8. A 5 MB document takes ~3 s to parse. */
export const MAX_INPUT_BYTES = 3 * 1024 * 1024;

/**
 * Deepest accepted nesting of mappings and sequences. Real manifests stay under 30 levels;
 * the parser overflows the stack at ~780 levels, so the limit keeps a wide margin.
 */
export const MAX_DEPTH = 256;

/** Alias expansions per document before the billion-laughs guard trips (the yaml default). */
export const MAX_ALIAS_COUNT = 100;

/** The UTF-8 length of a string, without building the encoded bytes. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
