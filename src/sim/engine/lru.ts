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
 * Several caches keyed by the same part can share one `LruIndex` (the correlator's three share
 * the uid): an event then finds the entries of all three with one Map lookup instead of one per
 * cache and per get or set, and a new uid costs one Map insertion instead of three. Each cache
 * keeps its own recency list and size, so sharing the index changes no cache's behaviour.
 *
 * Values may be shared with snapshots, copy-on-write: `parts()` and `fromParts()` share them
 * and mark each entry shared, and `owned` copies an entry's value before the
 * caller changes it in place, the first time it asks after that. A snapshot then costs its key
 * parts and the values that changed since the one before, not a copy of every value.
 *
 * Why not a Map in insertion order for the recency: refreshing an entry there is a delete plus
 * a set, and the deleted slots pile up at the front of the table until the next rehash, so
 * finding the oldest entry walks over them. A doubly linked list keeps the order instead.
 */
interface Entry<V> {
  /** The cache this entry belongs to (an index may be shared by several). */
  readonly owner: Lru<V>;
  // The key parts, trailing ones absent (fields rather than an array: one allocation less per
  // entry). Written again when a full cache reuses the entry for a new key (`set`).
  a: string;
  b: string | undefined;
  c: string | undefined;
  d: string | undefined;
  value: V;
  /** Whether a snapshot holds `value` (which must then be copied before it is changed: `owned`). */
  shared: boolean;
  /** The next older entry (any entry, or none, for the oldest: see `unlink`) and the next newer one. */
  older: Entry<V> | undefined;
  newer: Entry<V> | undefined;
  /** The chain of entries with the same indexed key part this entry is in, while it is in the cache (`LruIndex`). */
  chain: Chain<unknown> | undefined;
  /** The next and previous entries in that chain, of any cache sharing the index. */
  sibling: Entry<V> | undefined;
  before: Entry<V> | undefined;
}

/**
 * A new entry of `owner`, blank: `Lru.insert` fills it with the stores that refill a reused one.
 * Why: V8 treats a field not written since it was first set as constant, so the first full
 * cache of a big cluster (a 300-node warm-up fills none) made the key fields mutable mid-build
 * and threw away the optimised code that read them; written twice, they are mutable from the start.
 * Made by `new` rather than as a literal, as the correlator's other records are (correlator-values.ts `AggregateRecord`).
 */
class BlankEntry<V> implements Entry<V> {
  // Declared, not class fields: each is set in the constructor, in this order.
  declare readonly owner: Lru<V>;
  declare a: string;
  declare b: string | undefined;
  declare c: string | undefined;
  declare d: string | undefined;
  declare value: V;
  declare shared: boolean;
  declare older: Entry<V> | undefined;
  declare newer: Entry<V> | undefined;
  declare chain: Chain<unknown> | undefined;
  declare sibling: Entry<V> | undefined;
  declare before: Entry<V> | undefined;

  constructor(owner: Lru<V>) {
    this.owner = owner;
    this.a = '';
    this.b = undefined;
    this.c = undefined;
    this.d = undefined;
    this.value = undefined as V;
    this.shared = false;
    this.older = undefined;
    this.newer = undefined;
    this.chain = undefined;
    this.sibling = undefined;
    this.before = undefined;
  }
}

/**
 * The entries of one indexed key part, in any cache sharing the index: the newest first, linked
 * both ways; and the index user's hints about that part (`LruIndex.hints`).
 */
interface Chain<H> {
  first: Entry<never> | undefined;
  readonly hints: H;
}

/** A new chain, empty, with its hints (made by `new`, as `BlankEntry` is). */
class EmptyChain<H> implements Chain<H> {
  declare first: Entry<never> | undefined;
  declare readonly hints: H;

  constructor(hints: H) {
    this.first = undefined;
    this.hints = hints;
  }
}

/**
 * Entries by their indexed key part, for one cache or several: a chain per part in a Map, its
 * entries linked both ways and each pointing at its chain, so an entry leaves its chain without
 * a Map look-up or a walk (a full cache drops its least recent entry on most inserts, whose
 * part is long out of the processor's caches). A chain left empty stays in the Map, counted,
 * until empty chains outnumber the others, when they are all deleted at once: most parts (a
 * pod's uid) are never looked up again once their entries are gone. Lookups come in runs on one
 * key (an event reads and writes all three correlator caches for one uid), so the last chain
 * found is kept at hand.
 */
export class LruIndex<H = undefined> {
  private readonly chains = new Map<string, Chain<H>>();
  /** How many chains in `chains` are empty. */
  private empty = 0;
  /**
   * The key looked up last and its chain. Always a string (at first and after `dropEmpty`, the
   * empty one, with its chain if any): a comparison that had only ever seen strings, given
   * undefined after the first `dropEmpty` of a big cluster, threw away the code it was in.
   */
  private lastKey = '';
  private lastChain: Chain<H> | undefined;
  /**
   * Chains deleted from the Map, for new parts to reuse: a chain lives as long as its part's
   * entries, long enough to be copied by every young collection in between, and a new part comes
   * with most events of a big cluster. It starts with one undefined, which the first `add`
   * takes: an empty list holds small integers until its first push, and the first chain pushed
   * (at the first `dropEmpty`, once a big cluster's caches are full) changed the list's hidden
   * class under the optimised code of `add` and threw that code away.
   */
  private readonly spare: (Chain<H> | undefined)[] = [undefined];

  /** `newHints`: a chain's hints record, made with the chain (a reused chain keeps its record). */
  constructor(private readonly newHints: () => H = () => undefined as H) {}

  /** How many indexed parts the Map holds, empty chains included (for tests: at most twice those with entries). */
  get size(): number {
    return this.chains.size;
  }

  /** How many of them have entries. */
  get live(): number {
    return this.chains.size - this.empty;
  }

  /**
   * The hints record of `key`'s chain, if the index has one (while entries with that part are
   * cached, and a while after): the user's own facts about that part, which it must check before
   * relying on them (a chain reused for another part keeps its record).
   */
  hints(key: string): H | undefined {
    return this.chain(key)?.hints;
  }

  /** The newest entry whose indexed part is `key` (the others follow by `sibling`), if any. */
  get<V>(key: string): Entry<V> | undefined {
    return this.chain(key)?.first as Entry<V> | undefined;
  }

  /** Adds an entry whose indexed part is `key`, first in its chain. */
  add<V>(key: string, e: Entry<V>): void {
    let chain = this.chain(key);
    const found = chain !== undefined;
    if (!chain) {
      this.chains.set(key, (chain = this.spare.pop() ?? new EmptyChain(this.newHints())));
      this.lastChain = chain;
    }
    const first = chain.first as Entry<V> | undefined;
    // An empty chain found is no longer counted empty. Counted without a branch of its own: one
    // that a cache only takes once it is full would have no type feedback when the code around
    // it was first optimised (a 300-node warm-up fills no correlator cache), and the first
    // eviction of a big build would throw that code away.
    this.empty -= found && !first ? 1 : 0;
    if (first) first.before = e;
    e.sibling = first;
    e.before = undefined;
    e.chain = chain;
    chain.first = e as unknown as Entry<never>;
  }

  /** Removes an entry from its chain (the least recent one, when a full cache takes a new key). */
  remove<V>(e: Entry<V>): void {
    const { sibling, before, chain } = e;
    if (sibling) sibling.before = before;
    if (before) before.sibling = sibling;
    else chain!.first = sibling as Entry<never> | undefined;
    e.sibling = e.before = undefined;
    e.chain = undefined;
    if (chain!.first || ++this.empty <= this.chains.size - this.empty) return;
    this.dropEmpty();
  }

  /**
   * Deletes every empty chain from the Map, keeping its record for a new part. Kept out of
   * `remove`, which runs on most inserts of a full cache: a function that makes a closure
   * allocates the closure's context on every call, whichever branch runs.
   */
  private dropEmpty(): void {
    const { chains, spare } = this;
    chains.forEach((c, key) => {
      if (c.first) return;
      chains.delete(key);
      spare.push(c);
    });
    this.empty = 0;
    this.lastKey = '';
    this.lastChain = chains.get('');
  }

  /** The chain of `key`, empty or not, if the Map has one. */
  private chain(key: string): Chain<H> | undefined {
    if (key === this.lastKey) return this.lastChain;
    const chain = this.chains.get(key);
    this.lastKey = key;
    this.lastChain = chain;
    return chain;
  }
}

/**
 * A cache's keys as plain data, least recent first: `width` key parts per entry (as many as the
 * longest key has; trailing ones undefined), in one array rather than one per entry: every
 * checkpoint of a session holds one of these per correlator cache (4,096 entries each), an
 * array per entry cost three times as much, and four parts per entry for keys of two or three
 * (the spam filter's, the aggregator's) a third more.
 */
export interface LruKeys {
  readonly width: number;
  readonly keys: readonly (string | undefined)[];
}

/** A cache's entries as plain data, least recent first: its keys, and the values in another array. */
export interface LruParts<V> extends LruKeys {
  readonly values: readonly V[];
}

export class Lru<V> {
  private entries = 0;
  private oldest: Entry<V> | undefined;
  private newest: Entry<V> | undefined;

  /** `indexed`: which key part is hashed (the others are compared); `byIndex` may be shared with other caches indexed on the same part. */
  constructor(
    readonly size: number,
    private readonly indexed = 0,
    private readonly byIndex: LruIndex<unknown> = new LruIndex(),
  ) {}

  /**
   * Rebuilds a cache from `parts()` output (oldest first), its values shared with `parts`
   * (`owned` copies one before it is changed).
   */
  static fromParts<V>(size: number, parts: LruParts<V>, indexed = 0, index: LruIndex<unknown> = new LruIndex()): Lru<V> {
    return Lru.fromKeys(size, parts, parts.values, indexed, index, true);
  }

  /**
   * Rebuilds a cache from `keyParts()` output and the values of its entries (oldest first),
   * which become the cache's own unless `shared` (`owned` then copies one before it is changed).
   */
  static fromKeys<V>(size: number, { width, keys }: LruKeys, values: readonly V[], indexed = 0, index: LruIndex<unknown> = new LruIndex(), shared = false): Lru<V> {
    const lru = new Lru<V>(size, indexed, index);
    for (let i = 0, k = 0; i < values.length; i++, k += width) {
      lru.set(values[i]!, keys[k]!, width > 1 ? keys[k + 1] : undefined, width > 2 ? keys[k + 2] : undefined, width > 3 ? keys[k + 3] : undefined);
      lru.newest!.shared = shared;
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

  /**
   * Like `get`, for a caller that changes the value in place: a value a snapshot holds is first
   * replaced by `copy(value)`, which the cache then owns.
   */
  owned(copy: (v: V) => V, a: string, b?: string, c?: string, d?: string): V | undefined {
    const e = this.find(a, b, c, d);
    if (!e) return undefined;
    this.touch(e);
    if (e.shared) {
      e.value = copy(e.value);
      e.shared = false;
    }
    return e.value;
  }

  /**
   * Sets the key (a, b, c, d) as the most recent entry, dropping the least recent one past the
   * size. A full cache drops it first and reuses its record for the new key: the correlator's
   * caches are full for most of a big cluster's life and take a new key on most events, and a
   * new record for each was garbage that lived long enough to be promoted.
   */
  set(value: V, a: string, b?: string, c?: string, d?: string): void {
    const e = this.find(a, b, c, d);
    if (e) {
      e.value = value;
      e.shared = false;
      this.touch(e);
      return;
    }
    this.insert(value, a, b, c, d);
  }

  /**
   * `set` of a key the caller knows is not in the cache (a `get` of it just missed), without
   * looking for it again: the correlator takes a new key on most events of a big cluster.
   */
  insert(value: V, a: string, b?: string, c?: string, d?: string): void {
    // Read before the test, as `nextDropped` does (see `LruIndex.add`).
    const oldest = this.oldest;
    let fresh: Entry<V>;
    if (this.entries >= this.size && oldest) {
      fresh = oldest;
      this.drop(fresh);
    } else fresh = new BlankEntry(this);
    fresh.a = a;
    fresh.b = b;
    fresh.c = c;
    fresh.d = d;
    fresh.value = value;
    fresh.shared = false;
    fresh.older = this.newest;
    this.byIndex.add(this.indexedPart(fresh)!, fresh);
    if (this.newest) this.newest.newer = fresh;
    else this.oldest = fresh;
    this.newest = fresh;
    if (++this.entries > this.size) this.drop(this.oldest!);
  }

  /**
   * The value of the entry the next `insert` drops, if the cache is full: a caller whose values
   * are records only the cache holds can make that record the new value instead of a new one.
   * The correlator's full caches drop an entry on most events, and each new record lived long
   * enough to be copied by a young collection or two on its way out.
   */
  nextDropped(): V | undefined {
    // The value is read whether the cache is full or not, so the read has type feedback before
    // the first full cache (see `LruIndex.add`).
    const value = this.oldest?.value;
    return this.entries >= this.size ? value : undefined;
  }

  /** Drops every entry (from a shared index too). */
  clear(): void {
    for (let e = this.oldest; e; ) {
      const next = e.newer;
      this.drop(e);
      e = next;
    }
  }

  /**
   * Every entry, least recent first, as its key parts and its value, from now on shared (`owned`
   * copies it before it is changed): plain data for snapshots, without building or splitting
   * joined keys.
   */
  parts(): LruParts<V> {
    const values = this.values();
    for (let e = this.oldest; e; e = e.newer) e.shared = true;
    return { ...this.keyParts(), values };
  }

  /** Every entry's key parts, least recent first, as plain data (`LruKeys`). */
  keyParts(): LruKeys {
    let width = 1;
    for (let e = this.oldest; e && width < 4; e = e.newer) width = Math.max(width, e.d !== undefined ? 4 : e.c !== undefined ? 3 : e.b !== undefined ? 2 : 1);
    const keys: (string | undefined)[] = new Array(this.entries * width);
    let k = 0;
    for (let e = this.oldest; e; e = e.newer, k += width) {
      keys[k] = e.a;
      if (width > 1) keys[k + 1] = e.b;
      if (width > 2) keys[k + 2] = e.c;
      if (width > 3) keys[k + 3] = e.d;
    }
    return { width, keys };
  }

  /** Every entry's value, least recent first. */
  values(): V[] {
    const values: V[] = new Array(this.entries);
    let i = 0;
    for (let e = this.oldest; e; e = e.newer) values[i++] = e.value;
    return values;
  }

  /** Every entry, least recent first, its key parts joined with NUL (for reading). */
  list(): [string, V][] {
    const out: [string, V][] = [];
    for (let e = this.oldest; e; e = e.newer) out.push([[e.a, e.b, e.c, e.d].filter((p) => p !== undefined).join('\u0000'), e.value]);
    return out;
  }

  private find(a: string, b: string | undefined, c: string | undefined, d: string | undefined): Entry<V> | undefined {
    const key = this.indexed === 0 ? a : this.indexed === 1 ? b : this.indexed === 2 ? c : d;
    for (let e = key === undefined ? undefined : this.byIndex.get<V>(key); e; e = e.sibling) {
      if (e.owner === this && e.a === a && e.b === b && e.c === c && e.d === d) return e;
    }
    return undefined;
  }

  private indexedPart(e: Entry<V>): string | undefined {
    return this.indexed === 0 ? e.a : this.indexed === 1 ? e.b : this.indexed === 2 ? e.c : e.d;
  }

  /** Unlinks an entry and removes it from its index chain. */
  private drop(e: Entry<V>): void {
    this.unlink(e);
    this.entries--;
    this.byIndex.remove(e);
  }

  private touch(e: Entry<V>): void {
    if (e === this.newest) return;
    this.unlink(e);
    e.older = this.newest;
    e.newer = undefined;
    this.newest!.newer = e;
    this.newest = e;
  }

  /**
   * Takes an entry out of the recency list. The oldest entry's `older` is never read (it may name
   * any entry), so taking out the oldest leaves the next one's alone: a full cache takes out its
   * oldest entry on most inserts, and writing to the next one was a cache miss each time (that
   * entry is only read again when its own turn comes).
   */
  private unlink(e: Entry<V>): void {
    const { older, newer } = e;
    if (e === this.oldest) {
      this.oldest = newer;
      if (!newer) this.newest = undefined;
    } else {
      older!.newer = newer;
      if (newer) newer.older = older;
      else this.newest = older;
    }
    e.older = e.newer = undefined;
  }
}
