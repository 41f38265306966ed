/**
 * `kubectl get priorityclasses`: `printPriorityClass` of `pkg/printers/internalversion/printers.go`
 * (VALUE, GLOBAL-DEFAULT, AGE and, since v1.30, PREEMPTIONPOLICY).
 */
import type { PriorityClass } from '../../../sim/api/types.js';
import { translateTimestampSince } from '../../format/duration.js';
import type { TableDef } from './types.js';

export const PRIORITY_CLASS_TABLE: TableDef<PriorityClass> = {
  columns: ['NAME', 'VALUE', 'GLOBAL-DEFAULT', 'AGE', 'PREEMPTIONPOLICY'],
  wideColumns: ['NAME', 'VALUE', 'GLOBAL-DEFAULT', 'AGE', 'PREEMPTIONPOLICY'],
  row(pc, { now }) {
    return [
      pc.metadata.name,
      String(pc.value),
      String(pc.globalDefault ?? false),
      translateTimestampSince(pc.metadata.creationTimestamp, now),
      pc.preemptionPolicy ?? '',
    ];
  },
};
