/**
 * `kubectl get nodes`: `printNode` and `findNodeRoles` of `pkg/printers/internalversion/printers.go`.
 * STATUS is `Ready`/`NotReady` from the Ready condition (`Unknown` without one) plus
 * `,SchedulingDisabled` for a cordoned node.
 */
import type { Node } from '../../../sim/api/types.js';
import { translateTimestampSince } from '../../format/duration.js';
import { byteOrder } from '../go-format.js';
import type { TableDef } from './types.js';

const ROLE_PREFIX = 'node-role.kubernetes.io/';
const ROLE_LABEL = 'kubernetes.io/role';

/** `findNodeRoles`: sorted, de-duplicated roles from `node-role.kubernetes.io/<role>` and `kubernetes.io/role`. */
export function nodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(ROLE_PREFIX)) {
      const role = k.slice(ROLE_PREFIX.length);
      if (role.length > 0) roles.add(role);
    } else if (k === ROLE_LABEL && v !== '') roles.add(v);
  }
  return [...roles].sort(byteOrder);
}

/** The STATUS cell of `printNode`. */
export function nodeStatus(node: Node): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).filter((c) => c.type === 'Ready').pop();
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

function address(node: Node, type: 'InternalIP' | 'ExternalIP'): string {
  return node.status?.addresses?.find((a) => a.type === type)?.address ?? '<none>';
}

export const NODE_TABLE: TableDef<Node> = {
  columns: ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION'],
  wideColumns: ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION', 'INTERNAL-IP', 'EXTERNAL-IP', 'OS-IMAGE', 'KERNEL-VERSION', 'CONTAINER-RUNTIME'],
  row(node, { wide, now }) {
    const roles = nodeRoles(node).join(',') || '<none>';
    const info = node.status?.nodeInfo ?? {};
    const cells = [node.metadata.name, nodeStatus(node), roles, translateTimestampSince(node.metadata.creationTimestamp, now), info['kubeletVersion'] ?? ''];
    if (wide) {
      cells.push(
        address(node, 'InternalIP'),
        address(node, 'ExternalIP'),
        info['osImage'] || '<unknown>',
        info['kernelVersion'] || '<unknown>',
        info['containerRuntimeVersion'] || '<unknown>',
      );
    }
    return cells;
  },
};
