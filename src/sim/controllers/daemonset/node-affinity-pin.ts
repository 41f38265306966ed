/**
 * How a daemon pod is pinned to its node and how the controller finds that node again
 * (`util/daemonset_util.go: ReplaceDaemonSetPodNodeNameNodeAffinity`, `GetTargetNodeName`).
 *
 * Why: since scheduling moved to kube-scheduler, the controller creates unbound pods whose
 * required node affinity names exactly one node (`matchFields metadata.name In [NODE]`); the
 * scheduler then binds them. Until bound, that affinity term is how the controller maps a pod
 * to its node.
 */
import type { Affinity, NodeSelector, Pod } from '../../api/types.js';
import { BoundedTable } from '../../bounded-table.js';
import { identityMemo, memo } from '../../memo.js';

/** `metav1.ObjectNameField`: the only field node-affinity matchFields support. */
export const NODE_NAME_FIELD = 'metadata.name';

function pinSelector(nodeName: string): NodeSelector {
  return { nodeSelectorTerms: [{ matchFields: [{ key: NODE_NAME_FIELD, operator: 'In', values: [nodeName] }] }] };
}

/**
 * `ReplaceDaemonSetPodNodeNameNodeAffinity`: an affinity whose required node affinity is the
 * single term `metadata.name In [nodeName]`. An existing required part has its whole term list
 * replaced (user terms are dropped); preferred terms, pod (anti-)affinity are kept.
 *
 * The result is one object per template affinity and node, shared by every pod made for that
 * node from it (every DaemonSet without an affinity, and each pod that replaces another in a
 * rollout): objects are never mutated, and these eleven objects were most of a pod's own spec.
 * A template affinity equal to an earlier one counts as that one (`sameAffinity`).
 */
export function replaceDaemonSetPodNodeNameNodeAffinity(affinity: Affinity | undefined, nodeName: string): Affinity {
  return affinity ? pinnedAffinity(sameAffinity(affinity), nodeName) : pinnedOnly(nodeName);
}

/** Enough entries for the biggest fleet, so a sync over every node never empties the memo. */
const PINNED_NODES = 1 << 16;

const pinnedOnly = memo((nodeName: string): Affinity => pin(undefined, nodeName), PINNED_NODES);

const pinnedAffinity = identityMemo((affinity: Affinity, nodeName: string): Affinity => pin(affinity, nodeName));

/** Template affinities by their JSON (key order kept): the first object seen with that content. */
const affinityByJson = new BoundedTable<string, Affinity>(4096);

/**
 * The earlier template affinity with the same keys in the same order and the same values, else
 * `affinity` itself; once per affinity object. `kubectl apply` of an edited manifest parses a new
 * affinity object even when that part did not change, and pins keyed by the new object would
 * give each pod of the rollout a new tree of its own (about 1.5 MB per rollout on 5,000 nodes,
 * held by every checkpoint kept after it). The JSON finds the candidate; `sameTree` confirms it
 * exactly (JSON drops keys holding undefined), so the pods print as they would have.
 */
const sameAffinity = identityMemo((affinity: Affinity): Affinity => {
  const json = JSON.stringify(affinity);
  const earlier = affinityByJson.get(json);
  if (earlier !== undefined && sameTree(earlier, affinity)) return earlier;
  if (earlier === undefined) affinityByJson.set(json, affinity);
  return affinity;
});

/** The same plain data: keys in the same order, leaves `Object.is`. */
function sameTree(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameTree((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

function pin(affinity: Affinity | undefined, nodeName: string): Affinity {
  const required = pinSelector(nodeName);
  if (!affinity) return { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } };
  if (!affinity.nodeAffinity) return { ...affinity, nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } };
  const na = affinity.nodeAffinity;
  if (!na.requiredDuringSchedulingIgnoredDuringExecution) {
    return { ...affinity, nodeAffinity: { ...na, requiredDuringSchedulingIgnoredDuringExecution: required } };
  }
  return {
    ...affinity,
    nodeAffinity: {
      ...na,
      requiredDuringSchedulingIgnoredDuringExecution: { ...na.requiredDuringSchedulingIgnoredDuringExecution, nodeSelectorTerms: required.nodeSelectorTerms },
    },
  };
}

/**
 * `GetTargetNodeName`: `spec.nodeName` when bound; else the first required term's matchFields
 * entry `metadata.name In [ONE]`. Errors (pod ignored by the controller) when there is none or
 * when that entry has other than exactly one value; messages as upstream's.
 */
export function getTargetNodeName(pod: Pod): string | { error: string } {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const required = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return { error: `no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod ${who(pod)}` };
  const terms = required.nodeSelectorTerms ?? [];
  if (terms.length < 1) return { error: `no nodeSelectorTerms in requiredDuringSchedulingIgnoredDuringExecution of pod ${who(pod)}` };
  // Indexed: the pod index asks this for every write of an unbound daemon pod.
  for (let t = 0; t < terms.length; t++) {
    const fields = terms[t]!.matchFields;
    if (!fields) continue;
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k]!;
      if (f.key === NODE_NAME_FIELD && f.operator === 'In') {
        const values = f.values ?? [];
        if (values.length !== 1) return { error: `the matchFields value of '${NODE_NAME_FIELD}' is not unique for pod ${who(pod)}` };
        return values[0]!;
      }
    }
  }
  return { error: `no node name found for pod ${who(pod)}` };
}

/** `namespace/name` for the error messages (built only when there is an error). */
function who(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
}
