/**
 * `eventSeen`: at least `minCount` (default 1) occurrences of an Event with this reason (and
 * type, and message regex) about an object: `involvedObject: daemonset/log-agent`,
 * `{kind: Pod, name: web-4}` or `{kind: Pod, selector: app=x}`. Counted from everything the
 * branch shown saw since the run began (event-log.ts), including the setup.
 */
import { podSelector, type PodSelector } from '../cluster-query.js';
import { resolveResource } from '../../sim/apiserver/resources.js';
import { MapReader } from '../yaml-reader.js';
import type { SeenEvent } from '../event-log.js';
import { DEFAULT_NAMESPACE, objectWords, readKindName, readNamespace } from './fields.js';
import { readRegex } from './regex.js';
import { notYet, PASS, type CheckBase, type CheckKind } from './types.js';
import { countOf } from './words.js';

export type InvolvedObject =
  | { readonly kind: string; readonly namespace: string; readonly name: string }
  | { readonly kind: string; readonly namespace: string; readonly selector: PodSelector };

export interface EventSeenSpec extends CheckBase {
  readonly kind: 'eventSeen';
  readonly involvedObject: InvolvedObject;
  readonly type?: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message?: RegExp;
  readonly minCount: number;
}

export const eventSeen: CheckKind<EventSeenSpec> = {
  kind: 'eventSeen',
  graded: true,
  parse(r, base) {
    const namespace = readNamespace(r);
    const involvedObject = readInvolved(r, namespace);
    const type = r.string('type');
    if (type && type.value !== 'Normal' && type.value !== 'Warning') r.src.error(type.node, `${r.what}: "type" must be Normal or Warning`);
    const reason = r.string('reason', true)?.value;
    const message = readRegex(r, 'message');
    const minCount = r.number('minCount', { integer: true, min: 1 })?.value ?? 1;
    if (!involvedObject || reason === undefined || message === null) return undefined;
    return {
      ...base,
      kind: 'eventSeen',
      involvedObject,
      reason,
      minCount,
      ...(type && (type.value === 'Normal' || type.value === 'Warning') ? { type: type.value } : {}),
      ...(message ? { message } : {}),
    };
  },
  evaluate(spec, { events }) {
    let n = 0;
    for (const seen of events.entries) if (matches(spec, seen)) n += seen.times;
    if (n >= spec.minCount) return PASS;
    const seen = countOf(n, `${eventNoun(spec)} event`, `${eventNoun(spec)} events`);
    const need = spec.minCount === 1 ? 'one' : `at least ${spec.minCount}`;
    return notYet(`${seen} for ${describe(spec.involvedObject)}${spec.message ? ' with the expected message' : ''} so far; the check needs ${need}`);
  },
  describe(spec) {
    const count = spec.minCount === 1 ? 'a' : `at least ${spec.minCount}`;
    return `${count} ${eventNoun(spec)} event${spec.minCount === 1 ? '' : 's'} for ${describe(spec.involvedObject)}`;
  },
};

/** `Normal SuccessfulCreate`, or the reason alone when any type counts. */
const eventNoun = (spec: EventSeenSpec): string => `${spec.type ? `${spec.type} ` : ''}${spec.reason}`;

function matches(spec: EventSeenSpec, { event, labels }: SeenEvent): boolean {
  if (event.reason !== spec.reason || (spec.type && event.type !== spec.type)) return false;
  const ref = event.involvedObject;
  const want = spec.involvedObject;
  if (ref.kind !== want.kind || (ref.namespace ?? '') !== want.namespace) return false;
  if ('name' in want ? ref.name !== want.name : !want.selector.selector.matches(labels)) return false;
  return !spec.message || spec.message.test(event.message);
}

function describe(o: InvolvedObject): string {
  if ('name' in o) return objectWords(o.kind, o.name, o.namespace);
  const ns = o.namespace && o.namespace !== DEFAULT_NAMESPACE ? ` in ${o.namespace}` : '';
  return `${o.kind.toLowerCase()}s matching ${o.selector.text}${ns}`;
}

function readInvolved(r: MapReader, namespace: string): InvolvedObject | undefined {
  const read = readKindName(r, 'involvedObject');
  if (!read || read.named === null) return undefined;
  const node = read.node;
  if (read.named) {
    const { info, name } = read.named;
    return { kind: info.kind, namespace: info.namespaced ? namespace : '', name };
  }
  const m = MapReader.of(r.src, node, `${r.what}: "involvedObject"`);
  if (!m) return undefined;
  const kindText = m.string('kind', true);
  const ns = m.string('ns')?.value ?? namespace;
  const name = m.string('name');
  const sel = m.string('selector');
  m.done(['kind', 'name', 'selector', 'ns']);
  const info = kindText ? resolveResource(kindText.value) : undefined;
  if (kindText && !info) r.src.error(kindText.node, `${r.what}: unknown kind "${kindText.value}"`);
  if (!info) return undefined;
  const nsOf = info.namespaced ? ns : '';
  if ((name === undefined) === (sel === undefined)) {
    r.src.error(node, `${r.what}: "involvedObject" needs exactly one of name or selector`);
    return undefined;
  }
  if (name) return { kind: info.kind, namespace: nsOf, name: name.value };
  const parsed = podSelector(sel!.value, nsOf || DEFAULT_NAMESPACE);
  if ('error' in parsed) {
    r.src.error(sel!.node, `${r.what}: "selector": ${parsed.error}`);
    return undefined;
  }
  return { kind: info.kind, namespace: nsOf, selector: parsed };
}
