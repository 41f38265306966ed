/**
 * The API client a controller writes through. Each write goes to the API server at once (so a
 * controller reads its own writes within one sync, like upstream's fake pod control in unit
 * tests) and, while anyone reads them (intent-log.ts), is recorded as an Intent carrying the
 * controller's reason: the "decisions are data" record that tests and `sim step --wave` read from
 * the trace.
 */
import type { ApiObject, Kind, KindMap, Namespace, Node, ObjectMeta, Pod } from '../api/types.js';
import type { ApiServer, DeleteOptions, Draft, Result } from '../apiserver/apiserver.js';
import type { EventRecorder } from './events.js';
import type { EventSource } from './event-keys.js';
import type { EventsV1Recorder } from './events-v1.js';

export type IntentVerb = 'create' | 'update' | 'updateStatus' | 'updateMetadata' | 'bind' | 'delete' | 'finishDeletion' | 'finalize' | 'event';

/** One write a controller made, and why. */
export interface Intent {
  readonly controller: string;
  readonly verb: IntentVerb;
  readonly kind: Kind;
  readonly namespace: string;
  readonly name: string;
  /** Why, in a sentence a learner can read ("node-2 should run a daemon pod and has none"). */
  readonly reason: string;
  /** The API error, when the write failed. */
  readonly error?: string;
}

/** Where a client's intents go. */
export interface IntentSink {
  /** Whether intents are wanted now: while this is false a client builds none. */
  readonly recording: boolean;
  record(intent: Intent): void;
}

/** How many reasons `ControllerClient.eventText` keeps a text for before it drops them all. */
const MAX_REASONS = 256;

export class ControllerClient {
  /**
   * The source of this controller's events, its host set for each (the kubelet's node): the
   * recorder reads it during the call and stores a copy of its own, and the kubelet changes host
   * on most events about pods, each of which cost a new source object.
   */
  private readonly source: { readonly component: string; host: string | undefined };
  /** Per event reason, the message given with it last and their intent text (`eventText`). */
  private readonly texts = new Map<string, { message: string; text: string }>();

  constructor(
    private readonly api: ApiServer,
    private readonly recorder: EventRecorder,
    /** Component name, also the event source. */
    readonly controller: string,
    private readonly now: () => number,
    private readonly intents: IntentSink,
    /** The events.k8s.io/v1 recorder, for the controllers that write events through it. */
    private readonly recorderV1?: EventsV1Recorder,
  ) {
    this.source = { component: controller, host: undefined };
  }

  create<K extends Kind>(draft: Draft<KindMap[K]> & { kind: K }, reason: string): Result<KindMap[K]> {
    const r = this.api.create(draft);
    const name = r.ok ? r.obj.metadata.name : (draft.metadata.name ?? draft.metadata.generateName ?? '');
    this.note('create', draft.kind, draft.metadata.namespace ?? '', name, reason, r);
    return r;
  }

  update<K extends Kind>(obj: KindMap[K], reason: string): Result<KindMap[K]> {
    const r = this.api.update(obj);
    this.note('update', obj.kind, obj.metadata.namespace ?? '', obj.metadata.name, reason, r);
    return r;
  }

  updateStatus<K extends Kind>(obj: KindMap[K], reason: string): Result<KindMap[K]> {
    const r = this.api.updateStatus(obj);
    this.note('updateStatus', obj.kind, obj.metadata.namespace ?? '', obj.metadata.name, reason, r);
    return r;
  }

  /**
   * The kubelet's pod status write and node status post: `status` is a new record generated
   * from `seen` (the object as the kubelet read it) and found to differ from its status; the API
   * server stores it as it is (`ApiServer.updateGeneratedStatus`). The intent is the one
   * `updateStatus` records.
   */
  updateGeneratedStatus<T extends Pod | Node>(seen: T, status: T['status'], reason: string): Result<T> {
    const r = this.api.updateGeneratedStatus(seen, status);
    this.note('updateStatus', seen.kind, seen.metadata.namespace ?? '', seen.metadata.name, reason, r);
    return r;
  }

  updateMetadata<K extends Kind>(
    obj: KindMap[K],
    metadata: Partial<Pick<ObjectMeta, 'labels' | 'annotations' | 'ownerReferences' | 'finalizers'>>,
    reason: string,
  ): Result<KindMap[K]> {
    const r = this.api.updateMetadata(obj, metadata);
    this.note('updateMetadata', obj.kind, obj.metadata.namespace ?? '', obj.metadata.name, reason, r);
    return r;
  }

  bind(pod: Pod, nodeName: string, reason: string): Result<Pod> {
    const r = this.api.bind(pod, nodeName);
    this.note('bind', 'Pod', pod.metadata.namespace ?? '', pod.metadata.name, reason, r);
    return r;
  }

  delete(obj: ApiObject, reason: string, opts: DeleteOptions = {}): Result<ApiObject> {
    const r = this.api.delete(obj.kind, obj.metadata.namespace ?? '', obj.metadata.name, opts);
    this.note('delete', obj.kind, obj.metadata.namespace ?? '', obj.metadata.name, reason, r);
    return r;
  }

  /** The namespace controller's last step: the `kubernetes` finalizer goes, and so does the namespace. */
  finalizeNamespace(ns: Namespace, reason: string): Result<Namespace> {
    const r = this.api.finalizeNamespace(ns);
    this.note('finalize', 'Namespace', '', ns.metadata.name, reason, r);
    return r;
  }

  /** The kubelet's final removal of a terminating pod whose containers have stopped. */
  finishPodDeletion(pod: Pod, reason: string): void {
    this.api.finishPodDeletion(pod);
    this.note('finishDeletion', 'Pod', pod.metadata.namespace ?? '', pod.metadata.name, reason, { ok: true, obj: pod });
  }

  /**
   * Records a core/v1 Event about `obj`, from this controller (and `host` for the kubelet);
   * `fieldPath` names the part of `obj` it is about (a container, for the kubelet).
   */
  event(obj: ApiObject, type: 'Normal' | 'Warning', reason: string, message: string, host?: string, fieldPath?: string): void {
    const written = this.recorder.record(this.now(), obj, type, reason, message, this.sourceOf(host), fieldPath);
    if (!this.intents.recording) return;
    const text = this.eventText(reason, message);
    this.intents.record({ controller: this.controller, verb: 'event', kind: obj.kind, namespace: obj.metadata.namespace ?? '', name: obj.metadata.name, reason: written ? text : `${text} (dropped by the event spam filter)` });
  }

  /**
   * `<reason>: <message>`, an event's intent text: the one made last for `reason` when it was
   * made of the same message. Most of a fleet's events repeat their reason's text (the
   * kubelet's Starting and each container's Pulling to Started, the same for every node and
   * pod), and a trace that records intents keeps those of its last passes, so each
   * new text (two string pieces, 64 bytes) would live long enough to be copied by young collections.
   */
  private eventText(reason: string, message: string): string {
    let last = this.texts.get(reason);
    if (last === undefined) {
      // Reasons are the controllers' own words, a few dozen; bounded all the same.
      if (this.texts.size >= MAX_REASONS) this.texts.clear();
      this.texts.set(reason, (last = { message, text: `${reason}: ${message}` }));
    } else if (last.message !== message) {
      last.message = message;
      last.text = `${reason}: ${message}`;
    }
    return last.text;
  }

  /**
   * Records an events.k8s.io/v1 Event (`events.EventRecorder.Eventf(regarding, related, type,
   * reason, action, note)`), as kube-scheduler does; every other controller uses `event`.
   */
  eventf(regarding: ApiObject, related: ApiObject | undefined, type: 'Normal' | 'Warning', reason: string, action: string, note: string): void {
    if (!this.recorderV1) throw new Error(`${this.controller} has no events.k8s.io/v1 recorder`);
    const outcome = this.recorderV1.record(this.now(), regarding, related, type, reason, action, note, this.controller);
    if (!this.intents.recording) return;
    const suffix =
      outcome === 'series'
        ? ' (repeats an earlier event: its series now counts 2)'
        : outcome === 'counted'
          ? ' (counted in the series of an earlier event; written at the next refresh)'
          : outcome === 'dropped'
            ? ' (not written: the namespace is gone or terminating)'
            : '';
    this.intents.record({ controller: this.controller, verb: 'event', kind: regarding.kind, namespace: regarding.metadata.namespace ?? '', name: regarding.metadata.name, reason: `${reason}: ${note}${suffix}` });
  }

  /** The event source of this controller on `host` (none when empty or absent), for one `record` call. */
  private sourceOf(host: string | undefined): EventSource {
    this.source.host = host || undefined;
    return this.source;
  }

  /**
   * Records the intent of a write: two literals rather than a conditional spread, which made an
   * empty object and a generic copy for every write (the kubelet's status writes, thousands per
   * rollout), with the same keys in the same order.
   */
  private note(verb: IntentVerb, kind: Kind, namespace: string, name: string, reason: string, r: Result<unknown>): void {
    if (!this.intents.recording) return;
    const controller = this.controller;
    this.intents.record(r.ok ? { controller, verb, kind, namespace, name, reason } : { controller, verb, kind, namespace, name, reason, error: r.error.message });
  }
}
