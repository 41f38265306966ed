/**
 * NodeAffinity (`pkg/scheduler/framework/plugins/nodeaffinity`).
 *
 * `PreFilter`: when every required term names nodes through `matchFields metadata.name In
 * [...]` (the pin the DaemonSet controller writes), only those nodes are considered; every other
 * node is then reported by the framework as "node(s) didn't satisfy plugin(s) [NodeAffinity]"
 * without being filtered. A term without such a field requirement opens all nodes again (terms
 * are ORed); requirements within a term intersect. Terms that pin to disjoint names reject the
 * pod outright: "pod affinity terms conflict".
 *
 * `Filter`: nodeSelector AND required node affinity (sim/api/nodeaffinity.ts does the matching).
 */
import type { Pod } from '../../../api/types.js';
import { status, type FilterPlugin, type PreFilterResult } from '../framework.js';

export const NODE_AFFINITY = 'NodeAffinity';

/** `ErrReasonPod`. */
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";

/** `errReasonConflict`. */
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';

export function nodeAffinityPreFilter(pod: Pod): PreFilterResult {
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  if (terms.length === 0) return {};
  // The DaemonSet's pin, one term naming one node: its values list is the answer as it stands
  // (every daemon pod is scheduled through here; a Set per pod was most of what this made).
  const pin = terms.length === 1 ? terms[0]!.matchFields : undefined;
  if (pin?.length === 1 && pin[0]!.key === 'metadata.name' && pin[0]!.operator === 'In' && pin[0]!.values?.length === 1) return { nodeNames: pin[0]!.values };
  let names: Set<string> | undefined;
  for (const term of terms) {
    let termNames: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const values = new Set(r.values ?? []);
      termNames = termNames ? new Set([...termNames].filter((n) => values.has(n))) : values;
    }
    if (!termNames) return {};
    // One term needs no union: its set is the answer.
    if (names === undefined) names = termNames;
    else for (const n of termNames) names.add(n);
  }
  if (names && names.size === 0) return { status: status(NODE_AFFINITY, 'UnschedulableAndUnresolvable', ERR_REASON_CONFLICT) };
  return names ? { nodeNames: [...names].sort() } : {};
}

export const nodeAffinity: FilterPlugin = {
  name: NODE_AFFINITY,
  filter(state, nodeInfo) {
    if (state.requiredAffinity(nodeInfo.node)) return undefined;
    return status(NODE_AFFINITY, 'UnschedulableAndUnresolvable', ERR_REASON_POD);
  },
};
