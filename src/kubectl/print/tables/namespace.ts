/** `kubectl get namespaces`: `printNamespace` of `pkg/printers/internalversion/printers.go`. */
import type { Namespace } from '../../../sim/api/types.js';
import { translateTimestampSince } from '../../format/duration.js';
import type { TableDef } from './types.js';

export const NAMESPACE_TABLE: TableDef<Namespace> = {
  columns: ['NAME', 'STATUS', 'AGE'],
  wideColumns: ['NAME', 'STATUS', 'AGE'],
  row(ns, { now }) {
    return [ns.metadata.name, ns.status?.phase ?? '', translateTimestampSince(ns.metadata.creationTimestamp, now)];
  },
};
