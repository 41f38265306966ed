/**
 * `-f` of the verbs that name objects by file (get, describe, label, annotate, patch, set image,
 * wait, rollout): cli-runtime's resource builder from `FilenameParam` through `visitByPaths` to
 * `Do`, with `ContinueOnError` (every one of them asks for it), over the editor's files and the
 * command's stdin (`-f -`), read as apply/input.ts reads them for every verb.
 *
 * In the builder's order:
 * - the errors it collects before visiting: each `-f` that names no file (`FilenameParam`), then
 *   malformed TYPE/NAME words (`ResourceTypeOrNameArgs`); then `visitByPaths` refuses positional
 *   arguments beside `-f` and a label selector that does not parse;
 * - each document is mapped to its kind (`StreamVisitor`); a namespaced object is in the file's
 *   namespace, else the command's (`SetNamespace`), and under `-A` in none;
 * - get asks for `Latest()`: each object is fetched again (`RetrieveLatest`) and `-l` then keeps
 *   the live objects it matches (`FilterByLabelSelector`). Describe does not: `-l` judges the
 *   labels written in the file, and its describer does the fetching;
 * - with `-n`, `RequireNamespace` (a decorator `Do` adds outside the visit) refuses an object the
 *   file puts in another namespace, among those that came through.
 *
 * `--field-selector` and `--subresource` never reach objects read from files (`visitByPaths` does
 * not use them). `-R` changes nothing: the editor's files are a flat list, with no directories.
 *
 * `visitFiles` takes the whole visit at once, as `Result.Infos()` does; label and annotate, whose
 * own function can fail an object, walk its `steps`. `streamFiles` hands the objects over one at a
 * time, as `Result.Visit(fn)` does, for the commands that act on each (and let time pass) before
 * the next is fetched: patch, wait, rollout.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { parseSelector, type LabelPredicate } from '../../sim/api/labels.js';
import type { ResourceInfo } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { namespaceMismatch, readInput, unreadablePath, type InputItem } from '../apply/input.js';
import { writtenLabels, type JsonMap } from '../apply/json.js';
import { checkErr, type CmdError } from './check-err.js';
import { gvr } from './get-fetch.js';
import { SLASH_MIXED } from './resource-args.js';
import { lookup } from './targets.js';
import { serverError } from '../result.js';

/** An error as cli-runtime's visitors nest them: one error, or an aggregate of errors (`utilerrors.Aggregate`). */
export type VisitError = CmdError | { readonly aggregate: readonly VisitError[] };

/** One object the files name, as the builder hands it to the command. */
export interface FileInfo {
  readonly info: ResourceInfo;
  /** '' for cluster-scoped kinds, and for namespaced ones under `-A` when the file names none. */
  readonly namespace: string;
  readonly name: string;
  /** The object as the file holds it, in the namespace the builder gives it (`SetNamespace`): `info.Object` without `Latest()`. */
  readonly written: JsonMap;
  /** The object fetched again (`Latest()`); absent without it. */
  readonly obj?: ApiObject;
}

/** What the command hands the builder: its `-f`, arguments, `-l` and namespace, and whether it asks for `Latest()`. */
export interface FileQuery {
  readonly filenames: readonly string[];
  /** The positional arguments: none may stand beside `-f`. */
  readonly args: readonly string[];
  /** `-l` as given ('' for none). */
  readonly selector: string;
  /** The command's namespace (`-n`, else `default`), '' under `-A`. */
  readonly namespace: string;
  /** `-n` given without `-A`: an object the file puts elsewhere is refused. */
  readonly enforceNamespace: boolean;
  /** `Latest()`: fetch each object again and judge `-l` by its live labels. */
  readonly latest: boolean;
}

/** What the builder hands back after visiting: the objects, the errors it collected on the way, singleItemImplied. */
export interface FileVisit {
  /** The objects in the order of the files, without those `-l` leaves out. */
  readonly infos: readonly FileInfo[];
  /** What `Result.Infos()` returns besides them (a `ContinueOnError` builder's collected errors), if anything. */
  readonly error: VisitError | undefined;
  /**
   * What the command's function is handed, in the order of the files: each object, or
   * RequireNamespace's refusal of it (the decorators run outside the visit, so `ContinueOnErrorVisitor`
   * collects a refusal where the object would have been).
   */
  readonly steps: readonly (FileInfo | CmdError)[];
  /** The visit's own errors (an unserved kind, a failed fetch): one aggregate after every step's error. */
  readonly visitErrors: readonly CmdError[];
  /** `visitByPaths`' singleItemImplied: one `-f`, and not stdin. */
  readonly singleItemImplied: boolean;
}

/** The builder's visit of `-f` taken one object at a time, as `Result.Visit` hands the objects to a command's function. */
export interface FileStream {
  /**
   * Each object, or RequireNamespace's refusal of it, in the order of the files. Produced as they
   * are taken: under `Latest()` an object is fetched (and `-l` judged) when its turn comes, after
   * the command has done what it does with the ones before (`RetrieveLatest` runs inside the visit).
   * One pass only.
   */
  readonly steps: Iterable<FileInfo | CmdError>;
  /** The visit's own errors (an unserved kind, a failed fetch), filled in as the steps are taken: complete after the last. */
  readonly visitErrors: readonly CmdError[];
  /** `visitByPaths`' singleItemImplied: one `-f`, and not stdin. */
  readonly singleItemImplied: boolean;
}

/**
 * Runs the builder over `-f` (`FilenameParam`, `visitByPaths`, `Do` with `ContinueOnError`): the
 * objects the files name, or the errors that stop the command before anything is visited.
 */
export function visitFiles(ctx: VerbContext, q: FileQuery): FileVisit | { readonly errors: readonly CmdError[] } {
  const stream = streamFiles(ctx, q);
  if ('errors' in stream) return stream;
  const steps = [...stream.steps];
  const infos = steps.filter((s): s is FileInfo => 'info' in s);
  const stepErrors = steps.filter((s): s is CmdError => !('info' in s));
  const { visitErrors, singleItemImplied } = stream;
  return { infos, error: continueOnError(stepErrors, visitErrors), steps, visitErrors, singleItemImplied };
}

/**
 * `visitFiles` for a command that acts on each object before the next is visited (wait, rollout,
 * patch): the same checks up front, then the objects one at a time. The files are read here, once.
 */
export function streamFiles(ctx: VerbContext, q: FileQuery): FileStream | { readonly errors: readonly CmdError[] } {
  const collected = filenameErrors(ctx, q.filenames);
  const args = argumentErrors(q.args);
  if (args.collected) collected.push({ message: args.collected });
  if (collected.length > 0) return { errors: collected };
  if (args.refused) return { errors: [{ message: args.refused }] };
  let matches: LabelPredicate = () => true;
  const selector = q.selector.trim();
  if (selector !== '') {
    const sel = parseSelector(selector);
    if ('error' in sel) return { errors: [{ message: `the provided selector "${selector}" is not valid: ${sel.error}` }] };
    matches = sel.matches;
  }
  // The namespace is judged after the fetch and the selector, so the reader only defaults it.
  const { filenames, namespace: defaultNamespace } = q;
  const items = readInput({ filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate: 'ignore', namespace: defaultNamespace, enforceNamespace: false });
  if ('error' in items) return { errors: [{ message: items.error }] };
  const visitErrors: CmdError[] = [];
  return { steps: fileSteps(ctx, q, items, matches, visitErrors), visitErrors, singleItemImplied: q.filenames.length === 1 && q.filenames[0] !== '-' };
}

/** `FilenameParam`'s errors: one for each `-f` that names no file (`-` is stdin), in order. */
export function filenameErrors(ctx: VerbContext, filenames: readonly string[]): CmdError[] {
  return filenames.filter((f) => f !== '-' && ctx.readFile?.(f) === undefined).map((f) => ({ message: unreadablePath(f).replace(/^error: /, '') }));
}

/**
 * The visit itself, one document at a time: the stream's errors and failed fetches go to
 * `visitErrors` (an `EagerVisitorList` aggregate, outside what the command sees); the objects
 * `-l` keeps, or RequireNamespace's refusal of them (a decorator `Do` adds outside the visit, so
 * `ContinueOnErrorVisitor` collects a refusal where the object would have been), are yielded.
 */
function* fileSteps(
  ctx: VerbContext,
  q: FileQuery,
  items: readonly InputItem[],
  matches: LabelPredicate,
  visitErrors: CmdError[],
): Generator<FileInfo | CmdError, void, undefined> {
  for (const item of items) {
    if ('error' in item) {
      visitErrors.push({ message: item.error });
      continue;
    }
    const { info, namespace, name, obj: written } = item;
    let obj: ApiObject | undefined;
    if (q.latest) {
      if (info.namespaced && namespace === '') {
        visitErrors.push({ message: `no namespace set on resource ${gvr(info)} "${name}"` });
        continue;
      }
      const live = lookup(ctx, info, namespace, name);
      if (!live.obj) {
        visitErrors.push({ status: live.missing! });
        continue;
      }
      if (!matches(live.obj.metadata.labels)) continue;
      obj = live.obj;
    } else if (!matches(writtenLabels(written))) continue;
    if (q.enforceNamespace && info.namespaced && namespace !== q.namespace) {
      yield { message: namespaceMismatch(namespace, q.namespace) };
      continue;
    }
    yield obj ? { info, namespace, name, written, obj } : { info, namespace, name, written };
  }
}

/**
 * What `ContinueOnErrorVisitor.Visit` returns: the errors of the steps, in order, then the visit's
 * own as one aggregate; a single error is itself, none is undefined.
 */
export function continueOnError(stepErrors: readonly CmdError[], visitErrors: readonly CmdError[]): VisitError | undefined {
  const errs: VisitError[] = visitErrors.length > 0 ? [...stepErrors, { aggregate: visitErrors }] : [...stepErrors];
  return errs.length === 0 ? undefined : errs.length === 1 ? errs[0] : { aggregate: errs };
}

/** `CheckErr` of what `ContinueOnErrorVisitor.Visit` returns, for a command that returns it as it is (label, annotate). */
export function checkContinueOnError(stepErrors: readonly CmdError[], visitErrors: readonly CmdError[]): string {
  return checkVisitError(continueOnError(stepErrors, visitErrors));
}

/**
 * `CheckErr(err)` of one error as the visitors nest them ('' for none): an aggregate is unwrapped
 * when it holds one error, else printed one line per member.
 */
export function checkVisitError(e: VisitError | undefined): string {
  return e === undefined ? '' : checkVisitErrors('aggregate' in e ? e.aggregate : [e]);
}

/**
 * The positional arguments beside `-f`: the error `ResourceTypeOrNameArgs` collects for malformed
 * words (`hasCombinedTypeArgs`, `splitResourceTypeName`, after `normalizeMultipleResourcesArgs`
 * made `a,b NAME` into `a/NAME b/NAME`), or else `visitByPaths`' refusal of any argument.
 */
function argumentErrors(words: readonly string[]): { readonly collected?: string; readonly refused?: string } {
  if (words.length === 0) return {};
  const types = [...new Set(words[0]!.split(','))];
  const args = words.length >= 2 && types.length > 1 ? types.flatMap((t) => words.slice(1).map((n) => `${t}/${n}`)) : words;
  const slashed = args.filter((a) => a.includes('/')).length;
  if (slashed === 0) return { refused: 'when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well' };
  if (slashed !== args.length) return { collected: SLASH_MIXED };
  for (const a of args) {
    const seg = a.split('/');
    if (seg.length !== 2) return { collected: 'arguments in resource/name form may not have more than one slash' };
    const [type, name] = seg as [string, string];
    if (!type || !name || new Set(type.split(',')).size !== 1) return { collected: 'arguments in resource/name form must have a single resource and name' };
  }
  return { refused: 'resource/name arguments cannot be provided when a path is specified' };
}

/** `IgnoreErrors(apierrors.IsNotFound)` (`utilerrors.FilterOut`): the error without its NotFound parts. */
export function withoutNotFound(e: VisitError | undefined): VisitError | undefined {
  if (e === undefined) return undefined;
  if ('aggregate' in e) {
    const kept = e.aggregate.map(withoutNotFound).filter((x): x is VisitError => x !== undefined);
    return kept.length > 0 ? { aggregate: kept } : undefined;
  }
  return 'status' in e && e.status.reason === 'NotFound' ? undefined : e;
}

/** `utilerrors.Flatten`: every single error of a nested one, in order. */
export function flattenErrors(e: VisitError | undefined): CmdError[] {
  if (e === undefined) return [];
  return 'aggregate' in e ? e.aggregate.flatMap(flattenErrors) : [e];
}

/**
 * `cmdutil.CheckErr(utilerrors.NewAggregate(errs))` for errors nested as the visitors nest them:
 * an aggregate of one is unwrapped once; an aggregate prints one line per member
 * (`MultipleErrors`), and a member that is itself an aggregate prints on one line as Go's
 * `aggregate.Error()` words it (its one message, or `[a, b]`).
 */
export function checkVisitErrors(errs: readonly VisitError[]): string {
  const only = errs.length === 1 ? errs[0]! : undefined;
  if (only && !('aggregate' in only)) return checkErr([only]);
  const lines = only && 'aggregate' in only ? only.aggregate : errs;
  return lines.map((e) => `${'aggregate' in e ? aggregateMessage(e) : 'status' in e ? serverError(e.status) : e.message}\n`).join('');
}

/** Go's `aggregate.Error()`: each distinct message of its errors, nested ones included; one alone, several as `[a, b]`. */
function aggregateMessage(e: VisitError): string {
  const messages = [...new Set(flattenErrors(e).map((x) => ('status' in x ? x.status.message : x.message)))];
  return messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
}
