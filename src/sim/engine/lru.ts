/**
 * A least-recently-used cache of fixed size (hashicorp/golang-lru's `simplelru.LRU`, which
 * client-go's event correlator uses): a get or a set makes an entry the most recent; a set past
 * the size drops the least recent entry.
 *
 * A key is a path of up to four strings, looked up through nested Maps rather than as one
 * joined string. The correlator's keys are a source, an object's uid, a type and reason, and a
 * message: strings that already exist (and whose hashes V8 keeps), where one joined key would
 * be a new string of a hundred characters or more to build and hash on every event. Joined with
 * NUL (`list`, `from`) they are the correlator's upstream-shaped keys.
 *
 * Why not a Map in insertion order for the recency: refreshing an entry there is a delete plus
 * a set, and the deleted slots pile up at the front of the table until the next rehash, so
 * finding the oldest entry walks over them. A doubly linked list keeps the order instead.
 */
interface Entry<V> {
  readonly path: readonly string[];
  value: V;
  older: Entry<V> | undefined;
  newer: Entry<V> | undefined;
}

/** One level of the key path: the entries ending here (under END) and the deeper levels. */
type Level<V> = Map<string, Level<V> | Entry<V>>;

/** The slot of an entry whose path ends at this level (no key part is ever this string). */
const END = '\u0000\u0001';

export class Lru<V> {
  private readonly root: Level<V> = new Map();
  private size_ = 0;
  private oldest: Entry<V> | undefined;
  private newest: Entry<V> | undefined;

  constructor(readonly size: number) {}

  /** Rebuilds a cache from `list()` output (oldest first), `split` giving each key's parts back. */
  static from<V>(size: number, list: readonly (readonly [string, V])[], split: (key: string) => readonly string[]): Lru<V> {
    const lru = new Lru<V>(size);
    for (const [key, value] of list) lru.setPath(split(key), value);
    return lru;
  }

  get count(): number {
    return this.size_;
  }

  /** The value for the key `a/b/c/d` (trailing parts absent), which becomes the most recent entry. */
  get(a: string, b?: string, c?: string, d?: string): V | undefined {
    const e = this.find(a, b, c, d);
    if (!e) return undefined;
    this.touch(e);
    return e.value;
  }

  /** Sets the key `a/b/c/d` as the most recent entry, dropping the least recent one past the size. */
  set(value: V, a: string, b?: string, c?: string, d?: string): void {
    const e = this.find(a, b, c, d);
    if (e) {
      e.value = value;
      this.touch(e);
      return;
    }
    const path = [a];
    if (b !== undefined) path.push(b);
    if (c !== undefined) path.push(c);
    if (d !== undefined) path.push(d);
    this.insert(path, value);
  }

  /** Drops every entry whose key starts with `first`. */
  deleteFirst(first: string): void {
    for (let e = this.oldest; e; ) {
      const next = e.newer;
      if (e.path[0] === first) this.drop(e);
      e = next;
    }
  }

  /** Every entry, least recent first, its key parts joined with NUL (plain data for snapshots). */
  list(): [string, V][] {
    const out: [string, V][] = [];
    for (let e = this.oldest; e; e = e.newer) out.push([e.path.join('\u0000'), e.value]);
    return out;
  }

  private setPath(path: readonly string[], value: V): void {
    const e = this.find(path[0]!, path[1], path[2], path[3]);
    if (e) {
      e.value = value;
      this.touch(e);
    } else this.insert(path, value);
  }

  private find(a: string, b: string | undefined, c: string | undefined, d: string | undefined): Entry<V> | undefined {
    let level = this.root.get(a) as Level<V> | undefined;
    if (b !== undefined) level = level?.get(b) as Level<V> | undefined;
    if (c !== undefined) level = level?.get(c) as Level<V> | undefined;
    if (d !== undefined) level = level?.get(d) as Level<V> | undefined;
    return level?.get(END) as Entry<V> | undefined;
  }

  private insert(path: readonly string[], value: V): void {
    const fresh: Entry<V> = { path, value, older: this.newest, newer: undefined };
    let level = this.root;
    for (const part of path) {
      let next = level.get(part) as Level<V> | undefined;
      if (!next) level.set(part, (next = new Map()));
      level = next;
    }
    level.set(END, fresh);
    if (this.newest) this.newest.newer = fresh;
    else this.oldest = fresh;
    this.newest = fresh;
    this.size_++;
    if (this.size_ > this.size) this.drop(this.oldest!);
  }

  /** Unlinks an entry and removes it from the levels, dropping levels left empty. */
  private drop(e: Entry<V>): void {
    this.unlink(e);
    this.size_--;
    const levels: Level<V>[] = [this.root];
    for (const part of e.path) levels.push(levels[levels.length - 1]!.get(part) as Level<V>);
    levels[levels.length - 1]!.delete(END);
    for (let i = e.path.length; i > 0 && levels[i]!.size === 0; i--) levels[i - 1]!.delete(e.path[i - 1]!);
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
