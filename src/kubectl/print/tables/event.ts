/**
 * `kubectl get events`: `printEvent` of `pkg/printers/internalversion/printers.go`.
 * Columns LAST SEEN, TYPE, REASON, OBJECT, MESSAGE; wide inserts SUBOBJECT and SOURCE before
 * MESSAGE and appends FIRST SEEN, COUNT and NAME (the `name`-format column). For an
 * events.k8s.io/v1 Event (null first/lastTimestamp) FIRST SEEN is from `eventTime`, LAST SEEN and
 * COUNT from its `series` (else as FIRST SEEN, and 1).
 */
import type { KubeEvent } from '../../../sim/api/types.js';
import { eventFirstSeen, eventLastSeen } from '../../format/duration.js';
import type { TableDef } from './types.js';

/** `formatEventSource`: `component, host`, falling back to the reporting controller. */
export function eventSource(e: KubeEvent): string {
  const component = e.source?.component || e.reportingComponent || '';
  const host = e.source?.host || (e as { reportingInstance?: string }).reportingInstance || '';
  return host ? `${component}, ${host}` : component;
}

/** The OBJECT cell: `kind/name` in lower case. */
export function eventTarget(e: KubeEvent): string {
  const kind = e.involvedObject.kind.toLowerCase();
  return e.involvedObject.name ? `${kind}/${e.involvedObject.name}` : kind;
}

export const EVENT_TABLE: TableDef<KubeEvent> = {
  columns: ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'],
  wideColumns: ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'SUBOBJECT', 'SOURCE', 'MESSAGE', 'FIRST SEEN', 'COUNT', 'NAME'],
  row(e, { wide, now }) {
    const last = eventLastSeen(e, now);
    const message = e.message.trim();
    if (!wide) return [last, e.type, e.reason, eventTarget(e), message];
    // Singleton events.k8s.io/v1 events have no count; a series has its own.
    const count = e.series ? e.series.count : e.count || 1;
    return [last, e.type, e.reason, eventTarget(e), e.involvedObject.fieldPath ?? '', eventSource(e), message, eventFirstSeen(e, now), String(count), e.metadata.name];
  },
};
