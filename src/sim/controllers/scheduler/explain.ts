/**
 * Explanations without side effects: for a pod, every node's verdict from every Filter plugin, in
 * upstream wording, plus the FitError message the scheduler would write. This is the data
 * `sim why` and the UI inspector show; it runs the same plugins as the scheduler
 * (`findNodesThatFitPod` with `RunFilterPluginsWithNominatedPods`), but never stops at the first
 * failing plugin, so a learner sees every reason a node says no.
 */
import type { Node, Pod } from '../../api/types.js';
import { staticView } from './cache.js';
import { FILTER_PLUGINS, nominatedPodsToAdd, runAllFilterPlugins, runFilterPlugins } from './filters.js';
import type { ClusterView, Status } from './framework.js';
import { ERR_NO_NODES_AVAILABLE, fitErrorMessage, newDiagnosis } from './fiterror.js';
import { NodeInfo } from './nodeinfo.js';
import { NODE_AFFINITY, nodeAffinityPreFilter } from './plugins/nodeaffinity.js';
import { podKey } from './podstatus.js';
import { didNotSatisfyReason, newCycleState } from './schedule.js';

/** A plugin's verdict on one node: its `Status` (with the explanation data) when it failed. */
export interface PluginVerdict extends Omit<Status, 'code'> {
  readonly passed: boolean;
  readonly code?: Status['code'];
}

export interface NodeExplanation {
  readonly node: string;
  /** False when a PreFilter (NodeAffinity's node-name pin) kept the scheduler from looking at it. */
  readonly considered: boolean;
  readonly fits: boolean;
  /** The plugin whose failure the scheduler reports for this node (the first that failed). */
  readonly rejectedBy?: string;
  /** What FitError counts for this node. */
  readonly reasons: readonly string[];
  /** Every filter's verdict, in profile order; empty when not considered. */
  readonly plugins: readonly PluginVerdict[];
}

export interface SchedulingExplanation {
  /** namespace/name of the pod. */
  readonly pod: string;
  readonly numNodes: number;
  /** The node names NodeAffinity's PreFilter narrowed to, when it did. */
  readonly preFilterNodeNames?: readonly string[];
  /** Nodes that pass every filter, by name. */
  readonly feasible: readonly string[];
  readonly nodes: readonly NodeExplanation[];
  /** When no node fits: the FitError message (without the preemption part, which depends on victims). */
  readonly message?: string;
}

export interface ExplainOptions {
  /** Explain only these nodes (the message still covers the whole cluster). */
  readonly only?: readonly string[];
}

function verdict(plugin: string, s: Status | undefined): PluginVerdict {
  return s ? { ...s, plugin, passed: false } : { plugin, passed: true, reasons: [] };
}

export function explainWithView(pod: Pod, view: ClusterView, opts: ExplainOptions = {}): SchedulingExplanation {
  const numNodes = view.numNodes();
  const state = newCycleState(pod);
  const pre = nodeAffinityPreFilter(pod);
  const names = opts.only ?? view.nodes().map((n) => n.metadata.name);
  const base = { pod: podKey(pod), numNodes };
  if (numNodes === 0) return { ...base, feasible: [], nodes: [], message: ERR_NO_NODES_AVAILABLE };
  const d = newDiagnosis();
  if (pre.status) {
    d.preFilterMsg = pre.status.reasons.join(', ');
    const nodes = names.filter((n) => view.node(n)).map((node) => ({ node, considered: false, fits: false, rejectedBy: NODE_AFFINITY, reasons: pre.status!.reasons, plugins: [] }));
    return { ...base, feasible: [], nodes, message: fitErrorMessage(numNodes, d) };
  }
  const considered = pre.nodeNames ? pre.nodeNames.filter((n) => view.node(n)) : view.nodes().map((n) => n.metadata.name);
  if (pre.nodeNames) d.nodeToStatus.absent = { plugin: NODE_AFFINITY, code: 'UnschedulableAndUnresolvable', reasons: [didNotSatisfyReason([NODE_AFFINITY])] };
  const wanted = new Set(names);
  const explained = new Map<string, NodeExplanation>();
  const feasible: string[] = [];
  for (const name of considered) {
    let info = view.nodeInfo(view.node(name)!);
    const add = nominatedPodsToAdd(state, view.nominatedPods(name));
    if (add.length > 0) {
      info = info.clone();
      for (const p of add) info.addPod(p);
    }
    const first = runFilterPlugins(state, info);
    if (first) d.nodeToStatus.explicit.set(name, first);
    else feasible.push(name);
    if (!wanted.has(name)) continue;
    const plugins = runAllFilterPlugins(state, info).map((v) => verdict(v.plugin, v.status));
    explained.set(name, { node: name, considered: true, fits: !first, ...(first ? { rejectedBy: first.plugin } : {}), reasons: first?.reasons ?? [], plugins });
  }
  const absentReasons = d.nodeToStatus.absent?.reasons ?? [];
  const nodes = names.flatMap((name): NodeExplanation[] => {
    if (!view.node(name)) return [];
    return [explained.get(name) ?? { node: name, considered: false, fits: false, rejectedBy: NODE_AFFINITY, reasons: absentReasons, plugins: [] }];
  });
  return {
    ...base,
    ...(pre.nodeNames ? { preFilterNodeNames: [...pre.nodeNames] } : {}),
    feasible,
    nodes,
    ...(feasible.length === 0 ? { message: fitErrorMessage(numNodes, d) } : {}),
  };
}

/**
 * `explainScheduling(pod, nodes, podsOnNode)`: the verdicts for a pod against explicit nodes,
 * with `podsOnNode(name)` giving the pods bound to each (terminal pods are ignored).
 */
export function explainScheduling(pod: Pod, nodes: readonly Node[], podsOnNode: (nodeName: string) => Iterable<Pod>, opts: ExplainOptions & { readonly nominatedPods?: readonly Pod[] } = {}): SchedulingExplanation {
  return explainWithView(pod, staticView(nodes, podsOnNode, opts.nominatedPods), opts);
}

/** Whether the pod passes every filter on one node, and if not the first failing plugin's status. */
export function fitsOnNode(pod: Pod, node: Node, podsOnNode: Iterable<Pod>): { readonly fits: boolean; readonly status?: Status } {
  const s = runFilterPlugins(newCycleState(pod), NodeInfo.fromPods(node, podsOnNode));
  return s ? { fits: false, status: s } : { fits: true };
}

/** The filter plugin names, in the order they run. */
export const FILTER_PLUGIN_NAMES: readonly string[] = FILTER_PLUGINS.map((p) => p.name);
