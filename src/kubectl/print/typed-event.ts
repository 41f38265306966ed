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
 *   `reportingInstance`; unknown fields are gone.
 */
import type { KubeEvent } from '../../sim/api/types.js';
import { pick, typedMeta, type Json } from './typed-meta.js';

/** `corev1.ObjectReference` field order. */
const OBJECT_REFERENCE = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'];

/** One Event in `corev1.Event` field order, with the fields the struct always writes. */
export function typedEvent(e: KubeEvent): Json {
  const raw = e as unknown as Json;
  const meta = typedMeta(e.metadata);
  const out: Json = {
    kind: 'Event',
    apiVersion: 'v1',
    // A zero creationTimestamp is left out (apimachinery v0.34 tags it `omitzero`), not `null`.
    metadata: meta,
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
