/**
 * The event recorder: client-go `record.EventRecorder` and its `EventCorrelator`, which decides
 * what becomes of each event before it is written as a core/v1 Event:
 *
 * 1. `EventAggregator` (EventAggregatorByReasonFunc): events from one source about one object
 *    with the same type and reason but different messages are counted per 10-minute window;
 *    from the 10th distinct message on they are folded into one event whose message is
 *    `(combined from similar events): <latest message>`.
 * 2. `eventLogger.eventObserve`: an event identical to one already written (same key) bumps that
 *    Event's `count` and `lastTimestamp` instead of creating another.
 * 3. `EventSourceObjectSpamFilter`: each source+object pair has a token bucket (burst 25,
 *    refilled one token every 5 minutes); an event that finds it empty is dropped.
 *
 * Events expire an hour after their last write (event-ttl.ts).
 *
 * The scheduler writes through the other events API instead (events-v1.ts).
 *
 * Like upstream, each of the three caches keeps at most 4096 entries (`maxLruCacheEntries`),
 * dropping the least recently used; `snapshot()` gives them as plain data (`RecorderState`) for
 * the cluster's snapshots.
 */
import type { ApiObject, KubeEvent, ObjectReference } from '../api/types.js';
import type { Store } from '../store/store.js';
import { EventExpiry } from './event-ttl.js';
import { Lru } from './lru.js';
import { memo } from '../memo.js';
import { newRngState, quickUid } from './rng.js';
import { rfc3339 } from './time.js';

export interface EventSource {
  readonly component: string;
  readonly host?: string;
}

/** `defaultAggregateMaxEvents`: distinct messages before similar events are combined. */
const AGGREGATE_MAX_EVENTS = 10;
/** `defaultAggregateIntervalInSeconds`: the window in which similar events count together. */
const AGGREGATE_INTERVAL_MS = 600_000;
/** `defaultSpamBurst` and `defaultSpamQPS` (one token per 300 s). */
const SPAM_BURST = 25;
const SPAM_REFILL_MS = 300_000;
/** `maxLruCacheEntries`. */
const LRU_SIZE = 4096;

/** The clock in hex for Event names: one instant names thousands of Events, and hexing a double is slow. */
const hexMillis = memo((ms: number): string => Math.floor(ms).toString(16));

/** The correlator's caches as plain data (entries least recently used first), for snapshots. */
export interface RecorderState {
  /** Event key (or aggregate key) -> name of the Event written for it. */
  readonly observed: [string, string][];
  /** Aggregate key -> the distinct messages seen in the current window and when the last came. */
  readonly aggregates: [string, { messages: string[]; last: number }][];
  /** Spam key -> tokens left and when the bucket was last refilled. */
  readonly buckets: [string, { tokens: number; at: number }][];
  readonly seq: number;
}

/** `reference.GetReference` of an object: what an Event names as its subject. */
export function referenceOf(obj: ApiObject): ObjectReference {
  return {
    kind: obj.kind,
    ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}),
    name: obj.metadata.name,
    uid: obj.metadata.uid,
    apiVersion: obj.apiVersion,
    resourceVersion: obj.metadata.resourceVersion,
  };
}

export class EventRecorder {
  private observed = new Lru<string>(LRU_SIZE);
  private aggregates = new Lru<{ messages: string[]; last: number }>(LRU_SIZE);
  private buckets = new Lru<{ tokens: number; at: number }>(LRU_SIZE);
  private seq = 0;

  private readonly expiry: EventExpiry;

  /** `ttlSeconds`: kube-apiserver `--event-ttl`. */
  constructor(
    private readonly store: Store,
    ttlSeconds = 3600,
  ) {
    // Events written through events.k8s.io/v1 (eventTime set) expire by their own recorder.
    this.expiry = new EventExpiry(ttlSeconds * 1000, undefined, (ev) => !ev.eventTime);
  }

  /**
   * A fresh Event name and uid. Upstream names events `<object>.<UnixNano in hex>`; a
   * millisecond clock plus a sequence number gives the same shape and stays unique within one
   * instant. The events.k8s.io/v1 recorder draws from the same sequence, so names never clash.
   */
  allocate(now: number, objectName: string): { name: string; uid: string } {
    const seq = this.seq++;
    // The uid is a UUID like any object's, drawn from a generator seeded by the sequence number
    // (the cluster's RNG is left alone, so pod names do not depend on how many events were written).
    return { name: `${objectName}.${hexMillis(now)}${(seq % 0x100000).toString(16).padStart(5, '0')}`, uid: quickUid(newRngState(seq + 1)) };
  }

  /**
   * A component restarted (a kubelet after `sim node recover`): its correlator starts with empty
   * caches, as a new process does, so its next events are new Events rather than repeats.
   */
  restartSource(source: EventSource): void {
    const prefix = `${source.component}\u0000${source.host ?? ''}\u0000`;
    for (const cache of [this.observed, this.aggregates, this.buckets] as Lru<unknown>[]) cache.deleteWhere((key) => key.startsWith(prefix));
  }

  /** Removes the Events whose TTL ran out by `now`. */
  expire(now: number): void {
    this.expiry.sweep(now, this.store);
  }

  snapshot(): RecorderState {
    return structuredClone({ observed: this.observed.list(), aggregates: this.aggregates.list(), buckets: this.buckets.list(), seq: this.seq });
  }

  restore(state: RecorderState): void {
    const s = structuredClone(state);
    this.observed = Lru.from(LRU_SIZE, s.observed);
    this.aggregates = Lru.from(LRU_SIZE, s.aggregates);
    this.buckets = Lru.from(LRU_SIZE, s.buckets);
    this.seq = s.seq;
    this.expiry.rebuild(this.store);
  }

  /** Records an event; returns the Event written or updated, or undefined when it was dropped. */
  record(now: number, obj: ApiObject, type: 'Normal' | 'Warning', reason: string, message: string, source: EventSource): KubeEvent | undefined {
    // Upstream keys on source, host and the object's kind, namespace, name, uid and apiVersion;
    // the uid alone already names one object, and a short key hashes faster.
    const objectKey = `${source.component}\u0000${source.host ?? ''}\u0000${obj.metadata.uid}`;
    const aggregateKey = `${objectKey}\u0000${type}\u0000${reason}`;
    let key = `${aggregateKey}\u0000${message}`;

    // EventAggregate
    let agg = this.aggregates.get(aggregateKey);
    if (!agg || now - agg.last > AGGREGATE_INTERVAL_MS) this.aggregates.set(aggregateKey, (agg = { messages: [], last: now }));
    if (!agg.messages.includes(message)) agg.messages.push(message);
    agg.last = now;
    let text = message;
    if (agg.messages.length >= AGGREGATE_MAX_EVENTS) {
      agg.messages.shift();
      key = aggregateKey;
      text = `(combined from similar events): ${message}`;
    }

    // Filter (the spam filter sees every event, repeats included)
    let bucket = this.buckets.get(objectKey);
    if (!bucket) this.buckets.set(objectKey, (bucket = { tokens: SPAM_BURST, at: now }));
    const refills = Math.floor((now - bucket.at) / SPAM_REFILL_MS);
    if (refills > 0) {
      bucket.tokens = Math.min(SPAM_BURST, bucket.tokens + refills);
      bucket.at += refills * SPAM_REFILL_MS;
    }
    if (bucket.tokens < 1) return undefined;
    bucket.tokens -= 1;

    // eventObserve. The sink's create is refused in a namespace that is gone or being deleted
    // (NamespaceLifecycle admission), and the event is dropped.
    const namespace = obj.metadata.namespace || 'default';
    const ns = this.store.get('Namespace', '', namespace);
    if (!ns || ns.metadata.deletionTimestamp) return undefined;
    const existingName = this.observed.get(key);
    const existing = existingName ? this.store.get('Event', namespace, existingName) : undefined;
    const ts = rfc3339(now);
    let ev: KubeEvent;
    if (existing) {
      ev = {
        ...existing,
        message: text,
        count: (existing.count ?? 0) + 1,
        lastTimestamp: ts,
        metadata: { ...existing.metadata, resourceVersion: this.store.nextResourceVersion() },
      };
    } else {
      const { name, uid } = this.allocate(now, obj.metadata.name);
      ev = {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace, uid, resourceVersion: this.store.nextResourceVersion(), creationTimestamp: ts },
        involvedObject: referenceOf(obj),
        reason,
        message: text,
        type,
        source: source.host ? { component: source.component, host: source.host } : { component: source.component },
        firstTimestamp: ts,
        lastTimestamp: ts,
        count: 1,
        // client-go's recorder sets the reporting fields from the source (component, host).
        eventTime: null,
        reportingComponent: source.component,
        reportingInstance: source.host ?? '',
      };
      this.observed.set(key, name);
    }
    this.store.put(ev);
    this.expiry.note(ev);
    return ev;
  }
}
