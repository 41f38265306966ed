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
import { EventExpiry, type ExpiryState } from './event-ttl.js';
import { Lru, LruIndex, type LruParts } from './lru.js';
import { memo } from '../memo.js';
import { Interner } from '../intern.js';
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
  /** Event key (or aggregate key) parts -> name of the Event written for it. */
  readonly observed: LruParts<string>;
  /** Aggregate key parts -> the distinct messages seen in the current window and when the last came. */
  readonly aggregates: LruParts<Aggregate>;
  /** Spam key parts -> tokens left and when the bucket was last refilled. */
  readonly buckets: LruParts<Bucket>;
  readonly seq: number;
  /** The TTL queue of the Events this recorder wrote (shared with the live queue: event-ttl.ts). */
  readonly expiry: ExpiryState;
}

/** What the aggregator keeps per source, object, type and reason (mutated as events come). */
interface Aggregate {
  messages: string[];
  last: number;
}

/** The spam filter's token bucket per source and object (mutated as events come). */
interface Bucket {
  tokens: number;
  at: number;
}

const same = (name: string): string => name;
const copyAggregate = (a: Aggregate): Aggregate => ({ messages: [...a.messages], last: a.last });
const copyBucket = (b: Bucket): Bucket => ({ tokens: b.tokens, at: b.at });

/** The last object `referenceOf` was asked about, and its reference. */
let lastReferenced: ApiObject | undefined;
let lastReference: ObjectReference | undefined;

/** `obj`'s reference, with `fieldPath` when given; key for key what a spread of the plain one adds it to. */
function buildReference(obj: ApiObject, fieldPath?: string): ObjectReference {
  const { kind, apiVersion } = obj;
  const { namespace, name, uid, resourceVersion } = obj.metadata;
  // Literals of fixed keys: a spread that gains fieldPath would give each its own V8 hidden class.
  if (namespace) {
    return fieldPath === undefined
      ? { kind, namespace, name, uid, apiVersion, resourceVersion }
      : { kind, namespace, name, uid, apiVersion, resourceVersion, fieldPath };
  }
  return fieldPath === undefined ? { kind, name, uid, apiVersion, resourceVersion } : { kind, name, uid, apiVersion, resourceVersion, fieldPath };
}

/**
 * `reference.GetReference` of an object: what an Event names as its subject. Components write
 * several Events about one version of an object in a row (Created, then Started), and those
 * share one reference object (objects are never mutated).
 */
export function referenceOf(obj: ApiObject): ObjectReference {
  if (obj === lastReferenced) return lastReference!;
  lastReferenced = obj;
  return (lastReference = buildReference(obj));
}

/**
 * The last reference with a field path built for each object version: the kubelet's events
 * about one container of one pod version (Pulled, Created, Started) share it, even when the
 * kubelet wrote other pods' events between them.
 */
const fieldReferences = new WeakMap<ApiObject, ObjectReference>();

/** `GenerateContainerRef`-style reference: `obj`'s reference naming the part at `fieldPath`. */
function fieldReferenceOf(obj: ApiObject, fieldPath: string): ObjectReference {
  let ref = fieldReferences.get(obj);
  if (ref?.fieldPath !== fieldPath) fieldReferences.set(obj, (ref = buildReference(obj, fieldPath)));
  return ref;
}

export class EventRecorder {
  // Keyed by source, uid, type and reason, message; the uid (part 1) is the hashed part, in one
  // index the three share (an event looks up all three for one uid).
  private byUid = new LruIndex();
  private observed = new Lru<string>(LRU_SIZE, 1, this.byUid);
  private aggregates = new Lru<Aggregate>(LRU_SIZE, 1, this.byUid);
  private buckets = new Lru<Bucket>(LRU_SIZE, 1, this.byUid);
  private seq = 0;
  /**
   * Per component and host: the one stored `source` every Event of it shares, and the first
   * part of its correlator keys (`<component>NUL<host>`), built once.
   */
  private readonly sources = new Map<string, Map<string, { readonly stored: EventSource; readonly key: string }>>();
  /** `<type>NUL<reason>` key parts, built once per pair. */
  private readonly typeReasons = new Map<string, Map<string, string>>();
  /** Messages repeat across the pods of a template: one flat copy serves them all. */
  private readonly messages = new Interner();

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
    // Built flat (join): the name is kept for the Event's hour, and a rope would cost 32 bytes more per piece.
    const name = [objectName, '.', hexMillis(now), (seq % 0x100000).toString(16).padStart(5, '0')].join('');
    return { name, uid: quickUid(newRngState(seq + 1)) };
  }

  /**
   * A component restarted (a kubelet after `sim node recover`): its correlator starts with empty
   * caches, as a new process does, so its next events are new Events rather than repeats.
   */
  restartSource(source: EventSource): void {
    const { key } = this.sourceOf(source);
    for (const cache of [this.observed, this.aggregates, this.buckets] as Lru<unknown>[]) cache.deleteFirst(key);
  }

  /** Removes the Events whose TTL ran out by `now`. */
  expire(now: number): void {
    this.expiry.sweep(now, this.store);
  }

  snapshot(): RecorderState {
    return {
      observed: this.observed.parts(same),
      aggregates: this.aggregates.parts(copyAggregate),
      buckets: this.buckets.parts(copyBucket),
      seq: this.seq,
      expiry: this.expiry.snapshot(),
    };
  }

  restore(state: RecorderState): void {
    this.byUid = new LruIndex();
    this.observed = Lru.fromParts(LRU_SIZE, state.observed, same, 1, this.byUid);
    this.aggregates = Lru.fromParts(LRU_SIZE, state.aggregates, copyAggregate, 1, this.byUid);
    this.buckets = Lru.fromParts(LRU_SIZE, state.buckets, copyBucket, 1, this.byUid);
    this.seq = state.seq;
    this.expiry.restore(state.expiry);
  }

  /** The stored `source` of this component and host (shared, never mutated) and its key part. */
  private sourceOf(source: EventSource): { readonly stored: EventSource; readonly key: string } {
    const host = source.host ?? '';
    let byHost = this.sources.get(source.component);
    if (!byHost) this.sources.set(source.component, (byHost = new Map()));
    let found = byHost.get(host);
    if (!found) {
      const stored = host ? { component: source.component, host } : { component: source.component };
      byHost.set(host, (found = { stored, key: `${source.component}\u0000${host}` }));
    }
    return found;
  }

  private typeReason(type: string, reason: string): string {
    let byReason = this.typeReasons.get(type);
    if (!byReason) this.typeReasons.set(type, (byReason = new Map()));
    let key = byReason.get(reason);
    if (key === undefined) byReason.set(reason, (key = `${type}\u0000${reason}`));
    return key;
  }

  /**
   * Records an event; returns the Event written or updated, or undefined when it was dropped.
   * `fieldPath` names a part of the object (`spec.containers{agent}`: the kubelet's container
   * references); it tells identical events apart (`getEventKey`) but not aggregates or spam.
   */
  record(now: number, obj: ApiObject, type: 'Normal' | 'Warning', reason: string, message: string, source: EventSource, fieldPath?: string): KubeEvent | undefined {
    // Upstream keys on source, host and the object's kind, namespace, name, uid and apiVersion;
    // the uid alone already names one object. The keys are paths of parts (see Lru): source,
    // uid, type and reason, then the field path (when there is one) and message.
    const src = this.sourceOf(source);
    const objectUid = obj.metadata.uid;
    const typeReason = this.typeReason(type, reason);
    const interned = this.messages.intern(message);
    let messageKey: string | undefined = fieldPath ? `${fieldPath}\u0000${interned}` : interned;

    // EventAggregate
    let agg = this.aggregates.get(src.key, objectUid, typeReason);
    if (!agg || now - agg.last > AGGREGATE_INTERVAL_MS) this.aggregates.set((agg = { messages: [], last: now }), src.key, objectUid, typeReason);
    if (!agg.messages.includes(interned)) agg.messages.push(interned);
    agg.last = now;
    let text = interned;
    if (agg.messages.length >= AGGREGATE_MAX_EVENTS) {
      agg.messages.shift();
      messageKey = undefined;
      text = this.messages.intern(`(combined from similar events): ${message}`);
    }

    // Filter (the spam filter sees every event, repeats included)
    let bucket = this.buckets.get(src.key, objectUid);
    if (!bucket) this.buckets.set((bucket = { tokens: SPAM_BURST, at: now }), src.key, objectUid);
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
    const existingName = this.observed.get(src.key, objectUid, typeReason, messageKey);
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
        involvedObject: fieldPath ? fieldReferenceOf(obj, fieldPath) : referenceOf(obj),
        reason,
        message: text,
        type,
        source: src.stored,
        firstTimestamp: ts,
        lastTimestamp: ts,
        count: 1,
        // client-go's recorder sets the reporting fields from the source (component, host).
        eventTime: null,
        reportingComponent: source.component,
        reportingInstance: source.host ?? '',
      };
      this.observed.set(name, src.key, objectUid, typeReason, messageKey);
    }
    this.store.put(ev);
    this.expiry.note(ev);
    return ev;
  }
}
