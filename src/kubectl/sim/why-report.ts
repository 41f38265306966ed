/**
 * The data behind `sim why NODE [DAEMONSET]`: one function builds it, the verb prints it
 * (why.ts) and the page's Why panel and matrix draw it, so the text and the picture can never
 * tell different stories.
 *
 * For each DaemonSet there are two separate stories a learner can tell apart:
 * 1. the DaemonSet controller (`NodeShouldRunDaemonPod`): NodeName, NodeAffinity and
 *    TaintToleration decide whether a pod is created (shouldRun) and whether an existing one may
 *    stay (shouldContinueRunning); a "no" here means no pod at all;
 * 2. kube-scheduler, for each daemon pod pinned to the node that is still Pending: every filter
 *    plugin's verdict and the FitError message; a "no" here means a Pending pod.
 *
 * It only reads what the controllers expose; it never recomputes a decision. Each verdict names
 * the manifest fields (paths such as `spec.template.spec.tolerations`) a learner would edit to
 * change it, most specific first, so a view can link it to the YAML line.
 */
import type { DaemonSet, Node, Pod } from '../../sim/api/types.js';
import { formatTaint } from '../../sim/api/toleration.js';
import { findDaemonSet } from './find-daemonset.js';
import type { Cluster } from '../../sim/engine/cluster.js';
import { getTargetNodeName, type DaemonSetsController, type NodeExplanation } from '../../sim/controllers/daemonset/index.js';
import type { Scheduler, SchedulingExplanation } from '../../sim/controllers/scheduler/index.js';

/** One predicate's or filter plugin's verdict, in upstream wording. */
export interface WhyVerdict {
  /** Upstream name: `NodeName`, `NodeAffinity`, `TaintToleration`, `NodeResourcesFit`, ... */
  readonly name: string;
  readonly passed: boolean;
  /** What it said (the scheduler's reasons; empty for a scheduler plugin that passed). */
  readonly message: string;
  /** Extra facts printed in parentheses (the taint, the ports in use). */
  readonly detail?: string;
  /** Manifest field paths that decide this verdict, most specific first. */
  readonly fields: readonly string[];
}

export interface WhyPod {
  readonly name: string;
  /** The words `sim why` prints for it: phase, terminating, ready, available, revision, ... */
  readonly state: readonly string[];
}

/** The DaemonSet controller's story for one DaemonSet and the node. */
export interface WhyController {
  readonly verdicts: readonly WhyVerdict[];
  readonly shouldRun?: boolean;
  readonly shouldContinueRunning?: boolean;
  readonly pods: readonly WhyPod[];
  /** What the next sync would do here, one sentence each; empty: nothing to do. */
  readonly next: readonly string[];
}

/** The scheduler's story for one Pending daemon pod meant for the node. */
export interface WhyScheduling {
  /** `namespace/name`. */
  readonly pod: string;
  readonly verdicts: readonly WhyVerdict[];
  /** The FitError message when no node fits (what FailedScheduling says). */
  readonly message?: string;
}

export interface WhyDaemonSet {
  readonly namespace: string;
  readonly name: string;
  readonly controller: WhyController;
  readonly scheduling: readonly WhyScheduling[];
}

export interface WhyReport {
  readonly node: {
    readonly name: string;
    readonly ready: string;
    readonly unschedulable: boolean;
    readonly taints: readonly string[];
  };
  readonly daemonSets: readonly WhyDaemonSet[];
}

export interface WhyOptions {
  /** Only this DaemonSet (`name`, or `ds/name`). */
  readonly daemonSet?: string;
  /** The DaemonSet's namespace (default: the one namespace that has it), or the namespace to list (default all). */
  readonly namespace?: string;
}

const TEMPLATE = 'spec.template.spec';

/** Manifest fields behind each predicate or plugin, most specific first. */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  NodeName: [`${TEMPLATE}.nodeName`, TEMPLATE],
  NodeAffinity: [`${TEMPLATE}.affinity.nodeAffinity`, `${TEMPLATE}.nodeSelector`, TEMPLATE],
  TaintToleration: [`${TEMPLATE}.tolerations`, TEMPLATE],
  NodeUnschedulable: [`${TEMPLATE}.tolerations`, TEMPLATE],
  NodeResourcesFit: [`${TEMPLATE}.containers[0].resources.requests`, `${TEMPLATE}.containers[0].resources`, `${TEMPLATE}.containers`],
  NodePorts: [`${TEMPLATE}.containers[0].ports`, `${TEMPLATE}.containers`],
};

function fieldsOf(name: string): readonly string[] {
  return FIELDS[name] ?? [TEMPLATE];
}

/** Builds the report, or the error `sim why` prints. */
export function whyReport(cluster: Cluster, nodeName: string, opts: WhyOptions = {}): WhyReport | { error: string } {
  const { store } = cluster;
  const node = store.get('Node', '', nodeName);
  if (!node) return { error: `node "${nodeName}" not found` };
  const dsController = cluster.controller<DaemonSetsController>('daemonset-controller');
  const scheduler = cluster.controller<Scheduler>('default-scheduler');
  if (!dsController || !scheduler) return { error: 'this cluster has no DaemonSet controller or scheduler to ask' };

  let daemonSets: readonly DaemonSet[];
  if (opts.daemonSet !== undefined) {
    const ds = findDaemonSet(store, opts.daemonSet, opts.namespace);
    if ('error' in ds) return ds;
    daemonSets = [ds];
  } else {
    daemonSets = store.list('DaemonSet', opts.namespace);
  }

  const out: WhyDaemonSet[] = [];
  for (const ds of daemonSets) {
    const namespace = ds.metadata.namespace ?? 'default';
    const ex = dsController.explain(`${namespace}/${ds.metadata.name}`, nodeName, cluster.now);
    if (!ex) continue;
    const pending = [...store.podsOwnedBy(ds.metadata.uid)]
      .filter((p) => !p.spec.nodeName && !p.metadata.deletionTimestamp && targetNode(p) === nodeName)
      .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    out.push({
      namespace,
      name: ds.metadata.name,
      controller: controllerStory(ex),
      scheduling: pending.map((pod) => schedulingStory(pod, scheduler.explain(pod, { only: [nodeName] }), nodeName)),
    });
  }
  return { node: nodeFacts(node), daemonSets: out };
}

function nodeFacts(node: Node): WhyReport['node'] {
  return {
    name: node.metadata.name,
    ready: node.status.conditions?.find((c) => c.type === 'Ready')?.status ?? 'Unknown',
    unschedulable: node.spec.unschedulable === true,
    taints: (node.spec.taints ?? []).map(formatTaint),
  };
}

function controllerStory(ex: NodeExplanation): WhyController {
  const verdicts: WhyVerdict[] = (ex.verdict?.reasons ?? []).map((p) => ({
    name: p.name,
    passed: p.passed,
    message: p.message,
    ...(p.detail ? { detail: p.detail } : {}),
    fields: fieldsOf(p.name),
  }));
  const pods: WhyPod[] = ex.pods.map((p) => ({
    name: p.name,
    state: [p.phase, p.terminating ? 'terminating' : '', p.ready ? 'ready' : 'not ready', p.available ? 'available' : 'not available', p.updated ? 'up-to-date' : 'old revision', p.boundTo ? '' : 'not yet scheduled', p.orphan ? 'orphan (would be adopted)' : ''].filter(Boolean),
  }));
  const next: string[] = [];
  if (ex.manage.create) next.push(`would create a pod: ${ex.manage.create}`);
  for (const d of ex.manage.delete) next.push(`would delete ${d.pod}: ${d.reason}`);
  if (ex.manage.retryAfterMs !== undefined) next.push(`failed pod in backoff: looks again in ${Math.ceil(ex.manage.retryAfterMs / 1000)}s`);
  if (ex.rollingUpdate?.error) next.push(`rolling update: ${ex.rollingUpdate.error}`);
  if (ex.rollingUpdate?.create) next.push(`rolling update would create a pod: ${ex.rollingUpdate.create}`);
  for (const d of ex.rollingUpdate?.delete ?? []) next.push(`rolling update would delete ${d.pod}: ${d.reason}`);
  return {
    verdicts,
    ...(ex.verdict ? { shouldRun: ex.verdict.shouldRun, shouldContinueRunning: ex.verdict.shouldContinueRunning } : {}),
    pods,
    next,
  };
}

function schedulingStory(pod: Pod, ex: SchedulingExplanation, nodeName: string): WhyScheduling {
  const n = ex.nodes.find((x) => x.node === nodeName);
  const verdicts = (n?.plugins ?? []).map((v): WhyVerdict => {
    if (v.passed) return { name: v.plugin, passed: true, message: '', fields: fieldsOf(v.plugin) };
    const shortfalls = (v.insufficient ?? []).map(
      (i) => `${i.reason}: the pod requests ${amount(i.resourceName, i.requested)}; ${amount(i.resourceName, i.used)} of ${amount(i.resourceName, i.capacity)} allocatable is already requested`,
    );
    const detail = [...(v.conflictingPorts?.length ? [`host ports in use: ${v.conflictingPorts.join(', ')}`] : []), ...(v.taint ? [`taint ${formatTaint(v.taint)}`] : [])];
    const reasons = shortfalls.length > 0 ? shortfalls : v.reasons;
    return { name: v.plugin, passed: false, message: reasons.join('; '), ...(detail.length > 0 ? { detail: detail.join('; ') } : {}), fields: fieldsOf(v.plugin) };
  });
  return { pod: `${pod.metadata.namespace}/${pod.metadata.name}`, verdicts, ...(ex.message ? { message: ex.message } : {}) };
}

/** The node a daemon pod is meant for (`GetTargetNodeName`), if it can be derived. */
function targetNode(pod: Pod): string | undefined {
  const t = getTargetNodeName(pod);
  return typeof t === 'string' ? t : undefined;
}

/** A resource amount in the units kubectl describe uses: millicores, Mi, or a count. */
function amount(resource: string, v: number): string {
  if (resource === 'cpu') return `${v}m`;
  if (resource === 'memory' || resource === 'ephemeral-storage') return v % 1048576 === 0 ? `${v / 1048576}Mi` : `${v}`;
  return String(v);
}
