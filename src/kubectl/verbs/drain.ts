/**
 * `kubectl drain NODE... [--ignore-daemonsets] [--force] [--delete-emptydir-data]
 * [--grace-period=N] [--timeout=D] [--disable-eviction] [--pod-selector=SEL] [-l SEL]
 * [--dry-run]` (kubectl `pkg/cmd/drain/drain.go`: `RunDrain`, `deleteOrEvictPodsSimple`,
 * `onPodDeletionOrEvictionFinished`; `pkg/drain/drain.go`: `evictPods`, `deletePods`,
 * `waitForDelete`).
 *
 * Cordons first (the node stays cordoned when drain fails), then evicts the pods the filters
 * allow (drain-filters.ts) and waits until they are gone, printing `pod/NAME evicted` as each
 * disappears, then `node/NAME drained`. Eviction is a graceful delete here: the playground has no
 * PodDisruptionBudgets, so an eviction is never refused (`--disable-eviction` only changes the
 * wording to `deleted`). Waiting advances virtual time; `--timeout=0` (infinite upstream) waits
 * at most one virtual hour, after which the pods count as timed out.
 */
import type { Pod } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { Verb, VerbContext } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import { cordonNodes, selectNodes } from './cordon.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, type DryRun } from './dry-run.js';
import { podsForDeletion, type DrainOptions } from './drain-filters.js';
import { waitUntilGone } from './wait-deleted.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'force', type: 'bool' },
  { name: 'ignore-daemonsets', type: 'bool' },
  { name: 'delete-emptydir-data', type: 'bool' },
  { name: 'delete-local-data', type: 'bool' },
  { name: 'grace-period', type: 'int', default: '-1' },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'pod-selector', type: 'string' },
  { name: 'disable-eviction', type: 'bool' },
  { name: 'skip-wait-for-delete-timeout', type: 'int', default: '0' },
  { name: 'chunk-size', type: 'int', default: '500' },
  DRY_RUN_FLAG,
];

/** How long an "infinite" drain waits, in virtual time. */
const INFINITE_WAIT_MS = 3_600_000;

interface Plan extends DrainOptions {
  readonly graceSeconds: number;
  readonly timeoutMs: number;
  readonly disableEviction: boolean;
  readonly dryRun: DryRun;
  readonly matches: (pod: Pod) => boolean;
}

export const drain: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'drain');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const nodes = selectNodes(ctx, 'drain', flags.args, flagString(flags, 'selector'));
  if ('error' in nodes) return fail(nodes.error);
  const podSel = parseSelector(flagString(flags, 'pod-selector') ?? '');
  if ('error' in podSel) return fail('error: --pod-selector=<pod_selector> must be a valid label selector');
  const timeout = parseDuration(flagString(flags, 'timeout') ?? '0s');
  if (typeof timeout !== 'number') return fail(`error: invalid argument "${flagString(flags, 'timeout')}" for "--timeout" flag: ${timeout.error}`);
  const w = new OutputWriter();
  if (flagBool(flags, 'delete-local-data')) w.warn('Flag --delete-local-data has been deprecated, This option is deprecated and will be deleted. Use --delete-emptydir-data.\n');
  const plan: Plan = {
    force: flagBool(flags, 'force'),
    ignoreAllDaemonSets: flagBool(flags, 'ignore-daemonsets'),
    deleteEmptyDirData: flagBool(flags, 'delete-emptydir-data') || flagBool(flags, 'delete-local-data'),
    skipWaitForDeleteTimeoutSeconds: Number(flagString(flags, 'skip-wait-for-delete-timeout') ?? '0') || 0,
    graceSeconds: Number(flagString(flags, 'grace-period') ?? '-1'),
    timeoutMs: timeout,
    disableEviction: flagBool(flags, 'disable-eviction'),
    dryRun,
    matches: (pod) => podSel.matches(pod.metadata.labels),
  };
  cordonNodes(ctx, nodes, true, dryRun, w);
  const failedNodes: string[] = [];
  const fatal: string[][] = [];
  for (const node of nodes) {
    const name = node.metadata.name;
    const errors = drainNode(ctx, name, plan, w);
    if (errors.length === 0) {
      w.print(`node/${name} drained${dryRunSuffix(dryRun)}\n`);
      continue;
    }
    w.warn(`error: unable to drain node "${name}" due to error: ${aggregate(errors)}, continuing command...\n`);
    failedNodes.push(name);
    fatal.push(errors);
  }
  if (failedNodes.length === 0) return w.result(0);
  w.warn(`There are pending nodes to be drained:\n${failedNodes.map((n) => ` ${n}\n`).join('')}`);
  // CheckErr unwraps the one-node aggregate once: its errors print one per line, unprefixed.
  const lines = fatal.length === 1 ? fatal[0]! : fatal.map(aggregate);
  w.warn(lines.map((l) => `${l}\n`).join(''));
  return w.result(1);
};

/** `utilerrors.NewAggregate(errs).Error()`. */
function aggregate(errs: readonly string[]): string {
  return errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`;
}

/** `deleteOrEvictPodsSimple` for one node: writes its output to `w`, returns its errors (none = drained). */
function drainNode(ctx: VerbContext, nodeName: string, plan: Plan, w: OutputWriter): string[] {
  const list = podsForDeletion(ctx, nodeName, plan, plan.matches);
  if (list.errors.length > 0) return list.errors;
  if (list.warnings) w.warn(`Warning: ${list.warnings}\n`);
  if (plan.dryRun === 'client') {
    for (const pod of list.pods) w.print(`evicting pod ${pod.metadata.namespace}/${pod.metadata.name} (dry run)\n`);
    return [];
  }
  const evicting = !plan.disableEviction;
  const opts = plan.graceSeconds >= 0 ? { gracePeriodSeconds: plan.graceSeconds } : {};
  const refs = [];
  const errors: string[] = [];
  for (const pod of list.pods) {
    const ns = pod.metadata.namespace ?? '';
    if (evicting) w.print(`evicting pod ${ns}/${pod.metadata.name}${plan.dryRun === 'server' ? ' (server dry run)' : ''}\n`);
    const r =
      plan.dryRun === 'server'
        ? ctx.cluster.api.delete('Pod', ns, pod.metadata.name, { ...opts, dryRun: true })
        : ctx.client.delete(pod, `kubectl drain ${nodeName}: ${evicting ? 'evict' : 'delete'} pod ${ns}/${pod.metadata.name}`, opts);
    if (!r.ok) {
      if (r.error.reason !== 'NotFound') errors.push(`error when ${evicting ? 'evicting' : 'deleting'} pods/"${pod.metadata.name}" -n "${ns}": ${r.error.message}`);
      continue;
    }
    refs.push({ kind: 'Pod' as const, namespace: ns, name: pod.metadata.name, uid: pod.metadata.uid, pod });
  }
  if (plan.dryRun === 'server') return errors;
  const left = waitUntilGone(ctx, refs, plan.timeoutMs > 0 ? plan.timeoutMs : INFINITE_WAIT_MS, (ref) => {
    w.print(`pod/${ref.name} ${evicting ? 'evicted' : 'deleted'}\n`);
  });
  for (const ref of left) errors.push(`error when waiting for pod "${ref.name}" in namespace "${ref.namespace}" to terminate: context deadline exceeded`);
  if (errors.length > 0) {
    const pending = podsForDeletion(ctx, nodeName, plan, plan.matches).pods;
    if (pending.length > 0) {
      w.warn(`There are pending pods in node "${nodeName}" when an error occurred: ${aggregate(errors)}\n`);
      w.warn(pending.map((p) => `pod/${p.metadata.name}\n`).join(''));
    }
  }
  return errors;
}
