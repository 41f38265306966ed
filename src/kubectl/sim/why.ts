/**
 * `sim why NODE [DAEMONSET]`: every verdict behind "is there a daemon pod on this node?", in
 * upstream wording, printed from the report `whyReport` builds (why-report.ts), the same data
 * the page's Why panel draws.
 *
 * DAEMONSET is looked for in every namespace unless `-n` names one (find-daemonset.ts); without
 * it, every DaemonSet of every namespace is explained, or those of `-n NAMESPACE` only (`-A` says
 * all namespaces explicitly, as kubectl's flag does).
 */
import type { Verb } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagBool, flagString, parseSimFlags, type FlagSpec } from '../flags.js';
import { fail, ok } from '../result.js';
import { whyReport, type WhyDaemonSet, type WhyReport, type WhyScheduling } from './why-report.js';

/** `-n NAMESPACE` / `-A`: where the named DaemonSet lives (kubectl's flags, as learners type them). */
export const WHY_FLAGS: readonly FlagSpec[] = [{ name: 'namespace', short: 'n', type: 'string' }, ALL_NAMESPACES_FLAG];

export const why: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, WHY_FLAGS, 'why');
  if ('error' in f) return fail(f.error);
  const [nodeName, dsArg, extra] = f.args;
  if (!nodeName || extra !== undefined) return fail('usage: sim why NODE [DAEMONSET] [-n NAMESPACE | -A]');
  // As in kubectl, -A wins over -n.
  const namespace = flagBool(f, 'all-namespaces') ? undefined : flagString(f, 'namespace');
  const report = whyReport(ctx.cluster, nodeName, { ...(dsArg !== undefined ? { daemonSet: dsArg } : {}), ...(namespace !== undefined ? { namespace } : {}) });
  if ('error' in report) return fail(report.error);
  return ok(whyText(report));
};

/** The text `sim why` prints for a report. */
export function whyText(report: WhyReport): string {
  const { node } = report;
  const out: string[] = [`Node ${node.name}: Ready=${node.ready}, unschedulable=${node.unschedulable}\n  Taints: ${node.taints.length > 0 ? node.taints.join(', ') : '<none>'}`];
  if (report.daemonSets.length === 0) out.push('', 'No DaemonSets to explain.');
  for (const ds of report.daemonSets) {
    out.push('', ...controllerLines(ds));
    for (const s of ds.scheduling) out.push('', ...schedulingLines(s));
  }
  return `${out.join('\n')}\n`;
}

function controllerLines(ds: WhyDaemonSet): string[] {
  const c = ds.controller;
  const lines = [`DaemonSet ${ds.namespace}/${ds.name} (daemonset-controller, NodeShouldRunDaemonPod):`];
  for (const v of c.verdicts) lines.push(`  ${v.name.padEnd(16)} ${v.passed ? 'passed' : 'failed'}: ${v.message}${v.detail ? ` (${v.detail})` : ''}`);
  if (c.shouldRun !== undefined) lines.push(`  => shouldRun=${c.shouldRun}, shouldContinueRunning=${c.shouldContinueRunning}`);
  if (c.pods.length === 0) lines.push('  Pods for this node: none');
  for (const p of c.pods) lines.push(`  Pod ${p.name}: ${p.state.join(', ')}`);
  lines.push(`  Next: ${c.next.length === 0 ? 'nothing to do' : c.next.join('\n        ')}`);
  return lines;
}

function schedulingLines(s: WhyScheduling): string[] {
  const lines = [`Scheduler (default-scheduler) for Pending pod ${s.pod}:`];
  for (const v of s.verdicts) lines.push(v.passed ? `  ${v.name.padEnd(18)} passed` : `  ${v.name.padEnd(18)} failed: ${v.message}${v.detail ? ` (${v.detail})` : ''}`);
  if (s.message) lines.push(`  ${s.message}`);
  return lines;
}
