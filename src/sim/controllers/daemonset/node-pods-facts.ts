/**
 * What the status count, `manage` and the rolling update read of one node's daemon pods,
 * memoised per pod list.
 *
 * Why: a sync walks every node of the cluster three times, and reading a pod means following
 * pointers to its metadata, status and conditions, scattered over the heap. The DaemonSet's pod
 * index replaces a node's list whenever one of its pods changes and never mutates it, so facts
 * computed for a list object stay true for as long as that object is handed out: most nodes
 * of a sync are one property read.
 *
 * The facts ride on the list array itself, under a symbol: a property load is several times
 * cheaper than a WeakMap lookup on this path, and it is invisible to iteration, JSON and
 * structuredClone. A list must not change once its facts are read (the pod index and
 * `getNodesToDaemonPods` only ever hand out lists they no longer touch).
 */
import type { Pod } from '../../api/types.js';
import { HASH_LABEL, TEMPLATE_GENERATION_LABEL } from './constants.js';
import { isPodReady, podReadySince } from './pod-conditions.js';
import { inPodOrder, oldestPod } from './pod-order.js';
import { isPodUpdated } from './pod-template.js';

/** `findUpdatedPodsOnNode`'s answer. */
export interface UpdatedPodsOnNode {
  readonly newPod?: Pod;
  readonly oldPod?: Pod;
  /** False when the node has more than one new or more than one old pod (manage prunes). */
  readonly ok: boolean;
}

export interface PodListFacts {
  /** The first pod in `podByCreationTimestampAndPhase` order: the one status judges. */
  readonly oldest: Pod;
  /** `podReadySince(oldest)`: NaN when not Ready. */
  readonly oldestReadySince: number;
  /** The oldest pod's `controller-revision-hash` and `pod-template-generation` labels (status's `IsPodUpdated`). */
  readonly oldestHash: string | undefined;
  readonly oldestTemplateGeneration: string | undefined;
  /**
   * The pods neither terminating nor terminal, in `podByCreationTimestampAndPhase` order: what
   * `manage` keeps (the first) or prunes.
   */
  readonly running: readonly Pod[];
  /** Some pod not being deleted is Failed or Succeeded: `manage` must look at each pod. */
  readonly hasTerminal: boolean;
  /** The last `findUpdatedPodsOnNode` answer, which holds the revision it was for. */
  updated?: UpdatedMemo;
  /** The last `surgeSplit` answer, which holds the hash it was for. */
  surge?: SurgeMemo;
}

/** `manage`'s view of a node's running pods under surge, for one revision hash. */
export interface SurgeSplit {
  /** The oldest running pod of the current hash, and the oldest of any other. */
  readonly oldestNew: Pod | undefined;
  readonly oldestOld: Pod | undefined;
  /** The other running pods, each with the oldest of its kind (the one kept). */
  readonly extra: readonly { readonly pod: Pod; readonly keep: Pod; readonly isNew: boolean }[];
  /** `IsPodReady(oldestOld)`. */
  readonly oldestOldReady: boolean;
  /** `podReadySince(oldestNew)`: NaN when not Ready (or no such pod). */
  readonly oldestNewReadySince: number;
}

/** `findUpdatedPodsOnNode`'s answer with `podReadySince` of each pod (NaN when absent). */
export interface UpdatedPodsOnNodeFacts extends UpdatedPodsOnNode {
  readonly newReadySince: number;
  readonly oldReadySince: number;
}

/**
 * The memos keep their key in the answer itself: one object per list and revision rather than
 * two (a list is made anew at each write of one of its pods).
 */
interface UpdatedMemo extends UpdatedPodsOnNodeFacts {
  readonly hash: string;
  readonly generation: number | undefined;
}
interface SurgeMemo extends SurgeSplit {
  readonly hash: string;
}

const FACTS = Symbol('podListFacts');

type WithFacts = readonly Pod[] & { [FACTS]?: PodListFacts };

/** The facts of a non-empty pod list. */
export function podListFacts(pods: readonly Pod[]): PodListFacts {
  const list = pods as WithFacts;
  let facts = list[FACTS];
  if (!facts) {
    const oldest = pods.length === 1 ? pods[0]! : oldestPod(pods)!;
    // A list whose pods all run is its own running list (one pod is already in order): no list
    // is built for it, on every node of every DaemonSet, each time its pods change.
    let running: readonly Pod[] = pods;
    let hasTerminal = false;
    for (let i = 0; i < pods.length; i++) {
      const pod = pods[i]!;
      const deleting = !!pod.metadata.deletionTimestamp;
      const phase = pod.status?.phase;
      const terminal = !deleting && (phase === 'Failed' || phase === 'Succeeded');
      if (terminal) hasTerminal = true;
      const runs = !deleting && !terminal;
      // The first pod that does not run: the list so far (all running) is copied.
      if (!runs && running === pods) running = pods.slice(0, i);
      else if (runs && running !== pods) (running as Pod[]).push(pod);
    }
    facts = {
      oldest,
      oldestReadySince: podReadySince(oldest),
      oldestHash: oldest.metadata.labels?.[HASH_LABEL],
      oldestTemplateGeneration: oldest.metadata.labels?.[TEMPLATE_GENERATION_LABEL],
      running: inPodOrder(running),
      hasTerminal,
      updated: undefined,
      surge: undefined,
    };
    (list as { [FACTS]?: PodListFacts })[FACTS] = facts;
  }
  return facts;
}

/** `findUpdatedPodsOnNode`: the node's one new and one old pod, ignoring pods being deleted. */
export function findUpdatedPodsOnNode(pods: readonly Pod[], hash: string, generation: number | undefined): UpdatedPodsOnNode {
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  for (let i = 0; i < pods.length; i++) {
    const pod = pods[i]!;
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = pod;
    } else {
      if (oldPod) return { ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

/**
 * `findUpdatedPodsOnNode` memoised per pod list and revision, with each pod's ready-since.
 * `facts` are the list's facts, when the caller has them at hand.
 */
export function updatedPodsOn(
  pods: readonly Pod[],
  hash: string,
  generation: number | undefined,
  facts: PodListFacts | undefined = pods.length > 0 ? podListFacts(pods) : undefined,
): UpdatedPodsOnNodeFacts {
  if (facts === undefined) return NO_PODS_ON_NODE;
  const hit = facts.updated;
  if (hit && hit.hash === hash && hit.generation === generation) return hit;
  const found = findUpdatedPodsOnNode(pods, hash, generation);
  // One object shape for every answer: the rollout loop reads these for every node.
  const result: UpdatedMemo = {
    newPod: found.newPod,
    oldPod: found.oldPod,
    ok: found.ok,
    newReadySince: found.newPod ? podReadySince(found.newPod) : NaN,
    oldReadySince: found.oldPod ? podReadySince(found.oldPod) : NaN,
    hash,
    generation,
  };
  facts.updated = result;
  return result;
}

const NO_PODS_ON_NODE: UpdatedMemo = { newPod: undefined, oldPod: undefined, ok: true, newReadySince: NaN, oldReadySince: NaN, hash: '', generation: undefined };

/**
 * Splits the running pods (in `podByCreationTimestampAndPhase` order) by the revision hash
 * label alone, as manage's surge pruning does; memoised per pod list and hash.
 */
export function surgeSplit(facts: PodListFacts, hash: string): SurgeSplit {
  const hit = facts.surge;
  if (hit && hit.hash === hash) return hit;
  let oldestNew: Pod | undefined;
  let oldestOld: Pod | undefined;
  // Made only for a node with a third pod: a surge rollout's nodes have one old and one new.
  let extra: { pod: Pod; keep: Pod; isNew: boolean }[] | undefined;
  const running = facts.running;
  for (let i = 0; i < running.length; i++) {
    const pod = running[i]!;
    const isNew = pod.metadata.labels?.[HASH_LABEL] === hash;
    if (isNew && !oldestNew) oldestNew = pod;
    else if (!isNew && !oldestOld) oldestOld = pod;
    else (extra ??= []).push({ pod, keep: (isNew ? oldestNew : oldestOld)!, isNew });
  }
  const split: SurgeMemo = {
    oldestNew,
    oldestOld,
    extra: extra ?? NO_EXTRA,
    oldestOldReady: oldestOld !== undefined && isPodReady(oldestOld),
    oldestNewReadySince: oldestNew !== undefined ? podReadySince(oldestNew) : NaN,
    hash,
  };
  facts.surge = split;
  return split;
}

/** Shared by every split without extra pods; never written to (not frozen: a frozen array's elements kind would make `surgePrune`'s loop polymorphic). */
const NO_EXTRA: SurgeSplit['extra'] = [];
