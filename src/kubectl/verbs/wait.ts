/**
 * `kubectl wait --for=create | delete | condition=C[=V] | jsonpath='{...}'[=V] TYPE[/NAME] ...`
 * (kubectl 1.34 `pkg/cmd/wait`: `WaitFlags.ToOptions`, `RunWait`, `IsCreated`, `IsDeleted`,
 * `getObjAndCheckCondition`). Real kubectl watches until the condition holds or `--timeout` (30 s
 * by default; negative means a week) runs out; here the wait advances virtual time, like
 * `rollout status`, so a script can wait for what a real cluster would take time to do. What
 * `--for` means is wait-for.ts.
 *
 * - One deadline for the whole command: RunWait makes one context with the timeout, and every
 *   object's wait draws on what is left of it. Once it has passed, a later object's condition
 *   wait cannot start its watch and times out at once, and a later deletion wait fails on its
 *   first GET (the client's rate limiter refuses a request whose context is done).
 * - Every object is visited, whatever happened to the ones before (the builder's
 *   `ContinueOnError`); the errors are printed after all of them, by CheckErr: one alone as
 *   usual, several one per line without `error: `; exit 1. The objects that met the condition
 *   are printed all the same. The files' own errors (an unserved kind, an object a file names
 *   that is not there) come last, as one aggregate: beside other errors, on one line, bare.
 * - An object named by argument or by a file is fetched when its turn comes (`RetrieveLazy`,
 *   `Latest`), so one deleted while an earlier object was waited for is NotFound; one listed by
 *   `-l`/`--all` was read once, before the first wait. A file's object is fetched before `-n` is
 *   checked against the namespace the file gives it (file-visit.ts).
 * - `--timeout=0` checks once: `condition not met for pods/NAME` for a condition or deletion
 *   that does not hold; `--for=create` says `timed out waiting for the condition`.
 * - `--for=delete`: NotFound errors are dropped and no match is no error, so an object already
 *   gone prints nothing; one that goes is printed as it was found before it went. An object
 *   deleted and created again under the same name (another uid) is gone too: the watch saw it go.
 * - `--for=create`: the objects are looked up every half second (one lookup of everything, as
 *   `PollUntilContextTimeout` visits the builder), until the lookup finds something and fails on
 *   nothing (a selector that matches nothing yet keeps it looking), or fails with anything but a
 *   single NotFound; then each is printed as `condition met`. An object a file names that is
 *   not there fails at once: its NotFound comes wrapped in the files' aggregate. Each lookup
 *   reads the files again, and `-f -` finds standard input already read, so its objects are not
 *   there a second time.
 *
 * What is printed for an object that met the condition is cli-runtime's `PrintFlags`
 * (`NewPrintFlags("condition met")`, one printer for the whole command, asked for before
 * anything else): by default `<kind>/<name> condition met`, with `-o` the object as the wait last
 * saw it. kubectl does not check that printer's error, so neither does this.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { checkVisitError, continueOnError, streamFiles, withoutNotFound, type FileQuery, type VisitError } from './file-visit.js';
import { createPrinter, type CreatePrinter } from './create-printer.js';
import { PRINT_FLAGS } from './get-output.js';
import { splitResourceArgs } from './resource-args.js';
import { commandNamespace, lookup, visitTargets, type Target, type TargetQuery } from './targets.js';
import { conditionFuncFor, type StateCheck, type WaitFor } from './wait-for.js';

/**
 * `WaitFlags.AddFlags`: `PrintFlags`, then `ResourceBuilderFlags` (files, with `-R` on by
 * default and no `-k`; `-l`; `--field-selector`; `--all`; `-A`), `--timeout` and `--for`.
 */
export const FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'for', type: 'string' },
  { name: 'timeout', type: 'duration', default: '30s' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'field-selector', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'filename', short: 'f', type: 'stringArray' },
  { name: 'recursive', short: 'R', type: 'bool', default: true },
  ...PRINT_FLAGS,
];

/** The builder's error when nothing names an object (cli-runtime `missingResourceError`). */
const MISSING_RESOURCE =
  'error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n' +
  "   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** `ToOptions`: a negative `--timeout` waits for a week. */
const WEEK_MS = 168 * 3600_000;

/** `RunWait`'s poll interval for `--for=create`. */
const CREATE_POLL_MS = 500;

/** What `wait.ErrWaitTimeout` says; with `on <resource>/<name>` for one object (`extendErrWaitTimeout`). */
const TIMED_OUT = 'timed out waiting for the condition';

/** A GET through the dynamic client once the command's context is done: the rate limiter refuses it. */
const DEADLINE_PASSED = 'client rate limiter Wait returned an error: context deadline exceeded';

/**
 * One visit of the resource builder (`ResourceFinder.Do().Visit(fn)`): `fn` on each object in
 * turn; the stderr of the error that stops the builder before any object (`r.Err()`), or what
 * `ContinueOnErrorVisitor` returns.
 */
type Visit = (c: VerbContext, fn: (t: Target) => CmdError | undefined) => { readonly refused: string } | { readonly error: VisitError | undefined };

/**
 * `WaitFlags.ToOptions` then `RunWait`: the printer first, then the condition; the builder's
 * errors come when it is visited.
 */
export const wait: Verb = (ctx, argv) => {
  const flags = parseFlags(argv, FLAGS, 'wait');
  if ('error' in flags) return fail(flags.error);
  const timeout = parseDuration(flagString(flags, 'timeout') ?? '30s');
  if (typeof timeout !== 'number') return fail(`error: invalid argument "${flagString(flags, 'timeout')}" for "--timeout" flag: ${timeout.error}`);
  const print = createPrinter(flags, 'none', ctx.readFile, 'condition met');
  if ('error' in print) return fail(print.error);
  const waitFor = conditionFuncFor(flagString(flags, 'for') ?? '');
  if ('error' in waitFor) return fail(waitFor.error);
  const selector = (flagString(flags, 'selector') ?? '').trim();
  const fieldSelector = (flagString(flags, 'field-selector') ?? '').trim();
  const all = flagBool(flags, 'all');
  const allNamespaces = flagBool(flags, 'all-namespaces');
  const filenames = flagArray(flags, 'filename');
  // `--all` without a type sets no selector (`ResourceTypeOrNameArgs` makes one only for a lone type), so it is no visit at all.
  if (filenames.length === 0 && flags.args.length === 0 && selector === '' && fieldSelector === '') return fail(MISSING_RESOURCE);
  const ns = commandNamespace(flags);
  // The paths come first in the builder: a field selector means nothing to them.
  const visit: Visit =
    filenames.length > 0
      ? (c, fn) => visitByFiles(c, { filenames, args: flags.args, selector, namespace: allNamespaces ? '' : ns.namespace, enforceNamespace: ns.explicit }, fn)
      : (c, fn) =>
          visitByArgs(c, { args: flags.args, namespace: ns.namespace, ...(selector ? { selector } : {}), ...(fieldSelector ? { fieldSelector } : {}), all, allNamespaces }, fn);
  return runWait(ctx, visit, { waitFor, timeoutMs: timeout < 0 ? WEEK_MS : timeout, print });
};

/**
 * `-f` (file-visit.ts `streamFiles` with `Latest()`): each object fetched, and `-l` judged on its
 * live labels, when its turn comes; under `-A` in no namespace unless the file names one. With
 * `-n`, RequireNamespace refuses an object the file puts elsewhere (under `-A` every namespaced one
 * that names a namespace: the builder then requires the namespace '').
 */
function visitByFiles(c: VerbContext, q: Omit<FileQuery, 'latest'>, fn: (t: Target) => CmdError | undefined): ReturnType<Visit> {
  const stream = streamFiles(c, { ...q, latest: true });
  if ('errors' in stream) return { refused: checkErr(stream.errors) };
  const errors: CmdError[] = [];
  for (const step of stream.steps) {
    const e = 'info' in step ? fn(step) : step;
    if (e) errors.push(e);
  }
  return { error: continueOnError(errors, stream.visitErrors) };
}

/**
 * Arguments (targets.ts `visitTargets`): an object named by argument is fetched when its turn
 * comes (`RetrieveLazy`), so one deleted while an earlier object was waited for is NotFound, an
 * error of its step; one listed by `-l`/`--all` was read once, before the first wait. A list the
 * API server refuses does not stop the others (`EagerVisitorList`): every other list's objects are
 * waited for, and the refusal comes after every object's error, in the aggregate the lists return.
 */
function visitByArgs(c: VerbContext, q: TargetQuery, fn: (t: Target) => CmdError | undefined): ReturnType<Visit> {
  const visit = visitTargets(c, q);
  if ('error' in visit) return { refused: `${visit.error}\n` };
  // Past visitTargets, names mean a visit by name: beside a selector they are refused.
  const split = splitResourceArgs(q.args);
  const named = !('error' in split) && ('tuples' in split || split.names.length > 0);
  const errors: CmdError[] = [];
  for (const item of visit.targets) {
    const t = named ? lookup(c, item.info, item.namespace, item.name) : item;
    const e = t.obj ? fn(t) : { status: t.missing! };
    if (e) errors.push(e);
  }
  return { error: continueOnError(errors, visit.listErrors) };
}

interface WaitOptions {
  readonly waitFor: WaitFor;
  readonly timeoutMs: number;
  readonly print: CreatePrinter;
}

/** The wait on one object: the object to print, or the error it adds to the command's. */
type Outcome = { readonly obj: ApiObject } | { readonly error: CmdError };

/**
 * `RunWait`: one deadline for everything; for `--for=create` the objects are polled for first;
 * then every object is visited and waited for in turn, and the errors reported at the end.
 */
function runWait(ctx: VerbContext, visit: Visit, o: WaitOptions): ExecResult {
  // The one deadline of the command; none with `--timeout=0`, which checks once.
  const deadline = o.timeoutMs === 0 ? undefined : ctx.cluster.now + o.timeoutMs;
  // A visit after the first reads the files again, and standard input has been read.
  const again: VerbContext = { ...ctx, stdin: '' };
  if (o.waitFor.kind === 'create') {
    const polled = pollUntilFound(ctx, visit, again, o.timeoutMs);
    if (polled !== undefined) return { exitCode: 1, stdout: '', stderr: polled };
  }
  const forDelete = o.waitFor.kind === 'delete';
  let stdout = '';
  let visited = 0;
  const result = visit(o.waitFor.kind === 'create' ? again : ctx, (t) => {
    visited++;
    const outcome = waitOne(ctx, t, t.obj!, o.waitFor, deadline);
    if ('error' in outcome) return outcome.error;
    stdout += o.print({ obj: outcome.obj, ref: `${kubectlKindPrefix(t.info.kind as Kind)}/${t.name}`, typed: false }).stdout;
    return undefined;
  });
  if ('refused' in result) return { exitCode: 1, stdout: '', stderr: result.refused };
  // IgnoreErrors(apierrors.IsNotFound) for delete, at every depth of the aggregate.
  const error = forDelete ? withoutNotFound(result.error) : result.error;
  if (error !== undefined) return { exitCode: 1, stdout, stderr: checkVisitError(error) };
  if (visited === 0 && !forDelete) return fail('error: no matching resources found');
  return { exitCode: 0, stdout, stderr: '' };
}

/**
 * `RunWait`'s poll for `--for=create` (`PollUntilContextTimeout`, every 500 ms from the start,
 * the first at once): until a visit of the builder finds an object and returns no error. A
 * NotFound that is the visit's whole error means "not yet", and so does finding nothing; any
 * other error ends the command with it. An aggregate is no NotFound (`IsNotFound` cannot see
 * into one), whatever it holds: two objects missing, or one object a file names, whose fetch
 * fails inside the files' own visit. Nothing changes between the cluster's timers, so the clock
 * moves to the first timer after which a visit would succeed, then to the poll that sees it.
 * The stderr to fail with, or undefined once something is found.
 */
function pollUntilFound(ctx: VerbContext, visit: Visit, again: VerbContext, timeoutMs: number): string | undefined {
  const start = ctx.cluster.now;
  const deadline = start + timeoutMs;
  let c = ctx;
  // One look: the stderr to fail with, '' once something is found, undefined while not yet.
  const settled = (): string | undefined => {
    let found = false;
    const result = visit(c, () => {
      found = true;
      return undefined;
    });
    c = again;
    if ('refused' in result) return result.refused;
    const e = result.error;
    if (e === undefined) return found ? '' : undefined;
    return 'status' in e && e.status.reason === 'NotFound' ? undefined : checkVisitError(e);
  };
  for (;;) {
    const polled = ctx.cluster.now;
    const outcome = settled();
    if (outcome !== undefined) return outcome === '' ? undefined : outcome;
    // The deadline's context is made before the poll's ticker, so a tick at the deadline comes too late.
    const tick = ctx.cluster.advanceUntil(() => settled() !== undefined, deadline - ctx.cluster.now)
      ? Math.max(polled + CREATE_POLL_MS, start + Math.ceil((ctx.cluster.now - start) / CREATE_POLL_MS) * CREATE_POLL_MS)
      : deadline;
    if (tick >= deadline) {
      ctx.cluster.advanceTo(deadline);
      return `error: ${TIMED_OUT}\n`;
    }
    ctx.cluster.advanceTo(tick);
  }
}

/** The `ConditionFunc` of `--for` on one object (`IsCreated`, `IsDeleted`, or `getObjAndCheckCondition`). */
function waitOne(ctx: VerbContext, t: Target, obj: ApiObject, waitFor: WaitFor, deadline: number | undefined): Outcome {
  if (waitFor.kind === 'create') return { obj };
  if (waitFor.kind === 'delete') return waitDeleted(ctx, t, obj, deadline);
  return waitState(ctx, t, waitFor.check, deadline);
}

/**
 * `IsDeleted`: a GET first (NotFound: already gone, which is success, and the object is printed
 * as the builder gave it); then, with no timeout, the condition is not met; else it waits until
 * the object is gone or replaced.
 */
function waitDeleted(ctx: VerbContext, t: Target, given: ApiObject, deadline: number | undefined): Outcome {
  if (deadline !== undefined && ctx.cluster.now >= deadline) return { error: { message: DEADLINE_PASSED } };
  const current = () => lookup(ctx, t.info, t.namespace, t.name).obj;
  const found = current();
  if (!found) return { obj: given };
  if (deadline === undefined) return { error: { message: `condition not met for ${objectName(t)}` } };
  const gone = () => {
    const obj = current();
    return obj === undefined || obj.metadata.uid !== found.metadata.uid;
  };
  return ctx.cluster.advanceUntil(gone, deadline - ctx.cluster.now) ? { obj: found } : timedOut(t);
}

/**
 * `getObjAndCheckCondition`: with no timeout, one GET and one check; else, unless the deadline
 * has passed (the watch's cache cannot sync), NotFound if the object is gone, or a wait until the
 * check accepts the object or fails on it. The object is printed as it was when it met the check.
 */
function waitState(ctx: VerbContext, t: Target, check: StateCheck, deadline: number | undefined): Outcome {
  const current = () => lookup(ctx, t.info, t.namespace, t.name);
  if (deadline === undefined) {
    const now = current();
    if (!now.obj) return { error: { status: now.missing! } };
    const met = check(now.obj);
    if (typeof met !== 'boolean') return { error: { message: met.error } };
    return met ? { obj: now.obj } : { error: { message: `condition not met for ${objectName(t)}` } };
  }
  if (ctx.cluster.now >= deadline) return timedOut(t);
  const first = current();
  if (!first.obj) return { error: { status: first.missing! } };
  let failure: string | undefined;
  const done = () => {
    const obj = current().obj;
    if (!obj) return false;
    const met = check(obj);
    if (typeof met !== 'boolean') failure = met.error;
    return met !== false;
  };
  if (!ctx.cluster.advanceUntil(done, deadline - ctx.cluster.now)) return timedOut(t);
  return failure !== undefined ? { error: { message: failure } } : { obj: current().obj! };
}

/** `Info.ObjectName()` with a REST mapping: `pods/web`, `daemonsets/agent`. */
function objectName(t: Target): string {
  return `${t.info.resource}/${t.name}`;
}

/** `extendErrWaitTimeout`: the timeout, naming the object. */
function timedOut(t: Target): Outcome {
  return { error: { message: `${TIMED_OUT} on ${objectName(t)}` } };
}
