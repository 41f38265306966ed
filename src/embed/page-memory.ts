/**
 * Where a widget keeps its work: in memory, for as long as the page is open. A widget is an
 * example in someone's docs, so each visit starts it afresh and no two widgets (or the docs
 * site's own scripts) share anything in the origin's localStorage.
 */
import type { StorageLike } from '../ui/persist.js';

export function pageMemory(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}
