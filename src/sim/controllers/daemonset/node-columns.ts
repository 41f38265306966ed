/**
 * What manage, the rolling update and the status count read of each node, for one revision of
 * a DaemonSet, as flat typed arrays by node position: a bit set per node and the ready-since
 * instants that availability is judged from.
 *
 * Why: those three walk every node of the cluster on every sync, about a hundred times during a
 * 5,000-node rollout, and most nodes have not changed since the previous sync. Reading a node's
 * verdict, pod list, list facts and `findUpdatedPodsOnNode` answer means following four or five
 * pointers scattered over the heap; reading its bit set is one byte-sized load from an array
 * read front to back. The columns of the DaemonSet's live pod index (its aligned view) are
 * patched only at the positions whose pod list changed since the last sync, and rebuilt when
 * the node list or the revision changes, so a sync recomputes per-node facts only for the nodes
 * that changed.
 *
 * Time is not in the columns: availability (`IsPodAvailable` with minReadySeconds) is judged
 * at read time from the ready-since instants, so the columns never go stale as time passes.
 *
 * Assumptions:
 * - A source's lists and their facts are never mutated once handed out (the pod index replaces
 *   a node's list when it changes), and the view reports every position it replaces (`dirty`).
 * - The verdicts of a node list are one array per (node list, compiled template): a new array
 *   means another node list or template, and the columns are rebuilt.
 * Invariants:
 * - The columns equal `buildColumns` over the source at the moment they are read.
 */
import type { Pod } from '../../api/types.js';
import type { NodeVerdict } from './eligibility.js';
import { podListFacts, updatedPodsOn, type PodListFacts } from './node-pods-facts.js';
import { isPodTerminal, podReadySince } from './pod-conditions.js';
import { generationText, isPodUpdated } from './pod-template.js';

/** The node should run a daemon pod (undefined verdicts, for nodes not in the list, set neither bit). */
export const SHOULD_RUN = 1;
/** The node's verdict is unknown: it has pods but is not in the node list (the rollout's error). */
export const UNKNOWN_NODE = 2;
/** The map holds a pod list for the node (the rollout visits it even when it should not run). */
export const HAS_LIST = 4;
/** The node has at least one pod (its list facts exist). */
export const HAS_PODS = 8;
/** `findUpdatedPodsOnNode` found at most one new and one old pod. */
export const UPDATED_OK = 16;
/** `findUpdatedPodsOnNode` found a new (current-revision) pod, and an old one. */
export const HAS_NEW = 32;
export const HAS_OLD = 64;
/** The oldest pod (the one status judges) is of the current revision (`IsPodUpdated`). */
export const OLDEST_UPDATED = 128;
/** `podsShouldBeOnNode` may decide something here, whether or not surge is allowed. */
export const MANAGE_ACTIVE = 256;
/** `podsShouldBeOnNode` may decide something here only when surge is allowed. */
export const MANAGE_ACTIVE_IF_SURGE = 512;

/** The revision the columns are for (the verdict vector stands for the node list and the template). */
export interface ColumnsRevision {
  readonly verdicts: readonly (Pick<NodeVerdict, 'shouldRun' | 'shouldContinueRunning'> | undefined)[];
  readonly hash: string;
  readonly generation: number | undefined;
}

export interface NodeColumns {
  readonly flags: Uint16Array;
  /** `podReadySince` of the node's new pod, its old pod, and its oldest pod (NaN when none or not Ready). */
  readonly newReadySince: Float64Array;
  readonly oldReadySince: Float64Array;
  readonly oldestReadySince: Float64Array;
}

/** The columns a view keeps, with the revision they were built for and the positions replaced since. */
export interface ColumnsCache {
  readonly revision: ColumnsRevision;
  readonly columns: NodeColumns;
  /** Positions whose pod list the view replaced since the columns were last brought up to date. */
  readonly dirty: number[];
}

/** A source of per-node pod lists by position: a sync's aligned view, or the rollout's own order. */
export interface ColumnsSource {
  readonly lists: readonly (readonly Pod[] | undefined)[];
  /** Whether the columns are kept here between reads (else they are built afresh on each read). */
  readonly keepsColumns?: boolean;
  columns?: ColumnsCache;
}

/**
 * The columns of `source` for `revision`: the kept ones patched at the positions replaced since
 * the last read, or rebuilt when the revision (node list, template, hash or generation) differs.
 */
export function nodeColumns(src: ColumnsSource, revision: ColumnsRevision): NodeColumns {
  if (src.lists.length === 0) return podlessColumns(revision);
  if (!src.keepsColumns) return buildColumns(src, revision);
  const kept = src.columns;
  if (kept && sameRevision(kept.revision, revision)) {
    // Indexed: a few calls per sync over thousands of positions (see alignedPods).
    for (let k = 0; k < kept.dirty.length; k++) fillPosition(kept.columns, kept.dirty[k]!, src, revision);
    kept.dirty.length = 0;
    return kept.columns;
  }
  const columns = buildColumns(src, revision);
  src.columns = { revision, columns, dirty: [] };
  return columns;
}

const podless = new WeakMap<ColumnsRevision['verdicts'], NodeColumns>();

/**
 * The columns of a DaemonSet without pods (the aligned view of an empty map holds no lists):
 * they depend on the verdicts alone, so they are built once per node list and template (a
 * DaemonSet that selects no node syncs with an empty map every time). Read-only.
 */
function podlessColumns(revision: ColumnsRevision): NodeColumns {
  let columns = podless.get(revision.verdicts);
  if (!columns) {
    columns = buildColumns({ lists: [] }, revision);
    podless.set(revision.verdicts, columns);
  }
  return columns;
}

function sameRevision(a: ColumnsRevision, b: ColumnsRevision): boolean {
  return a.verdicts === b.verdicts && a.hash === b.hash && a.generation === b.generation;
}

/** The columns from scratch: every position of the verdict vector. */
export function buildColumns(source: Pick<ColumnsSource, 'lists'>, revision: ColumnsRevision): NodeColumns {
  const n = revision.verdicts.length;
  const columns: NodeColumns = {
    flags: new Uint16Array(n),
    newReadySince: new Float64Array(n),
    oldReadySince: new Float64Array(n),
    oldestReadySince: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) fillPosition(columns, i, source, revision);
  return columns;
}

/**
 * Computes position `i` of the columns from the source's list and the verdict. A one-pod list
 * (most nodes) is read from its pod; a longer one from its `podListFacts`.
 *
 * The one-pod case is written out here rather than in a function of its own: called for every
 * pod version a sync reads, such a function was optimised by itself as well as inlined here, a
 * second compilation of the same code (about 8 ms of a 1,000-node build's single-threaded run).
 */
function fillPosition(columns: NodeColumns, i: number, source: Pick<ColumnsSource, 'lists'>, revision: ColumnsRevision): void {
  const verdict = revision.verdicts[i];
  const list = source.lists[i];
  let flags = verdict === undefined ? UNKNOWN_NODE : verdict.shouldRun ? SHOULD_RUN : 0;
  if (list !== undefined) flags |= HAS_LIST;
  // An empty list (only a hand-built map holds one) has no pods, as no list.
  if (list === undefined || list.length === 0) {
    flags |= UPDATED_OK;
    columns.newReadySince[i] = NaN;
    columns.oldReadySince[i] = NaN;
    columns.oldestReadySince[i] = NaN;
    if (verdict !== undefined && verdict.shouldRun) flags |= MANAGE_ACTIVE;
  } else if (list.length === 1) {
    // The pod is the oldest: `findUpdatedPodsOnNode` finds it new when it is updated and old
    // otherwise, or nothing when it is being deleted, and it is the node's running pod unless it
    // is being deleted or terminal. Read from the pod, as `podListFacts` would read it, without
    // making the facts (an object and a property on the list, for every pod version a sync
    // reads: each daemon pod's status writes give it a new list).
    const pod = list[0]!;
    flags |= HAS_PODS | UPDATED_OK;
    const updated = isPodUpdated(pod, revision.hash, revision.generation);
    if (updated) flags |= OLDEST_UPDATED;
    const readySince = podReadySince(pod);
    columns.oldestReadySince[i] = readySince;
    const deleting = !!pod.metadata.deletionTimestamp;
    if (!deleting) flags |= updated ? HAS_NEW : HAS_OLD;
    columns.newReadySince[i] = !deleting && updated ? readySince : NaN;
    columns.oldReadySince[i] = !deleting && !updated ? readySince : NaN;
    if (verdict !== undefined) {
      const terminal = !deleting && isPodTerminal(pod);
      flags |= activity(verdict, terminal, !deleting && !terminal ? 1 : 0);
    }
  } else {
    flags |= HAS_PODS;
    const listFacts = podListFacts(list);
    const { hash, generation } = revision;
    // `IsPodUpdated` of the oldest pod, from its labels as the facts hold them.
    const oldestUpdated = (hash.length > 0 && listFacts.oldestHash === hash) || (generation !== undefined && listFacts.oldestTemplateGeneration === generationText(generation));
    if (oldestUpdated) flags |= OLDEST_UPDATED;
    columns.oldestReadySince[i] = listFacts.oldestReadySince;
    const u = updatedPodsOn(list, hash, generation, listFacts);
    if (u.ok) flags |= UPDATED_OK;
    if (u.newPod) flags |= HAS_NEW;
    if (u.oldPod) flags |= HAS_OLD;
    columns.newReadySince[i] = u.newReadySince;
    columns.oldReadySince[i] = u.oldReadySince;
    if (verdict !== undefined) flags |= manageActivity(verdict, listFacts);
  }
  columns.flags[i] = flags;
}

/**
 * When `podsShouldBeOnNode` can decide anything for a node (it is called for no other node):
 * a node that should run a pod and has none; a node whose pods may keep running and that has a
 * Failed or Succeeded pod, more than one running pod, or (surge only) no running pod although
 * it should run one; a node whose pods may not keep running and that has pods.
 */
function manageActivity(verdict: Pick<NodeVerdict, 'shouldRun' | 'shouldContinueRunning'>, listFacts: PodListFacts): number {
  return activity(verdict, listFacts.hasTerminal, listFacts.running.length);
}

/** `manageActivity` of a node with pods, from whether one is terminal and how many run. */
function activity(verdict: Pick<NodeVerdict, 'shouldRun' | 'shouldContinueRunning'>, hasTerminal: boolean, running: number): number {
  if (!verdict.shouldContinueRunning) return MANAGE_ACTIVE;
  if (hasTerminal || running > 1) return MANAGE_ACTIVE;
  return running === 0 && verdict.shouldRun ? MANAGE_ACTIVE_IF_SURGE : 0;
}
