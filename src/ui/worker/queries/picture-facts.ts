/**
 * The `pictureFacts` query: what the engine knows that no stored object says, for the picture
 * (view/model/facts.ts). Every number comes from the controllers' own functions:
 * - misscheduled: a DaemonSet's pod on a node where `nodeShouldRunDaemonPod` says shouldRun is
 *   false (what `numberMisscheduled` counts), with the verdicts the controller memoises;
 * - evictions: the taint manager's scheduled deletions (`scheduledEviction`);
 * - budgets: the rolling update's `RollingUpdateSummary`, from the controller's dry run
 *   (`explain`), the same one `sim why` reads.
 * The answer lists only the exceptions, so it stays small on a 10,000-node cluster.
 */
import type { Cluster } from '../../../sim/engine/cluster.js';
import { compileDaemonSetTemplate, nodeShouldRunDaemonPod, withDaemonSetDefaults, type DaemonSetsController } from '../../../sim/controllers/daemonset/index.js';
import type { TaintEvictionController } from '../../../sim/controllers/tainteviction/tainteviction.js';
import type { BudgetFacts, EngineFacts, ScheduledEviction } from '../../../view/model/facts.js';

export function pictureFactsQuery(session: { readonly cluster: Cluster }): EngineFacts {
  const { cluster } = session;
  const { store } = cluster;
  const misscheduled: Record<string, string[]> = {};
  const budgets: Record<string, BudgetFacts> = {};
  const dsController = cluster.controller<DaemonSetsController>('daemonset-controller');
  const anyNode = store.list('Node')[0]?.metadata.name ?? '';
  for (const stored of store.list('DaemonSet')) {
    const ds = withDaemonSetDefaults(stored);
    const compiled = compileDaemonSetTemplate(ds.spec.template);
    const nodes = new Set<string>();
    for (const pod of store.podsOwnedBy(ds.metadata.uid)) {
      const name = pod.spec.nodeName;
      if (!name || nodes.has(name)) continue;
      const node = store.get('Node', '', name);
      if (node && !nodeShouldRunDaemonPod(node, ds, compiled).shouldRun) nodes.add(name);
    }
    if (nodes.size > 0) misscheduled[ds.metadata.uid] = [...nodes].sort();
    const summary = dsController?.explain(`${ds.metadata.namespace}/${ds.metadata.name}`, anyNode, cluster.now)?.rollingUpdate?.summary;
    if (summary) budgets[ds.metadata.uid] = summary;
  }
  return { misscheduled, evictions: evictions(cluster), budgets };
}

function evictions(cluster: Cluster): Record<string, ScheduledEviction> {
  const out: Record<string, ScheduledEviction> = {};
  const taints = cluster.controller<TaintEvictionController>('taint-eviction-controller');
  if (!taints) return out;
  for (const node of cluster.store.list('Node')) {
    if (!node.spec.taints?.some((t) => t.effect === 'NoExecute')) continue;
    for (const pod of cluster.store.podsOnNode(node.metadata.name)) {
      const w = taints.scheduledEviction(pod.metadata.namespace ?? '', pod.metadata.name);
      if (w && !w.fired) out[pod.metadata.uid] = { node: node.metadata.name, createdAt: w.createdAt, fireAt: w.fireAt };
    }
  }
  return out;
}
