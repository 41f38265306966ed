/** The `kubectl get` table printer of every kind the playground stores. */
import type { ApiObject, Kind } from '../../../sim/api/types.js';
import { CONTROLLER_REVISION_TABLE } from './controllerrevision.js';
import { DAEMONSET_TABLE } from './daemonset.js';
import { EVENT_TABLE } from './event.js';
import { NAMESPACE_TABLE } from './namespace.js';
import { NODE_TABLE } from './node.js';
import { POD_TABLE } from './pod.js';
import { PRIORITY_CLASS_TABLE } from './priorityclass.js';
import type { TableDef } from './types.js';

export type { RowOptions, TableDef } from './types.js';

const TABLES: { readonly [K in Kind]: TableDef<Extract<ApiObject, { kind: K }>> } = {
  Pod: POD_TABLE,
  Node: NODE_TABLE,
  DaemonSet: DAEMONSET_TABLE,
  ControllerRevision: CONTROLLER_REVISION_TABLE,
  Event: EVENT_TABLE,
  PriorityClass: PRIORITY_CLASS_TABLE,
  Namespace: NAMESPACE_TABLE,
};

export function tableFor(kind: Kind): TableDef {
  return TABLES[kind] as unknown as TableDef;
}
