/**
 * `kubectl wait --for=condition=C[=V] | --for=delete | --for=jsonpath='{...}'=V TYPE[/NAME] ...`
 * (kubectl `pkg/cmd/wait`). Real kubectl watches until the condition holds or `--timeout` (30 s
 * by default) runs out; here the wait advances virtual time, like `rollout status`, so a script
 * can wait for what a real cluster would take time to do.
 *
 * Each object is waited for in turn, each with the whole timeout (as kubectl's visitor does).
 * Success prints `<kind>/<name> condition met`; a timeout is
 * `error: timed out waiting for the condition on <resource>/<name>`, exit 1. For `--for=delete`
 * an object that is already gone is silently skipped and a selector that matches nothing is no
 * error (`RunWait` ignores NotFound and the "no matching resources" check for delete), so such a
 * wait prints nothing and exits 0.
 *
 * The objects are named by arguments, `-l`, `--all`, or `-f` (the live objects the files name,
 * as label's `fileTargets` finds them: `ResourceBuilderFlags` with `Latest()`). What is printed
 * for an object that met the condition is cli-runtime's `PrintFlags` (`NewPrintFlags("condition
 * met")`, one printer for the whole command, asked for before anything else): by default
 * `<kind>/<name> condition met`, with `-o` the object as the wait last saw it (for a deletion, as
 * it was found before it went). kubectl does not check that printer's error, so neither does this.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { executeJsonPath, parseJsonPath } from '../format/jsonpath.js';
import { fail, serverError, type ExecResult } from '../result.js';
import { createPrinter, type CreatePrinter } from './create-printer.js';
import { PRINT_FLAGS } from './get-output.js';
import { fileTargets, type DocError } from './metadata-edit-files.js';
import { commandNamespace, resolveTargets, type Target } from './targets.js';

/**
 * `WaitFlags.AddFlags`: `PrintFlags`, then `ResourceBuilderFlags` (files, with `-R` on by
 * default and no `-k`; `-l`; `--all`; `-A`), `--timeout` and `--for`.
 */
export const FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'for', type: 'string' },
  { name: 'timeout', type: 'duration', default: '30s' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'filename', short: 'f', type: 'stringArray' },
  { name: 'recursive', short: 'R', type: 'bool', default: true },
  ...PRINT_FLAGS,
];

/** The builder's error when nothing names an object (cli-runtime `missingResourceError`). */
const MISSING_RESOURCE =
  'error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n' +
  "   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** The builder's error for `-l` or `--all` without a resource type (`visitBySelector`). */
const SELECTOR_WITHOUT_TYPE = 'error: at least one resource must be specified to use a selector';

/** What `--for` asks: true when the (possibly deleted) object satisfies it. */
type Condition = (obj: ApiObject | undefined) => boolean;

/** Parses `--for` as kubectl's `conditionFuncFor` does. */
function conditionFor(spec: string): Condition | { error: string } {
  if (spec.toLowerCase() === 'delete') return (obj) => obj === undefined;
  if (spec.toLowerCase().startsWith('condition=')) {
    const body = spec.slice('condition='.length);
    const eq = body.indexOf('=');
    const type = eq < 0 ? body : body.slice(0, eq);
    const want = eq < 0 ? 'true' : body.slice(eq + 1);
    return (obj) => {
      const conditions = (obj as { status?: { conditions?: readonly { type: string; status: string }[] } } | undefined)?.status?.conditions ?? [];
      return conditions.some((c) => c.type.toLowerCase() === type.toLowerCase() && c.status.toLowerCase() === want.toLowerCase());
    };
  }
  if (spec.toLowerCase().startsWith('jsonpath=')) {
    const body = spec.slice('jsonpath='.length);
    const close = body.lastIndexOf('}');
    if (!body.startsWith('{') || close < 0) return { error: `error: jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'` };
    const template = body.slice(0, close + 1);
    const rest = body.slice(close + 1);
    if (rest !== '' && !rest.startsWith('=')) return { error: `error: jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'` };
    const compiled = parseJsonPath(template);
    if ('error' in compiled) return { error: `error: ${compiled.error}` };
    const want = rest === '' ? undefined : rest.slice(1);
    return (obj) => {
      if (!obj) return false;
      const got = executeJsonPath(compiled, obj, { allowMissingKeys: false });
      if (typeof got !== 'string') return false;
      return want === undefined ? got !== '' : got === want;
    };
  }
  return { error: `error: unrecognized condition: "${spec}"` };
}

/**
 * `WaitFlags.ToOptions` then `RunWait`: the printer first, then the condition; the builder's
 * errors come when it is visited. Each object is waited for in turn.
 */
export const wait: Verb = (ctx, argv) => {
  const flags = parseFlags(argv, FLAGS, 'wait');
  if ('error' in flags) return fail(flags.error);
  const timeout = parseDuration(flagString(flags, 'timeout') ?? '30s');
  if (typeof timeout !== 'number') return fail(`error: invalid argument "${flagString(flags, 'timeout')}" for "--timeout" flag: ${timeout.error}`);
  const print = createPrinter(flags, 'none', ctx.readFile, 'condition met');
  if ('error' in print) return fail(print.error);
  const forSpec = flagString(flags, 'for');
  if (!forSpec) return fail('error: --for must be specified');
  const condition = conditionFor(forSpec);
  if (typeof condition !== 'function') return fail(condition.error);
  const selector = flagString(flags, 'selector');
  const filenames = flagArray(flags, 'filename');
  let targets: (Target | DocError)[] | { error: string };
  if (filenames.length > 0) targets = fileTargets(ctx, { flags, filenames, resources: flags.args, selector });
  else if (flags.args.length === 0) return fail((selector ?? '').trim() !== '' || flagBool(flags, 'all') ? SELECTOR_WITHOUT_TYPE : MISSING_RESOURCE);
  else {
    targets = resolveTargets(ctx, {
      args: flags.args,
      namespace: commandNamespace(flags).namespace,
      ...(selector ? { selector } : {}),
      all: flagBool(flags, 'all'),
      allNamespaces: flagBool(flags, 'all-namespaces'),
    });
  }
  if ('error' in targets) return fail(targets.error);
  const forDelete = forSpec.toLowerCase() === 'delete';
  // The files' stream errors (an unserved kind) come after every object's, as ContinueOnError reports them.
  const ordered = [...targets.filter((t) => !('error' in t && t.fromStream)), ...targets.filter((t) => 'error' in t && t.fromStream)];
  if (ordered.length === 0 && !forDelete) return fail('error: no matching resources found');
  return waitFor(ctx, ordered, { condition, forDelete, timeoutMs: Math.max(0, timeout), print });
};

interface WaitOptions {
  readonly condition: Condition;
  readonly forDelete: boolean;
  readonly timeoutMs: number;
  readonly print: CreatePrinter;
}

/**
 * Waits for each object in turn, printing each one that meets the condition; stops at the first
 * error. A deletion prints the object as it was found, before it went.
 */
function waitFor(ctx: VerbContext, targets: readonly (Target | DocError)[], o: WaitOptions): ExecResult {
  let stdout = '';
  for (const t of targets) {
    if ('error' in t) return { exitCode: 1, stdout, stderr: `${t.error.startsWith('error: ') ? t.error : `error: ${t.error}`}\n` };
    if (!t.obj) {
      if (o.forDelete) continue;
      return { exitCode: 1, stdout, stderr: `${serverError(t.missing!)}\n` };
    }
    const found = t.obj;
    const current = () => ctx.cluster.store.get(t.info.kind as Kind, t.namespace, t.name);
    // A deletion is met once the object is gone or replaced by another with the same name.
    const met = () => {
      const obj = current();
      return o.forDelete ? obj === undefined || obj.metadata.uid !== found.metadata.uid : o.condition(obj);
    };
    if (!ctx.cluster.advanceUntil(met, o.timeoutMs)) {
      return { exitCode: 1, stdout, stderr: `error: timed out waiting for the condition on ${t.info.resource}/${t.name}\n` };
    }
    const shown: ApiObject = o.forDelete ? found : (current() ?? found);
    stdout += o.print({ obj: shown, ref: `${kubectlKindPrefix(t.info.kind as Kind)}/${t.name}`, typed: false }).stdout;
  }
  return { exitCode: 0, stdout, stderr: '' };
}
