/**
 * What a Tab with several candidates inserts. Its own module, apart from complete.ts: the page
 * needs only this, and complete.ts brings kubectl's verb and flag tables, which the worker's
 * `complete` query uses and the page bundle should not carry.
 */
/** The longest prefix every candidate shares. */
export function commonPrefix(candidates: readonly string[]): string {
  if (candidates.length === 0) return '';
  let prefix = candidates[0]!;
  for (const c of candidates) while (!c.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}
