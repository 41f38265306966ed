/**
 * A least-recently-used cache of fixed size (hashicorp/golang-lru's `simplelru.LRU`, which
 * client-go's event correlator uses): a get or a set makes an entry the most recent; a set past
 * the size drops the least recent entry.
 *
 * Why not a Map in insertion order: refreshing an entry there is a delete plus a set, and the
 * deleted slots pile up at the front of the table until the next rehash, so finding the oldest
 * entry walks over them. On a big cluster (every cache full, every event a new key) that made
 * each event cost microseconds. Here a Map finds the entry and a doubly linked list keeps the
 * order.
 */
interface Entry<V> {
  readonly key: string;
  value: V;
  older: Entry<V> | undefined;
  newer: Entry<V> | undefined;
}

export class Lru<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private oldest: Entry<V> | undefined;
  private newest: Entry<V> | undefined;

  constructor(readonly size: number) {}

  /** Rebuilds a cache from `list()` output (oldest first). */
  static from<V>(size: number, list: readonly (readonly [string, V])[]): Lru<V> {
    const lru = new Lru<V>(size);
    for (const [key, value] of list) lru.set(key, value);
    return lru;
  }

  get count(): number {
    return this.entries.size;
  }

  /** The value for `key`, which becomes the most recent entry. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.touch(e);
    return e.value;
  }

  /** Sets `key` as the most recent entry, dropping the least recent one past the size. */
  set(key: string, value: V): void {
    const e = this.entries.get(key);
    if (e) {
      e.value = value;
      this.touch(e);
      return;
    }
    const fresh: Entry<V> = { key, value, older: this.newest, newer: undefined };
    if (this.newest) this.newest.newer = fresh;
    else this.oldest = fresh;
    this.newest = fresh;
    this.entries.set(key, fresh);
    if (this.entries.size > this.size) {
      const drop = this.oldest!;
      this.unlink(drop);
      this.entries.delete(drop.key);
    }
  }

  /** Drops every entry whose key passes `test`. */
  deleteWhere(test: (key: string) => boolean): void {
    for (let e = this.oldest; e; ) {
      const next = e.newer;
      if (test(e.key)) {
        this.unlink(e);
        this.entries.delete(e.key);
      }
      e = next;
    }
  }

  /** Every entry, least recent first (plain data for snapshots). */
  list(): [string, V][] {
    const out: [string, V][] = [];
    for (let e = this.oldest; e; e = e.newer) out.push([e.key, e.value]);
    return out;
  }

  private touch(e: Entry<V>): void {
    if (e === this.newest) return;
    this.unlink(e);
    e.older = this.newest;
    e.newer = undefined;
    this.newest!.newer = e;
    this.newest = e;
  }

  private unlink(e: Entry<V>): void {
    if (e.older) e.older.newer = e.newer;
    else this.oldest = e.newer;
    if (e.newer) e.newer.older = e.older;
    else this.newest = e.older;
    e.older = e.newer = undefined;
  }
}
