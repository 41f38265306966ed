/**
 * One sync of one DaemonSet (`daemon_controller.go: syncDaemonSet`, `updateDaemonSet`,
 * `updateDaemonSetStatus`, `getDaemonPods`, `getNodesToDaemonPods`).
 *
 * Order: DaemonSet gone -> done; list nodes; selector `{}` -> SelectingAll event, done; being
 * deleted -> done; `constructHistory` (current hash); `manage` + `syncNodes`; `rollingUpdate`
 * + `syncNodes` (RollingUpdate strategy); `cleanupHistory`; status. An error in manage skips
 * the rolling update and the cleanup, an error in the rolling update skips the cleanup; the
 * status is written regardless (with observedGeneration) and the error requeues the key.
 *
 * Writes are visible at once (the simulator's API client behaves like upstream's fake pod
 * control), so expectations are always satisfied: manage and rollingUpdate run in the same sync
 * and each step sees the pods as the previous steps left them. Pods are claimed once per sync
 * and read from the DaemonSet's `DaemonPodIndex`, which every pod write (ours included) keeps
 * current.
 */
import type { DaemonSet, Node, Pod } from '../../api/types.js';
import { labelSelectorAsSelector, compileLabelSelector, type LabelPredicate } from '../../api/labels.js';
import type { Store } from '../../store/store.js';
import { claimObjects } from './claim.js';
import { cleanupHistory } from './cleanup-history.js';
import { BURST_REPLICAS, HASH_LABEL, REASON } from './constants.js';
import { splitKey, withDaemonSetDefaults } from './defaults.js';
import { daemonSetFacts, type DaemonSetFacts } from './facts.js';
import { gcBackoff, type BackoffState } from './failed-pod-backoff.js';
import { constructHistory } from './history.js';
import type { DaemonPodIndex } from './daemon-pod-index.js';
import { manage } from './manage.js';
import type { NodeToDaemonPods } from './node-pods.js';
import { createPodTemplate } from './pod-template.js';
import { rollingUpdate } from './rolling-update.js';
import { computeDaemonSetStatus, describeCounters, nextStatus, statusUnchanged } from './status.js';
import { syncNodes } from './sync-nodes.js';
import type { SyncWriter } from './writer.js';

export interface SyncEnv {
  readonly store: Store;
  readonly writer: SyncWriter;
  readonly now: number;
  readonly backoff: BackoffState;
  /** Pods of a namespace without a controller ownerReference (adoption candidates). */
  orphanPods(namespace: string): Iterable<Pod>;
  /** `enqueueDaemonSetAfter`. */
  requeueAfter(delayMs: number): void;
  /** The DaemonSet's live pod index (built on first use, then kept current by the informer). */
  podIndex(ds: DaemonSet, matches: LabelPredicate): DaemonPodIndex;
}

/** `metav1.LabelSelector{}`: no matchLabels and no matchExpressions. */
export function selectsEverything(ds: DaemonSet): boolean {
  const s = ds.spec.selector;
  if (!s) return false;
  return Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0;
}

/**
 * `getDaemonPods`: claims the namespace's pods for the DaemonSet. Only the pods it may have to
 * release (controlled, no longer matching) and adopt (matching orphans) are visited; the
 * claimed ones are read from the returned index, which the adoption/release writes keep current.
 */
export function getDaemonPods(ds: DaemonSet, matches: LabelPredicate, env: SyncEnv): DaemonPodIndex | { error: string } {
  const index = env.podIndex(ds, matches);
  const candidates = [...index.unmatched(), ...env.orphanPods(ds.metadata.namespace ?? '')];
  const r = candidates.length > 0 ? claimObjects(ds, matches, candidates, env.store, env.writer) : undefined;
  return r?.error ? { error: r.error } : index;
}

/** `syncDaemonSet(key)`: returns an error message when the key must be retried with backoff. */
export function syncDaemonSet(key: string, env: SyncEnv): string | undefined {
  const { namespace, name } = splitKey(key);
  const stored = env.store.get('DaemonSet', namespace, name);
  if (!stored) return undefined;
  const nodes = env.store.list('Node');
  if (selectsEverything(stored)) {
    env.writer.event(stored, 'Warning', REASON.SelectingAll, 'This daemon set is selecting all pods. A non-empty selector is required.');
    return undefined;
  }
  if (stored.metadata.deletionTimestamp) return undefined;
  const ds = withDaemonSetDefaults(stored);
  const selector = labelSelectorAsSelector(ds.spec.selector);
  if ('error' in selector) return `failed to construct revisions of DaemonSet: ${selector.error}`;
  const matches = compileLabelSelector(ds.spec.selector);
  const history = constructHistory(ds, matches, {
    store: env.store,
    writer: env.writer,
    daemonPods: () => {
      const claimed = getDaemonPods(ds, matches, env);
      return 'error' in claimed ? claimed : claimed.claimed();
    },
  });
  if ('error' in history) return `failed to construct revisions of DaemonSet: ${history.error}`;
  const facts = daemonSetFacts(ds, history.cur.metadata.labels?.[HASH_LABEL] ?? '', env.now);
  const index = getDaemonPods(ds, matches, env);
  if ('error' in index) return `couldn't get node to daemon pod mapping for daemon set "${ds.metadata.name}": ${index.error}`;
  const pods = (includeDeletedTerminal: boolean): NodeToDaemonPods => index.map(includeDeletedTerminal);
  const err = updateDaemonSet(facts, nodes, pods, history.old, env);
  const statusErr = updateDaemonSetStatus(facts, nodes, pods(false), env);
  return err ?? statusErr;
}

/** `updateDaemonSet`: manage, then the rolling update, then history cleanup. */
function updateDaemonSet(
  facts: DaemonSetFacts,
  nodes: readonly Node[],
  pods: (includeDeletedTerminal: boolean) => NodeToDaemonPods,
  old: Parameters<typeof cleanupHistory>[1],
  env: SyncEnv,
): string | undefined {
  const { ds } = facts;
  gcBackoff(env.backoff, env.now);
  const template = createPodTemplate(ds.spec.template, facts.generation, facts.hash);
  const lookup = (name: string) => env.store.get('Node', '', name);
  const plan = manage(facts, nodes, pods(false), env.backoff, lookup, BURST_REPLICAS);
  for (const e of plan.events) env.writer.event(ds, e.type, e.reason, e.message);
  for (const d of plan.requeueAfterMs) env.requeueAfter(d);
  const managed = syncNodes(ds, plan.delete, plan.create, template, env.writer);
  if (managed.errors.length > 0) return aggregate(managed.errors);
  if (ds.spec.updateStrategy?.type === 'RollingUpdate') {
    const ru = rollingUpdate(facts, nodes, pods(false), lookup, BURST_REPLICAS);
    if ('error' in ru) return ru.error;
    const rolled = syncNodes(ds, ru.delete, ru.create, template, env.writer);
    if (rolled.errors.length > 0) return aggregate(rolled.errors);
  }
  const cleanupErr = cleanupHistory(ds, old, pods(true), env.writer);
  return cleanupErr ? `failed to clean up revisions of DaemonSet: ${cleanupErr}` : undefined;
}

/** `updateDaemonSetStatus` + `storeDaemonSetStatus`, with the minReadySeconds resync. */
function updateDaemonSetStatus(facts: DaemonSetFacts, nodes: readonly Node[], map: NodeToDaemonPods, env: SyncEnv): string | undefined {
  const { ds } = facts;
  const counters = computeDaemonSetStatus(ds, nodes, map, facts.hash, env.now);
  const fresh = env.store.get('DaemonSet', ds.metadata.namespace ?? '', ds.metadata.name);
  if (!fresh || fresh.metadata.uid !== ds.metadata.uid) return `daemonsets.apps "${ds.metadata.name}" not found`;
  if (!statusUnchanged(fresh, counters)) {
    const r = env.writer.updateStatus<'DaemonSet'>({ ...fresh, status: nextStatus(fresh, counters, true) }, describeCounters(counters));
    if (!r.ok) return `error storing status for daemon set "${ds.metadata.name}": ${r.error.message}`;
  }
  if (facts.minReadySeconds > 0 && counters.numberReady !== counters.numberAvailable) env.requeueAfter(facts.minReadySeconds * 1000);
  return undefined;
}

function aggregate(errors: readonly string[]): string {
  return errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
}
