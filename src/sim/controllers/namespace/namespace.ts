/**
 * The namespace controller (`pkg/controller/namespace`: `NamespaceController`,
 * `deletion/namespaced_resources_deleter.go` `Delete`/`deleteAllContent`, and the condition
 * updater of `deletion/status_condition_utils.go`), component `namespace-controller`.
 *
 * A deleted namespace is only marked Terminating by the API server; this controller empties it:
 * every DaemonSet, ControllerRevision, Pod and Event in it is deleted (pods gracefully, so they
 * terminate on their nodes for their grace period), the namespace's status conditions say what
 * remains, and once nothing does, the `kubernetes` finalizer is removed and the namespace is gone.
 *
 * Invariants:
 * - Only namespaces with a deletionTimestamp are touched; objects already being deleted are not
 *   deleted again.
 * - A terminating namespace is synced again whenever an object in it changes, so it goes at the
 *   instant its last pod is removed (upstream re-checks after an estimate of the grace period).
 */
import type { Kind, Namespace, NamespaceCondition } from '../../api/types.js';
import { resourceInfo } from '../../apiserver/resources.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import { emptyList, takeQueued } from '../../engine/queue.js';
import { rfc3339 } from '../../engine/time.js';
import type { Change, Store } from '../../store/store.js';

/** The namespaced kinds the playground serves, in the order their content is deleted. */
const CONTENT: readonly Kind[] = ['DaemonSet', 'ControllerRevision', 'Pod', 'Event'];

/** The conditions the deleter maintains, with the reason and message of their "all is well" form. */
const OK_CONDITIONS: readonly (readonly [string, string, string])[] = [
  ['NamespaceDeletionDiscoveryFailure', 'ResourcesDiscovered', 'All resources successfully discovered'],
  ['NamespaceDeletionGroupVersionParsingFailure', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'],
  ['NamespaceDeletionContentFailure', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'],
  ['NamespaceContentRemaining', 'ContentRemoved', 'All content successfully removed'],
  ['NamespaceFinalizersRemaining', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'],
];

export class NamespaceController implements Controller {
  readonly name = 'namespace-controller';
  private state: { queue: string[] } = { queue: emptyList() };
  /** Namespaces being deleted (derived from the store; usually none, so observing is cheap). */
  private terminating = new Set<string>();

  constructor(private readonly store: Store) {
    this.rebuildTerminating();
  }

  observe(change: Change): void {
    const obj = change.obj;
    if (obj.kind === 'Namespace') {
      const name = obj.metadata.name;
      if (change.type !== 'removed' && obj.metadata.deletionTimestamp) {
        this.terminating.add(name);
        this.state.queue.push(name);
      } else this.terminating.delete(name);
      return;
    }
    const ns = obj.metadata.namespace;
    if (ns && this.terminating.size > 0 && this.terminating.has(ns)) this.state.queue.push(ns);
  }

  wake(key: string): void {
    this.state.queue.push(key);
  }

  reconcile(ctx: ControllerContext): boolean {
    if (this.state.queue.length === 0) return false;
    for (const name of takeQueued(this.state)) this.syncNamespace(ctx, name);
    return true;
  }

  snapshot(): unknown {
    return this.state;
  }

  restore(state: unknown): void {
    this.state = (state as { queue: string[] } | undefined) ?? { queue: emptyList() };
    this.rebuildTerminating();
  }

  private rebuildTerminating(): void {
    this.terminating = new Set(this.store.list('Namespace').filter((ns) => ns.metadata.deletionTimestamp).map((ns) => ns.metadata.name));
  }

  /** `namespacedResourcesDeleter.Delete` for one namespace. */
  private syncNamespace(ctx: ControllerContext, name: string): void {
    const ns = ctx.store.get('Namespace', '', name);
    if (!ns?.metadata.deletionTimestamp || !(ns.spec.finalizers ?? []).includes('kubernetes')) return;
    const remaining: string[] = [];
    for (const kind of CONTENT) {
      let left = 0;
      for (const obj of ctx.store.list(kind, name)) {
        if (!obj.metadata.deletionTimestamp) ctx.client.delete(obj, `namespace ${name} is being deleted: all its content goes`);
        if (ctx.store.get(kind, name, obj.metadata.name)) left++;
      }
      // `<resource>.<group>`, the core group being '' (`pods. has 2 resource instances`).
      if (left > 0) remaining.push(`${resourceInfo(kind).resource}.${resourceInfo(kind).group} has ${left} resource instances`);
    }
    const current = ctx.store.get('Namespace', '', name)!;
    const conditions = updatedConditions(current, remaining.sort(), ctx.now);
    if (conditions) ctx.client.updateStatus<'Namespace'>({ ...current, status: { ...current.status, conditions } }, `namespace ${name}: ${remaining.length > 0 ? remaining.join(', ') : 'all content removed'}`);
    if (remaining.length === 0) ctx.client.finalizeNamespace(ctx.store.get('Namespace', '', name)!, `namespace ${name} is empty: the kubernetes finalizer is removed`);
  }
}

/** `updateConditions`: the deleter's conditions as they should now read, or undefined if unchanged. */
function updatedConditions(ns: Namespace, remaining: readonly string[], now: number): NamespaceCondition[] | undefined {
  const old = ns.status.conditions ?? [];
  const next: NamespaceCondition[] = old.filter((c) => !OK_CONDITIONS.some(([type]) => type === c.type));
  let changed = false;
  for (const [type, okReason, okMessage] of OK_CONDITIONS) {
    const wanted =
      type === 'NamespaceContentRemaining' && remaining.length > 0
        ? { status: 'True' as const, reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${remaining.join(', ')}` }
        : { status: 'False' as const, reason: okReason, message: okMessage };
    const prev = old.find((c) => c.type === type);
    if (prev && prev.status === wanted.status && prev.reason === wanted.reason && prev.message === wanted.message) {
      next.push(prev);
      continue;
    }
    changed = true;
    next.push({ type, status: wanted.status, lastTransitionTime: prev && prev.status === wanted.status ? prev.lastTransitionTime! : rfc3339(now), reason: wanted.reason, message: wanted.message });
  }
  return changed ? next : undefined;
}
