/**
 * The garbage collector (`pkg/controller/garbagecollector`), reduced to what this cluster needs:
 * when an owner is deleted with the default background propagation (what `kubectl delete ds`
 * does), its dependents (pods, ControllerRevisions) are deleted afterwards, pods gracefully.
 * A dependent is found by the owner uid in its ownerReferences.
 */
import type { ApiObject, Kind } from '../../api/types.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import type { Change } from '../../store/store.js';

const DEPENDENT_KINDS: readonly Kind[] = ['ControllerRevision'];

export class GarbageCollector implements Controller {
  readonly name = 'garbage-collector';
  private gone: string[] = [];

  observe(change: Change): void {
    if (change.type === 'removed' && (change.obj.kind === 'DaemonSet' || change.obj.kind === 'Namespace')) this.gone.push(change.obj.metadata.uid);
  }

  wake(): void {}

  reconcile(ctx: ControllerContext): boolean {
    if (this.gone.length === 0) return false;
    const uids = this.gone;
    this.gone = [];
    for (const uid of uids) {
      for (const pod of [...ctx.store.podsOwnedBy(uid)]) {
        if (!pod.metadata.deletionTimestamp) ctx.client.delete(pod, `its owner (uid ${uid}) was deleted`);
      }
      for (const kind of DEPENDENT_KINDS) {
        for (const obj of ctx.store.list(kind)) {
          if (ownedBy(obj, uid)) ctx.client.delete(obj, `its owner (uid ${uid}) was deleted`);
        }
      }
    }
    return true;
  }

  snapshot(): unknown {
    return { gone: this.gone };
  }

  restore(state: unknown): void {
    this.gone = [...((state as { gone?: string[] } | undefined)?.gone ?? [])];
  }
}

function ownedBy(obj: ApiObject, uid: string): boolean {
  return obj.metadata.ownerReferences?.some((r) => r.uid === uid) ?? false;
}
