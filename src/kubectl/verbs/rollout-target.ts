/**
 * What a `kubectl rollout` subcommand acts on: the resource builder over its arguments
 * (`TYPE/NAME`, `TYPE NAME...`, or `TYPE` with `-l`) or over `-f` files (file-visit.ts, with
 * `Latest()`: each object a file describes names the live object to act on, fetched before `-n`
 * is checked against the namespace the file gives it), how the subcommands take its visit (as it
 * goes, or all at once as `r.Infos()`) and print its errors, and the DaemonSet's
 * history as polymorphichelpers' `daemonSetHistory` / `controlledHistory` find it: the
 * ControllerRevisions in its namespace that match its selector and name it as their controller.
 */
import type { ApiObject, ControllerRevision, DaemonSet, Kind } from '../../sim/api/types.js';
import { matchesLabelSelector, parseSelector, type LabelPredicate } from '../../sim/api/labels.js';
import { notFound } from '../../sim/apiserver/errors.js';
import { qualifiedResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { Store } from '../../sim/store/store.js';
import type { VerbContext } from '../context.js';
import { flagArray, flagString, KUSTOMIZE_FLAG, type FlagSpec, type ParsedFlags } from '../flags.js';
import type { ExecResult } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { checkContinueOnError, checkVisitErrors, continueOnError, streamFiles, type FileInfo, type VisitError } from './file-visit.js';
import { requestsFor, selectorRefusal, splitResourceArgs, type ResourceRequest } from './resource-args.js';
import { commandNamespace } from './targets.js';

/**
 * cmdutil `AddFilenameOptionFlags` as the rollout subcommands add it, without `-k` (no kustomize
 * here). `-R` is accepted and changes nothing: the editor's files are flat tabs, with no
 * directory to recurse into.
 */
export const FILE_FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
];

/** One object a subcommand acts on. */
export interface RolloutObject {
  readonly info: ResourceInfo;
  readonly obj: ApiObject;
}

/** What the builder hands a subcommand: its visit, taken one object at a time, as `r.Visit` takes it. */
export interface RolloutTargets {
  /**
   * Each object, or the error of its step (a NotFound of `TYPE/NAME`, RequireNamespace's refusal
   * of a file's object), in order. Produced as they are taken: a named object is fetched when its
   * turn comes (`RetrieveLazy`, `RetrieveLatest`), after the subcommand has acted on the ones
   * before. One pass only.
   */
  readonly steps: Iterable<RolloutObject | CmdError>;
  /** The files' own errors (an unserved kind, an object a file names that is not there), complete after the last step. */
  readonly visitErrors: readonly CmdError[];
}

/**
 * Each subcommand's `Validate`: without resource arguments or `-f` there is nothing to act on
 * (`IsFilenameSliceEmpty`). Checked before the subcommand's other flags, as kubectl does.
 */
export function requiredResource(flags: ParsedFlags): string | undefined {
  return flags.args.length === 0 && flagArray(flags, 'filename').length === 0 ? 'required resource not specified' : undefined;
}

/**
 * The builder every subcommand sets up (`NamespaceParam().DefaultNamespace()`,
 * `FilenameParam(enforceNamespace)`, `LabelSelectorParam`, `ResourceTypeOrNameArgs(true, ...)`,
 * `ContinueOnError()`, `Latest()`, `Flatten()`) over the arguments or the `-f` files (the caller
 * has checked `requiredResource`): its visit, or the stderr of the error `r.Err()` stops it with.
 */
export function rolloutTargets(ctx: VerbContext, flags: ParsedFlags): RolloutTargets | { readonly stderr: string } {
  const filenames = flagArray(flags, 'filename');
  const ns = commandNamespace(flags);
  const selectorText = flagString(flags, 'selector') ?? '';
  if (filenames.length > 0) {
    const stream = streamFiles(ctx, { filenames, args: flags.args, selector: selectorText, namespace: ns.namespace, enforceNamespace: ns.explicit, latest: true });
    if ('errors' in stream) return { stderr: checkErr(stream.errors) };
    return { steps: liveObjects(stream.steps), visitErrors: stream.visitErrors };
  }
  // visitorResult's order: the arguments' own errors, a selector's refusals, then the types.
  const split = splitResourceArgs(flags.args);
  if ('error' in split) return { stderr: aggregateText([split.error]) };
  const refused = selectorText.trim() ? selectorRefusal(split) : undefined;
  if (refused) return { stderr: aggregateText([refused]) };
  const parsed = requestsFor(split);
  if ('error' in parsed) return { stderr: aggregateText([parsed.error]) };
  const selector = parseSelector(selectorText);
  if ('error' in selector) return { stderr: aggregateText([selector.error]) };
  return { steps: argumentSteps(ctx.cluster.store, parsed.requests, ns.namespace, selector.matches), visitErrors: [] };
}

/** `-f` (file-visit.ts `streamFiles` with `Latest()`): each object as fetched when its turn comes. */
function* liveObjects(steps: Iterable<FileInfo | CmdError>): Generator<RolloutObject | CmdError, void, undefined> {
  for (const step of steps) yield 'info' in step ? { info: step.info, obj: step.obj! } : step;
}

/**
 * The arguments: `TYPE/NAME` or `TYPE NAME` fetched when its turn comes, or its NotFound;
 * `TYPE` alone lists the objects `-l` matches (every one without it) when its turn comes.
 */
function* argumentSteps(
  store: Store,
  requests: readonly ResourceRequest[],
  namespace: string,
  matches: LabelPredicate,
): Generator<RolloutObject | CmdError, void, undefined> {
  for (const { info, name } of requests) {
    const kind = info.kind as Kind;
    if (name === undefined) {
      for (const obj of store.list(kind, info.namespaced ? namespace : undefined)) if (matches(obj.metadata.labels)) yield { info, obj };
      continue;
    }
    const obj = store.get(kind, info.namespaced ? namespace : '', name);
    yield obj ? { info, obj } : { status: notFound(qualifiedResource(kind), name) };
  }
}

/**
 * `r.Visit(fn)` as status, history and undo call it: `fn` on each object in turn, its errors among
 * the steps' in order, then the files' own as one aggregate (`ContinueOnErrorVisitor`). How many
 * objects were visited, and the error as CheckErr prints it ('' for none).
 */
export function visitRolloutTargets(targets: RolloutTargets, fn: (o: RolloutObject) => string | undefined): { readonly visited: number; readonly stderr: string } {
  const errors: CmdError[] = [];
  let visited = 0;
  for (const step of targets.steps) {
    if (!('info' in step)) {
      errors.push(step);
      continue;
    }
    visited++;
    const message = fn(step);
    if (message !== undefined) errors.push({ message });
  }
  return { visited, stderr: checkContinueOnError(errors, targets.visitErrors) };
}

/** `r.Infos()` as restart, pause and resume call it: every object, and the one error the visit returned. */
export function rolloutInfos(targets: RolloutTargets): { readonly objects: readonly RolloutObject[]; readonly error: VisitError | undefined } {
  const objects: RolloutObject[] = [];
  const errors: CmdError[] = [];
  for (const step of targets.steps) {
    if ('info' in step) objects.push(step);
    else errors.push(step);
  }
  return { objects, error: continueOnError(errors, targets.visitErrors) };
}

/**
 * `CheckErr(NewAggregate(allErrs))` of restart, pause and resume (`RunRestart`, `RunPause`,
 * `RunResume`): first the error `r.Infos()` returned as it is (one error, or an aggregate that
 * beside other errors takes one line, its messages bare: `[a, b]` for several), then one error
 * per object the subcommand could not change.
 */
export function patchErrorsText(infosError: VisitError | undefined, objectErrors: readonly string[]): string {
  const infos: VisitError[] = infosError ? [infosError] : [];
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

/**
 * What restart, pause and resume do before acting: `requiredResource`, the builder, then
 * `Infos()`; or the result that ends the command first (an error, or `No resources found`).
 */
export function rolloutInfosOrEnd(ctx: VerbContext, flags: ParsedFlags): ReturnType<typeof rolloutInfos> | { readonly end: ExecResult } {
  const missing = requiredResource(flags);
  if (missing) return { end: { exitCode: 1, stdout: '', stderr: aggregateText([missing]) } };
  const targets = rolloutTargets(ctx, flags);
  if ('stderr' in targets) return { end: { exitCode: 1, stdout: '', stderr: targets.stderr } };
  const infos = rolloutInfos(targets);
  return infos.objects.length === 0 && infos.error === undefined ? { end: noResources(flags) } : infos;
}

/** What every subcommand but history and undo prints when nothing matched and nothing failed: `No resources found in NS namespace.` */
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
