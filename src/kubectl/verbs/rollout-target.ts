/**
 * What a `kubectl rollout` subcommand acts on: the resource builder over its arguments
 * (`TYPE/NAME`, `TYPE NAME...`, or `TYPE` with `-l`) or over `-f` files (`FilenameParam` with
 * `Latest()`: each object a file describes names the live object to act on), and the DaemonSet's
 * history as polymorphichelpers' `daemonSetHistory` / `controlledHistory` find it: the
 * ControllerRevisions in its namespace that match its selector and name it as their controller.
 */
import type { ApiObject, ControllerRevision, DaemonSet, Kind } from '../../sim/api/types.js';
import { matchesLabelSelector, parseSelector } from '../../sim/api/labels.js';
import { notFound } from '../../sim/apiserver/errors.js';
import { qualifiedResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { Store } from '../../sim/store/store.js';
import type { VerbContext } from '../context.js';
import { flagArray, flagString, type FlagSpec, type ParsedFlags } from '../flags.js';
import { serverError, type ExecResult } from '../result.js';
import type { CmdError } from './check-err.js';
import { checkVisitErrors, type VisitError } from './file-visit.js';
import { fileTargets } from './metadata-edit-files.js';
import { parseResourceArgs } from './resource-args.js';

/**
 * cmdutil `AddFilenameOptionFlags` as the rollout subcommands add it, without `-k` (no kustomize
 * here). `-R` is accepted and changes nothing: the editor's files are flat tabs, with no
 * directory to recurse into.
 */
export const FILE_FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  { name: 'recursive', short: 'R', type: 'bool' },
];

export interface RolloutTargets {
  readonly objects: readonly { readonly info: ResourceInfo; readonly obj: ApiObject }[];
  /** What `r.Infos()` returns besides them: NotFound errors and the files' own errors, in the builder's order. */
  readonly errors: readonly CmdError[];
}

/**
 * Each subcommand's `Validate`: without resource arguments or `-f` there is nothing to act on
 * (`IsFilenameSliceEmpty`). Checked before the subcommand's other flags, as kubectl does.
 */
export function requiredResource(flags: ParsedFlags): string | undefined {
  return flags.args.length === 0 && flagArray(flags, 'filename').length === 0 ? 'required resource not specified' : undefined;
}

/**
 * Resolves the arguments or the `-f` files (the caller has checked `requiredResource`); errors
 * are kubectl's words (without `error: ` unless the builder's message carries it).
 */
export function rolloutTargets(ctx: VerbContext, flags: ParsedFlags): RolloutTargets | { error: string } {
  const filenames = flagArray(flags, 'filename');
  if (filenames.length > 0) return liveObjectsOfFiles(ctx, flags, filenames);
  const parsed = parseResourceArgs(flags.args);
  if ('error' in parsed) return parsed;
  const namespace = flagString(flags, 'namespace') || 'default';
  const selector = parseSelector(flagString(flags, 'selector') ?? '');
  if ('error' in selector) return selector;
  const store = ctx.cluster.store;
  const objects: { info: ResourceInfo; obj: ApiObject }[] = [];
  const errors: CmdError[] = [];
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
    else errors.push({ status: notFound(qualifiedResource(kind), req.name) });
  }
  return { objects, errors };
}

/**
 * `-f`: the builder's `visitByPaths` with `Latest()` and `-l`, through `fileTargets` (shared with
 * label and annotate), reshaped into what the subcommands walk: the objects, and the errors the
 * subcommand reports where it reports a NotFound of `TYPE/NAME`. The objects' own errors
 * (NotFound, a namespace that contradicts `-n`) come in file order, the stream's (a kind the
 * cluster does not serve) after them all, as a `ContinueOnError` builder reports them.
 */
function liveObjectsOfFiles(ctx: VerbContext, flags: ParsedFlags, filenames: readonly string[]): RolloutTargets | { error: string } {
  const found = fileTargets(ctx, { flags, filenames, resources: flags.args, selector: flagString(flags, 'selector') });
  if ('error' in found) return found;
  const objects: { info: ResourceInfo; obj: ApiObject }[] = [];
  const errors: CmdError[] = [];
  const streamErrors: CmdError[] = [];
  for (const t of found) {
    if ('error' in t) (t.fromStream ? streamErrors : errors).push({ message: t.error });
    else if (t.obj) objects.push({ info: t.info, obj: t.obj });
    else errors.push({ status: t.missing! });
  }
  return { objects, errors: [...errors, ...streamErrors] };
}

/** The builder's errors as the subcommands that collect theirs beside them print each: an API error as `Error from server (Reason): ...`. */
export function errorLines(errors: readonly CmdError[]): string[] {
  return errors.map((e) => ('status' in e ? serverError(e.status) : e.message));
}

/**
 * `CheckErr(NewAggregate(allErrs))` of restart, pause and resume (`RunRestart`, `RunPause`,
 * `RunResume`): first the error `r.Infos()` returned, one aggregate of the builder's errors (so
 * beside other errors it takes one line, its messages bare: `[a, b]` for several), then one error
 * per object the subcommand could not change.
 */
export function patchErrorsText(builderErrors: readonly CmdError[], objectErrors: readonly string[]): string {
  const infos: VisitError[] = builderErrors.length > 0 ? [{ aggregate: builderErrors }] : [];
  return checkVisitErrors([...infos, ...objectErrors.map((message) => ({ message }))]);
}

/**
 * The error restart, pause and resume make of an object their polymorphic helper refuses (the
 * helper's `restarting is not supported` behind the resource and name):
 * `error: daemonsets.apps "agent" pausing is not supported`.
 */
export function notSupported(info: ResourceInfo, name: string, doing: 'restarting' | 'pausing' | 'resuming'): string {
  return `error: ${info.group ? `${info.resource}.${info.group}` : info.resource} "${name}" ${doing} is not supported`;
}

/** What restart, pause and resume print when nothing matched and nothing failed: `No resources found in NS namespace.` */
export function noResources(flags: ParsedFlags): ExecResult {
  return { exitCode: 0, stdout: '', stderr: `No resources found in ${flagString(flags, 'namespace') || 'default'} namespace.\n` };
}

/**
 * `CheckErr(NewAggregate(errs))` for the errors a subcommand collected: one alone is printed as
 * `error: ...` (an API error as it is), several one per line as they are (`MultipleErrors`).
 */
export function aggregateText(errors: readonly string[]): string {
  if (errors.length === 1) return errorText(errors[0]!);
  return errors.map((e) => `${e}\n`).join('');
}

/** One error as CheckErr prints it alone: `error: ` added unless the message has it or is an API error. */
function errorText(message: string): string {
  return `${message.startsWith('error: ') || message.startsWith('Error from server') ? message : `error: ${message}`}\n`;
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
