/**
 * TaintToleration (`pkg/scheduler/framework/plugins/tainttoleration`, `Filter`): the first
 * NoSchedule or NoExecute taint of the node (in node order) that no pod toleration tolerates
 * rejects the node. PreferNoSchedule only affects scoring.
 */
import { findMatchingUntoleratedTaint, isHardEffect } from '../../../api/toleration.js';
import type { Taint } from '../../../api/types.js';
import type { FilterPlugin } from '../framework.js';

export const TAINT_TOLERATION = 'TaintToleration';

/**
 * The Filter reason. Upstream master (the v1.35 line, PR #134740, also in v1.34 patch releases)
 * reports the generic "node(s) had untolerated taint(s)"; v1.25 to v1.34.0 printed the taint as
 * `node(s) had untolerated taint {KEY: VALUE}` (see `legacyUntoleratedTaintReason`). The
 * simulator targets current releases: this one constant is the choice.
 */
export const ERR_REASON_UNTOLERATED_TAINT = 'node(s) had untolerated taint(s)';

/** The pre-v1.35 wording, kept for explanations that want to name the taint. */
export function legacyUntoleratedTaintReason(t: Taint): string {
  return `node(s) had untolerated taint {${t.key}: ${t.value ?? ''}}`;
}

export const taintToleration: FilterPlugin = {
  name: TAINT_TOLERATION,
  filter(state, nodeInfo) {
    const taint = findMatchingUntoleratedTaint(nodeInfo.node.spec.taints, state.pod.spec.tolerations, isHardEffect);
    if (!taint) return undefined;
    return { plugin: TAINT_TOLERATION, code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_UNTOLERATED_TAINT], taint };
  },
};
