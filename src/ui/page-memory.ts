/**
 * Storage in memory, for as long as the page is open: for a playground whose work is an example,
 * not the learner's (a docs widget, the landing page's picture). Each visit starts it afresh, and
 * nothing is shared with other playgrounds or the origin's localStorage.
 */
import type { StorageLike } from './persist.js';

export function pageMemory(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}
