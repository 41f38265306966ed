/**
 * A linear pre-check for runaway bracket nesting, before the yaml parser sees the text.
 *
 * Why: the parser survives any nesting (cst-depth.ts measures it afterwards) but its cost grows
 * faster than the input: three megabytes of `[` take ~15 s to parse. Counting brackets costs
 * milliseconds. Brackets inside quotes, comments or block scalars are counted too, so the
 * verdict is only trusted far past the real limit (4x); it then names the offset where the
 * nesting first went past the real limit, the same place the precise check would name.
 * Such input is refused as a whole: no document of it is read.
 */

/** Offset of the first bracket nested deeper than `limit`, if brackets nest beyond `4 * limit`. */
export function offsetOfRunawayNesting(text: string, limit: number): number | undefined {
  const runaway = limit * 4;
  let depth = 0;
  let firstOver: number | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth === limit + 1 && firstOver === undefined) firstOver = i;
      if (depth > runaway) return firstOver;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
      if (depth <= limit) firstOver = undefined;
    }
  }
  return undefined;
}
