/**
 * Small pieces of English the check kinds build their titles and reasons from, so every kind
 * words lists, counts and missing values the same way ("node-1, node-2 and node-3",
 * "no log-agent pod", "unset").
 */

/** `a`, `a and b`, `a, b and c` (or `or`); past `max` items, the rest as "and N more". */
export function listWords(items: readonly string[], max = 4, conjunction: 'and' | 'or' = 'and'): string {
  const shown = items.length > max ? [...items.slice(0, max - 1), `${items.length - max + 1} more`] : [...items];
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} ${conjunction} ${shown[shown.length - 1]}`;
}

/** `no X`, `1 X`, `3 Xs`, given the singular and plural nouns. */
export function countOf(n: number, one: string, many: string): string {
  if (n === 0) return `no ${one}`;
  return `${n} ${n === 1 ? one : many}`;
}

/** A printed value as a sentence quotes it: `"OnDelete"`, or `unset` for the empty string. */
export function quoteValue(v: string): string {
  return v === '' ? 'unset' : JSON.stringify(v);
}
