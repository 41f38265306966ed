/**
 * The parts of the event correlator's keys (client-go's `getEventKey`,
 * `EventAggregatorByReasonFunc` and `getSpamKey`), built once and shared instead of joined per
 * event: a big fleet records tens of thousands of events in one build, and a key string built
 * for each would be garbage to allocate, hash and flatten on every comparison. The parts joined
 * with NUL are the upstream-shaped keys (see lru.ts).
 */
import { Interner } from '../intern.js';

export interface EventSource {
  readonly component: string;
  readonly host?: string;
}

/** A component and host's stored `source` (shared by every Event of it, never mutated) and the first part of its keys. */
export interface SourceParts {
  readonly stored: EventSource;
  readonly key: string;
}

/** How many `<fieldPath>NUL<message>` parts are kept before the table is dropped whole. */
const FIELD_MESSAGE_LIMIT = 4096;

export class EventKeyParts {
  /** Per component and host: its `SourceParts` (`<component>NUL<host>`). */
  private readonly sources = new Map<string, Map<string, SourceParts>>();
  /** The source `source` gave last. */
  private lastSource: SourceParts | undefined;
  /** `<type>NUL<reason>` parts, by type and reason. */
  private readonly typeReasons = new Map<string, Map<string, string>>();
  /** `<fieldPath>NUL<message>` parts by field path and interned message, and how many. */
  private readonly fieldMessages = new Map<string, Map<string, string>>();
  private fieldMessageCount = 0;
  /** Messages repeat across the pods of a template: one flat copy serves them all. */
  private readonly messages = new Interner();

  /** The parts of this component and host. */
  source(source: EventSource): SourceParts {
    const host = source.host ?? '';
    // A component writes its events in runs (a kubelet's node conditions, a pod's containers).
    const last = this.lastSource;
    if (last && last.stored.component === source.component && (last.stored.host ?? '') === host) return last;
    return (this.lastSource = this.sourceIn(source.component, host));
  }

  /** The `<type>NUL<reason>` part. */
  typeReason(type: string, reason: string): string {
    let byReason = this.typeReasons.get(type);
    if (!byReason) this.typeReasons.set(type, (byReason = new Map()));
    let key = byReason.get(reason);
    if (key === undefined) byReason.set(reason, (key = `${type}\u0000${reason}`));
    return key;
  }

  /** The message, interned (the first flat string equal to it). */
  message(message: string): string {
    return this.messages.intern(message);
  }

  /**
   * The `<fieldPath>NUL<message>` part of an event about a part of an object (`message`
   * interned): the kubelet writes the same few container messages for every pod. Dropped whole
   * past `FIELD_MESSAGE_LIMIT` pairs, so it stays bounded whatever messages a script makes.
   */
  fieldMessage(fieldPath: string, message: string): string {
    let byMessage = this.fieldMessages.get(fieldPath);
    if (!byMessage) this.fieldMessages.set(fieldPath, (byMessage = new Map()));
    let key = byMessage.get(message);
    if (key === undefined) {
      if (++this.fieldMessageCount > FIELD_MESSAGE_LIMIT) {
        this.fieldMessages.clear();
        byMessage.clear();
        this.fieldMessages.set(fieldPath, byMessage);
        this.fieldMessageCount = 1;
      }
      byMessage.set(message, (key = [fieldPath, message].join('\u0000')));
    }
    return key;
  }

  private sourceIn(component: string, host: string): SourceParts {
    let byHost = this.sources.get(component);
    if (!byHost) this.sources.set(component, (byHost = new Map()));
    let found = byHost.get(host);
    if (!found) {
      const stored = host ? { component, host } : { component };
      byHost.set(host, (found = { stored, key: `${component}\u0000${host}` }));
    }
    return found;
  }
}
