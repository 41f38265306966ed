/** A Storage in memory for tests, which can be told to throw the browser's quota error. */
import type { StorageLike } from '../../src/ui/persist.js';

export interface MemoryStorage extends StorageLike {
  readonly items: Map<string, string>;
  /** When set, setItem throws a QuotaExceededError. */
  full: boolean;
}

export function memoryStorage(): MemoryStorage {
  const items = new Map<string, string>();
  const s: MemoryStorage = {
    items,
    full: false,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (s.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
  };
  return s;
}
