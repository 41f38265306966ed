/**
 * The DaemonSet's pods grouped by target node, kept current from the store's change stream
 * (`getDaemonPods` + `getNodesToDaemonPods`, evaluated incrementally).
 *
 * Why: upstream re-lists and re-claims every pod of the namespace for manage, the rolling
 * update, history cleanup and status: four passes over 10,000 pods per sync. Here each
 * DaemonSet's pods are indexed once and every pod change is applied as it happens (the
 * informer's job), so a sync only visits nodes, and the claim only visits the pods it may have
 * to adopt or release.
 *
 * Assumptions:
 * - Every store change of a pod controlled by the DaemonSet (before or after the change) is
 *   passed to `apply`, in order; the index is dropped when the DaemonSet goes and rebuilt
 *   after a restore.
 * - The selector is immutable (API validation), so matching is decided once per pod version.
 * Invariants:
 * - `map(true)` equals `getNodesToDaemonPods(claimed, true)` for the pods controlled by the
 *   DaemonSet that match its selector; each node's list is in pod-name order and is replaced,
 *   never mutated, when it changes (so a map read before a write stays as it was).
 * - `map(false)` additionally omits pods that are both terminal and being deleted.
 * - `unmatched()` are the controlled pods that no longer match (the claim releases them).
 */
import type { DaemonSet, LabelSelector, Pod } from '../../api/types.js';
import type { LabelPredicate } from '../../api/labels.js';
import type { Change, Store } from '../../store/store.js';
import { controllerUid } from '../../store/store.js';
import { getTargetNodeName } from './node-affinity-pin.js';
import type { NodeToDaemonPods } from './node-pods.js';
import { isPodTerminal } from './pod-conditions.js';
import { TrackedNodePods } from './aligned-pods.js';

export class DaemonPodIndex {
  /**
   * Tracked, so the sync's view of it by node position is patched rather than rebuilt. A pod the
   * index holds is found from the version it holds (a change's `old`, a removal's `obj`: the
   * store hands out the very object it kept): that version's target node names its slot.
   */
  private readonly byNode = new TrackedNodePods();
  /** Matching pods without a derivable node (claimed, but on no node). */
  private readonly noNode = new Map<string, Pod>();
  private readonly notMatching = new Map<string, Pod>();
  private deletedTerminal = 0;
  /** `map(false)` while no pod changes (a sync reads it for manage, rollout and status). */
  private withoutDeletedTerminal: NodeToDaemonPods | undefined;
  readonly uid: string;
  readonly namespace: string;
  /** The selector the index was built for. */
  readonly selector: LabelSelector;

  constructor(
    ds: DaemonSet,
    private readonly matches: LabelPredicate,
    store: Store,
  ) {
    this.uid = ds.metadata.uid;
    this.selector = ds.spec.selector;
    this.namespace = ds.metadata.namespace ?? '';
    for (const pod of store.podsOwnedBy(this.uid)) this.insert(pod);
  }

  /** Applies one store change of a pod (others are ignored). */
  apply(change: Change): void {
    if (change.obj.kind !== 'Pod') return;
    const pod = change.obj;
    if ((pod.metadata.namespace ?? '') !== this.namespace) return;
    this.withoutDeletedTerminal = undefined;
    if (change.type === 'added') {
      this.insert(pod);
      return;
    }
    if (change.type === 'removed') {
      this.remove(pod);
      return;
    }
    const old = change.old as Pod;
    if (this.replace(old, pod)) return;
    this.remove(old);
    this.insert(pod);
  }

  /** The node -> pods map (`includeDeletedTerminal` as `getNodesToDaemonPods`). Read-only. */
  map(includeDeletedTerminal: boolean): NodeToDaemonPods {
    if (includeDeletedTerminal || this.deletedTerminal === 0) return this.byNode;
    if (this.withoutDeletedTerminal) return this.withoutDeletedTerminal;
    const out: NodeToDaemonPods = new Map();
    for (const [node, pods] of this.byNode) {
      if (!pods.some(isDeletedTerminal)) out.set(node, pods);
      else {
        const kept = pods.filter((p) => !isDeletedTerminal(p));
        if (kept.length > 0) out.set(node, kept);
      }
    }
    this.withoutDeletedTerminal = out;
    return out;
  }

  /** Every claimed pod (matching the selector), with or without a node. */
  claimed(): Pod[] {
    const out: Pod[] = [...this.noNode.values()];
    for (const pods of this.byNode.values()) out.push(...pods);
    return out;
  }

  /** Controlled pods whose labels no longer match the selector. */
  unmatched(): Iterable<Pod> {
    return this.notMatching.values();
  }

  /**
   * A write that keeps the pod's labels, owners and target node (a status update, a graceful
   * delete, the binding to the node it was pinned to) keeps it in the index and its place in
   * the list: the pod is swapped in where it was. False when the write may move it (then it is
   * removed and inserted again).
   */
  private replace(old: Pod, pod: Pod): boolean {
    if (old.metadata.labels !== pod.metadata.labels || old.metadata.ownerReferences !== pod.metadata.ownerReferences) return false;
    const node = getTargetNodeName(old);
    if (typeof node !== 'string') return false;
    const slot = this.byNode.peek(node);
    const list = slot?.pods;
    const i = list !== undefined ? list.indexOf(old) : -1;
    if (i < 0) return false;
    if (old.spec !== pod.spec && getTargetNodeName(pod) !== node) return false;
    if (isDeletedTerminal(old)) this.deletedTerminal--;
    if (isDeletedTerminal(pod)) this.deletedTerminal++;
    // A one-pod list (a fleet's every node) and a two-pod one (each node of a surge rollout) are
    // made anew, not sliced: a literal is several times cheaper than a copy, and each status
    // write of a daemon pod lands here.
    let next: Pod[];
    const n = list!.length;
    if (n === 1) next = [pod];
    else if (n === 2) next = i === 0 ? [pod, list![1]!] : [list![0]!, pod];
    else {
      next = list!.slice();
      next[i] = pod;
    }
    this.byNode.put(slot!, next);
    return true;
  }

  private insert(pod: Pod): void {
    if (controllerUid(pod) !== this.uid || (pod.metadata.namespace ?? '') !== this.namespace) return;
    const name = pod.metadata.name;
    if (!this.matches(pod.metadata.labels)) {
      this.notMatching.set(name, pod);
      return;
    }
    const node = getTargetNodeName(pod);
    if (typeof node !== 'string') {
      this.noNode.set(name, pod);
      return;
    }
    const slot = this.byNode.slot(node);
    if (isDeletedTerminal(pod)) this.deletedTerminal++;
    const list = slot.pods;
    if (!list) {
      this.byNode.put(slot, [pod]);
      return;
    }
    let i = list.length;
    while (i > 0 && list[i - 1]!.metadata.name > name) i--;
    // A second pod beside one (each node of a surge rollout) is a literal, as in `replace`.
    if (list.length === 1) this.byNode.put(slot, i === 0 ? [pod, list[0]!] : [list[0]!, pod]);
    else this.byNode.put(slot, [...list.slice(0, i), pod, ...list.slice(i)]);
  }

  /**
   * Drops the pod whose held version is `held`, if the index holds it: from its target node's
   * list when it is there, else from the matching pods without a node or the non-matching ones.
   */
  private remove(held: Pod): void {
    const node = getTargetNodeName(held);
    if (typeof node === 'string') {
      const slot = this.byNode.peek(node);
      const list = slot?.pods;
      const i = list !== undefined ? list.indexOf(held) : -1;
      if (i >= 0) {
        if (isDeletedTerminal(held)) this.deletedTerminal--;
        const n = list!.length;
        this.byNode.put(slot!, n === 1 ? undefined : n === 2 ? [list![1 - i]!] : [...list!.slice(0, i), ...list!.slice(i + 1)]);
        return;
      }
    }
    const name = held.metadata.name;
    this.noNode.delete(name);
    this.notMatching.delete(name);
  }
}

function isDeletedTerminal(pod: Pod): boolean {
  return !!pod.metadata.deletionTimestamp && isPodTerminal(pod);
}
