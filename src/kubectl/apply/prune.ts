/**
 * `kubectl apply --prune` as kubectl does it without an ApplySet (kubectl v1.34
 * `pkg/cmd/apply/prune.go`: `pruner.pruneAll`, `prune`, `runDelete`, `asDeleteOptions`;
 * `pkg/util/prune/prune.go`: `ParseResources`, `GetRESTMappings`). It runs only after every
 * object of the files was applied without an error, and after `-o json|yaml` printed them.
 *
 * - Which kinds: the `--prune-allowlist` entries (`group/version/Kind`, `core` for the core
 *   group), else kubectl's default list restricted to the kinds the playground serves: Pod and
 *   DaemonSet in each namespace, Namespace among the cluster-scoped ones. Without an allowlist
 *   kubectl always logs its deprecation warning about cluster-scoped kinds (klog, on stderr): the
 *   `namespaceSpecified` it checks is never false, the namespace from the kubeconfig defaulting to
 *   `default`.
 * - Where: every namespace an applied namespaced object was in, plus `-n` when given; each
 *   namespaced kind is listed there, then each cluster-scoped kind once. kubectl walks the
 *   namespaces in Go's random map order; here they go in name order.
 * - What: the listed objects that match `-l` (all with `--all`), carry the last-applied
 *   annotation (made by apply or `create --save-config`) and are not one of the objects just
 *   applied (by uid). Each is deleted with `--grace-period` and `--cascade` (not under
 *   `--dry-run=client`; with `dryRun` under `--dry-run=server`) and printed with the `pruned`
 *   operation: `daemonset.apps/old pruned (dry run)`, `daemonset.apps/old` with `-o name`, the
 *   object as listed with `-o json|yaml` (a printer of its own for each, so YAML gets no `---`).
 * - A refused delete stops the pruning: `error pruning namespaced object apps/v1, Kind=DaemonSet:
 *   <the API error>`; what was pruned before stays pruned.
 * - `--wait` does not wait for pruned objects: kubectl's pruner never reads it.
 * - An allowlist entry for a kind the playground does not serve gets the mapper's error
 *   (`no matches for kind "ConfigMap" in version "v1"`) and the list of what is modelled, as
 *   `kubectl get` does; with an empty version, kubectl's other wording for a kind missing from a
 *   known group is not modelled.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { kubectlKindPrefix, RESOURCES, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { klogLine } from '../format/klog.js';
import type { OutputWriter } from '../result.js';
import type { Cascade } from '../verbs/cascade.js';
import type { CmdError } from '../verbs/check-err.js';
import type { CreatePrinter } from '../verbs/create-printer.js';
import type { DryRun } from '../verbs/dry-run.js';
import { MODELLED } from '../verbs/resource-args.js';
import { LAST_APPLIED } from './last-applied.js';

/** `defaultNamespacedPruneResources` then `defaultNonNamespacedPruneResources`, as group/Kind. */
const DEFAULT_ALLOWLIST: readonly (readonly [string, string])[] = [
  ['', 'ConfigMap'],
  ['', 'Endpoints'],
  ['', 'PersistentVolumeClaim'],
  ['', 'Pod'],
  ['', 'ReplicationController'],
  ['', 'Secret'],
  ['', 'Service'],
  ['batch', 'Job'],
  ['batch', 'CronJob'],
  ['networking.k8s.io', 'Ingress'],
  ['apps', 'DaemonSet'],
  ['apps', 'Deployment'],
  ['apps', 'ReplicaSet'],
  ['apps', 'StatefulSet'],
  ['', 'Namespace'],
  ['', 'PersistentVolume'],
];

/** `GetRESTMappings`' klog warning, logged from prune.go line 71 whenever no allowlist is given. */
const DEPRECATED_DEFAULT =
  'Deprecated: kubectl apply will no longer prune non-namespaced resources by default when used with the --namespace flag in a future release. To preserve the current behaviour, list the resources you want to target explicitly in the --prune-allowlist flag.';

/**
 * `prune.ParseResources`: the kinds of the `--prune-allowlist` entries, in order, or the first
 * error (with `error: `). An empty version takes the group's served version, as the mapper does.
 */
export function parsePruneAllowlist(entries: readonly string[]): ResourceInfo[] | { error: string } {
  const out: ResourceInfo[] = [];
  for (const entry of entries) {
    const parts = entry.split('/');
    if (parts.length !== 3) return { error: `error: invalid GroupVersionKind format: ${entry}, please follow <group/version/kind>` };
    const [g, version, kind] = parts as [string, string, string];
    const group = g === 'core' ? '' : g;
    const info = RESOURCES.find((r) => r.group === group && r.kind === kind && (version === '' || r.version === version));
    const searched = group ? `${group}/${version}` : version;
    if (!info) return { error: `error: no matches for kind "${kind}" in version "${searched}"\n${MODELLED}` };
    out.push(info);
  }
  return out;
}

/** What the pruner is given (`newPruner`): the options and what `Run` marked visited. */
export interface PruneOptions {
  /** The `--prune-allowlist` kinds; empty for kubectl's default list. */
  readonly allowlist: readonly ResourceInfo[];
  /** `-l`, or '' (with `--all`). */
  readonly selector: string;
  readonly dryRun: DryRun;
  /** `--grace-period`; negative leaves each object's own. */
  readonly grace: number;
  readonly cascade: Cascade;
  /** The uids of the objects just applied (`MarkObjectVisited`). */
  readonly visitedUids: ReadonlySet<string>;
  /** The namespaces of the objects just applied, and `-n` when given (`MarkNamespaceVisited`). */
  readonly visitedNamespaces: ReadonlySet<string>;
}

/**
 * `pruner.pruneAll`: prunes, writing the warning and each pruned object to `w` as it goes;
 * `toPrinter` is apply's `ToPrinter(operation)`. Returns the error that stopped it, if any.
 */
export function pruneAll(ctx: VerbContext, o: PruneOptions, toPrinter: (operation: string) => CreatePrinter | { error: string }, w: OutputWriter): CmdError | undefined {
  const served = o.allowlist.length > 0 ? o.allowlist : DEFAULT_ALLOWLIST.flatMap(([group, kind]) => RESOURCES.filter((r) => r.group === group && r.kind === kind));
  if (o.allowlist.length === 0) w.warn(klogLine('W', ctx.cluster.now, 'prune.go', 71, DEPRECATED_DEFAULT));
  const matches = parseSelector(o.selector);
  // The selector was checked when the files were read.
  if ('error' in matches) throw new Error(`prune: unparsable selector ${o.selector}`);
  const pruneKind = (info: ResourceInfo, namespace: string | undefined): string | undefined => {
    for (const obj of ctx.cluster.store.list(info.kind, namespace)) {
      if (!matches.matches(obj.metadata.labels) || !(LAST_APPLIED in (obj.metadata.annotations ?? {})) || o.visitedUids.has(obj.metadata.uid)) continue;
      const refused = o.dryRun === 'client' ? undefined : deleteObject(ctx, obj, o);
      if (refused) return refused;
      const print = toPrinter('pruned');
      if ('error' in print) return print.error.replace(/^error: /, '');
      // PrintObj's own error is not looked at.
      w.print(print({ obj, ref: `${kubectlKindPrefix(info.kind)}/${obj.metadata.name}`, typed: false }).stdout);
    }
    return undefined;
  };
  for (const namespace of [...o.visitedNamespaces].sort()) {
    for (const info of served.filter((r) => r.namespaced)) {
      const err = pruneKind(info, namespace);
      if (err) return { message: `error pruning namespaced object ${gvk(info)}: ${err}` };
    }
  }
  for (const info of served.filter((r) => !r.namespaced)) {
    const err = pruneKind(info, undefined);
    if (err) return { message: `error pruning nonNamespaced object ${gvk(info)}: ${err}` };
  }
  return undefined;
}

/** `runDelete` with `asDeleteOptions`: the API server's refusal as text, or undefined once deleted. */
function deleteObject(ctx: VerbContext, obj: ApiObject, o: PruneOptions): string | undefined {
  const opts = { ...(o.grace >= 0 ? { gracePeriodSeconds: o.grace } : {}), propagationPolicy: o.cascade };
  const { kind, metadata } = obj;
  const r =
    o.dryRun === 'server'
      ? ctx.cluster.api.delete(kind, metadata.namespace ?? '', metadata.name, { ...opts, dryRun: true })
      : ctx.client.delete(obj, `kubectl apply --prune: delete ${kubectlKindPrefix(kind)}/${metadata.name}`, opts);
  return r.ok ? undefined : r.error.message;
}

/** `schema.GroupVersionKind.String()`: `apps/v1, Kind=DaemonSet`, `/v1, Kind=Pod`. */
function gvk(info: ResourceInfo): string {
  return `${info.group}/${info.version}, Kind=${info.kind}`;
}
