/**
 * The values of the event correlator's aggregate and spam-filter caches (events.ts: client-go's
 * `aggregateRecord` and the token bucket of `EventSourceObjectSpamFilter`), and the form a
 * snapshot keeps those caches in: the keys as `Lru.keyParts` gives them, the values as columns.
 *
 * The recorder changes these values in place as events come. A snapshot used to share the
 * records themselves and the recorder copied one before it first changed it after, so every
 * record a rollout touched (4,096 per cache, each key a new pod's) was a record of the
 * checkpoint's own: 56 bytes each with its boxed time, 0.7 MB a checkpoint for the two caches.
 * The columns cost 16 bytes an entry, and the live records are never shared, so the recorder
 * changes them without copying. `values` reads the columns as the records they stand for.
 */
import { Lru, type LruIndex, type LruKeys } from './lru.js';

/**
 * What the aggregator keeps per source, object, type and reason (changed as events come): the
 * distinct messages, the only one as itself. Most keys only ever see one message (a pod's
 * Created, Started), and a list of one cost 56 bytes more for as long as the cache kept it.
 */
export interface Aggregate {
  messages: string | string[];
  last: number;
}

/** The spam filter's token bucket per source and object (changed as events come). */
export interface Bucket {
  tokens: number;
  at: number;
}

/**
 * An `Aggregate` made by `new`, not as a literal: V8 may decide in the middle of a fleet build to
 * allocate a literal's objects (its allocation site's) in the old space, and then throws away
 * every optimised function that makes one or inlines one that does (the recorder's `record`,
 * the cache's `insert`); a constructor's objects have no such site. The warm-up and first
 * 5,000-node build: 9.62 -> 9.51 G instructions with the cache's entries and chains and the
 * recorder's hints made so too.
 */
class AggregateRecord implements Aggregate {
  // Declared, not class fields: each is set in the constructor, in this order.
  declare messages: string | string[];
  declare last: number;

  constructor(messages: string | string[], last: number) {
    this.messages = messages;
    this.last = last;
  }
}

/** A `Bucket` made by `new` (see `AggregateRecord`). */
class BucketRecord implements Bucket {
  declare tokens: number;
  declare at: number;

  constructor(tokens: number, at: number) {
    this.tokens = tokens;
    this.at = at;
  }
}

/**
 * A new key's aggregate, of one message at `now`: `spare` made so when given (the record of the
 * entry the cache is about to drop, which nothing else holds: `Lru.nextDropped`), else a new one.
 */
export function newAggregate(spare: Aggregate | undefined, message: string, now: number): Aggregate {
  // A new record's fields are written again by the stores that make `spare` over: stores only a
  // full cache reaches would have no type feedback when this was first optimised (lru.ts `LruIndex.add`).
  const agg = spare ?? new AggregateRecord(message, now);
  agg.messages = message;
  agg.last = now;
  return agg;
}

/** A new key's full token bucket at `now`: `spare` made so when given (as for `newAggregate`), else a new one. */
export function newBucket(spare: Bucket | undefined, tokens: number, now: number): Bucket {
  // Written again as `newAggregate`'s record is.
  const bucket = spare ?? new BucketRecord(tokens, now);
  bucket.tokens = tokens;
  bucket.at = now;
  return bucket;
}

/** The aggregate cache as a snapshot keeps it: its keys, and each entry's messages and last time. */
export class AggregateColumns implements LruKeys {
  readonly width: number;
  readonly keys: readonly (string | undefined)[];
  /** Each entry's messages (a list copied: the live one grows in place). */
  readonly messages: readonly (string | readonly string[])[];
  /** Each entry's last event time (ms). */
  readonly lasts: Float64Array;
  /** The records read through `values` (made when first read). */
  #values: Aggregate[] | undefined;

  constructor(cache: Lru<Aggregate>) {
    ({ width: this.width, keys: this.keys } = cache.keyParts());
    const values = cache.values();
    const messages: (string | readonly string[])[] = new Array(values.length);
    const lasts = new Float64Array(values.length);
    for (let i = 0; i < values.length; i++) {
      const m = values[i]!.messages;
      messages[i] = typeof m === 'string' ? m : m.slice();
      lasts[i] = values[i]!.last;
    }
    this.messages = messages;
    this.lasts = lasts;
  }

  /** The entries' values, least recent first (for reading). */
  get values(): readonly Aggregate[] {
    return (this.#values ??= this.records());
  }

  /** The cache these columns stand for, with records of its own. */
  toLru(size: number, indexed: number, index: LruIndex<unknown>): Lru<Aggregate> {
    return Lru.fromKeys(size, this, this.records(), indexed, index);
  }

  private records(): Aggregate[] {
    const { messages, lasts } = this;
    const out: Aggregate[] = new Array(messages.length);
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i]!;
      out[i] = new AggregateRecord(typeof m === 'string' ? m : m.slice(), lasts[i]!);
    }
    return out;
  }
}

/** The spam filter's cache as a snapshot keeps it: its keys, and each bucket's tokens and time. */
export class BucketColumns implements LruKeys {
  readonly width: number;
  readonly keys: readonly (string | undefined)[];
  readonly tokens: Float64Array;
  /** When each bucket was last refilled (ms). */
  readonly ats: Float64Array;
  /** The records read through `values` (made when first read). */
  #values: Bucket[] | undefined;

  constructor(cache: Lru<Bucket>) {
    ({ width: this.width, keys: this.keys } = cache.keyParts());
    const values = cache.values();
    this.tokens = new Float64Array(values.length);
    this.ats = new Float64Array(values.length);
    for (let i = 0; i < values.length; i++) {
      this.tokens[i] = values[i]!.tokens;
      this.ats[i] = values[i]!.at;
    }
  }

  /** The entries' values, least recent first (for reading). */
  get values(): readonly Bucket[] {
    return (this.#values ??= this.records());
  }

  /** The cache these columns stand for, with records of its own. */
  toLru(size: number, indexed: number, index: LruIndex<unknown>): Lru<Bucket> {
    return Lru.fromKeys(size, this, this.records(), indexed, index);
  }

  private records(): Bucket[] {
    const { tokens, ats } = this;
    const out: Bucket[] = new Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) out[i] = new BucketRecord(tokens[i]!, ats[i]!);
    return out;
  }
}
