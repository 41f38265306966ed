/**
 * `sim step` and `sim step --wave [DAEMONSET] [-n NAMESPACE]`: the page's Step and Next wave.
 *
 * - `sim step` advances to the next moment anything in the cluster is due (the earliest timer
 *   with real work: a pull finishing, a grace period ending, a probe, a back-off), runs it, and
 *   says what time it is and what changed (from the trace), or that nothing is due.
 * - `sim step --wave` advances until the rolling update of the DaemonSet starts its next batch of
 *   replacements: until the DaemonSet controller next deletes old pods for it (maxSurge 0) or
 *   creates surge pods for it (maxSurge > 0), which it does only once the current batch became
 *   available. With maxUnavailable 1 a wave is one node. Without a name it takes the one
 *   DaemonSet rolling out. It watches the controller's intents in the trace (subscribed for
 *   them) and never decides anything itself; it stops, saying so, when the rollout finishes or
 *   cannot move (rollout-progress.ts: nothing due, or no progress for a long stretch, e.g. a bad
 *   image).
 */
import type { DaemonSet, Pod } from '../../sim/api/types.js';
import { allowsSurge, getTargetNodeName } from '../../sim/controllers/daemonset/index.js';
import type { TraceEntry } from '../../sim/engine/cluster.js';
import type { Intent } from '../../sim/engine/client.js';
import { formatDuration } from '../../sim/engine/time.js';
import { controllerUid } from '../../sim/store/store.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagBool, flagString, parseSimFlags, type FlagSpec } from '../flags.js';
import { fail, ok, type ExecResult } from '../result.js';
import { RolloutProgress } from '../verbs/rollout-progress.js';
import { daemonSetStatus, FOREVER_MS } from '../verbs/rollout-status.js';
import { clockLine } from './clock.js';
import { findDaemonSet } from './find-daemonset.js';
import { summarizeTrace } from './trace-summary.js';

/** The DaemonSet controller's component name, as its intents carry it. */
const CONTROLLER = 'daemonset-controller';
/** How the controller's rolling update starts the reason of every write it makes. */
const ROLLING_UPDATE = 'rolling update: ';

/** `--wave`, and where the rolling DaemonSet lives for it: `-n NAMESPACE` / `-A`, as kubectl's. */
export const STEP_FLAGS: readonly FlagSpec[] = [{ name: 'wave', type: 'bool' }, { name: 'namespace', short: 'n', type: 'string' }, ALL_NAMESPACES_FLAG];

export const step: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, STEP_FLAGS, 'step');
  if ('error' in f) return fail(f.error);
  if (!flagBool(f, 'wave')) {
    if (f.args.length > 0) return fail(`sim step takes no arguments (got "${f.args[0]}"); for a DaemonSet's next wave: sim step --wave ${f.args[0]}`);
    return stepOnce(ctx);
  }
  if (f.args.length > 1) return fail('usage: sim step --wave [DAEMONSET] [-n NAMESPACE]');
  const namespace = flagBool(f, 'all-namespaces') ? undefined : flagString(f, 'namespace');
  const ds = f.args[0] !== undefined ? findDaemonSet(ctx.cluster.store, f.args[0], namespace) : onlyRollingOut(ctx, namespace);
  if ('error' in ds) return fail(ds.error);
  if ('none' in ds) return ok(`${ds.none}\n`);
  return stepWave(ctx, ds);
};

/** Advances to the next due moment and runs it. */
function stepOnce(ctx: VerbContext): ExecResult {
  const { cluster } = ctx;
  const due = cluster.nextDue();
  if (due === undefined) return ok(`nothing is due: the cluster is settled at ${clockLine(cluster)}\n`);
  const start = cluster.now;
  const entries: TraceEntry[] = [];
  const stop = cluster.subscribe((e) => entries.push(e));
  try {
    cluster.advanceTo(due);
  } finally {
    stop();
  }
  return ok(`now ${clockLine(cluster)}, ${after(cluster.now - start)}: ${summarizeTrace(entries, cluster.now)}\n`);
}

/** The one DaemonSet whose rollout is not finished (in `namespace`, or in any), if there is one. */
function onlyRollingOut(ctx: VerbContext, namespace: string | undefined): DaemonSet | { error: string } | { none: string } {
  const rolling = ctx.cluster.store.list('DaemonSet', namespace).filter((ds) => {
    const s = daemonSetStatus(ds);
    return !('error' in s) && !s.done;
  });
  if (rolling.length === 1) return rolling[0]!;
  const where = namespace === undefined ? '' : ` in namespace "${namespace}"`;
  if (rolling.length === 0) return { none: `no rollout is in progress${where}: every DaemonSet has all its pods updated and available` };
  const names = rolling.map((ds) => `${ds.metadata.namespace}/${ds.metadata.name}`).join(', ');
  return { error: `several DaemonSets are rolling out (${names}): name one, e.g. "sim step --wave ${rolling[0]!.metadata.name} -n ${rolling[0]!.metadata.namespace}"` };
}

/** A pod the wave moved: its name and node. */
interface Moved {
  readonly pod: string;
  readonly node: string;
}

function stepWave(ctx: VerbContext, ds: DaemonSet): ExecResult {
  const { cluster } = ctx;
  const name = ds.metadata.name;
  const namespace = ds.metadata.namespace ?? '';
  const status = daemonSetStatus(ds);
  if ('error' in status) return fail(`daemon set "${name}" uses the OnDelete strategy: it has no waves, its pods are replaced only when you delete them`);
  if (status.done) return ok(`daemon set "${name}" is not rolling out: ${counts(ds)}\n`);

  const surge = allowsSurge(ds);
  const moved: Moved[] = [];
  const start = cluster.now;
  const isWave = (i: Intent): boolean =>
    i.controller === CONTROLLER && i.kind === 'Pod' && i.namespace === namespace && i.verb === (surge ? 'create' : 'delete') && !i.error && i.reason.startsWith(ROLLING_UPDATE);
  const stop = cluster.subscribe(
    (e) => {
      for (const intent of e.intents) {
        if (!isWave(intent)) continue;
        const pod = podIn(e, cluster.store.get('Pod', namespace, intent.name), namespace, intent.name);
        if (pod && controllerUid(pod) === ds.metadata.uid) moved.push({ pod: pod.metadata.name, node: nodeOf(pod) });
      }
    },
    { intents: true },
  );
  const progress = new RolloutProgress(ds, cluster.now);
  let outcome: { readonly finished: DaemonSet } | { readonly stalled: string } | { readonly gone: true } | undefined;
  const look = (): void => {
    const cur = cluster.store.get('DaemonSet', namespace, name);
    if (!cur || cur.metadata.uid !== ds.metadata.uid) outcome = { gone: true };
    else {
      const s = daemonSetStatus(cur);
      if (!('error' in s) && s.done) outcome = { finished: cur };
      else {
        const stall = progress.check(cur, cluster);
        if (stall) outcome = { stalled: stall.message };
      }
    }
  };
  try {
    cluster.advanceUntil(() => moved.length > 0 || outcome !== undefined, FOREVER_MS, look);
  } finally {
    stop();
  }
  const took = after(cluster.now - start);
  if (moved.length > 0) {
    const pods = moved.map((m) => `${m.pod} on ${m.node}`).join(', ');
    const what = surge ? `creating ${pods} beside the old ${moved.length === 1 ? 'pod' : 'pods'}` : `replacing ${pods}`;
    return ok(`now ${clockLine(cluster)}, ${took}: daemon set "${name}" starts its next wave: ${what}\n`);
  }
  if (outcome && 'finished' in outcome) return ok(`now ${clockLine(cluster)}, ${took}: daemon set "${name}" finished rolling out: ${counts(outcome.finished)}\n`);
  if (outcome && 'gone' in outcome) return fail(`daemon set "${name}" was deleted while its rollout was watched; now ${clockLine(cluster)}`);
  return fail(`the rollout of daemon set "${name}" ${outcome && 'stalled' in outcome ? outcome.stalled : 'stopped'}; now ${clockLine(cluster)}`);
}

/** The pod an intent wrote, as the entry left it (a deleted pod may be gone from the store). */
function podIn(e: TraceEntry, stored: Pod | undefined, namespace: string, name: string): Pod | undefined {
  if (stored) return stored;
  const removed = e.diff.removed.find((o) => o.kind === 'Pod' && o.metadata.name === name && o.metadata.namespace === namespace);
  return removed as Pod | undefined;
}

/** The node a daemon pod runs on, or is pinned to before it is bound. */
function nodeOf(pod: Pod): string {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const target = getTargetNodeName(pod);
  return typeof target === 'string' ? target : '<unknown node>';
}

function counts(ds: DaemonSet): string {
  const s = ds.status;
  return `${s?.updatedNumberScheduled ?? 0} of ${s?.desiredNumberScheduled ?? 0} pods updated, ${s?.numberAvailable ?? 0} available`;
}

function after(ms: number): string {
  return `${formatDuration(Math.floor(ms / 1000) * 1000)} later`;
}
