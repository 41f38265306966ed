/**
 * Running the Filter plugins (`frameworkImpl.RunFilterPlugins`,
 * `RunFilterPluginsWithNominatedPods`) in the default profile's order
 * (`apis/config/v1/default_plugins.go`): NodeUnschedulable, NodeName, TaintToleration,
 * NodeAffinity, NodePorts, NodeResourcesFit. A node is rejected by the first plugin that fails.
 * (Volume, topology-spread and inter-pod-affinity filters come later upstream; this cluster has
 * none of their objects.)
 */
import type { Pod } from '../../api/types.js';
import type { CycleState, FilterPlugin, Status } from './framework.js';
import type { NodeInfo } from './nodeinfo.js';
import { nodeAffinity } from './plugins/nodeaffinity.js';
import { nodeName } from './plugins/nodename.js';
import { nodePorts } from './plugins/nodeports.js';
import { nodeResourcesFit } from './plugins/noderesourcesfit.js';
import { nodeUnschedulable } from './plugins/nodeunschedulable.js';
import { taintToleration } from './plugins/tainttoleration.js';
import { podPriority } from './resources.js';

export const FILTER_PLUGINS: readonly FilterPlugin[] = [nodeUnschedulable, nodeName, taintToleration, nodeAffinity, nodePorts, nodeResourcesFit];

/** The first failing plugin's status, or undefined when the node passes every filter. */
export function runFilterPlugins(state: CycleState, nodeInfo: NodeInfo): Status | undefined {
  for (const p of FILTER_PLUGINS) {
    const s = p.filter(state, nodeInfo);
    if (s) return s;
  }
  return undefined;
}

/** Every plugin's verdict, in order, without stopping at the first failure (for explanations). */
export function runAllFilterPlugins(state: CycleState, nodeInfo: NodeInfo): { plugin: string; status?: Status }[] {
  return FILTER_PLUGINS.map((p) => {
    const s = p.filter(state, nodeInfo);
    return s ? { plugin: p.name, status: s } : { plugin: p.name };
  });
}

/**
 * Nominated pods of equal or higher priority (other than the pod itself) are treated as already
 * on the node, so a lower-priority pod cannot take the room a preemptor is waiting for. Upstream
 * then filters again without them; with these plugins adding pods never makes a node fit, so
 * the first pass decides.
 */
export function nominatedPodsToAdd(state: CycleState, nominated: readonly Pod[]): Pod[] {
  return nominated.filter((p) => p.metadata.uid !== state.pod.metadata.uid && podPriority(p) >= state.priority);
}

export function runFilterPluginsWithNominatedPods(state: CycleState, nodeInfo: NodeInfo, nominated: readonly Pod[]): Status | undefined {
  // No pod is nominated to most nodes: no list to filter.
  if (nominated.length === 0) return runFilterPlugins(state, nodeInfo);
  const add = nominatedPodsToAdd(state, nominated);
  if (add.length === 0) return runFilterPlugins(state, nodeInfo);
  const copy = nodeInfo.clone();
  for (const p of add) copy.addPod(p);
  return runFilterPlugins(state, copy) ?? runFilterPlugins(state, nodeInfo);
}
