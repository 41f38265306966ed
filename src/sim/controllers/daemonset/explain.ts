/**
 * "Why is (or isn't) there a pod of this DaemonSet on this node?" for `sim why` and the UI:
 * the eligibility verdicts, the DaemonSet's pods for the node, and what `manage` and the rolling
 * update would decide right now. A dry run: nothing is written and no backoff advances.
 */
import type { DaemonSet, Node, Pod } from '../../api/types.js';
import { compileLabelSelector } from '../../api/labels.js';
import type { Store } from '../../store/store.js';
import { controllerUid } from '../../store/store.js';
import { HASH_LABEL } from './constants.js';
import { splitKey, withDaemonSetDefaults } from './defaults.js';
import { nodeShouldRunDaemonPod, type NodeVerdict } from './eligibility.js';
import { daemonSetFacts } from './facts.js';
import type { BackoffState } from './failed-pod-backoff.js';
import { computeHash } from './hash.js';
import { matchRevision } from './history.js';
import { podsShouldBeOnNode } from './manage.js';
import { getNodesToDaemonPods } from './node-pods.js';
import { isPodAvailable, isPodReady } from './pod-conditions.js';
import { isPodUpdated } from './pod-template.js';
import { emptyPlan, type PlannedEvent } from './plan.js';
import { rollingUpdate, type RollingUpdateSummary } from './rolling-update.js';

export interface PodExplanation {
  readonly name: string;
  readonly phase: string;
  /** `spec.nodeName`, when the scheduler (or the template) bound it. */
  readonly boundTo?: string;
  readonly terminating: boolean;
  readonly ready: boolean;
  readonly available: boolean;
  /** Carries the current revision (hash or template generation). */
  readonly updated: boolean;
  readonly hash?: string;
  /** An orphan the next sync would adopt. */
  readonly orphan: boolean;
}

export interface DecisionExplanation {
  readonly create?: string;
  readonly delete: readonly { readonly pod: string; readonly reason: string }[];
  readonly events: readonly PlannedEvent[];
  /** A failed pod held by backoff: the sync would look again after this long. */
  readonly retryAfterMs?: number;
}

export interface NodeExplanation {
  readonly daemonSet: string;
  readonly node: string;
  readonly nodeExists: boolean;
  readonly verdict?: NodeVerdict;
  readonly hash: string;
  readonly pods: readonly PodExplanation[];
  readonly manage: DecisionExplanation;
  readonly rollingUpdate?: DecisionExplanation & { readonly summary?: RollingUpdateSummary; readonly error?: string };
}

/** The current revision's hash, or the hash a new revision would get. */
function currentHash(store: Store, ds: DaemonSet): string {
  for (const cr of store.list('ControllerRevision', ds.metadata.namespace ?? '')) {
    if (controllerUid(cr) === ds.metadata.uid && matchRevision(ds.spec.template, cr)) return cr.metadata.labels?.[HASH_LABEL] ?? cr.metadata.name;
  }
  return computeHash(ds.spec.template, ds.status?.collisionCount);
}

/** The explanation for one DaemonSet (`namespace/name`) and one node, or undefined without that DaemonSet. */
export function explainNode(store: Store, backoff: BackoffState, dsKey: string, nodeName: string, now: number): NodeExplanation | undefined {
  const { namespace, name } = splitKey(dsKey);
  const stored = store.get('DaemonSet', namespace, name);
  if (!stored) return undefined;
  const ds = withDaemonSetDefaults(stored);
  const matches = compileLabelSelector(ds.spec.selector);
  const facts = daemonSetFacts(ds, currentHash(store, ds), now);
  const claimed: Pod[] = [];
  const orphans = new Set<string>();
  for (const pod of store.list('Pod', namespace)) {
    const owner = controllerUid(pod);
    if (owner === ds.metadata.uid && matches(pod.metadata.labels)) claimed.push(pod);
    else if (owner === undefined && matches(pod.metadata.labels) && !pod.metadata.deletionTimestamp) {
      claimed.push(pod);
      orphans.add(pod.metadata.name);
    }
  }
  const map = getNodesToDaemonPods(claimed, false);
  const node: Node | undefined = store.get('Node', '', nodeName);
  const nodes = store.list('Node');
  const pods = map.get(nodeName) ?? [];
  const base = {
    daemonSet: dsKey,
    node: nodeName,
    hash: facts.hash,
    pods: pods.map((p) => describePod(p, facts.hash, facts.generation, facts.minReadySeconds, now, orphans.has(p.metadata.name))),
  };
  const manage = emptyPlan();
  const verdict = node ? nodeShouldRunDaemonPod(node, ds, facts.compiled) : undefined;
  if (node && verdict) podsShouldBeOnNode(node, verdict, map.get(nodeName), facts, copyBackoff(backoff), manage);
  else for (const pod of pods) if (!pod.spec.nodeName && !pod.metadata.deletionTimestamp) manage.delete.push({ pod, node: nodeName, reason: `${pod.metadata.name} is pinned to node ${nodeName}, which does not exist, and was never scheduled` });
  const out: NodeExplanation = {
    ...base,
    nodeExists: !!node,
    ...(verdict ? { verdict } : {}),
    manage: decision(manage.create.find((c) => c.node === nodeName)?.reason, manage.delete, manage.events, manage.requeueAfterMs),
  };
  if (ds.spec.updateStrategy?.type !== 'RollingUpdate') return out;
  const ru = rollingUpdate(facts, nodes, map);
  if ('error' in ru) return { ...out, rollingUpdate: { delete: [], events: [], error: ru.error } };
  return {
    ...out,
    rollingUpdate: {
      ...decision(ru.create.find((c) => c.node === nodeName)?.reason, ru.delete.filter((d) => d.node === nodeName), [], []),
      summary: ru.summary,
    },
  };
}

function decision(create: string | undefined, dels: readonly { pod: Pod; reason: string }[], events: readonly PlannedEvent[], waits: readonly number[]): DecisionExplanation {
  return {
    ...(create ? { create } : {}),
    delete: dels.map((d) => ({ pod: d.pod.metadata.name, reason: d.reason })),
    events,
    ...(waits.length > 0 ? { retryAfterMs: Math.min(...waits) } : {}),
  };
}

function describePod(p: Pod, hash: string, generation: number | undefined, minReadySeconds: number, now: number, orphan: boolean): PodExplanation {
  return {
    name: p.metadata.name,
    phase: p.status?.phase ?? 'Pending',
    ...(p.spec.nodeName ? { boundTo: p.spec.nodeName } : {}),
    terminating: !!p.metadata.deletionTimestamp,
    ready: isPodReady(p),
    available: isPodAvailable(p, minReadySeconds, now),
    updated: isPodUpdated(p, hash, generation),
    ...(p.metadata.labels?.[HASH_LABEL] ? { hash: p.metadata.labels[HASH_LABEL] } : {}),
    orphan,
  };
}

function copyBackoff(b: BackoffState): BackoffState {
  const out: BackoffState = {};
  for (const [k, e] of Object.entries(b)) out[k] = { ...e };
  return out;
}
