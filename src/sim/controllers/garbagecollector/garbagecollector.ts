/**
 * The garbage collector (`pkg/controller/garbagecollector`), reduced to what this cluster needs.
 * A dependent (pod, ControllerRevision) is found by its owner's uid in its ownerReferences.
 *
 * - Background propagation (the default, what `kubectl delete ds` does): once the owner is gone,
 *   its dependents are deleted, pods gracefully.
 * - Foreground propagation (`--cascade=foreground`, `processDeletingDependentsItem`): the owner
 *   stays, marked deleted with the `foregroundDeletion` finalizer, while its dependents are
 *   deleted; when none is left (pods are gone once their containers stopped), the finalizer is
 *   removed and the API server deletes the owner.
 */
import type { ApiObject, Kind } from '../../api/types.js';
import { FOREGROUND_DELETION } from '../../apiserver/apiserver.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import type { Change } from '../../store/store.js';
import { controllerUid } from '../../store/store.js';

/** Whether any owner is being deleted in the foreground (without listing them). */
function anyForeground(foreground: GCState['foreground']): boolean {
  for (const _ in foreground) return true;
  return false;
}

const DEPENDENT_KINDS: readonly Kind[] = ['ControllerRevision'];

interface GCState {
  /** Owners gone: their dependents are to be deleted. */
  gone: string[];
  /** Owners being deleted in the foreground, by uid: kind, namespace, name. */
  foreground: Record<string, { kind: Kind; namespace: string; name: string }>;
  /** Foreground owners to look at in the next reconcile. */
  dirty: string[];
}

export class GarbageCollector implements Controller {
  readonly name = 'garbage-collector';
  private state: GCState = { gone: [], foreground: {}, dirty: [] };

  observe(change: Change): void {
    const obj = change.obj;
    if (change.type === 'removed' && (obj.kind === 'DaemonSet' || obj.kind === 'Namespace')) this.state.gone.push(obj.metadata.uid);
    if (change.type !== 'removed' && obj.metadata.deletionTimestamp && obj.metadata.finalizers?.includes(FOREGROUND_DELETION)) {
      this.state.foreground[obj.metadata.uid] = { kind: obj.kind, namespace: obj.metadata.namespace ?? '', name: obj.metadata.name };
      this.state.dirty.push(obj.metadata.uid);
    }
    // A dependent of a foreground owner changed or went: the owner may be free to go. Its owner
    // is looked up only while some owner is being deleted in the foreground (every pod write
    // comes here, and nearly always none is).
    if ((obj.kind !== 'Pod' && obj.kind !== 'ControllerRevision') || !anyForeground(this.state.foreground)) return;
    const owner = controllerUid(obj);
    if (owner !== undefined && this.state.foreground[owner]) this.state.dirty.push(owner);
  }

  wake(): void {}

  reconcile(ctx: ControllerContext): boolean {
    if (this.state.gone.length === 0 && this.state.dirty.length === 0) return false;
    const gone = this.state.gone;
    const dirty = [...new Set(this.state.dirty)];
    this.state.gone = [];
    this.state.dirty = [];
    for (const uid of gone) this.deleteDependents(ctx, uid, `its owner (uid ${uid}) was deleted`);
    for (const uid of dirty) this.processDeletingDependents(ctx, uid);
    return true;
  }

  snapshot(): unknown {
    return this.state;
  }

  restore(state: unknown): void {
    const s = (state ?? {}) as Partial<GCState>;
    this.state = { gone: [...(s.gone ?? [])], foreground: { ...(s.foreground ?? {}) }, dirty: [...(s.dirty ?? [])] };
  }

  /** Deletes every dependent of `uid` not already being deleted; returns how many remain. */
  private deleteDependents(ctx: ControllerContext, uid: string, reason: string): number {
    let remaining = 0;
    for (const pod of [...ctx.store.podsOwnedBy(uid)]) {
      if (!pod.metadata.deletionTimestamp) ctx.client.delete(pod, reason);
      if (ctx.store.get('Pod', pod.metadata.namespace ?? '', pod.metadata.name)) remaining++;
    }
    for (const kind of DEPENDENT_KINDS) {
      for (const obj of ctx.store.list(kind)) {
        if (!ownedBy(obj, uid)) continue;
        ctx.client.delete(obj, reason);
        if (ctx.store.get(kind, obj.metadata.namespace ?? '', obj.metadata.name)) remaining++;
      }
    }
    return remaining;
  }

  /** `processDeletingDependentsItem`: delete the dependents, and let the owner go once none is left. */
  private processDeletingDependents(ctx: ControllerContext, uid: string): void {
    const ref = this.state.foreground[uid];
    const owner = ref ? ctx.store.get(ref.kind, ref.namespace, ref.name) : undefined;
    if (!ref || !owner || owner.metadata.uid !== uid || !owner.metadata.finalizers?.includes(FOREGROUND_DELETION)) {
      delete this.state.foreground[uid];
      return;
    }
    if (this.deleteDependents(ctx, uid, `its owner ${ref.name} is being deleted in the foreground`) > 0) return;
    delete this.state.foreground[uid];
    const finalizers = owner.metadata.finalizers.filter((f) => f !== FOREGROUND_DELETION);
    ctx.client.updateMetadata(owner, { finalizers: finalizers.length > 0 ? finalizers : undefined }, `every dependent of ${ref.name} is gone: the foregroundDeletion finalizer is removed`);
  }
}

function ownedBy(obj: ApiObject, uid: string): boolean {
  return obj.metadata.ownerReferences?.some((r) => r.uid === uid) ?? false;
}
