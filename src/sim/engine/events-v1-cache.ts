/**
 * The events.k8s.io/v1 recorder's event cache (client-go tools/events, `eventBroadcasterImpl`'s
 * `eventCache`): the isomorphic key of each recent event (`getKey`), its Event and its series;
 * and the form a snapshot keeps it in (`CachedColumns`).
 *
 * A snapshot keeps the cache as columns in insertion order (each entry's Event, its eventTime
 * and its series), not as a Map: the scheduler of a 5,000-node rollout writes 5,000 Events that
 * the cache keeps for six minutes and more, so most checkpoints of a rollout held a whole Map of
 * its own (its table, 5,000 key strings and entries: 1.0 MB). The keys are not kept either: each
 * is derived again from its entry's Event (`keyOf`), whose type, action, reason, reporter and
 * references are the very values the key was built from. The columns cost about 16 bytes an
 * entry; the Events are the store's.
 */
import type { KubeEvent, ObjectReference } from '../api/types.js';

/**
 * One cached event (`eventCache` entry): the Event as first created (once stored, the stored
 * object itself, so the cache holds no second copy), and its series.
 */
export interface Cached {
  event: KubeEvent;
  /** The eventTime, in ms. */
  readonly at: number;
  series?: { count: number; lastObserved: number };
}

/**
 * `getKey`'s parts that name what happened and who reported it (type, action, reason,
 * reporting controller and instance), as a short stand-in: a number in base 36 per distinct
 * five, the same for the whole process (so the keys of any snapshot stay valid in any recorder).
 * A cached key is kept for as long as its event stays in the cache (six minutes and more), one
 * per Event the scheduler writes; those five spelt out were 80 of its 120 characters. The fives
 * come from the components' code (reasons, actions, controller names), so the table stays small.
 */
const reporterIds = new Map<string, string>();
/** The five asked about last, and their id: a component writes its events in runs of one kind. */
let lastReporter: readonly string[] = [];
let lastReporterId = '';

function reporterId(type: string, action: string, reason: string, component: string, instance: string): string {
  const l = lastReporter;
  if (l[0] === type && l[1] === action && l[2] === reason && l[3] === component && l[4] === instance) return lastReporterId;
  const joined = [type, action, reason, component, instance].join('\u0000');
  let id = reporterIds.get(joined);
  if (id === undefined) reporterIds.set(joined, (id = reporterIds.size.toString(36)));
  lastReporter = [type, action, reason, component, instance];
  return (lastReporterId = id);
}

/**
 * The isomorphic key (`getKey`): the reporter's id, then the parts that tell references apart.
 * The uid names one object (kind, namespace, name and apiVersion with it), so those are left out.
 * No part holds a NUL, so a key with a related reference (seven NULs) is never one without (three).
 * Built flat in one join: it is kept for minutes.
 */
export function seriesKey(
  type: string,
  action: string,
  reason: string,
  component: string,
  instance: string,
  regarding: ObjectReference,
  related: ObjectReference | undefined,
): string {
  const reporter = reporterId(type, action, reason, component, instance);
  const { uid = '', resourceVersion = '', fieldPath = '' } = regarding;
  if (!related) return [reporter, uid, resourceVersion, fieldPath].join('\u0000');
  return [reporter, uid, resourceVersion, fieldPath, related.uid ?? '', related.resourceVersion ?? '', related.fieldPath ?? '', ''].join('\u0000');
}

/** The key of the cache entry whose Event is `ev` (the recorder sets every field the key reads). */
function keyOf(ev: KubeEvent): string {
  return seriesKey(ev.type, ev.action!, ev.reason, ev.reportingComponent!, ev.reportingInstance!, ev.involvedObject, ev.related);
}

/**
 * The cache as a snapshot keeps it: columns in insertion order, shared by no live recorder (a
 * restore makes entries of its own from them), so the live cache changes its entries in place.
 * `size`, `keys`, `values` and `get` read it as the Map it stands for (made on the first read).
 */
export class CachedColumns {
  /** Each entry's Event. */
  readonly events: readonly KubeEvent[];
  /** Each entry's eventTime (ms). */
  readonly ats: Float64Array;
  /** The entries with a series, by threes: index, count, last observation (ms). */
  readonly series: readonly number[];
  /** The Map read through `get`, `keys` and `values` (made when first read). */
  #read: Map<string, Cached> | undefined;

  constructor(cache: ReadonlyMap<string, Cached>) {
    const events: KubeEvent[] = new Array<KubeEvent>(cache.size);
    const ats = new Float64Array(cache.size);
    const series: number[] = [];
    let i = 0;
    cache.forEach((c) => {
      events[i] = c.event;
      ats[i] = c.at;
      if (c.series) series.push(i, c.series.count, c.series.lastObserved);
      i++;
    });
    this.events = events;
    this.ats = ats;
    this.series = series;
  }

  /** The cache these columns stand for, with entries of its own. */
  toMap(): Map<string, Cached> {
    const { events, ats, series } = this;
    const cached: Cached[] = new Array<Cached>(events.length);
    for (let i = 0; i < events.length; i++) cached[i] = { event: events[i]!, at: ats[i]! };
    for (let s = 0; s < series.length; s += 3)
      cached[series[s]!]!.series = {
        count: series[s + 1]!,
        lastObserved: series[s + 2]!,
      };
    const map = new Map<string, Cached>();
    for (const c of cached) map.set(keyOf(c.event), c);
    return map;
  }

  get size(): number {
    return this.events.length;
  }

  get(key: string): Cached | undefined {
    return this.read().get(key);
  }

  keys(): IterableIterator<string> {
    return this.read().keys();
  }

  values(): IterableIterator<Cached> {
    return this.read().values();
  }

  private read(): Map<string, Cached> {
    return (this.#read ??= this.toMap());
  }
}
