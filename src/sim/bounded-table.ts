/**
 * The one bounded cache of the engine: a Map dropped whole when it reaches `limit` entries, so
 * memory stays bounded whatever a script does, and an entry costs no more than a Map entry.
 *
 * Hot paths of a big cluster ask the same few questions thousands of times per pass (the one
 * image every daemon pod runs, the conditions every pod bound at one instant carries, the
 * ownerReferences of every pod of a DaemonSet). Why dropped whole rather than evicted one by
 * one: the answers are cheap to make again, and an LRU's bookkeeping per hit would cost more
 * than it saves. Why a Map and not a WeakMap for object keys: most keys are seen once or a few
 * times, and a WeakMap costs a great deal per new key, in the insertion and again in every
 * garbage collection, which must trace its entries as ephemerons.
 *
 * Values are shared by everyone who asks, so they must never be mutated (stored objects never are).
 */
export class BoundedTable<K, V> {
  private readonly table = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key`, if any. */
  get(key: K): V | undefined {
    return this.table.get(key);
  }

  /** Whether a value (perhaps `undefined`) is kept for `key`. */
  has(key: K): boolean {
    return this.table.has(key);
  }

  /** Keeps `value` for `key` (first dropping every entry if the table is full) and returns it. */
  set(key: K, value: V): V {
    if (this.table.size >= this.limit) this.table.clear();
    this.table.set(key, value);
    return value;
  }

  /** The value kept for `key`, or `make(key)`, kept from now on. */
  obtain(key: K, make: (key: K) => V): V {
    const v = this.table.get(key);
    if (v !== undefined || this.table.has(key)) return v as V;
    return this.set(key, make(key));
  }
}
