/**
 * The page's window on the cluster's Events: the events panel shows the newest `FEED_LIMIT`,
 * and nothing else on the page reads an Event, so the worker sends no more than those. A
 * 5,000-node build writes 60,000 Events; posting them all to the page (and the page mirroring
 * them) was half of what a fleet build cost in a browser tab, for 300 lines on screen.
 *
 * Both halves keep the panel exactly as it was with every Event sent:
 * - a batch's Event writes are cut to the last write of each of its newest `FEED_LIMIT` Events
 *   (the panel keeps Events in the order of their last write and drops the oldest past its
 *   limit, so an Event written earlier in the batch would have been dropped anyway); every
 *   removal is kept, in its place;
 * - a whole state (load, reset, rewind) carries the newest `FEED_LIMIT` Events by the panel's
 *   own order, `byFeedOrder`.
 */
import type { ApiObject, KubeEvent } from '../../sim/api/types.js';
import { eventTime, eventTimestamp, timeOf } from '../../kubectl/format/event-time.js';
import type { PageDiff } from '../../view/model/batch.js';
import { EventTable } from '../../sim/store/event-tables.js';
import type { Store } from '../../sim/store/store.js';
import { readAdded, type AddedReader } from '../../sim/store/pending-diff.js';

/** How many events the panel keeps (the oldest leave first). */
export const FEED_LIMIT = 300;

/** The panel's order for a whole state: kubectl's event time, then write order (resourceVersion). */
export function byFeedOrder(a: KubeEvent, b: KubeEvent): number {
  return eventTime(a) - eventTime(b) || Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion);
}

/**
 * The newest `FEED_LIMIT` of `events` in the panel's order, oldest first. A rewound fleet holds
 * hundreds of thousands of Events: each one's time is read once, and only those at or after the
 * `FEED_LIMIT`-th newest time are sorted (sorting them all parsed two timestamps per comparison).
 */
export function newestEvents(events: readonly KubeEvent[]): KubeEvent[] {
  // The Events of one instant share its timestamp: each distinct one is parsed once.
  const parsed = new Map<string | undefined, number>();
  const times = Float64Array.from(events, (e) => {
    const t = eventTimestamp(e);
    let ms = parsed.get(t);
    if (ms === undefined) parsed.set(t, (ms = timeOf(t)));
    return ms;
  });
  const cutoff = events.length <= FEED_LIMIT ? -Infinity : times.slice().sort()[times.length - FEED_LIMIT]!;
  const kept: number[] = [];
  for (let i = 0; i < times.length; i++) if (times[i]! >= cutoff) kept.push(i);
  // A fleet writes thousands of Events at one instant: those at the cutoff are told apart by
  // resourceVersion, read once each too.
  const writes = new Map(kept.map((i) => [i, Number(events[i]!.metadata.resourceVersion)]));
  kept.sort((a, b) => times[a]! - times[b]! || writes.get(a)! - writes.get(b)!);
  return kept.slice(-FEED_LIMIT).map((i) => events[i]!);
}

/**
 * `newestEvents` of every Event in the store's Event `tables`, rebuilding only those it keeps: a
 * rewound hour holds hundreds of thousands, packed (`EventTable.forEachWrite` gives a packed
 * one's time and resourceVersion without rebuilding it). The same Events in the same order: the
 * `FEED_LIMIT` last by time, then resourceVersion.
 */
export function newestStoredEvents(tables: ReadonlyMap<string, ReadonlyMap<string, ApiObject>>): KubeEvent[] {
  const held: KubeEvent[] = [];
  const tableOf: ReadonlyMap<string, ApiObject>[] = [];
  const names: string[] = [];
  const times: number[] = [];
  const writes: number[] = [];
  tables.forEach((table) => {
    if (!(table instanceof EventTable)) return table.forEach((e) => held.push(e as KubeEvent));
    table.forEachWrite((name, whole, ms, rv) => {
      if (whole !== undefined) return held.push(whole as KubeEvent);
      tableOf.push(table);
      names.push(name);
      times.push(ms);
      writes.push(rv);
    });
  });
  // The packed ones' newest `FEED_LIMIT` (or all), rebuilt, then picked from with those held whole.
  const order = names.map((_, i) => i);
  if (order.length > FEED_LIMIT) order.sort((a, b) => times[a]! - times[b]! || writes[a]! - writes[b]!);
  for (const i of order.slice(-FEED_LIMIT)) held.push(tableOf[i]!.get(names[i]!) as KubeEvent);
  return newestEvents(held);
}

/**
 * A whole state for the page: every object of `store` but Events, then its newest `FEED_LIMIT`
 * Events (`newestStoredEvents`: only those are rebuilt from the packed rows). A fleet holds
 * 60,000 Events or more, and rebuilding every one to keep 300 was most of a reset's cost on the
 * worker (5,000 nodes: 133 -> 33 ms).
 */
export function pageObjects(store: Pick<Store, 'all' | 'tables'>): ApiObject[] {
  const out = [...store.all('Event')];
  for (const e of newestStoredEvents(store.tables('Event'))) out.push(e);
  return out;
}

const eventKey = (namespace: string | undefined, name: string): string => `${namespace ?? ''}/${name}`;

/**
 * `entries` with their Event writes cut to the page's window (see the file comment); an entry
 * with nothing to cut is passed on as it is. With `additions` (each entry's, `readAdded`), an
 * entry's `added` is not read: it is made from its reader, and only the Events kept are made
 * (a fleet's pass adds tens of thousands, kept as rows until read).
 */
export function windowEvents<E extends { readonly diff: PageDiff }>(entries: readonly E[], additions?: readonly AddedReader[]): E[] {
  const readers = additions ?? entries.map((e) => readAdded(e.diff));
  // Walking back from the newest write: the first FEED_LIMIT distinct Events found are kept, each
  // at its last write (an update's object, or an addition's position).
  const keptUpdates = new Set<ApiObject>();
  const keptAdded = entries.map(() => new Set<number>());
  const seen = new Set<string>();
  const first = (key: string): boolean => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  for (let i = entries.length - 1; i >= 0 && seen.size < FEED_LIMIT; i--) {
    const updated = entries[i]!.diff.updated;
    for (let j = updated.length - 1; j >= 0 && seen.size < FEED_LIMIT; j--) {
      const o = updated[j]![1];
      if (o.kind === 'Event' && first(eventKey(o.metadata.namespace, o.metadata.name))) keptUpdates.add(o);
    }
    const added = readers[i]!;
    for (let j = added.length - 1; j >= 0 && seen.size < FEED_LIMIT; j--) {
      if (added.kind(j) === 'Event' && first(eventKey(added.namespace(j), added.name(j)))) keptAdded[i]!.add(j);
    }
  }
  return entries.map((e, i) => {
    const { updated, removed } = e.diff;
    const added = readers[i]!;
    const keep = keptAdded[i]!;
    const kept: ApiObject[] = [];
    for (let j = 0; j < added.length; j++) if (added.kind(j) !== 'Event' || keep.has(j)) kept.push(added.at(j));
    const cutUpdate = ([, o]: PageDiff['updated'][number]): boolean => o.kind !== 'Event' || keptUpdates.has(o);
    const allUpdates = updated.every(cutUpdate);
    if (additions === undefined && kept.length === added.length && allUpdates) return e;
    return { ...e, diff: { added: kept, updated: allUpdates ? updated : updated.filter(cutUpdate), removed } };
  });
}
