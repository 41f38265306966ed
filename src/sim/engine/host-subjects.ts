/**
 * The correlator entries of the components that run on a host (the kubelets), kept per object
 * as each kubelet's own caches would hold them. Upstream every kubelet has its own correlator
 * with caches of 4,096 entries; a kubelet records about its Node and the pods it runs, a few
 * entries each, so its caches do not fill, and a repeated event finds its entry. One set of
 * caches shared by every source (as the engine had until stop 42; each controller now has its
 * own: source-caches.ts) kept them too on a small cluster, but over a fleet other kubelets'
 * events pushed them out: past about 450 crash-looping pods, every repeat started a new Event
 * where a kubelet counts it on the old one.
 *
 * A `Subject` is one kubelet's entries about one object: its aggregates (type and reason -> the
 * distinct messages and the last time), the Events it wrote (type and reason, message or field
 * path and message -> the Event's name) and its spam filter's token bucket, in two flat lists
 * and two fields. A subject goes when its object is deleted from the store: a kubelet writes
 * nothing about a pod once it is gone (a new pod of the same name has a new uid), so nothing
 * could read those entries again. Upstream keeps them until its caches fill; here a kubelet holds
 * the entries of its node and the pods it runs now, and the two differ only once a node has run
 * some 800 pods (each leaving about five entries in a 4,096-entry cache).
 *
 * Subjects are plain data with the functions below (a kept checkpoint holds its own as rows and
 * builds them again as plain objects: kubectl/timeline/subjects.ts). A snapshot shares them
 * (`shared`): the recorder copies one before it first changes it after (`copySubject`).
 */
import type { ObjectReference } from '../api/types.js';
import type { SourceParts } from './event-keys.js';

export interface Subject {
  /** The component and host writing about the object (the kubelet of one node). */
  readonly source: SourceParts;
  /** Whether a snapshot holds this subject (copy it before changing it: `copySubject`). */
  shared: boolean;
  /**
   * Type and reason -> aggregate, three items per key: `<type>NUL<reason>`, the distinct messages
   * (the only one as itself) and the last time (ms). Items rather than an `Aggregate` record each:
   * a fleet's subjects live as long as their pods, and a record was 56 bytes more per reason for
   * the collector to copy.
   */
  readonly aggregates: (string | string[] | number)[];
  /** Events written, three items each: `<type>NUL<reason>`, the message part (undefined once combined), the Event's name. */
  readonly observed: (string | undefined)[];
  /** The spam filter's tokens left, and when its bucket was last refilled (ms). */
  tokens: number;
  at: number;
  /** The last references written without and with a field path (events.ts `SubjectHints`). */
  reference: ObjectReference | undefined;
  fieldReference: ObjectReference | undefined;
}

/** A `Subject` made by `new`, as the correlator's other records are (correlator-values.ts `AggregateRecord`). */
class SubjectRecord implements Subject {
  // Declared, not class fields: each is set in the constructor, in this order.
  declare readonly source: SourceParts;
  declare shared: boolean;
  declare readonly aggregates: (string | string[] | number)[];
  declare readonly observed: (string | undefined)[];
  declare tokens: number;
  declare at: number;
  declare reference: ObjectReference | undefined;
  declare fieldReference: ObjectReference | undefined;

  constructor(source: SourceParts, aggregates: (string | string[] | number)[], observed: (string | undefined)[], tokens: number, at: number, reference: ObjectReference | undefined, fieldReference: ObjectReference | undefined) {
    this.source = source;
    this.shared = false;
    this.aggregates = aggregates;
    this.observed = observed;
    this.tokens = tokens;
    this.at = at;
    this.reference = reference;
    this.fieldReference = fieldReference;
  }
}

/** A new subject of `source`, its bucket full (`tokens`) at `at`. */
export function newSubject(source: SourceParts, tokens: number, at: number): Subject {
  return new SubjectRecord(source, [], [], tokens, at, undefined, undefined);
}

/** Where `s`'s aggregate of `typeReason` starts in `s.aggregates`, or -1 when it has none. */
export function aggregateAt(s: Subject, typeReason: string): number {
  const a = s.aggregates;
  for (let i = 0; i < a.length; i += 3) if (a[i] === typeReason) return i;
  return -1;
}

/** The name of the Event `s` wrote for `typeReason` and `messageKey`, if any. */
export function observedName(s: Subject, typeReason: string, messageKey: string | undefined): string | undefined {
  const o = s.observed;
  for (let i = 0; i < o.length; i += 3) if (o[i] === typeReason && o[i + 1] === messageKey) return o[i + 2];
  return undefined;
}

/** Notes `name` as `s`'s Event of `typeReason` and `messageKey` (in place of the one there, whose Event expired). */
export function observe(s: Subject, typeReason: string, messageKey: string | undefined, name: string): void {
  const o = s.observed;
  for (let i = 0; i < o.length; i += 3) {
    if (o[i] === typeReason && o[i + 1] === messageKey) {
      o[i + 2] = name;
      return;
    }
  }
  o.push(typeReason, messageKey, name);
}

/** A copy of `s` the recorder may change: its lists (the aggregates' message lists too) its own, not shared. */
export function copySubject(s: Subject): Subject {
  const a = s.aggregates.slice();
  for (let i = 1; i < a.length; i += 3) {
    const messages = a[i];
    if (Array.isArray(messages)) a[i] = messages.slice();
  }
  return new SubjectRecord(s.source, a, s.observed.slice(), s.tokens, s.at, s.reference, s.fieldReference);
}
