/**
 * The table kubectl makes itself when the server sends objects instead of a Table
 * (`kubectl get --server-print=false`): cli-runtime `HumanReadablePrinter`'s default handler,
 * `printObjectMeta` under `objectMetaColumnDefinitions` — the name and the age of any kind, with
 * no wide columns.
 */
import { translateTimestampSince } from '../../format/duration.js';
import type { TableDef } from './types.js';

export const OBJECT_META_TABLE: TableDef = {
  columns: ['NAME', 'AGE'],
  wideColumns: ['NAME', 'AGE'],
  row(obj, { now }) {
    return [obj.metadata.name, translateTimestampSince(obj.metadata.creationTimestamp, now)];
  },
};
