/**
 * Which pods and ControllerRevisions belong to a DaemonSet (`controller_ref_manager.go:
 * ClaimPods`, `ClaimControllerRevisions`, `ClaimObject`, `RecheckDeletionTimestamp`; used by
 * `getDaemonPods` and `controlledHistories`).
 *
 * Rules, per object in the DaemonSet's namespace:
 * - controlled by something else: ignored;
 * - controlled by this DaemonSet and matching the selector: claimed;
 * - controlled by this DaemonSet but no longer matching: released (our ownerReference removed),
 *   unless the DaemonSet is being deleted;
 * - an orphan that matches, is not being deleted, while the DaemonSet is not being deleted:
 *   adopted (our controller ownerReference added), after a fresh read proves the DaemonSet still
 *   exists with the same uid and no deletionTimestamp; if that read fails the claim fails.
 */
import type { ControllerRevision, DaemonSet, Pod } from '../../api/types.js';
import type { LabelPredicate } from '../../api/labels.js';
import type { Store } from '../../store/store.js';
import { controllerUid } from '../../store/store.js';
import { controllerRefFor } from './constants.js';
import type { SyncWriter } from './writer.js';

export interface ClaimResult<T> {
  readonly claimed: T[];
  /** Aggregated errors of adoption/release; the sync fails when set. */
  readonly error?: string;
}

/** `RecheckDeletionTimestamp` over an uncached read of the DaemonSet: undefined when adoption may go on. */
export function canAdopt(store: Store, ds: DaemonSet): string | undefined {
  const ns = ds.metadata.namespace ?? '';
  const fresh = store.get('DaemonSet', ns, ds.metadata.name);
  if (!fresh) return `daemonsets.apps "${ds.metadata.name}" not found`;
  if (fresh.metadata.uid !== ds.metadata.uid) {
    return `original DaemonSet ${ns}/${ds.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${ds.metadata.uid}`;
  }
  if (fresh.metadata.deletionTimestamp) return `${ns}/${ds.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`;
  return undefined;
}

/**
 * `ClaimObject` over candidates (owned by the DaemonSet and orphans; others are skipped). Writes
 * go in object-name order so the result does not depend on the candidates' order.
 */
export function claimObjects<T extends Pod | ControllerRevision>(
  ds: DaemonSet,
  matches: LabelPredicate,
  candidates: Iterable<T>,
  store: Store,
  writer: SyncWriter,
): ClaimResult<T> {
  const uid = ds.metadata.uid;
  const ns = ds.metadata.namespace ?? '';
  const dsDeleting = !!ds.metadata.deletionTimestamp;
  const claimed: T[] = [];
  const toRelease: T[] = [];
  const toAdopt: T[] = [];
  for (const obj of candidates) {
    if ((obj.metadata.namespace ?? '') !== ns) continue;
    const owner = controllerUid(obj);
    if (owner !== undefined) {
      if (owner !== uid) continue;
      if (matches(obj.metadata.labels)) claimed.push(obj);
      else if (!dsDeleting) toRelease.push(obj);
      continue;
    }
    if (dsDeleting || !matches(obj.metadata.labels) || obj.metadata.deletionTimestamp) continue;
    toAdopt.push(obj);
  }
  const errors: string[] = [];
  const kind = (o: T) => (o.kind === 'Pod' ? 'pod' : 'controller revision');
  for (const obj of toRelease.sort(byName)) {
    const refs = (obj.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
    const r = writer.updateMetadata(
      obj,
      { ownerReferences: refs.length > 0 ? refs : undefined },
      `releasing ${kind(obj)} ${obj.metadata.name}: its labels no longer match the selector of daemonset ${ds.metadata.name}`,
    );
    if (!r.ok && r.error.reason !== 'NotFound') errors.push(r.error.message);
  }
  if (toAdopt.length > 0) {
    const refusal = canAdopt(store, ds);
    if (refusal) errors.push(refusal);
    else {
      for (const obj of toAdopt.sort(byName)) {
        const r = writer.updateMetadata(
          obj,
          { ownerReferences: [...(obj.metadata.ownerReferences ?? []), controllerRefFor(ds)] },
          `adopting orphan ${kind(obj)} ${obj.metadata.name}: its labels match the selector of daemonset ${ds.metadata.name}`,
        );
        if (r.ok) claimed.push(r.obj as T);
        else if (r.error.reason !== 'NotFound') errors.push(r.error.message);
      }
    }
  }
  return errors.length > 0 ? { claimed, error: errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]` } : { claimed };
}

function byName(a: { metadata: { name: string } }, b: { metadata: { name: string } }): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}
