/**
 * What a `kubectl rollout` subcommand acts on: the resource builder over its arguments
 * (`TYPE/NAME`, `TYPE NAME...`, or `TYPE` with `-l`), and the DaemonSet's history as
 * polymorphichelpers' `daemonSetHistory` / `controlledHistory` find it: the ControllerRevisions
 * in its namespace that match its selector and name it as their controller.
 */
import type { ApiObject, ControllerRevision, DaemonSet, Kind } from '../../sim/api/types.js';
import { matchesLabelSelector, parseSelector } from '../../sim/api/labels.js';
import { notFound } from '../../sim/apiserver/errors.js';
import { qualifiedResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { Store } from '../../sim/store/store.js';
import { flagString, type ParsedFlags } from '../flags.js';
import { parseResourceArgs } from './resource-args.js';

export interface RolloutTargets {
  readonly objects: readonly { readonly info: ResourceInfo; readonly obj: ApiObject }[];
  /** NotFound errors, as printed. */
  readonly errors: readonly string[];
}

/** Resolves the arguments; errors are kubectl's words (without `error: `). */
export function rolloutTargets(store: Store, flags: ParsedFlags): RolloutTargets | { error: string } {
  if (flags.args.length === 0) return { error: 'required resource not specified' };
  const parsed = parseResourceArgs(flags.args);
  if ('error' in parsed) return parsed;
  const namespace = flagString(flags, 'namespace') || 'default';
  const selector = parseSelector(flagString(flags, 'selector') ?? '');
  if ('error' in selector) return selector;
  const objects: { info: ResourceInfo; obj: ApiObject }[] = [];
  const errors: string[] = [];
  for (const req of parsed.requests) {
    const kind = req.info.kind as Kind;
    const ns = req.info.namespaced ? namespace : '';
    if (req.name === undefined) {
      for (const obj of store.list(kind, req.info.namespaced ? namespace : undefined)) {
        if (selector.matches(obj.metadata.labels)) objects.push({ info: req.info, obj });
      }
      continue;
    }
    const obj = store.get(kind, ns, req.name);
    if (obj) objects.push({ info: req.info, obj });
    else errors.push(`Error from server (NotFound): ${notFound(qualifiedResource(kind), req.name).message}`);
  }
  return { objects, errors };
}

/** `schema.GroupKind.String()`: `DaemonSet.apps`, `Pod`. */
export function groupKind(info: ResourceInfo): string {
  return info.group ? `${info.kind}.${info.group}` : info.kind;
}

/** `controlledHistory`: the DaemonSet's ControllerRevisions, in store (name) order. */
export function daemonSetHistory(store: Store, ds: DaemonSet): ControllerRevision[] {
  return store
    .list('ControllerRevision', ds.metadata.namespace ?? '')
    .filter((cr) => matchesLabelSelector(ds.spec.selector, cr.metadata.labels))
    .filter((cr) => cr.metadata.ownerReferences?.some((r) => r.controller && r.uid === ds.metadata.uid));
}

/** `applyDaemonSetHistory`: the DaemonSet with its template replaced by the revision's. */
export function applyHistory(ds: DaemonSet, cr: ControllerRevision): DaemonSet | undefined {
  const template = (cr.data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec?.template;
  if (!template || typeof template !== 'object') return undefined;
  const { $patch: _replace, ...rest } = template;
  return { ...ds, spec: { ...ds.spec, template: rest as unknown as DaemonSet['spec']['template'] } };
}
