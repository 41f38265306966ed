/**
 * The scheduling framework's vocabulary (`pkg/scheduler/framework`, `k8s.io/kube-scheduler/framework`):
 * a plugin's `Status` (code, reasons, plugin), the per-pod `CycleState` the PreFilter step
 * computes once, and the Filter plugin shape. Plugins are plain objects, one per file in
 * `plugins/`; `filters.ts` runs them in the default profile order.
 */
import type { Node, Pod, Taint } from '../../api/types.js';
import type { NodeMatcher } from '../../api/nodeaffinity.js';
import type { NodeInfo } from './nodeinfo.js';
import type { PodRequests } from './resources.js';

/**
 * `fwk.Code`. `Unschedulable` may be fixed by preemption (ports, resources);
 * `UnschedulableAndUnresolvable` cannot (taints, affinity, cordon, node name), so preemption
 * skips those nodes ("Preemption is not helpful for scheduling").
 */
export type Code = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable';

/** One resource a node is short of (`noderesources.InsufficientResource`). */
export interface InsufficientResource {
  readonly resourceName: string;
  /** The exact reason string ("Insufficient cpu", "Too many pods"). */
  readonly reason: string;
  /** What the pod asks for (milli-CPU for cpu, bytes, count). */
  readonly requested: number;
  /** Already requested by the pods on the node. */
  readonly used: number;
  /** The node's allocatable. */
  readonly capacity: number;
  /** The pod asks for more than the whole node has: preemption cannot help. */
  readonly unresolvable: boolean;
}

/** A plugin's verdict (`fwk.Status`). `reasons` are the user-visible strings FitError counts. */
export interface Status {
  readonly code: Exclude<Code, 'Success'>;
  readonly plugin: string;
  readonly reasons: readonly string[];
  /** Data for explanations: what exactly was short or in the way. Never part of messages. */
  readonly insufficient?: readonly InsufficientResource[];
  readonly taint?: Taint;
  readonly conflictingPorts?: readonly string[];
}

/** A host port a pod wants or a node already uses (`framework.HostPortInfo` entry). */
export interface HostPort {
  /** `0.0.0.0` when unset. */
  readonly ip: string;
  /** `TCP` when unset. */
  readonly protocol: string;
  readonly port: number;
}

/** What PreFilter computes once per pod and every Filter reads (`fwk.CycleState`). */
export interface CycleState {
  readonly pod: Pod;
  readonly priority: number;
  readonly requests: PodRequests;
  readonly hostPorts: readonly HostPort[];
  /** nodeSelector AND required node affinity, compiled. */
  readonly requiredAffinity: NodeMatcher;
}

/** `fwk.FilterPlugin`: undefined means the node passes. */
export interface FilterPlugin {
  readonly name: string;
  filter(state: CycleState, nodeInfo: NodeInfo): Status | undefined;
}

/** `fwk.PreFilterResult`: undefined node names means "all nodes". */
export interface PreFilterResult {
  /** In name order, each once (a DaemonSet pod's pin: the one name its affinity lists). */
  readonly nodeNames?: readonly string[];
  /** A PreFilter that rejects the pod outright (e.g. "pod affinity terms conflict"). */
  readonly status?: Status;
}

/** The nodes and pods a scheduling attempt reads. The live scheduler and explainers both implement it. */
export interface ClusterView {
  /** How many nodes the cluster has (the N of "0/N nodes are available"). */
  numNodes(): number;
  /** Every node, in name order. Only called when the pod is not narrowed to a few nodes. */
  nodes(): readonly Node[];
  node(name: string): Node | undefined;
  nodeInfo(node: Node): NodeInfo;
  /** Unbound pods nominated to this node (`status.nominatedNodeName`), in key order. */
  nominatedPods(nodeName: string): readonly Pod[];
}

export function status(plugin: string, code: Status['code'], ...reasons: string[]): Status {
  return { plugin, code, reasons };
}
