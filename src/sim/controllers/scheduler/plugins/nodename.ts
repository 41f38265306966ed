/**
 * NodeName (`pkg/scheduler/framework/plugins/nodename`, `Filter`/`Fits`): a pod that names a
 * node in `spec.nodeName` fits only that node. The scheduler only schedules pods without a
 * node name, so this matters for explanations of pre-bound pods.
 */
import { status, type FilterPlugin } from '../framework.js';

export const NODE_NAME = 'NodeName';

/** `ErrReason`. */
export const ERR_REASON_NODE_NAME = "node(s) didn't match the requested node name";

export const nodeName: FilterPlugin = {
  name: NODE_NAME,
  filter(state, nodeInfo) {
    const wanted = state.pod.spec.nodeName;
    if (!wanted || wanted === nodeInfo.name) return undefined;
    return status(NODE_NAME, 'UnschedulableAndUnresolvable', ERR_REASON_NODE_NAME);
  },
};
