/**
 * The parts of the event correlator's keys (client-go's `getEventKey`,
 * `EventAggregatorByReasonFunc` and `getSpamKey`), built once and shared instead of joined per
 * event: a big fleet records tens of thousands of events in one build, and a key string built
 * for each would be garbage to allocate, hash and flatten on every comparison. The parts joined
 * with NUL are the upstream-shaped keys (see lru.ts).
 */
import { flat } from '../intern.js';

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

/** How many distinct messages of one type and reason are kept to share (`message`). */
const RECENT_MESSAGES = 4;

/** A `<fieldPath>NUL<message>` key part, and the field path and message it joins. */
interface FieldMessage {
  readonly fieldPath: string;
  readonly message: string;
  readonly key: string;
}

/**
 * A type and reason's `<type>NUL<reason>` key part, the last few distinct messages recorded
 * with them (flat), which the next equal message is shared with (`EventKeyParts.message`), and
 * the field path and message part given last with them (`EventKeyParts.fieldMessage`).
 */
export interface ReasonParts {
  readonly key: string;
  /** The messages, `RECENT_MESSAGES` slots (empty ones undefined), written round-robin. */
  readonly recent: (string | undefined)[];
  /** The slot of the message given last, and the slot the next new message goes to. */
  last: number;
  next: number;
  field: FieldMessage | undefined;
}

export class EventKeyParts {
  /** Per component and host: its `SourceParts` (`<component>NUL<host>`). */
  private readonly sources = new Map<string, Map<string, SourceParts>>();
  /** The source `source` gave last. */
  private lastSource: SourceParts | undefined;
  /**
   * `ReasonParts`, by type and reason; the two types' tables made with the parts: the first event
   * of a type in a new cluster otherwise took a branch the warm-up's had taken before V8 kept
   * feedback for it, and threw away the optimised recorder.
   */
  private readonly reasons = new Map<string, Map<string, ReasonParts>>([
    ['Normal', new Map()],
    ['Warning', new Map()],
  ]);
  /** `<fieldPath>NUL<message>` parts by field path and interned message, and how many. */
  private readonly fieldMessages = new Map<string, Map<string, string>>();
  private fieldMessageCount = 0;

  /** The parts of this component and host. */
  source(source: EventSource): SourceParts {
    const host = source.host ?? '';
    // A component writes its events in runs (a kubelet's node conditions, a pod's containers).
    const last = this.lastSource;
    if (last && last.stored.component === source.component && (last.stored.host ?? '') === host) return last;
    return (this.lastSource = this.sourceIn(source.component, host));
  }

  /** The parts of this type and reason. */
  reason(type: string, reason: string): ReasonParts {
    let byReason = this.reasons.get(type);
    if (!byReason) this.reasons.set(type, (byReason = new Map()));
    let parts = byReason.get(reason);
    if (parts === undefined) byReason.set(reason, (parts = { key: `${type}\u0000${reason}`, recent: new Array<string | undefined>(RECENT_MESSAGES).fill(undefined), last: 0, next: 0, field: undefined }));
    return parts;
  }

  /** The `<type>NUL<reason>` part. */
  typeReason(type: string, reason: string): string {
    return this.reason(type, reason).key;
  }

  /**
   * The message flat, and, when it equals one of the last few distinct messages of `reason`,
   * that one. Messages repeat across the pods of a template within one reason (Created, Pulling:
   * the kubelet hands the same string every time), so one flat copy serves them all; the others
   * name their object ("Node node-7 status is now: NodeReady", a third of a fleet build's
   * Events), and a table of every message seen (a Map, dropped whole when full) cost each of
   * those a hash, a miss and an insertion for nothing.
   */
  message(message: string, reason?: ReasonParts): string {
    if (reason === undefined) return flat(message);
    const recent = reason.recent;
    // The same message as the reason's last one: most often the very same string.
    const last = recent[reason.last];
    if (message === last) return last;
    const text = flat(message);
    for (let i = 0; i < RECENT_MESSAGES; i++) {
      const kept = recent[i];
      if (kept === text) {
        reason.last = i;
        return kept;
      }
    }
    recent[(reason.last = reason.next)] = text;
    reason.next = (reason.next + 1) % RECENT_MESSAGES;
    return text;
  }

  /**
   * The `<fieldPath>NUL<message>` part of an event about a part of an object (`message` as
   * `message` gave it): the kubelet writes the same few container messages for every pod, each
   * under a reason of its own, so the part given last with `reason` is nearly always the one
   * asked for again. Kept in a table dropped whole past `FIELD_MESSAGE_LIMIT` pairs, so it stays
   * bounded whatever messages a script makes.
   */
  fieldMessage(fieldPath: string, message: string, reason?: ReasonParts): string {
    const last = reason?.field;
    if (last !== undefined && last.message === message && last.fieldPath === fieldPath) return last.key;
    const key = this.fieldMessageIn(fieldPath, message);
    if (reason !== undefined) reason.field = { fieldPath, message, key };
    return key;
  }

  private fieldMessageIn(fieldPath: string, message: string): string {
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
