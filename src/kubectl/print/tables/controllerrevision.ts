/**
 * `kubectl get controllerrevisions`: `printControllerRevision` of
 * `pkg/printers/internalversion/printers.go`. CONTROLLER is the controlling owner as
 * `formatResourceName` writes it (`daemonset.apps/x`), or `<none>`.
 */
import type { ControllerRevision, OwnerReference } from '../../../sim/api/types.js';
import { translateTimestampSince } from '../../format/duration.js';
import type { TableDef } from './types.js';

/** `kind.group/name` in lower case (`schema.GroupKind.String()` lowered + `/name`). */
export function ownerName(ref: OwnerReference): string {
  const slash = ref.apiVersion.indexOf('/');
  const group = slash >= 0 ? ref.apiVersion.slice(0, slash) : '';
  return `${(group ? `${ref.kind}.${group}` : ref.kind).toLowerCase()}/${ref.name}`;
}

export const CONTROLLER_REVISION_TABLE: TableDef<ControllerRevision> = {
  columns: ['NAME', 'CONTROLLER', 'REVISION', 'AGE'],
  wideColumns: ['NAME', 'CONTROLLER', 'REVISION', 'AGE'],
  row(cr, { now }) {
    const ref = cr.metadata.ownerReferences?.find((r) => r.controller);
    return [cr.metadata.name, ref ? ownerName(ref) : '<none>', String(cr.revision), translateTimestampSince(cr.metadata.creationTimestamp, now)];
  },
};
