/**
 * `sim why NODE [DAEMONSET]`: every verdict behind "is there a daemon pod on this node?", in
 * upstream wording, as two separate stories a learner can tell apart:
 *
 * 1. the DaemonSet controller (`NodeShouldRunDaemonPod`): NodeName, NodeAffinity and
 *    TaintToleration decide whether a pod is created (shouldRun) and whether an existing one may
 *    stay (shouldContinueRunning); a "no" here means no pod at all;
 * 2. kube-scheduler, for each daemon pod pinned to the node that is still Pending: every filter
 *    plugin's verdict and the FitError message; a "no" here means a Pending pod.
 *
 * It only reads what the controllers expose; it never recomputes a decision.
 *
 * DAEMONSET is looked for in every namespace unless `-n` names one (find-daemonset.ts); without
 * it, every DaemonSet of every namespace is explained, or those of `-n NAMESPACE` only (`-A` says
 * all namespaces explicitly, as kubectl's flag does).
 */
import type { DaemonSet, Node, Pod } from '../../sim/api/types.js';
import { formatTaint } from '../../sim/api/toleration.js';
import { getTargetNodeName, type DaemonSetsController, type NodeExplanation } from '../../sim/controllers/daemonset/index.js';
import type { Scheduler, SchedulingExplanation } from '../../sim/controllers/scheduler/index.js';
import type { Verb } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagBool, flagString, parseSimFlags, type FlagSpec } from '../flags.js';
import { fail, ok } from '../result.js';
import { findDaemonSet } from './find-daemonset.js';

/** `-n NAMESPACE` / `-A`: where the named DaemonSet lives (kubectl's flags, as learners type them). */
export const WHY_FLAGS: readonly FlagSpec[] = [{ name: 'namespace', short: 'n', type: 'string' }, ALL_NAMESPACES_FLAG];

export const why: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, WHY_FLAGS, 'why');
  if ('error' in f) return fail(f.error);
  const [nodeName, dsArg, extra] = f.args;
  if (!nodeName || extra !== undefined) return fail('usage: sim why NODE [DAEMONSET] [-n NAMESPACE | -A]');
  // As in kubectl, -A wins over -n.
  const namespace = flagBool(f, 'all-namespaces') ? undefined : flagString(f, 'namespace');
  const { store } = ctx.cluster;
  const node = store.get('Node', '', nodeName);
  if (!node) return fail(`node "${nodeName}" not found`);
  const dsController = ctx.cluster.controller<DaemonSetsController>('daemonset-controller');
  const scheduler = ctx.cluster.controller<Scheduler>('default-scheduler');
  if (!dsController || !scheduler) return fail('this cluster has no DaemonSet controller or scheduler to ask');

  let daemonSets: readonly DaemonSet[];
  if (dsArg !== undefined) {
    const ds = findDaemonSet(store, dsArg, namespace);
    if ('error' in ds) return fail(ds.error);
    daemonSets = [ds];
  } else {
    daemonSets = store.list('DaemonSet', namespace);
  }

  const out: string[] = [describeNode(node)];
  if (daemonSets.length === 0) out.push('', 'No DaemonSets to explain.');
  for (const ds of daemonSets) {
    const key = `${ds.metadata.namespace}/${ds.metadata.name}`;
    const ex = dsController.explain(key, nodeName, ctx.cluster.now);
    if (!ex) continue;
    out.push('', ...describeController(ex));
    const pending = [...store.podsOwnedBy(ds.metadata.uid)]
      .filter((p) => !p.spec.nodeName && !p.metadata.deletionTimestamp && targetNode(p) === nodeName)
      .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    for (const pod of pending) out.push('', ...describeScheduling(pod, scheduler.explain(pod, { only: [nodeName] }), nodeName));
  }
  return ok(`${out.join('\n')}\n`);
};

function describeNode(node: Node): string {
  const ready = node.status.conditions?.find((c) => c.type === 'Ready')?.status ?? 'Unknown';
  const taints = node.spec.taints?.length ? node.spec.taints.map(formatTaint).join(', ') : '<none>';
  return `Node ${node.metadata.name}: Ready=${ready}, unschedulable=${node.spec.unschedulable === true}\n  Taints: ${taints}`;
}

function describeController(ex: NodeExplanation): string[] {
  const lines = [`DaemonSet ${ex.daemonSet} (daemonset-controller, NodeShouldRunDaemonPod):`];
  if (ex.verdict) {
    for (const p of ex.verdict.reasons) lines.push(`  ${p.name.padEnd(16)} ${p.passed ? 'passed' : 'failed'}: ${p.message}${p.detail ? ` (${p.detail})` : ''}`);
    lines.push(`  => shouldRun=${ex.verdict.shouldRun}, shouldContinueRunning=${ex.verdict.shouldContinueRunning}`);
  }
  if (ex.pods.length === 0) lines.push('  Pods for this node: none');
  for (const p of ex.pods) {
    const state = [p.phase, p.terminating ? 'terminating' : '', p.ready ? 'ready' : 'not ready', p.available ? 'available' : 'not available', p.updated ? 'up-to-date' : 'old revision', p.boundTo ? '' : 'not yet scheduled', p.orphan ? 'orphan (would be adopted)' : '']
      .filter(Boolean)
      .join(', ');
    lines.push(`  Pod ${p.name}: ${state}`);
  }
  const decisions: string[] = [];
  if (ex.manage.create) decisions.push(`would create a pod: ${ex.manage.create}`);
  for (const d of ex.manage.delete) decisions.push(`would delete ${d.pod}: ${d.reason}`);
  if (ex.manage.retryAfterMs !== undefined) decisions.push(`failed pod in backoff: looks again in ${Math.ceil(ex.manage.retryAfterMs / 1000)}s`);
  if (ex.rollingUpdate?.error) decisions.push(`rolling update: ${ex.rollingUpdate.error}`);
  if (ex.rollingUpdate?.create) decisions.push(`rolling update would create a pod: ${ex.rollingUpdate.create}`);
  for (const d of ex.rollingUpdate?.delete ?? []) decisions.push(`rolling update would delete ${d.pod}: ${d.reason}`);
  lines.push(`  Next: ${decisions.length === 0 ? 'nothing to do' : decisions.join('\n        ')}`);
  return lines;
}

function describeScheduling(pod: Pod, ex: SchedulingExplanation, nodeName: string): string[] {
  const lines = [`Scheduler (default-scheduler) for Pending pod ${pod.metadata.namespace}/${pod.metadata.name}:`];
  const n = ex.nodes.find((x) => x.node === nodeName);
  for (const v of n?.plugins ?? []) {
    if (v.passed) {
      lines.push(`  ${v.plugin.padEnd(18)} passed`);
      continue;
    }
    const shortfalls = (v.insufficient ?? []).map(
      (i) => `${i.reason}: the pod requests ${amount(i.resourceName, i.requested)}; ${amount(i.resourceName, i.used)} of ${amount(i.resourceName, i.capacity)} allocatable is already requested`,
    );
    const detail = [...(v.conflictingPorts?.length ? [`host ports in use: ${v.conflictingPorts.join(', ')}`] : []), ...(v.taint ? [`taint ${formatTaint(v.taint)}`] : [])];
    const reasons = shortfalls.length > 0 ? shortfalls : v.reasons;
    lines.push(`  ${v.plugin.padEnd(18)} failed: ${reasons.join('; ')}${detail.length > 0 ? ` (${detail.join('; ')})` : ''}`);
  }
  if (ex.message) lines.push(`  ${ex.message}`);
  return lines;
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
