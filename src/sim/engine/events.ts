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
 * Upstream each process (every kubelet, every controller) has its own caches of at most 4096
 * entries (`maxLruCacheEntries`), dropping the least recently used. Here a kubelet's entries are
 * kept per object, as its own caches would hold them (host-subjects.ts), and the controllers
 * share one set of three LRU caches (docs/architecture.md, "Events").
 * `snapshot()` gives them as plain data (`RecorderState`) for the cluster's snapshots: the
 * caches' keys, the names of the Events written, and the aggregates and token buckets (which the
 * recorder changes in place) as columns of numbers and messages (correlator-values.ts), and the
 * kubelets' subjects, shared until the recorder next changes one; a
 * restore makes records of its own from them, when the recorder first needs its caches (a
 * rewind that replays a quiet stretch records nothing, and restores again or snapshots the same
 * state). A snapshot taken when nothing was recorded since the last
 * one (or the restore) is that one.
 */
import type { ApiObject, KubeEvent, ObjectReference } from '../api/types.js';
import type { Store } from '../store/store.js';
import { EventExpiry, type ExpiryState } from './event-ttl.js';
import { LruIndex } from './lru.js';
import { newAggregate, newBucket } from './correlator-values.js';
import { SourceCaches, type SourceCacheState } from './source-caches.js';
import { EventKeyParts, type EventSource, type SourceParts } from './event-keys.js';
import { aggregateAt, copySubject, newSubject, observe, observedName, type Subject } from './host-subjects.js';
import { eventName, eventUid } from './event-names.js';
import { draft, repeated } from '../store/packed-events.js';
import { rfc3339 } from './time.js';

/** `defaultAggregateMaxEvents`: distinct messages before similar events are combined. */
const AGGREGATE_MAX_EVENTS = 10;
/** `defaultAggregateIntervalInSeconds`: the window in which similar events count together. */
const AGGREGATE_INTERVAL_MS = 600_000;
/** `defaultSpamBurst` and `defaultSpamQPS` (one token per 300 s). */
const SPAM_BURST = 25;
const SPAM_REFILL_MS = 300_000;
/** `EventAggregate`'s message prefix for combined events. */
const COMBINED_PREFIX = '(combined from similar events): ';

/** The correlator's caches as plain data, for snapshots. */
export interface RecorderState {
  /** Each controller's caches, by its source's key part (`<component>NUL<host>`), in the order they first recorded. */
  readonly caches: ReadonlyMap<string, SourceCacheState>;
  /** The kubelets' entries, by the uid of the object they are about (host-subjects.ts), each marked shared. */
  readonly subjects: ReadonlyMap<string, Subject>;
  readonly seq: number;
  /** The TTL queue of the Events this recorder wrote (shared with the live queue: event-ttl.ts). */
  readonly expiry: ExpiryState;
}

/** Whether the last `countMessage` combined its event (it found `AGGREGATE_MAX_EVENTS` distinct messages). */
let combinedLast = false;

/**
 * `messages` (an aggregate's distinct messages, the only one as itself) with `message` counted
 * among them, the oldest dropped when there are `AGGREGATE_MAX_EVENTS`: then the event is
 * combined (`combinedLast`). A list is changed in place.
 */
function countMessage(messages: string | string[], message: string): string | string[] {
  combinedLast = false;
  // Two distinct messages as an exact-length literal (room for the ones to come is made when they come).
  if (typeof messages === 'string') return messages === message ? messages : [messages, message];
  if (!messages.includes(message)) messages.push(message);
  if (messages.length < AGGREGATE_MAX_EVENTS) return messages;
  messages.shift();
  combinedLast = true;
  return messages;
}

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

/** Whether `ref` is what `buildReference(obj, fieldPath)` would give (objects are never mutated). */
function names(ref: ObjectReference, obj: ApiObject, fieldPath: string | undefined): boolean {
  const m = obj.metadata;
  return (
    ref.fieldPath === fieldPath &&
    ref.resourceVersion === m.resourceVersion &&
    ref.uid === m.uid &&
    ref.name === m.name &&
    ref.namespace === (m.namespace || undefined) &&
    ref.kind === obj.kind &&
    ref.apiVersion === obj.apiVersion
  );
}

/**
 * `GenerateContainerRef`-style reference: `obj`'s reference naming the part at `fieldPath`; the
 * one `hints` keeps when it names the very object version and part asked about (`names`).
 */
function fieldReferenceOf(obj: ApiObject, fieldPath: string, hints: SubjectHints, other: SubjectHints | undefined): ObjectReference {
  let ref = hints.fieldReference;
  if (ref === undefined || !names(ref, obj, fieldPath)) {
    const theirs = other?.fieldReference;
    hints.fieldReference = ref = theirs !== undefined && names(theirs, obj, fieldPath) ? theirs : buildReference(obj, fieldPath);
  }
  return ref;
}

/**
 * `referenceOf(obj)`, or the plain reference `hints` keeps when it names the very object version
 * (`names`): components take turns writing about one version of an object (the node lifecycle
 * controller's RegisteredNode, then the kubelet's Starting), with other objects' events between.
 */
function plainReferenceOf(obj: ApiObject, hints: SubjectHints, other: SubjectHints | undefined): ObjectReference {
  if (obj === lastReferenced) return (hints.reference = lastReference!);
  let kept = hints.reference;
  if (kept === undefined || !names(kept, obj, undefined)) {
    const theirs = other?.reference;
    if (theirs === undefined || !names(theirs, obj, undefined)) return (hints.reference = referenceOf(obj));
    hints.reference = kept = theirs;
  }
  lastReferenced = obj;
  return (lastReference = kept);
}

/**
 * What the recorder keeps with each object uid's chain in the correlator caches' shared index
 * (`LruIndex.hints`): the source of the last event about it, and the last references without
 * and with a field path given for it. An object's events mostly come from one component (a
 * pod's from the kubelet of its node), and the source found by its component and host is a
 * look-up in a Map of every node; the kubelet's events about one container of one pod version
 * (Pulled, Created, Started) share a reference, even when it wrote other pods' events between
 * them, and so do a node's first events from the node lifecycle controller and its kubelet. All
 * are checked before use: the uid's chain was found already, so none costs a look-up of its own.
 */
interface SubjectHints {
  source: SourceParts | undefined;
  reference: ObjectReference | undefined;
  fieldReference: ObjectReference | undefined;
}

/** A uid's hints, none yet (made by `new`, as the correlator's records are: correlator-values.ts `AggregateRecord`). */
class NoHints implements SubjectHints {
  declare source: SourceParts | undefined;
  declare reference: ObjectReference | undefined;
  declare fieldReference: ObjectReference | undefined;

  constructor() {
    this.source = undefined;
    this.reference = undefined;
    this.fieldReference = undefined;
  }
}

function newHints(): SubjectHints {
  return new NoHints();
}

export class EventRecorder {
  // Keyed by uid, type and reason, message; the uid (part 0) is the hashed part, in one index
  // every controller's caches share (an event looks up all three for one uid).
  private byUid!: LruIndex<SubjectHints>;
  /** Each controller's caches (source-caches.ts), by its source's key part. */
  private caches!: Map<string, SourceCaches>;
  /** The kubelets' entries by object uid (host-subjects.ts); a subject marked shared is a snapshot's too. */
  private subjects!: Map<string, Subject>;
  private seq = 0;
  /** The caches as the last snapshot or restore gave them, while nothing has been recorded since. */
  private unchanged: RecorderState | undefined;
  /** The state the last restore gave, until the caches above are built from it (`built`). */
  private unbuilt: RecorderState | undefined;
  /** The parts of the correlator's keys, built once (event-keys.ts). */
  private readonly keys = new EventKeyParts();

  private readonly expiry: EventExpiry;

  /** `ttlSeconds`: kube-apiserver `--event-ttl`. */
  constructor(
    private readonly store: Store,
    ttlSeconds = 3600,
  ) {
    this.setCaches(undefined);
    // Events written through events.k8s.io/v1 (eventTime set) expire by their own recorder.
    this.expiry = new EventExpiry(ttlSeconds * 1000, undefined, (ev) => !ev.eventTime);
  }

  /**
   * A fresh Event name, drawing the next number of the sequence. Upstream names events
   * `<object>.<UnixNano in hex>`; a millisecond clock plus a sequence number gives the same
   * shape and stays unique within one instant. The events.k8s.io/v1 recorder draws from the same
   * sequence, so names never clash.
   */
  allocateName(now: number, objectName: string): string {
    return eventName(now, objectName, this.seq++);
  }

  /**
   * A fresh Event uid, drawing the next number of the sequence: a UUID like any object's, from a
   * generator seeded by that number (the cluster's RNG is left alone, so pod names do not depend
   * on how many events were written).
   */
  allocateUid(): string {
    return eventUid(this.seq++);
  }

  /**
   * Components restarted (kubelets after `sim node recover`): the correlator of each starts with
   * empty caches, as a new process does, so its next events are new Events rather than repeats.
   */
  restartSources(sources: readonly EventSource[]): void {
    this.built();
    this.unchanged = undefined;
    const keys = new Set(sources.map((source) => this.keys.source(source).key));
    for (const key of keys) {
      this.caches.get(key)?.clear();
      this.caches.delete(key);
    }
    for (const [uid, subject] of this.subjects) if (keys.has(subject.source.key)) this.subjects.delete(uid);
  }

  /**
   * The object of `uid` was deleted: the kubelets' entries about it go (host-subjects.ts: no
   * kubelet writes about an object once it is gone, so nothing could read them again).
   */
  forget(uid: string): void {
    if (!this.subjectsNow.has(uid)) return;
    this.built();
    this.unchanged = undefined;
    this.subjects.delete(uid);
  }

  /** Removes the Events whose TTL ran out by `now`. */
  expire(now: number): void {
    this.expiry.sweep(now, this.store);
  }

  snapshot(): RecorderState {
    if (this.unchanged === undefined) this.built();
    const caches = this.unchanged ?? { caches: this.cacheStates(), subjects: this.sharedSubjects() };
    const state = { ...caches, seq: this.seq, expiry: this.expiry.snapshot() };
    this.unchanged = state;
    return state;
  }

  /**
   * Takes `state`'s caches as they are: the caches of the moment left go now, and the records of
   * `state`'s are built when first needed (`built`).
   */
  restore(state: RecorderState): void {
    this.setCaches(undefined);
    this.unbuilt = state;
    this.seq = state.seq;
    this.expiry.restore(state.expiry);
    this.unchanged = state;
  }

  /** The kubelets' entries by object uid as they are now (the live Map: read only). */
  get subjectsNow(): ReadonlyMap<string, Subject> {
    return this.unbuilt?.subjects ?? this.subjects;
  }

  /** Each controller's caches as plain data (source-caches.ts: those that recorded nothing since the last snapshot give that one's). */
  private cacheStates(): ReadonlyMap<string, SourceCacheState> {
    const out = new Map<string, SourceCacheState>();
    for (const [key, c] of this.caches) out.set(key, c.state());
    return out;
  }

  /** The kubelets' entries for a snapshot: a Map of its own, every subject in it marked shared. */
  private sharedSubjects(): ReadonlyMap<string, Subject> {
    for (const subject of this.subjects.values()) subject.shared = true;
    return new Map(this.subjects);
  }

  /** Builds the caches from the state the last restore gave, if it has not yet. */
  private built(): void {
    const state = this.unbuilt;
    if (state === undefined) return;
    this.unbuilt = undefined;
    this.setCaches(state);
  }

  /** The caches of `state` (records of their own), or empty ones. */
  private setCaches(state: RecorderState | undefined): void {
    const byUid = (this.byUid = new LruIndex(newHints));
    this.caches = new Map();
    if (state) for (const [key, c] of state.caches) this.caches.set(key, new SourceCaches(byUid, c));
    this.subjects = state ? new Map(state.subjects) : new Map();
  }

  /**
   * Records an event; returns the name of the Event written or updated (in the object's
   * namespace, `default` for a cluster-scoped one), or undefined when it was dropped.
   * `fieldPath` names a part of the object (`spec.containers{agent}`: the kubelet's container
   * references); it tells identical events apart (`getEventKey`) but not aggregates or spam.
   * `source` is read during the call only: the Event stores the recorder's own copy.
   */
  record(now: number, obj: ApiObject, type: 'Normal' | 'Warning', reason: string, message: string, source: EventSource, fieldPath?: string): string | undefined {
    // Upstream keys on source, host and the object's kind, namespace, name, uid and apiVersion;
    // the source picks the caches, and the uid alone already names one object. The keys are
    // paths of parts (see Lru): uid, type and reason, then the field path (when there is one)
    // and message.
    this.built();
    this.unchanged = undefined;
    const objectUid = obj.metadata.uid;
    if (source.host !== undefined) {
      // A kubelet: its own entries about the object, unless another host wrote about it first.
      const subject = this.subjects.get(objectUid);
      if (subject === undefined || (subject.source.stored.host === source.host && subject.source.stored.component === source.component)) {
        return this.recordAbout(subject, now, obj, type, reason, message, source, fieldPath);
      }
    }
    // No chain: no cache holds an entry for the uid (an object's first event, most of a fleet
    // build's), so every look-up below would miss and is skipped.
    const known = this.byUid.hints(objectUid);
    const hint = known?.source;
    const src = hint && hint.stored.component === source.component && hint.stored.host === source.host ? hint : this.keys.source(source);
    const reasonParts = this.keys.reason(type, reason);
    const typeReason = reasonParts.key;
    const interned = this.keys.message(message, reasonParts);
    let messageKey: string | undefined = fieldPath ? this.keys.fieldMessage(fieldPath, interned, reasonParts) : interned;
    let c = this.caches.get(src.key);
    if (c === undefined) this.caches.set(src.key, (c = new SourceCaches(this.byUid)));
    c.changed();

    // EventAggregate
    const agg = known && c.aggregates.get(objectUid, typeReason);
    let combined = false;
    if (!agg) c.aggregates.insert(newAggregate(c.aggregates.nextDropped(), interned, now), objectUid, typeReason);
    else if (now - agg.last > AGGREGATE_INTERVAL_MS) {
      // A new window (the record is this cache's own: snapshots keep columns).
      agg.messages = interned;
      agg.last = now;
    } else {
      agg.messages = countMessage(agg.messages, interned);
      combined = combinedLast;
      agg.last = now;
    }
    if (combined) messageKey = undefined;

    // Filter (the spam filter sees every event, repeats included)
    let bucket = known && c.buckets.get(objectUid);
    if (!bucket) c.buckets.insert((bucket = newBucket(c.buckets.nextDropped(), SPAM_BURST, now)), objectUid);
    const refills = Math.floor((now - bucket.at) / SPAM_REFILL_MS);
    if (refills > 0) {
      bucket.tokens = Math.min(SPAM_BURST, bucket.tokens + refills);
      bucket.at += refills * SPAM_REFILL_MS;
    }
    // The uid has a chain now (its bucket is cached): found again, not taken from `known`, since
    // an insert above may have emptied the uid's chain, dropped it and made it anew.
    const hints = this.byUid.hints(objectUid)!;
    hints.source = src;
    if (bucket.tokens < 1) return undefined;
    bucket.tokens -= 1;

    // eventObserve
    const namespace = this.namespaceFor(obj);
    if (namespace === undefined) return undefined;
    const existingName = known && c.observed.get(objectUid, typeReason, messageKey);
    const name = this.write(now, obj, namespace, existingName, type, reason, combined, interned, src, hints, false, fieldPath);
    // A new Event's key; it may be there still, naming an Event whose TTL ran out.
    if (existingName === undefined) c.observed.insert(name, objectUid, typeReason, messageKey);
    else if (name !== existingName) c.observed.set(name, objectUid, typeReason, messageKey);
    return name;
  }

  /**
   * `record` for a kubelet's event about an object whose entries are `subject`'s (undefined: it
   * has none yet): the same three steps on the kubelet's own entries (host-subjects.ts).
   */
  private recordAbout(
    subject: Subject | undefined,
    now: number,
    obj: ApiObject,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    source: EventSource,
    fieldPath: string | undefined,
  ): string | undefined {
    const src = subject?.source ?? this.keys.source(source);
    const reasonParts = this.keys.reason(type, reason);
    const typeReason = reasonParts.key;
    const interned = this.keys.message(message, reasonParts);
    let messageKey: string | undefined = fieldPath ? this.keys.fieldMessage(fieldPath, interned, reasonParts) : interned;
    let s: Subject;
    if (subject === undefined) this.subjects.set(obj.metadata.uid, (s = newSubject(src, SPAM_BURST, now)));
    else if (subject.shared) this.subjects.set(obj.metadata.uid, (s = copySubject(subject)));
    else s = subject;

    // EventAggregate
    const a = s.aggregates;
    const at = aggregateAt(s, typeReason);
    let combined = false;
    if (at < 0) a.push(typeReason, interned, now);
    else if (now - (a[at + 2] as number) > AGGREGATE_INTERVAL_MS) {
      a[at + 1] = interned;
      a[at + 2] = now;
    } else {
      a[at + 1] = countMessage(a[at + 1] as string | string[], interned);
      combined = combinedLast;
      a[at + 2] = now;
    }
    if (combined) messageKey = undefined;

    // Filter
    const refills = Math.floor((now - s.at) / SPAM_REFILL_MS);
    if (refills > 0) {
      s.tokens = Math.min(SPAM_BURST, s.tokens + refills);
      s.at += refills * SPAM_REFILL_MS;
    }
    if (s.tokens < 1) return undefined;
    s.tokens -= 1;

    // eventObserve
    const namespace = this.namespaceFor(obj);
    if (namespace === undefined) return undefined;
    const existingName = observedName(s, typeReason, messageKey);
    const name = this.write(now, obj, namespace, existingName, type, reason, combined, interned, src, s, true, fieldPath);
    if (name !== existingName) observe(s, typeReason, messageKey, name);
    return name;
  }

  /**
   * The namespace an Event about `obj` goes to (its own, `default` for a cluster-scoped object),
   * or undefined when that namespace is gone or being deleted: the sink's create is refused
   * there (NamespaceLifecycle admission), and the event is dropped.
   */
  private namespaceFor(obj: ApiObject): string | undefined {
    const namespace = obj.metadata.namespace || 'default';
    const ns = this.store.get('Namespace', '', namespace);
    return !ns || ns.metadata.deletionTimestamp ? undefined : namespace;
  }

  /**
   * `eventObserve` and the sink's write: the Event `existingName` names counted once more when
   * it is still stored, else a new one; returns the name written. `hints` are the kubelet's
   * subject (`kubelet`) or the controllers' caches' hints for the object.
   */
  private write(
    now: number,
    obj: ApiObject,
    namespace: string,
    existingName: string | undefined,
    type: 'Normal' | 'Warning',
    reason: string,
    combined: boolean,
    interned: string,
    src: SourceParts,
    hints: SubjectHints,
    kubelet: boolean,
    fieldPath: string | undefined,
  ): string {
    // Unique per record (the latest of many messages), so joined flat rather than interned (a
    // table entry would only push out the messages that do repeat), and only once the filter
    // let the event through.
    const text = combined ? [COMBINED_PREFIX, interned].join('') : interned;
    const existing = existingName ? this.store.get('Event', namespace, existingName) : undefined;
    if (existing) {
      const ev = this.repeated(existing, text, rfc3339(now));
      repeated(ev, existing, now);
      this.store.put(ev);
      this.expiry.note(ev, now, true);
      return existingName!;
    }
    // One number of the sequence names the Event and seeds its uid. Stored as its row (no
    // object: packed-events.ts `draft`), the key for key `apiVersion: v1` Event the store and the
    // diffs make of it when read: name and namespace; the uid the number gives, the
    // resourceVersion, creation at `now`; the involvedObject; reason, message and type; source;
    // first and last timestamp at `now`; count 1; eventTime null; and client-go's reporting
    // fields from the source (component, host).
    const seq = this.seq++;
    const name = eventName(now, obj.metadata.name, seq);
    // The hints of the other caches about the object (the controllers', for a kubelet's `hints`, or
    // a kubelet's): the node lifecycle controller's RegisteredNode and the node's kubelet's
    // Starting share a reference.
    const uid = obj.metadata.uid;
    const other = kubelet ? this.byUid.hints(uid) : this.subjects.get(uid);
    const involved = fieldPath ? fieldReferenceOf(obj, fieldPath, hints, other) : plainReferenceOf(obj, hints, other);
    this.store.putRecorded(namespace, draft(name, involved, src.stored, reason, text, type, seq, this.store.nextRevision(), now));
    // Written at `now`'s second, as etcd lease TTLs count.
    this.expiry.noteWrite(namespace, name, now, true);
    return name;
  }

  /**
   * `existing` counted once more (`eventObserve` of an identical event), with the message of
   * this occurrence, at `ts`. Out of `record`: a fleet build repeats no event, and the spreads
   * made the function that most Events pass through bigger to compile and inline into.
   */
  private repeated(existing: KubeEvent, message: string, ts: string): KubeEvent {
    return {
      ...existing,
      message,
      count: (existing.count ?? 0) + 1,
      lastTimestamp: ts,
      metadata: { ...existing.metadata, resourceVersion: this.store.nextResourceVersion() },
    };
  }
}
