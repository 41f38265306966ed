/**
 * `sim why` for every node at once, as a DaemonSets x nodes matrix of verdicts: for each
 * DaemonSet and node, what the controller's `NodeShouldRunDaemonPod` said (the first predicate
 * that failed) and, for a daemon pod still Pending there, the first scheduler filter that said
 * no. The same verdicts `whyReport` lists in full for one node, read from the same functions, at
 * a cost of one memoised verdict per cell (never a dry-run sync per node).
 */
import type { Cluster } from '../../sim/engine/cluster.js';
import { compileDaemonSetTemplate, getTargetNodeName, withDaemonSetDefaults } from '../../sim/controllers/daemonset/index.js';
import { nodeListVerdicts } from '../../sim/controllers/daemonset/eligibility.js';
import type { Scheduler } from '../../sim/controllers/scheduler/index.js';

/**
 * One cell: `run` (should run, and its pod is placed or being created), `stay` (would not be
 * created now, but an existing pod may stay: untolerated NoSchedule), `no` (should not run),
 * `pending` (should run, but the scheduler cannot place its pod).
 */
export interface WhyCell {
  readonly verdict: 'run' | 'stay' | 'no' | 'pending';
  /** The predicate or filter plugin that said no (`TaintToleration`, `NodeResourcesFit`, ...). */
  readonly by?: string;
  /** Its reason, in upstream wording. */
  readonly reason?: string;
}

export interface WhyMatrix {
  /** Node names, in the store's order. */
  readonly nodes: readonly string[];
  readonly daemonSets: readonly { readonly namespace: string; readonly name: string; readonly cells: readonly WhyCell[] }[];
}

const RUN: WhyCell = { verdict: 'run' };

export function whyMatrix(cluster: Cluster): WhyMatrix {
  const { store } = cluster;
  const nodes = store.list('Node');
  const names = nodes.map((n) => n.metadata.name);
  const index = new Map(names.map((n, i) => [n, i] as const));
  const scheduler = cluster.controller<Scheduler>('default-scheduler');
  const daemonSets = store.list('DaemonSet').map((stored) => {
    const ds = withDaemonSetDefaults(stored);
    const { verdicts } = nodeListVerdicts(nodes, compileDaemonSetTemplate(ds.spec.template));
    const cells: WhyCell[] = verdicts.map((v) => {
      if (v.shouldRun) return RUN;
      const failed = v.reasons.find((r) => !r.passed);
      return { verdict: v.shouldContinueRunning ? 'stay' : 'no', ...(failed ? { by: failed.name, reason: failed.message } : {}) };
    });
    for (const pod of store.podsOwnedBy(ds.metadata.uid)) {
      if (pod.spec.nodeName || pod.metadata.deletionTimestamp) continue;
      const target = getTargetNodeName(pod);
      const i = typeof target === 'string' ? index.get(target) : undefined;
      if (i === undefined || !scheduler) continue;
      const rejected = scheduler.explain(pod, { only: [target as string] }).nodes[0]?.plugins.find((p) => !p.passed);
      cells[i] = { verdict: 'pending', ...(rejected ? { by: rejected.plugin, reason: rejected.reasons.join('; ') } : {}) };
    }
    return { namespace: ds.metadata.namespace ?? 'default', name: ds.metadata.name, cells };
  });
  return { nodes: names, daemonSets };
}
