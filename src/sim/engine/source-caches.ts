/**
 * One controller's event correlator caches (client-go's, per process: each controller of the
 * controller manager makes its own broadcaster and so its own correlator): the Events written,
 * the aggregates and the spam filter's token buckets, 4,096 entries each (`maxLruCacheEntries`),
 * keyed by the object's uid first (events.ts). Every controller's caches share one index by uid
 * (`LruIndex`), so an event finds its object's entries in all three with one look-up.
 *
 * A snapshot keeps them as plain data (`SourceCacheState`); a controller that recorded nothing
 * since the last snapshot or restore gives that one again (`kept`): the node lifecycle
 * controller fills its caches as a fleet registers and then seldom writes, and a checkpoint of
 * every rollout copied its 12,000 entries again.
 */
import { AggregateColumns, BucketColumns, type Aggregate, type Bucket } from './correlator-values.js';
import { Lru, type LruIndex, type LruParts } from './lru.js';

/** `maxLruCacheEntries`. */
export const LRU_SIZE = 4096;

/** One controller's caches as plain data (entries least recently used first), for snapshots. */
export interface SourceCacheState {
  /** Event key parts (uid, type and reason, message) -> name of the Event written for it. */
  readonly observed: LruParts<string>;
  /** Aggregate key parts (uid, type and reason) -> the distinct messages seen in the current window and when the last came. */
  readonly aggregates: AggregateColumns;
  /** Spam key (uid) -> tokens left and when the bucket was last refilled. */
  readonly buckets: BucketColumns;
}

export class SourceCaches {
  readonly observed: Lru<string>;
  readonly aggregates: Lru<Aggregate>;
  readonly buckets: Lru<Bucket>;
  /** The state the last snapshot or restore gave, while nothing was recorded since (`changed`). */
  private kept: SourceCacheState | undefined;

  /** Empty caches, or those of `state` (records of their own), indexed by `byUid`. */
  constructor(byUid: LruIndex<unknown>, state?: SourceCacheState) {
    this.observed = state ? Lru.fromParts(LRU_SIZE, state.observed, 0, byUid) : new Lru(LRU_SIZE, 0, byUid);
    this.aggregates = state ? state.aggregates.toLru(LRU_SIZE, 0, byUid) : new Lru(LRU_SIZE, 0, byUid);
    this.buckets = state ? state.buckets.toLru(LRU_SIZE, 0, byUid) : new Lru(LRU_SIZE, 0, byUid);
    this.kept = state;
  }

  /** The controller is recording: a later snapshot takes the caches afresh. */
  changed(): void {
    this.kept = undefined;
  }

  /** The caches as plain data: the state taken last, if nothing was recorded since. */
  state(): SourceCacheState {
    return (this.kept ??= { observed: this.observed.parts(), aggregates: new AggregateColumns(this.aggregates), buckets: new BucketColumns(this.buckets) });
  }

  /** Drops every entry (from the shared index too): the controller restarted. */
  clear(): void {
    this.observed.clear();
    this.aggregates.clear();
    this.buckets.clear();
  }
}
