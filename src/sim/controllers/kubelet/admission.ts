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
import type { Node, Pod } from '../../api/types.js';
import { compileRequiredNodeAffinity } from '../../api/nodeaffinity.js';
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
  if (!compileRequiredNodeAffinity(pod.spec)(node)) return predicateFailure(NODE_AFFINITY, ERR_REASON_POD);
  const wanted = podHostPorts(pod);
  if (wanted.length > 0 && info.pods().some((p) => podHostPorts(p).some((used) => wanted.some((w) => portsConflict(w, used))))) {
    return predicateFailure(NODE_PORTS, ERR_REASON_PORTS);
  }
  if (findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, (t) => t.effect === 'NoExecute')) {
    return predicateFailure(TAINT_TOLERATION, ERR_REASON_TAINTS_NOT_TOLERATED);
  }
  return undefined;
}
