/**
 * NodeUnschedulable (`pkg/scheduler/framework/plugins/nodeunschedulable`, `Filter`): a cordoned
 * node (`spec.unschedulable: true`) takes only pods that tolerate
 * `node.kubernetes.io/unschedulable:NoSchedule` (DaemonSet pods get that toleration
 * automatically).
 */
import type { Taint } from '../../../api/types.js';
import { tolerationsTolerateTaint } from '../../../api/toleration.js';
import { status, type FilterPlugin } from '../framework.js';

export const NODE_UNSCHEDULABLE = 'NodeUnschedulable';

/** `ErrReasonUnschedulable`. */
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

const UNSCHEDULABLE_TAINT: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

export const nodeUnschedulable: FilterPlugin = {
  name: NODE_UNSCHEDULABLE,
  filter(state, nodeInfo) {
    if (!nodeInfo.node.spec.unschedulable) return undefined;
    if (tolerationsTolerateTaint(state.pod.spec.tolerations, UNSCHEDULABLE_TAINT)) return undefined;
    return status(NODE_UNSCHEDULABLE, 'UnschedulableAndUnresolvable', ERR_REASON_UNSCHEDULABLE);
  },
};
