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
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { executeJsonPath, parseJsonPath } from '../format/jsonpath.js';
import { fail, serverError, type ExecResult } from '../result.js';
import { commandNamespace, resolveTargets, type Target } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'for', type: 'string' },
  { name: 'timeout', type: 'duration', default: '30s' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
];

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

export const wait: Verb = (ctx, argv) => {
  const flags = parseFlags(argv, FLAGS, 'wait');
  if ('error' in flags) return fail(flags.error);
  const forSpec = flagString(flags, 'for');
  if (!forSpec) return fail('error: --for must be specified');
  const condition = conditionFor(forSpec);
  if (typeof condition !== 'function') return fail(condition.error);
  const timeout = parseDuration(flagString(flags, 'timeout') ?? '30s');
  if (typeof timeout !== 'number') return fail(`error: invalid argument "${flagString(flags, 'timeout')}" for "--timeout" flag: ${timeout.error}`);
  const selector = flagString(flags, 'selector');
  const targets = resolveTargets(ctx, {
    args: flags.args,
    namespace: commandNamespace(flags).namespace,
    ...(selector ? { selector } : {}),
    all: flagBool(flags, 'all'),
    allNamespaces: flagBool(flags, 'all-namespaces'),
  });
  if ('error' in targets) return fail(targets.error);
  if (flags.args.length === 0) return fail('error: resource(s) were provided, but no name was specified');
  const forDelete = forSpec.toLowerCase() === 'delete';
  if (targets.length === 0 && !forDelete) return fail('error: no matching resources found');
  return waitFor(ctx, targets, condition, forDelete, Math.max(0, timeout));
};

function waitFor(ctx: VerbContext, targets: readonly Target[], condition: Condition, forDelete: boolean, timeoutMs: number): ExecResult {
  let stdout = '';
  for (const t of targets) {
    if (!t.obj) {
      if (forDelete) continue;
      return { exitCode: 1, stdout, stderr: `${serverError(t.missing!)}\n` };
    }
    const current = () => ctx.cluster.store.get(t.info.kind as Kind, t.namespace, t.name);
    const uid = t.obj.metadata.uid;
    // A deletion is met once the object is gone or replaced by another with the same name.
    const met = () => {
      const obj = current();
      return forDelete ? obj === undefined || obj.metadata.uid !== uid : condition(obj);
    };
    if (!ctx.cluster.advanceUntil(met, timeoutMs)) {
      return { exitCode: 1, stdout, stderr: `error: timed out waiting for the condition on ${t.info.resource}/${t.name}\n` };
    }
    stdout += `${kubectlKindPrefix(t.info.kind as Kind)}/${t.name} condition met\n`;
  }
  return { exitCode: 0, stdout, stderr: '' };
}
