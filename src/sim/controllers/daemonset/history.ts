/**
 * DaemonSet history as ControllerRevisions (`update.go: constructHistory`, `controlledHistories`,
 * `Match`, `getPatch`, `snapshot`, `dedupCurHistories`, `maxRevision`).
 *
 * Assumptions:
 * - The DaemonSet is not being deleted and its selector is valid.
 * - Writes are visible at once (so a just-created revision is found by name).
 * Invariants:
 * - Exactly one claimed revision matches the current template after a successful call: the
 *   existing one (duplicates removed, highest revision kept) or a new `<ds>-<hash>`.
 * - The current revision's number is above every other revision's (rollback renumbers it).
 * - The sync's hash is the current revision's `controller-revision-hash` label.
 * - A name taken by a revision of another template is a hash collision: `status.collisionCount`
 *   is bumped and the sync fails, so the next sync hashes differently.
 */
import type { ControllerRevision, DaemonSet, Pod, PodTemplateSpec } from '../../api/types.js';
import type { LabelPredicate } from '../../api/labels.js';
import type { Store } from '../../store/store.js';
import { claimObjects } from './claim.js';
import { HASH_LABEL, controllerRefFor } from './constants.js';
import { canonicalJson, computeHash } from './hash.js';
import type { SyncWriter } from './writer.js';

/** `getPatch`: `{"spec":{"template":{...,"$patch":"replace"}}}`. */
export function getPatch(template: PodTemplateSpec): { spec: { template: Record<string, unknown> } } {
  return { spec: { template: { ...template, $patch: 'replace' } } };
}

const canonicalData = new WeakMap<object, string>();
const canonicalPatch = new WeakMap<PodTemplateSpec, string>();

function canonicalOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return canonicalJson(data);
  let c = canonicalData.get(data);
  if (c === undefined) canonicalData.set(data, (c = canonicalJson(data)));
  return c;
}

/** `Match`: the revision's data is this DaemonSet's patch (compared in canonical form). */
export function matchRevision(template: PodTemplateSpec, cr: ControllerRevision): boolean {
  let p = canonicalPatch.get(template);
  if (p === undefined) canonicalPatch.set(template, (p = canonicalJson(getPatch(template))));
  return canonicalOf(cr.data) === p;
}

/** `maxRevision`: 0 for none. */
export function maxRevision(list: readonly ControllerRevision[]): number {
  let max = 0;
  for (const cr of list) if (cr.revision > max) max = cr.revision;
  return max;
}

export interface HistoryEnv {
  readonly store: Store;
  readonly writer: SyncWriter;
  /** `getDaemonPods`: the DaemonSet's claimed pods (for dedup relabelling). */
  daemonPods(): Pod[] | { error: string };
}

export type HistoryResult = { readonly cur: ControllerRevision; readonly old: ControllerRevision[] } | { readonly error: string };

/** `constructHistory`: claims revisions, finds or creates the current one, renumbers it. */
export function constructHistory(ds: DaemonSet, matches: LabelPredicate, env: HistoryEnv): HistoryResult {
  const ns = ds.metadata.namespace ?? '';
  const claim = claimObjects(ds, matches, env.store.list('ControllerRevision', ns), env.store, env.writer);
  if (claim.error) return { error: claim.error };
  const current: ControllerRevision[] = [];
  const old: ControllerRevision[] = [];
  for (let cr of [...claim.claimed].sort(byName)) {
    if (cr.metadata.labels?.[HASH_LABEL] === undefined) {
      const r = env.writer.updateMetadata<'ControllerRevision'>(
        cr,
        { labels: { ...(cr.metadata.labels ?? {}), [HASH_LABEL]: cr.metadata.name } },
        `controller revision ${cr.metadata.name} has no ${HASH_LABEL} label; its name is used as the hash`,
      );
      if (!r.ok) return { error: r.error.message };
      cr = r.obj;
    }
    (matchRevision(ds.spec.template, cr) ? current : old).push(cr);
  }
  const next = maxRevision(old) + 1;
  if (current.length === 0) {
    const cur = snapshot(ds, next, env);
    return 'error' in cur ? cur : { cur, old };
  }
  const kept = dedupCurHistories(ds, current, env);
  if ('error' in kept) return kept;
  if (kept.revision >= next) return { cur: kept, old };
  const r = env.writer.update<'ControllerRevision'>(
    { ...kept, revision: next },
    `daemonset ${ds.metadata.name} is back at the template of revision ${kept.revision} (${kept.metadata.name}); it becomes revision ${next}`,
  );
  return r.ok ? { cur: r.obj, old } : { error: r.error.message };
}

/** `snapshot`: creates `<ds>-<hash>` as revision `revision`; handles an existing name. */
export function snapshot(ds: DaemonSet, revision: number, env: HistoryEnv): ControllerRevision | { error: string } {
  const ns = ds.metadata.namespace ?? '';
  const collisionCount = ds.status?.collisionCount;
  const hash = computeHash(ds.spec.template, collisionCount);
  const name = `${ds.metadata.name}-${hash}`;
  const created = env.writer.create<'ControllerRevision'>(
    {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: {
        name,
        namespace: ns,
        labels: { ...(ds.spec.template.metadata?.labels ?? {}), [HASH_LABEL]: hash },
        ...(ds.metadata.annotations ? { annotations: { ...ds.metadata.annotations } } : {}),
        ownerReferences: [controllerRefFor(ds)],
      },
      data: getPatch(ds.spec.template),
      revision,
    },
    revision === 1
      ? `daemonset ${ds.metadata.name} has no revision yet: recording its template as revision 1 (hash ${hash})`
      : `the template of daemonset ${ds.metadata.name} changed: recording it as revision ${revision} (hash ${hash})`,
  );
  if (created.ok) return created.obj;
  if (created.error.reason !== 'AlreadyExists') return { error: created.error.message };
  const existing = env.store.get('ControllerRevision', ns, name);
  if (!existing) return { error: created.error.message };
  if (matchRevision(ds.spec.template, existing)) return existing;
  const fresh = env.store.get('DaemonSet', ns, ds.metadata.name);
  if (!fresh) return { error: `daemonsets.apps "${ds.metadata.name}" not found` };
  if ((fresh.status?.collisionCount ?? undefined) !== collisionCount) {
    return {
      error: `found a stale collision count (${collisionCount ?? 'nil'}, expected ${fresh.status?.collisionCount ?? 'nil'}) of DaemonSet "${ds.metadata.name}" while processing; will retry until it is updated`,
    };
  }
  const bumped = (collisionCount ?? 0) + 1;
  const r = env.writer.updateStatus<'DaemonSet'>(
    { ...fresh, status: { ...fresh.status, collisionCount: bumped } },
    `hash collision: controller revision ${name} holds another template; collisionCount becomes ${bumped} so the next sync hashes differently`,
  );
  if (!r.ok) return { error: r.error.message };
  return { error: created.error.message };
}

/**
 * `dedupCurHistories`: keeps the highest-revision current revision (ties: the later one),
 * relabels every DaemonSet pod not carrying its hash, and deletes the other duplicates.
 */
export function dedupCurHistories(ds: DaemonSet, current: readonly ControllerRevision[], env: HistoryEnv): ControllerRevision | { error: string } {
  if (current.length === 1) return current[0]!;
  let keep = current[0]!;
  for (const cr of current) if (cr.revision >= keep.revision) keep = cr;
  const keepHash = keep.metadata.labels?.[HASH_LABEL] ?? '';
  const pods = env.daemonPods();
  if ('error' in pods) return pods;
  for (const pod of [...pods].sort(byName)) {
    if (pod.metadata.labels?.[HASH_LABEL] === keepHash) continue;
    const r = env.writer.updateMetadata(
      pod,
      { labels: { ...(pod.metadata.labels ?? {}), [HASH_LABEL]: keepHash } },
      `duplicate current revisions of daemonset ${ds.metadata.name}: relabelling pod ${pod.metadata.name} with the kept hash ${keepHash}`,
    );
    if (!r.ok) return { error: r.error.message };
  }
  for (const cr of current) {
    if (cr.metadata.name === keep.metadata.name) continue;
    const r = env.writer.delete(cr, `duplicate of current revision ${keep.metadata.name} of daemonset ${ds.metadata.name}`);
    if (!r.ok && r.error.reason !== 'NotFound') return { error: r.error.message };
  }
  return keep;
}

function byName<T extends { metadata: { name: string } }>(a: T, b: T): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}
