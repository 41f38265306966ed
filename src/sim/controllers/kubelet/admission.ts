/**
 * Pod admission on the node (`pkg/kubelet/lifecycle/predicate.go`: `predicateAdmitHandler.Admit`,
 * `generalFilter`, with the scheduler's `AdmissionCheck`), and the rejection the kubelet writes
 * (`kubelet.rejectPod`).
 *
 * Why: a pod that names its node in `spec.nodeName` never meets the scheduler. The kubelet checks
 * it against what the node has left and refuses it: the pod goes straight to phase Failed with the
 * reason (`OutOfcpu`, `NodeAffinity`, ...) and never runs. A DaemonSet template with `nodeName`
 * that does not fit its node is the "fighting with the kubelet" loop its failed-pod backoff exists
 * for.
 *
 * The checks, in upstream order, only the first failure counts: the node's allocatable minus the
 * requests of the pods already admitted there (pod count, cpu, memory, ephemeral storage,
 * extended resources), the required node affinity and nodeSelector, host ports, then untolerated
 * NoExecute taints.
 */
import type { Affinity, Node, Pod, PodSpec, Taint } from '../../api/types.js';
import { compileRequiredNodeAffinity } from '../../api/nodeaffinity.js';
import { BoundedTable } from '../../bounded-table.js';
import { findMatchingUntoleratedTaint } from '../../api/toleration.js';
import { NodeInfo } from '../scheduler/nodeinfo.js';
import { ERR_REASON_POD, NODE_AFFINITY } from '../scheduler/plugins/nodeaffinity.js';
import { ERR_REASON_PORTS, NODE_PORTS, podHostPorts, portsConflict } from '../scheduler/plugins/nodeports.js';
import { fitsRequest } from '../scheduler/plugins/noderesourcesfit.js';
import { TAINT_TOLERATION } from '../scheduler/plugins/tainttoleration.js';
import { podRequests } from '../scheduler/resources.js';

/** `tainttoleration.ErrReasonNotMatch`, the wording the kubelet reports (not the scheduler's). */
export const ERR_REASON_TAINTS_NOT_TOLERATED = "node(s) had taints that the pod didn't tolerate";

export interface Rejection {
  /** The pod's `status.reason` and the Warning event's reason. */
  readonly reason: string;
  /** The event's message; the status message is `Pod was rejected: <message>`. */
  readonly message: string;
}

/** `PredicateFailureError.Error()`. */
function predicateFailure(name: string, desc: string): Rejection {
  return { reason: name, message: `Predicate ${name} failed: ${desc}` };
}

/** The last answer of `matchesRequiredAffinity` for a pod affinity object (see there). */
interface AffinityAnswer {
  readonly nodeSelector: PodSpec['nodeSelector'];
  readonly node: Node;
  readonly matches: boolean;
}

/**
 * Enough entries for the biggest fleet: a daemon pod's affinity is one object per template and
 * node (the DaemonSet controller's pin), met again by the pod that replaces it in a rollout.
 */
const affinityAnswers = new BoundedTable<Affinity, AffinityAnswer>(1 << 16);

/**
 * Whether `node` meets the pod's nodeSelector and required node affinity. Stored objects are
 * never mutated, so the answer for the same affinity, nodeSelector and Node objects is the last
 * one: each pod a DaemonSet makes for a node shares its affinity with the one it replaces, and a
 * rollout then compiles no matcher (one per pod was most of what admitting it allocated).
 */
function matchesRequiredAffinity(spec: PodSpec, node: Node): boolean {
  const affinity = spec.affinity;
  if (!affinity) return compileRequiredNodeAffinity(spec)(node);
  const last = affinityAnswers.get(affinity);
  if (last !== undefined && last.node === node && last.nodeSelector === spec.nodeSelector) return last.matches;
  return affinityAnswers.set(affinity, { nodeSelector: spec.nodeSelector, node, matches: compileRequiredNodeAffinity(spec)(node) }).matches;
}

/** The taints admission checks (`NoExecute`): one filter for every admission, not a closure each. */
const isNoExecute = (t: Taint): boolean => t.effect === 'NoExecute';

/** The first reason the kubelet on `node` refuses `pod`, given the pods it already runs there. */
export function admissionCheck(pod: Pod, node: Node, others: readonly Pod[]): Rejection | undefined {
  const info = NodeInfo.fromPods(node, others);
  const short = fitsRequest(podRequests(pod).requests, info)[0];
  if (short) {
    return {
      reason: `OutOf${short.resourceName}`,
      message: `Node didn't have enough resource: ${short.resourceName}, requested: ${short.requested}, used: ${short.used}, capacity: ${short.capacity}`,
    };
  }
  if (!matchesRequiredAffinity(pod.spec, node)) return predicateFailure(NODE_AFFINITY, ERR_REASON_POD);
  const wanted = podHostPorts(pod);
  if (wanted.length > 0 && info.pods().some((p) => podHostPorts(p).some((used) => wanted.some((w) => portsConflict(w, used))))) {
    return predicateFailure(NODE_PORTS, ERR_REASON_PORTS);
  }
  if (findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, isNoExecute)) {
    return predicateFailure(TAINT_TOLERATION, ERR_REASON_TAINTS_NOT_TOLERATED);
  }
  return undefined;
}
