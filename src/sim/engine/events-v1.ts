/**
 * The events.k8s.io/v1 recorder: client-go's newer events library (`tools/events`,
 * `recorderImpl.Eventf` and `eventBroadcasterImpl`), which kube-scheduler writes its events with.
 * It behaves unlike the core/v1 recorder of events.ts:
 *
 * - The Event carries `eventTime` (a MicroTime), `action`, `reportingComponent` and
 *   `reportingInstance` (`<component>-<hostname>`), optionally `related`; seen through core/v1 it
 *   has `firstTimestamp`/`lastTimestamp` null, no `count` and an empty `source`.
 * - No aggregation of similar messages and no spam filter.
 * - Isomorphic events (`getKey`: same type, action, reason, reporting controller and instance,
 *   regarding reference, resourceVersion included, and related reference; NOT the note) form a
 *   series (`recordToSink`): the second occurrence patches `series: {count: 2, lastObservedTime}`
 *   onto the first Event, whose note stays; later occurrences only bump the cached series.
 * - Every 30 minutes (`refreshExistingEventSeries`) each cached series is written again; every 6
 *   minutes (`finishSeries`) a series last observed more than 6 minutes earlier is written a
 *   last time and dropped from the cache, as is a singleton whose eventTime is that old; the next
 *   occurrence then starts a new Event. Both loops tick from the recorder's start
 *   (`wait.UntilWithContext`).
 * - A series write is a patch; when the Event is gone (its TTL ran out) it is created again
 *   under the same name (`recordEvent`). A patch that changes nothing is no write at all (the
 *   API server skips no-op updates), so it does not renew the TTL.
 * - A create is refused in a namespace that is missing or terminating (NamespaceLifecycle).
 *
 * The recorder has no timers: the loops' ticks are applied lazily, in time order and interleaved
 * with the TTL sweep, whenever an event is recorded and at `expire` (the engine's sweep point),
 * so a write made by a tick lands at the next of those calls, stamped with the tick's time.
 * Events expire an hour after their last write (event-ttl.ts): the time of a create is the
 * Event's creationTimestamp, the times of later writes are kept here.
 */
import type { ApiObject, KubeEvent, ObjectReference } from '../api/types.js';
import type { Store } from '../store/store.js';
import { CopyOnWrite } from './copy-on-write.js';
import { EventExpiry, type ExpiryState } from './event-ttl.js';
import { referenceOf, type EventRecorder } from './events.js';
import { parseTime, rfc3339 } from './time.js';
import { memo } from '../memo.js';
import { flat } from '../intern.js';
import { CachedColumns, seriesKey, type Cached } from './events-v1-cache.js';

/** `refreshTime` and `finishTime` of tools/events. */
export const SERIES_REFRESH_MS = 30 * 60_000;
export const SERIES_FINISH_MS = 6 * 60_000;

/**
 * The host name the control plane's components run on (made up: the playground has no
 * control-plane node). The scheduler reports as `default-scheduler-control-plane`.
 */
export const CONTROL_PLANE_HOST = 'control-plane';

/**
 * The recorder's state, for the cluster's snapshots. The cache is kept as columns
 * (events-v1-cache.ts); the write times are shared copy-on-write with the live recorder
 * (copy-on-write.ts), which copies them before it next writes to them.
 */
export interface EventsV1State {
  /** The cache (isomorphic key -> cached event), in insertion order. */
  readonly cache: CachedColumns;
  /**
   * Event name (unique cluster-wide: see `EventRecorder.allocateName`) -> when it was last written
   * (ms), for the Events written again since they were created (a series). Any other Event was
   * last written when it was created, which its creationTimestamp says: most Events are never
   * written twice, and keeping all of them here cost every checkpoint a map of every such Event
   * of the hour.
   */
  readonly written: ReadonlyMap<string, number>;
  readonly nextRefresh: number;
  readonly nextFinish: number;
  /** The TTL queue of the Events this recorder wrote (shared with the live queue: event-ttl.ts). */
  readonly expiry: ExpiryState;
}

/** What became of one `record` call. */
export type V1Outcome = 'created' | 'series' | 'counted' | 'dropped';

/**
 * `metav1.MicroTime` as JSON: RFC3339 with six fractional digits. Memoised: every event of an
 * instant carries the same one, and formatting a Date is slow.
 */
export const microTime = memo((ms: number): string => {
  const whole = Math.floor(ms);
  const micros = Math.round((ms - whole) * 1000);
  const iso = new Date(whole).toISOString(); // 2026-01-01T00:00:00.123Z
  return `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
});

/** The empty `source` every such Event shows through core/v1: one object for all (never mutated). */
const NO_SOURCE = {};

/**
 * A new Event as `Eventf` makes it, `related` (after `involvedObject`) only when given: one
 * literal of fixed keys for each case, where a conditional spread in the middle of one made
 * an empty object per Event and defined every key after it one by one.
 */
function newEvent(
  metadata: KubeEvent['metadata'],
  involvedObject: ObjectReference,
  related: ObjectReference | undefined,
  type: 'Normal' | 'Warning',
  reason: string,
  action: string,
  message: string,
  eventTime: string,
  reportingComponent: string,
  reportingInstance: string,
): KubeEvent {
  const kind = 'Event';
  const source = NO_SOURCE;
  if (related === undefined) {
    return { apiVersion: 'v1', kind, metadata, involvedObject, reason, message, type, source, firstTimestamp: null, lastTimestamp: null, eventTime, action, reportingComponent, reportingInstance };
  }
  return { apiVersion: 'v1', kind, metadata, involvedObject, related, reason, message, type, source, firstTimestamp: null, lastTimestamp: null, eventTime, action, reportingComponent, reportingInstance };
}

export class EventsV1Recorder {
  /**
   * The cache, or undefined after a restore until it is first used (`entries`): made from the
   * snapshot's columns then, so that a rewind does not pay for deriving 5,000 keys a command may
   * never read.
   */
  private cache: Map<string, Cached> | undefined = new Map();
  /** The cache as the last snapshot or restore gave it, while it has not changed since (set whenever `cache` is not). */
  private columns: CachedColumns | undefined;
  private written = new Map<string, number>();
  /** Whether a snapshot shares `written` (taken or restored). */
  private readonly cow = new CopyOnWrite();
  private nextRefresh: number;
  private nextFinish: number;
  private readonly expiry: EventExpiry;
  private lastInstance: [string, string, string] = ['', '', ''];

  constructor(
    private readonly store: Store,
    /** Names and uids come from the core/v1 recorder's sequence. */
    private readonly names: EventRecorder,
    /** When the broadcaster started (its loops tick from here). */
    start: number,
    ttlSeconds = 3600,
  ) {
    this.nextRefresh = start + SERIES_REFRESH_MS;
    this.nextFinish = start + SERIES_FINISH_MS;
    this.expiry = new EventExpiry(
      ttlSeconds * 1000,
      (ev) => this.written.get(ev.metadata.name) ?? parseTime(ev.metadata.creationTimestamp),
      (ev) => !!ev.eventTime,
    );
  }

  snapshot(): EventsV1State {
    this.cow.shareAll();
    return {
      cache: (this.columns ??= new CachedColumns(this.cache!)),
      written: this.written,
      nextRefresh: this.nextRefresh,
      nextFinish: this.nextFinish,
      expiry: this.expiry.snapshot(),
    };
  }

  restore(state: EventsV1State): void {
    this.cow.shareAll();
    this.cache = undefined;
    this.columns = state.cache;
    this.written = state.written as Map<string, number>;
    this.nextRefresh = state.nextRefresh;
    this.nextFinish = state.nextFinish;
    this.expiry.restore(state.expiry);
  }

  /** Runs the series loops' ticks due by `now` and removes the Events whose TTL ran out. */
  expire(now: number): void {
    for (;;) {
      const t = Math.min(this.nextRefresh, this.nextFinish);
      if (t > now) break;
      this.sweep(t);
      if (this.nextRefresh === t) {
        this.refresh(t);
        this.nextRefresh += SERIES_REFRESH_MS;
      }
      if (this.nextFinish === t) {
        this.finish(t);
        this.nextFinish += SERIES_FINISH_MS;
      }
    }
    this.sweep(now);
  }

  /**
   * `Eventf(regarding, related, type, reason, action, note)` from `component` running on `host`;
   * says whether an Event was created, got its series, had only the cached series counted, or
   * the write was refused.
   */
  record(
    now: number,
    regarding: ApiObject,
    related: ApiObject | undefined,
    type: 'Normal' | 'Warning',
    reason: string,
    action: string,
    note: string,
    component: string,
    host = CONTROL_PLANE_HOST,
  ): V1Outcome {
    this.expire(now);
    const reportingInstance = this.instanceOf(component, host);
    const involvedObject = referenceOf(regarding);
    const relatedRef = related ? referenceOf(related) : undefined;
    const key = seriesKey(type, action, reason, component, reportingInstance, involvedObject, relatedRef);
    const cache = this.entries();
    this.columns = undefined;
    const cached = cache.get(key);
    if (cached) {
      if (cached.series) {
        cached.series.count++;
        cached.series.lastObserved = now;
        return 'counted';
      }
      cached.series = { count: 2, lastObserved: now };
      return this.write(cached, now) ? 'series' : 'dropped';
    }
    const namespace = regarding.metadata.namespace || 'default';
    const name = this.names.allocateName(now, regarding.metadata.name);
    // Created at once when it may be (what `write` of a first occurrence does), without an
    // unwritten Event to copy: most cached Events are never written again.
    const metadata = this.store.get('Event', namespace, name) ? undefined : this.createdMetadata(name, namespace, now);
    const event = newEvent(
      metadata ?? { name, namespace, uid: '', resourceVersion: '', creationTimestamp: '' },
      involvedObject,
      relatedRef,
      type,
      reason,
      action,
      flat(note),
      microTime(now),
      component,
      reportingInstance,
    );
    cache.set(key, { event, at: now });
    if (!metadata) return 'dropped';
    this.put(event, now, true);
    return 'created';
  }

  /** `recordEvent`: patch the series onto the stored Event, else create it; whether it is stored. */
  private write(entry: Cached, at: number): boolean {
    const { name, namespace = '' } = entry.event.metadata;
    const series = entry.series ? { count: entry.series.count, lastObservedTime: microTime(entry.series.lastObserved) } : undefined;
    const existing = this.store.get('Event', namespace, name);
    if (series && existing) {
      if (existing.series && existing.series.count === series.count && existing.series.lastObservedTime === series.lastObservedTime) return true;
      this.put({ ...existing, series, metadata: { ...existing.metadata, resourceVersion: this.store.nextResourceVersion() } }, at);
      return true;
    }
    // A create (first occurrence, or a series whose Event has expired); an existing name is
    // AlreadyExists, which upstream retries later and this model gives up on.
    if (existing) return false;
    const metadata = this.createdMetadata(name, namespace, at);
    if (!metadata) return false;
    const created: KubeEvent = { ...entry.event, ...(series ? { series } : {}), metadata };
    this.put(created, at, true);
    if (!series) entry.event = created;
    return true;
  }

  /**
   * The metadata of an Event (whose name is not taken) created at `at`, drawing its uid and
   * resourceVersion; none when the namespace is gone or terminating (NamespaceLifecycle admission
   * refuses the create).
   */
  private createdMetadata(name: string, namespace: string, at: number): KubeEvent['metadata'] | undefined {
    const ns = this.store.get('Namespace', '', namespace);
    if (!ns || ns.metadata.deletionTimestamp) return undefined;
    return { name, namespace, uid: this.names.allocateUid(), resourceVersion: this.store.nextResourceVersion(), creationTimestamp: rfc3339(at) };
  }

  /** `<component>-<hostname>`, the last one remembered (one component writes nearly all). */
  private instanceOf(component: string, host: string): string {
    if (component !== this.lastInstance[0] || host !== this.lastInstance[1]) this.lastInstance = [component, host, `${component}-${host}`];
    return this.lastInstance[2];
  }

  /** Stores `ev`, written at `at`; `created`: a create, so its creationTimestamp says when. */
  private put(ev: KubeEvent, at: number, created = false): void {
    // etcd lease TTLs count in whole seconds, as the core/v1 Events' lastTimestamp does (and
    // as creationTimestamp, `rfc3339(at)`, says).
    const second = Math.floor(at / 1000) * 1000;
    if (!created) this.writable().set(ev.metadata.name, second);
    else this.forget(ev.metadata.name);
    this.store.put(ev);
    this.expiry.note(ev, second);
  }

  /** `refreshExistingEventSeries`. */
  private refresh(t: number): void {
    for (const entry of this.entries().values()) if (entry.series) this.write(entry, t);
  }

  /**
   * `finishSeries`. The cache holds every Event the scheduler wrote in the last six minutes and
   * more (thousands on a big fleet), so it is walked by `forEach`, which, unlike iterating its
   * entries, makes no `[key, entry]` pair per entry (deleting the entry visited is allowed).
   */
  private finish(t: number): void {
    const cutoff = t - SERIES_FINISH_MS;
    const cache = this.entries();
    const size = cache.size;
    cache.forEach((entry, key) => {
      if (entry.series) {
        if (entry.series.lastObserved < cutoff) {
          this.write(entry, t);
          cache.delete(key);
        }
      } else if (entry.at < cutoff) {
        cache.delete(key);
      }
    });
    if (cache.size !== size) this.columns = undefined;
  }

  private sweep(now: number): void {
    this.expiry.sweep(now, this.store, (_namespace, name) => this.forget(name));
  }

  /** The cache, made from the columns a restore gave if it was not yet. */
  private entries(): Map<string, Cached> {
    return (this.cache ??= this.columns!.toMap());
  }

  /** Drops the write time kept for `name`, if any (copying `written` only then). */
  private forget(name: string): void {
    if (this.written.has(name)) this.writable().delete(name);
  }

  /** `written`, copied first if a snapshot shares it. */
  private writable(): Map<string, number> {
    return this.cow.own(this.written, (m) => new Map(m), (c) => (this.written = c));
  }
}
