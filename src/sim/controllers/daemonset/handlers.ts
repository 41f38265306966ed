/**
 * What wakes a DaemonSet up: the informer handlers of `NewDaemonSetsController`
 * (`addPod`, `updatePod`, `deletePod`, `addHistory`, `updateHistory`, `deleteHistory`,
 * `addNode`, `updateNode` with `shouldIgnoreNodeUpdate`, DaemonSet add/update/delete,
 * `resolveControllerRef`, `getDaemonSetsForPod`). Node deletion is not watched.
 *
 * Each handler only names the keys to enqueue (and delayed enqueues); it never writes.
 */
import type { ApiObject, ControllerRevision, DaemonSet, Node, OwnerReference, Pod } from '../../api/types.js';
import { labelSelectorAsSelector, matchesLabelSelector } from '../../api/labels.js';
import { jsonEqual } from '../../apiserver/validation/equality.js';
import { sameTaints } from '../../api/toleration.js';
import { controllerRef, type Change, type Store } from '../../store/store.js';
import { daemonSetKey } from './defaults.js';
import { nodeShouldRunDaemonPod } from './eligibility.js';
import { isPodReady } from './pod-conditions.js';

export interface Enqueues {
  readonly now: string[];
  readonly after: { key: string; delayMs: number }[];
}

/** `resolveControllerRef`: the DaemonSet a controller ref points to, if it (still) exists. */
export function resolveControllerRef(store: Store, namespace: string, ref: OwnerReference): DaemonSet | undefined {
  if (ref.kind !== 'DaemonSet') return undefined;
  const ds = store.get('DaemonSet', namespace, ref.name);
  return ds && ds.metadata.uid === ref.uid ? ds : undefined;
}

/** `GetPodDaemonSets` / `GetHistoryDaemonSets`: DaemonSets of the namespace whose non-empty selector matches. */
export function daemonSetsSelecting(store: Store, obj: Pod | ControllerRevision): DaemonSet[] {
  const ns = obj.metadata.namespace ?? '';
  return store.list('DaemonSet', ns).filter((ds) => {
    const sel = labelSelectorAsSelector(ds.spec.selector);
    if ('error' in sel || sel.nothing || sel.requirements.length === 0) return false;
    return matchesLabelSelector(ds.spec.selector, obj.metadata.labels);
  });
}

/** Adds the key of the DaemonSet `ref` points to, if it (still) exists. */
function addOwnerKey(store: Store, obj: ApiObject, ref: OwnerReference | undefined, out: Enqueues): void {
  if (!ref) return;
  const ds = resolveControllerRef(store, obj.metadata.namespace ?? '', ref);
  if (ds) out.now.push(daemonSetKey(ds));
}

/**
 * The keys a store change wakes, added to `out` (a controller passes one scratch record for
 * every change it watches, rather than a fresh record and two arrays per pod write).
 */
export function enqueuesFor(change: Change, store: Store, out: Enqueues = { now: [], after: [] }): Enqueues {
  const obj = change.obj;
  switch (obj.kind) {
    case 'DaemonSet':
      out.now.push(daemonSetKey(obj));
      break;
    case 'Pod':
    case 'ControllerRevision':
      ownedObjectChange(change, store, out);
      break;
    case 'Node':
      if (change.type === 'added') {
        const all = store.list('DaemonSet');
        for (let i = 0; i < all.length; i++) if (nodeShouldRunDaemonPod(obj, all[i]!).shouldRun) out.now.push(daemonSetKey(all[i]!));
      } else if (change.type === 'updated') {
        const old = change.old as Node;
        if (shouldIgnoreNodeUpdate(old, obj)) break;
        const all = store.list('DaemonSet');
        for (let i = 0; i < all.length; i++) {
          const ds = all[i]!;
          const a = nodeShouldRunDaemonPod(old, ds);
          const b = nodeShouldRunDaemonPod(obj, ds);
          if (a.shouldRun !== b.shouldRun || a.shouldContinueRunning !== b.shouldContinueRunning) out.now.push(daemonSetKey(ds));
        }
      }
      break;
    default:
      break;
  }
  return out;
}

/**
 * `shouldIgnoreNodeUpdate`: labels and taints unchanged (nil and empty are the same). A node
 * without labels compares a shared empty value rather than a new one.
 */
export function shouldIgnoreNodeUpdate(old: Node, cur: Node): boolean {
  return jsonEqual(old.metadata.labels ?? NO_LABELS, cur.metadata.labels ?? NO_LABELS) && sameTaints(old.spec?.taints, cur.spec?.taints);
}

const NO_LABELS: Readonly<Record<string, string>> = {};

function ownedObjectChange(change: Change, store: Store, out: Enqueues): void {
  const cur = change.obj as Pod | ControllerRevision;
  const isPod = cur.kind === 'Pod';
  if (change.type === 'removed' || (change.type === 'added' && cur.metadata.deletionTimestamp)) {
    addOwnerKey(store, cur, controllerRef(cur), out);
    return;
  }
  if (change.type === 'added') {
    const ref = controllerRef(cur);
    if (ref) {
      if (isPod) addOwnerKey(store, cur, ref, out);
      return;
    }
    for (const ds of daemonSetsSelecting(store, cur)) out.now.push(daemonSetKey(ds));
    return;
  }
  const old = change.old as Pod | ControllerRevision;
  if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
  if (isPod && cur.metadata.deletionTimestamp) {
    addOwnerKey(store, cur, controllerRef(cur), out);
    return;
  }
  const curRef = controllerRef(cur);
  // A write that keeps the owner list (a status write: nearly every pod write) keeps the ref.
  const sameOwners = old.metadata.ownerReferences === cur.metadata.ownerReferences;
  const oldRef = sameOwners ? curRef : controllerRef(old);
  const refChanged = !sameOwners && !jsonEqual(curRef ?? null, oldRef ?? null);
  if (refChanged && oldRef) addOwnerKey(store, old, oldRef, out);
  if (curRef) {
    const ds = resolveControllerRef(store, cur.metadata.namespace ?? '', curRef);
    if (!ds) return;
    out.now.push(daemonSetKey(ds));
    const mrs = ds.spec.minReadySeconds ?? 0;
    if (isPod && mrs > 0 && !isPodReady(old as Pod) && isPodReady(cur as Pod)) out.after.push({ key: daemonSetKey(ds), delayMs: (mrs + 1) * 1000 });
    return;
  }
  if (refChanged || !jsonEqual(cur.metadata.labels ?? null, old.metadata.labels ?? null)) {
    for (const ds of daemonSetsSelecting(store, cur)) out.now.push(daemonSetKey(ds));
  }
}
