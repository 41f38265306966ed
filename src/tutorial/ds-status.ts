/**
 * DaemonSet status fields as checks read them. Every field is an int32; the API omits the
 * optional ones when they are 0 (`omitempty`), so an absent field reads as 0, as kubectl's
 * `get ds` columns do.
 */
import type { DaemonSet } from '../sim/api/types.js';

export const DS_STATUS_FIELDS = [
  'currentNumberScheduled',
  'numberMisscheduled',
  'desiredNumberScheduled',
  'numberReady',
  'observedGeneration',
  'updatedNumberScheduled',
  'numberAvailable',
  'numberUnavailable',
  'collisionCount',
] as const;

export type DsStatusField = (typeof DS_STATUS_FIELDS)[number];

export function isDsStatusField(name: string): name is DsStatusField {
  return (DS_STATUS_FIELDS as readonly string[]).includes(name);
}

export function dsStatusValue(ds: DaemonSet, field: DsStatusField): number {
  return (ds.status as unknown as Partial<Record<DsStatusField, number>>)?.[field] ?? 0;
}
