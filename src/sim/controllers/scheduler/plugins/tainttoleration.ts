/**
 * TaintToleration (`pkg/scheduler/framework/plugins/tainttoleration`, `Filter`): the first
 * NoSchedule or NoExecute taint of the node (in node order) that no pod toleration tolerates
 * rejects the node. PreferNoSchedule only affects scoring.
 */
import { ERR_REASON_UNTOLERATED_TAINT, findMatchingUntoleratedTaint, isHardEffect } from '../../../api/toleration.js';
import type { FilterPlugin } from '../framework.js';

export const TAINT_TOLERATION = 'TaintToleration';

export { ERR_REASON_UNTOLERATED_TAINT };

export const taintToleration: FilterPlugin = {
  name: TAINT_TOLERATION,
  filter(state, nodeInfo) {
    const taint = findMatchingUntoleratedTaint(nodeInfo.node.spec.taints, state.pod.spec.tolerations, isHardEffect);
    if (!taint) return undefined;
    return { plugin: TAINT_TOLERATION, code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_UNTOLERATED_TAINT], taint };
  },
};
