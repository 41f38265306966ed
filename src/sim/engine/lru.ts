/**
 * A least-recently-used cache of fixed size (hashicorp/golang-lru's `simplelru.LRU`, which
 * client-go's event correlator uses): a get or a set makes an entry the most recent; a set past
 * the size drops the least recent entry.
 *
 * A key is a list of up to four strings. One of them (`indexed`, the uid in the correlator) is
 * looked up in a Map; the few entries that share it are told apart by comparing the other parts.
 * The correlator's key parts are a source, an object's uid, a type and reason, and a message:
 * strings that already exist (and whose hashes V8 keeps), where one joined key would be a new
 * string of a hundred characters or more to build and hash on every event. Joined with NUL
 * (`list`, `from`) they are the correlator's upstream-shaped keys.
 *
 * Why not a Map in insertion order for the recency: refreshing an entry there is a delete plus
 * a set, and the deleted slots pile up at the front of the table until the next rehash, so
 * finding the oldest entry walks over them. A doubly linked list keeps the order instead.
 */
interface Entry<V> {
  readonly parts: readonly string[];
  value: V;
  older: Entry<V> | undefined;
  newer: Entry<V> | undefined;
}

export class Lru<V> {
  /** Entries by their indexed part. */
  private readonly byIndex = new Map<string, Entry<V>[]>();
  private entries = 0;
  private oldest: Entry<V> | undefined;
  private newest: Entry<V> | undefined;

  /** `indexed`: which key part is hashed (the others are compared). */
  constructor(
    readonly size: number,
    private readonly indexed = 0,
  ) {}

  /** Rebuilds a cache from `list()` output (oldest first), `split` giving each key's parts back. */
  static from<V>(size: number, list: readonly (readonly [string, V])[], split: (key: string) => readonly string[], indexed = 0): Lru<V> {
    const lru = new Lru<V>(size, indexed);
    for (const [key, value] of list) {
      const [a, b, c, d] = split(key);
      lru.set(value, a!, b, c, d);
    }
    return lru;
  }

  get count(): number {
    return this.entries;
  }

  /** The value for the key (a, b, c, d; trailing parts absent), which becomes the most recent entry. */
  get(a: string, b?: string, c?: string, d?: string): V | undefined {
    const e = this.find(a, b, c, d);
    if (!e) return undefined;
    this.touch(e);
    return e.value;
  }

  /** Sets the key (a, b, c, d) as the most recent entry, dropping the least recent one past the size. */
  set(value: V, a: string, b?: string, c?: string, d?: string): void {
    const e = this.find(a, b, c, d);
    if (e) {
      e.value = value;
      this.touch(e);
      return;
    }
    const parts = d !== undefined ? [a, b!, c!, d] : c !== undefined ? [a, b!, c] : b !== undefined ? [a, b] : [a];
    const fresh: Entry<V> = { parts, value, older: this.newest, newer: undefined };
    const key = parts[this.indexed]!;
    const list = this.byIndex.get(key);
    if (list) list.push(fresh);
    else this.byIndex.set(key, [fresh]);
    if (this.newest) this.newest.newer = fresh;
    else this.oldest = fresh;
    this.newest = fresh;
    if (++this.entries > this.size) this.drop(this.oldest!);
  }

  /** Drops every entry whose first key part is `first`. */
  deleteFirst(first: string): void {
    for (let e = this.oldest; e; ) {
      const next = e.newer;
      if (e.parts[0] === first) this.drop(e);
      e = next;
    }
  }

  /** Every entry, least recent first, its key parts joined with NUL (plain data for snapshots). */
  list(): [string, V][] {
    const out: [string, V][] = [];
    for (let e = this.oldest; e; e = e.newer) out.push([e.parts.join('\u0000'), e.value]);
    return out;
  }

  private find(a: string, b: string | undefined, c: string | undefined, d: string | undefined): Entry<V> | undefined {
    const n = d !== undefined ? 4 : c !== undefined ? 3 : b !== undefined ? 2 : 1;
    const key = this.indexed === 0 ? a : this.indexed === 1 ? b : this.indexed === 2 ? c : d;
    const list = key === undefined ? undefined : this.byIndex.get(key);
    if (!list) return undefined;
    for (const e of list) {
      const p = e.parts;
      if (p.length === n && p[0] === a && (n < 2 || p[1] === b) && (n < 3 || p[2] === c) && (n < 4 || p[3] === d)) return e;
    }
    return undefined;
  }

  /** Unlinks an entry and removes it from its index list. */
  private drop(e: Entry<V>): void {
    this.unlink(e);
    this.entries--;
    const key = e.parts[this.indexed]!;
    const list = this.byIndex.get(key)!;
    if (list.length === 1) this.byIndex.delete(key);
    else list.splice(list.indexOf(e), 1);
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
