/**
 * `kubectl set env (-f FILENAME | TYPE NAME | TYPE/NAME | -l SEL | --all) KEY_1=VAL_1 ... KEY-
 * [-e KEY=VAL] [-c CONTAINERS] [--list] [--overwrite=false] [--prefix P] [--local] [--dry-run]
 * [-o FORMAT]` (kubectl `pkg/cmd/set/set_env.go`: `Complete`, `Validate`, `RunEnv`,
 * `updateEnv`, `validateNoOverwrites`; `set/env` `SplitEnvironmentFromResources`, `ParseEnv`).
 *
 * - Resources come first, then the changes: `KEY=VALUE` sets (or replaces, in place) a variable,
 *   `KEY-` removes one, `-` reads `KEY=VALUE` lines from standard input (`#` starts a comment);
 *   `-e` adds changes before the positional ones, `--prefix` goes before every name set.
 * - Errors in kubectl's order: Complete (`--all` with `-l`, a resource after a change), Validate
 *   (`--local` with a server dry run, no resource, `--list` with `-o`, `--keys` without
 *   `--from`), then the changes (`IsEnvVarName`, a name both set and removed), then the builder.
 * - `-c` picks containers and init containers as set resources does; an object with none is
 *   skipped with kubectl's warning. `--overwrite=false` refuses to change a variable's value.
 * - `--list` prints each picked container's variables after the changes (`# DaemonSet agent,
 *   container agent`, `NAME=VALUE`, `# NAME from field path ...` for a reference) and sends
 *   nothing. `--from` and `--keys` read ConfigMaps and Secrets, which the playground does not
 *   model, and `--resolve` reads what references point at: those are refused.
 * - What is sent, left out and printed is set-pod-template.ts's (`daemonset.apps/agent env updated`).
 */
import type { ApiObject, Container, PodSpec } from '../../sim/api/types.js';
import type { VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { recorderFor, type Recorder } from '../record.js';
import { afterWarning, fail, outputOf, type ExecResult } from '../result.js';
import { createPrinter } from './create-printer.js';
import { dryRunStrategy } from './dry-run.js';
import { changePicked, patchPodTemplates, podTemplateTargets, SET_FLAGS } from './set-pod-template.js';

export const ENV_FLAGS: readonly FlagSpec[] = [
  ...SET_FLAGS,
  { name: 'containers', short: 'c', type: 'string', default: '*' },
  { name: 'env', short: 'e', type: 'stringArray' },
  { name: 'from', type: 'string' },
  { name: 'keys', type: 'stringArray' },
  { name: 'list', type: 'bool' },
  { name: 'overwrite', type: 'bool', default: true },
  { name: 'prefix', type: 'string' },
  { name: 'resolve', type: 'bool' },
];

/** One variable as a container holds it: a value, or a reference (`valueFrom`). */
interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: Record<string, Record<string, string> | undefined>;
}

/** `IsEnvironmentArgument`: `(?ms)^(.+)=(.*)$`. */
const ENVIRONMENT_ARGUMENT = /^[\s\S]+=[\s\S]*$/;

/** `SplitEnvironmentFromResources`: the resources, then the changes (`KEY=VALUE` or `KEY-`); undefined when a resource follows a change. */
function splitEnvironment(args: readonly string[]): { resources: string[]; changes: string[] } | undefined {
  const resources: string[] = [];
  const changes: string[] = [];
  for (const a of args) {
    const isEnv = ENVIRONMENT_ARGUMENT.test(a) || a.endsWith('-');
    if (isEnv) changes.push(a);
    else if (changes.length === 0) resources.push(a);
    else return undefined;
  }
  return { resources, changes };
}

/** `IsEnvVarName`'s messages, joined by `;`, or '' for a valid name. */
function envVarNameErrors(name: string): string {
  const errs: string[] = [];
  if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(name)) {
    errs.push(
      "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')",
    );
  }
  if (name === '.') errs.push("must not be '.'");
  else if (name === '..') errs.push("must not be '..'");
  else if (name.startsWith('..')) errs.push("must not start with '..'");
  return errs.join(';');
}

/** `ParseEnv`: the variables to set and the names to remove, or the error. */
export function parseEnv(specs: readonly string[], stdin: string | undefined): { env: EnvVar[]; remove: string[] } | { error: string } {
  const env: EnvVar[] = [];
  const set = new Set<string>();
  const remove: string[] = [];
  for (const spec of specs) {
    if (spec === '-') {
      if (stdin === undefined) return { error: "when '-' is used, STDIN must be open" };
      for (const raw of stdin.split('\n')) {
        const line = raw.includes('#') ? raw.slice(0, raw.indexOf('#')) : raw;
        const eq = line.indexOf('=');
        if (eq >= 0) env.push({ name: line.slice(0, eq), value: line.slice(eq + 1) });
      }
    } else if (spec.includes('=')) {
      const eq = spec.indexOf('=');
      const name = spec.slice(0, eq);
      const errs = envVarNameErrors(name);
      if (errs !== '') return { error: `${JSON.stringify(name)} is not a valid key name: ${errs}` };
      set.add(name);
      env.push({ name, value: spec.slice(eq + 1) });
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else return { error: `unknown environment variable: ${spec}` };
  }
  if (remove.some((name) => set.has(name))) return { error: 'can not both modify and remove the same environment variable in the same command' };
  return { env, remove };
}

/** `updateEnv`: the existing variables with the removed ones dropped and the set ones replaced in place, the new ones after. */
function updateEnv(existing: readonly EnvVar[], env: readonly EnvVar[], remove: readonly string[]): EnvVar[] {
  const covered = new Set(remove);
  const out: EnvVar[] = [];
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = env.find((n) => n.name === e.name);
    if (newer) covered.add(e.name);
    out.push(newer ?? e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** `envutil.GetEnvVarRefString`: what a reference names. */
function refString(from: NonNullable<EnvVar['valueFrom']>): string {
  if (from.configMapKeyRef) return `configmap ${from.configMapKeyRef.name}, key ${from.configMapKeyRef.key}`;
  if (from.secretKeyRef) return `secret ${from.secretKeyRef.name}, key ${from.secretKeyRef.key}`;
  if (from.fieldRef) return `field path ${from.fieldRef.fieldPath}`;
  if (from.resourceFieldRef) return `resource field ${from.resourceFieldRef.containerName ? `${from.resourceFieldRef.containerName}/` : ''}${from.resourceFieldRef.resource}`;
  return 'invalid valueFrom';
}

export function setEnv(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, ENV_FLAGS, 'set env');
  if ('error' in flags) return fail(flags.error);
  const recorder = recorderFor(['set', 'env'], flags);
  return afterWarning(recorder.warning, updateEnvs(ctx, flags, recorder));
}

function updateEnvs(ctx: VerbContext, flags: ParsedFlags, recorder: Recorder): ExecResult {
  const selector = flagString(flags, 'selector');
  const all = flagBool(flags, 'all');
  // Complete.
  if (all && selector) return fail('error: cannot set --all and --selector at the same time');
  const split = splitEnvironment(flags.args);
  if (!split) return fail(`error: all resources must be specified before environment changes: ${flags.args.join(' ')}`);
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const print = createPrinter(flags, dryRun, ctx.readFile, 'env updated');
  if ('error' in print) return fail(print.error);
  // Validate.
  const local = flagBool(flags, 'local');
  const filenames = flagArray(flags, 'filename');
  const list = flagBool(flags, 'list');
  if (local && dryRun === 'server') return fail('error: cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  if (filenames.length === 0 && split.resources.length < 1) return fail('error: one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (list && (flagString(flags, 'output') ?? '') !== '') return fail('error: --list and --output may not be specified together');
  const from = flagString(flags, 'from') ?? '';
  if (flagArray(flags, 'keys').length > 0 && from === '') return fail('error: when specifying --keys, a configmap or secret must be provided with --from');
  // RunEnv: the changes, then what --from reads, then the objects.
  const parsed = parseEnv([...flagArray(flags, 'env'), ...split.changes], ctx.stdin);
  if ('error' in parsed) return fail(`error: ${parsed.error}`);
  if (from !== '') return fail('error: --from is not supported in this playground: it reads ConfigMaps and Secrets, which are not modelled; set the variables with KEY=VALUE');
  if (flagBool(flags, 'resolve')) return fail('error: --resolve is not supported in this playground: it reads ConfigMaps and Secrets, which are not modelled');
  const prefix = flagString(flags, 'prefix') ?? '';
  const env = parsed.env.map((e) => ({ ...e, name: `${prefix}${e.name}` }));
  const targets = podTemplateTargets(ctx, flags, { resources: split.resources, filenames, selector, all, local });
  if ('stderr' in targets) return { exitCode: 1, stdout: '', stderr: targets.stderr };
  const containers = flagString(flags, 'containers') ?? '*';
  const overwrite = flagBool(flags, 'overwrite');
  let warnings = '';
  let listed = '';
  const r = patchPodTemplates(ctx, targets, {
    dryRun,
    print,
    recorder,
    command: 'set env',
    failed: 'failed to patch env update to pod template: ',
    update(spec: PodSpec, obj: ApiObject) {
      const { picked } = changePicked(spec, containers, (c) => c);
      if (picked.length === 0) {
        warnings += `Warning: ${obj.kind}/${obj.metadata.name} does not have any containers matching ${JSON.stringify(containers)}\n`;
        return { spec, errors: [] };
      }
      // Container by container, as upstream's loop: the --overwrite=false check, the new variables, the listing.
      const next = new Map<Container, EnvVar[]>();
      for (const c of picked) {
        const existing = (c.env ?? []) as readonly EnvVar[];
        const clash = overwrite ? undefined : env.map((e) => existing.find((x) => x.name === e.name && x.value !== e.value)).find((x) => x !== undefined);
        if (clash) return { patchError: `'${clash.name}' already has a value (${clash.value ?? ''}), and --overwrite is false` };
        const vars = updateEnv(existing, env, parsed.remove);
        next.set(c, vars);
        if (list) {
          listed += `# ${obj.kind} ${obj.metadata.name}, container ${c.name}\n`;
          for (const e of vars) listed += e.valueFrom ? `# ${e.name} from ${refString(e.valueFrom)}\n` : `${e.name}=${e.value ?? ''}\n`;
        }
      }
      // --list changes nothing: the spec stays as it was.
      if (list) return { spec, errors: [] };
      const changed = changePicked(spec, containers, (c) => {
        const { env: _old, ...rest } = c;
        const vars = next.get(c)!;
        return vars.length > 0 ? { ...rest, env: vars } : rest;
      });
      return { spec: changed.spec, errors: [] };
    },
  });
  if (list) return { exitCode: 0, stdout: listed, stderr: warnings };
  if (warnings === '') return r;
  // The warnings come as the changes are worked out, before anything is sent or printed.
  return { ...r, stderr: warnings + r.stderr, output: [{ stream: 'stderr', text: warnings }, ...outputOf(r)] };
}
