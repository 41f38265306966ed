/**
 * core/v1 Events as a typed Go client holds them, for the printers of `kubectl events`, which,
 * unlike `kubectl get`, lists through the typed clientset (`CoreV1().Events(ns).List`) and prints a
 * `*corev1.EventList` it builds itself (kind `EventList`, apiVersion `v1`, empty list metadata,
 * each item given kind `Event` / apiVersion `v1`).
 *
 * What a typed object changes in `-o json|yaml`:
 * - Keys come in the struct's field order (`encoding/json` keeps declaration order); maps
 *   (labels, annotations) stay sorted. YAML re-sorts everything (sigs.k8s.io/yaml goes through a
 *   generic map), so only `-o json` shows the order.
 * - Fields without `omitempty`, or whose type is a struct, are always written: `source`,
 *   `firstTimestamp`, `lastTimestamp`, `eventTime` (`null` when unset), `reportingComponent`,
 *   `reportingInstance`, `metadata.creationTimestamp`; unknown fields are gone.
 */
import type { KubeEvent } from '../../sim/api/types.js';
import { sortKeysDeep } from './object-output.js';

type Json = Record<string, unknown>;

/** `metav1.ObjectMeta` field order. */
const OBJECT_META = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];

/** `corev1.ObjectReference` field order. */
const OBJECT_REFERENCE = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'];

/** Picks `keys` of `obj` in that order, dropping absent ones (the `omitempty` fields). */
function pick(obj: object | undefined, keys: readonly string[]): Json {
  const src = (obj ?? {}) as Json;
  const out: Json = {};
  for (const k of keys) {
    const v = src[k];
    if (v === undefined || v === '') continue;
    out[k] = k === 'labels' || k === 'annotations' ? sortKeysDeep(v) : v;
  }
  return out;
}

/** One Event in `corev1.Event` field order, with the fields the struct always writes. */
export function typedEvent(e: KubeEvent): Json {
  const raw = e as unknown as Json;
  const meta = pick(e.metadata, OBJECT_META);
  const out: Json = {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: { ...meta, creationTimestamp: e.metadata.creationTimestamp || null },
    involvedObject: pick(e.involvedObject, OBJECT_REFERENCE),
  };
  if (e.reason) out['reason'] = e.reason;
  if (e.message) out['message'] = e.message;
  out['source'] = pick(e.source, ['component', 'host']);
  out['firstTimestamp'] = e.firstTimestamp || null;
  out['lastTimestamp'] = e.lastTimestamp || null;
  if (e.count) out['count'] = e.count;
  if (e.type) out['type'] = e.type;
  out['eventTime'] = raw['eventTime'] ?? null;
  for (const k of ['series', 'action', 'related']) if (raw[k] !== undefined && raw[k] !== '') out[k] = raw[k];
  out['reportingComponent'] = e.reportingComponent ?? '';
  out['reportingInstance'] = (raw['reportingInstance'] as string | undefined) ?? '';
  return out;
}

/** The `*corev1.EventList` `kubectl events` prints. */
export function typedEventList(events: readonly KubeEvent[]): Json {
  return { kind: 'EventList', apiVersion: 'v1', metadata: {}, items: events.map(typedEvent) };
}
