/**
 * Measures how deeply a document nests before it is composed.
 *
 * Why: the yaml library's CST parser keeps an explicit stack and survives any depth, but its
 * composer (CST -> nodes) and `toJS` recurse once per level. Walking the flat CST with our own
 * stack lets us refuse a too-deep document with a position instead of risking the stack.
 */
import type { CST } from 'yaml';

/**
 * The source offset of the first collection nested deeper than `limit` in `token`,
 * or undefined when the document stays within the limit.
 */
export function offsetBeyondDepth(token: CST.Token | undefined, limit: number): number | undefined {
  if (!token) return undefined;
  let found: number | undefined;
  const stack: [CST.Token, number][] = [[token, 0]];
  while (stack.length > 0) {
    const [tok, parentDepth] = stack.pop()!;
    let depth = parentDepth;
    if (tok.type === 'document') {
      if (tok.value) stack.push([tok.value, depth]);
      continue;
    }
    if (tok.type === 'block-map' || tok.type === 'block-seq' || tok.type === 'flow-collection') {
      depth += 1;
      if (depth > limit) {
        if (found === undefined || tok.offset < found) found = tok.offset;
        continue;
      }
      for (const item of tok.items) {
        if (item.key) stack.push([item.key, depth]);
        if (item.value) stack.push([item.value, depth]);
      }
    }
  }
  return found;
}
