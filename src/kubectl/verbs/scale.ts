/**
 * `kubectl scale --replicas=COUNT (TYPE NAME... | TYPE/NAME... | TYPE -l SEL | TYPE --all | -f FILE)
 * [--current-replicas=N] [--resource-version=V] [--timeout=D] [--dry-run] [-o name|json|yaml]`
 * (kubectl v1.34 `pkg/cmd/scale/scale.go`: `NewCmdScale` with `MarkFlagRequired("replicas")`,
 * `ScaleFlags.ToOptions`, `ScaleOptions.Validate`, `RunScale`; `pkg/scale/scale.go`
 * `genericScaler.Scale` / `ScaleSimple`; client-go `scale` `namespacedScaleClient.Patch`).
 *
 * The teaching moment: nothing the playground serves can be scaled. A DaemonSet has no
 * `spec.replicas` (it runs one pod per eligible node), and no kind here has a `scale`
 * subresource. kubectl still resolves the objects first (a GET each, or the `-f` file as is),
 * then PATCHes `.../daemonsets/NAME/scale`; the API server has no route for that path, and
 * go-restful's 404 becomes the apiserver's generic NotFound, so kubectl prints
 * `Error from server (NotFound): the server could not find the requested resource`.
 * Nothing in the cluster changes. Other outcomes, in kubectl's order:
 * - `--replicas` missing: cobra's `required flag(s) "replicas" not set`, before anything else.
 * - an unknown type (`deployment`): the builder's `the server doesn't have a resource type`.
 * - no object found: v1.32–v1.34 wrap the builder's error, `no objects passed to scale
 *   daemonsets.apps "x" not found` (kubectl v1.35 prints the NotFound alone, kubernetes#134017).
 * - `--dry-run=client` sends nothing and prints `daemonset.apps/x scaled (dry run)`, as kubectl does.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { parseDuration } from '../../sim/engine/time.js';
import { noRoute } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, parseGoIntFlag, type FlagSpec, type ParsedFlags } from '../flags.js';
import { RECORD_FLAG, recorderFor } from '../record.js';
import { toJson, toYaml } from '../print/object-output.js';
import { afterWarning, fail, type ExecResult } from '../result.js';
import { readInput, unreadablePath } from '../apply/input.js';
import { checkErr, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy } from './dry-run.js';
import { GENERIC_FORMATS, noCompatiblePrinter, PRINT_FLAGS } from './get-output.js';
import { commandNamespace, visitTargets } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'replicas', type: 'int' },
  { name: 'current-replicas', type: 'int', default: '-1' },
  { name: 'resource-version', type: 'string' },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'all', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
  RECORD_FLAG,
  ...PRINT_FLAGS,
  DRY_RUN_FLAG,
];

const USAGE = "\nSee 'kubectl scale --help' for usage.";

const NO_RESOURCES =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** `utilerrors.NewAggregate(errs).Error()`: one message alone, several as `[a, b]` without repeats. */
function aggregate(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

interface Info {
  readonly obj: ApiObject;
  readonly name: string;
}

interface Query {
  readonly args: readonly string[];
  readonly filenames: readonly string[];
  readonly selector: string | undefined;
  readonly all: boolean;
  readonly ns: { readonly namespace: string; readonly explicit: boolean };
}

/**
 * The resource builder of `RunScale` (`FilenameParam`, `ResourceTypeOrNameArgs`,
 * `LabelSelectorParam`, `ContinueOnError`): the infos and their errors (`r.Infos()`), or the
 * error that stops it first (`r.Err()`).
 */
function resolveInfos(ctx: VerbContext, q: Query): { infos: Info[]; errors: CmdError[] } | { error: string } {
  const { args, filenames, selector, all, ns } = q;
  if (filenames.length > 0) {
    for (const f of filenames) if (f !== '-' && ctx.readFile?.(f) === undefined) return { error: unreadablePath(f) };
    if (args.length > 0 && args.every((a) => a.includes('/'))) return { error: 'error: resource/name arguments cannot be provided when a path is specified' };
    if (args.length > 0) return { error: 'error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well' };
    const items = readInput({ filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate: 'ignore', namespace: ns.namespace, enforceNamespace: ns.explicit });
    if ('error' in items) return items;
    const infos: Info[] = [];
    const errors: CmdError[] = [];
    for (const it of items) {
      if ('error' in it) errors.push({ message: it.error });
      else infos.push({ obj: it.obj as unknown as ApiObject, name: it.name });
    }
    return { infos, errors };
  }
  if (args.length === 0) return { error: selector ? 'error: at least one resource must be specified to use a selector' : NO_RESOURCES };
  const visit = visitTargets(ctx, { args, namespace: ns.namespace, ...(selector ? { selector } : {}), all });
  if ('error' in visit) return visit;
  const infos: Info[] = [];
  const errors: CmdError[] = [];
  for (const t of visit.targets) {
    if (t.obj) infos.push({ obj: t.obj, name: t.name });
    else errors.push({ status: t.missing! });
  }
  // Names and selectors never meet, so the NotFounds and the refused lists are never nested together.
  return { infos, errors: [...errors, ...visit.listErrors] };
}

/** What `-o` prints for one object scaled with `--dry-run=client` (the name printer says `scaled (dry run)`). */
function printDryRun(output: string, infos: readonly Info[]): string {
  const printed = infos.map((i) => {
    const ref = `${kubectlKindPrefix(i.obj.kind)}/${i.name}`;
    if (output === 'name') return `${ref}\n`;
    if (output === 'json') return toJson(i.obj);
    if (output === 'yaml') return toYaml(i.obj);
    return `${ref} scaled (dry run)\n`;
  });
  return output === 'yaml' ? printed.join('---\n') : printed.join('');
}

export const scale: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'scale');
  if ('error' in flags) return fail(flags.error);
  // cobra prints --record's deprecation notice while parsing, before anything else.
  const r = runScale(ctx, flags);
  return afterWarning(recorderFor(['scale'], flags).warning, r);
};

function runScale(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  // pflag parses the int and duration flags while parsing the command line.
  const replicasText = flagString(flags, 'replicas');
  const replicas = replicasText === undefined ? undefined : parseGoIntFlag('scale', 'replicas', replicasText);
  if (typeof replicas === 'object') return fail(replicas.error);
  const current = parseGoIntFlag('scale', 'current-replicas', flagString(flags, 'current-replicas') ?? '-1');
  if (typeof current === 'object') return fail(current.error);
  const timeoutText = flagString(flags, 'timeout') ?? '0s';
  const timeout = parseDuration(timeoutText);
  if (typeof timeout !== 'number') return fail(`error: invalid argument "${timeoutText}" for "--timeout" flag: ${timeout.error}${USAGE}`);
  // cobra's ValidateRequiredFlags, before Run.
  if (replicas === undefined) return fail('error: required flag(s) "replicas" not set');
  // ToOptions: dry-run strategy, then the printer.
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const output = flagString(flags, 'output') ?? '';
  if (output !== '' && !['json', 'yaml', 'name'].includes(output)) {
    const format = output.split('=')[0]!;
    if (GENERIC_FORMATS.split(',').includes(format)) return fail(`error: -o ${format} is not supported by kubectl scale in this playground; use -o name, -o json or -o yaml`);
    return fail(`error: ${noCompatiblePrinter(output)}`);
  }
  // Validate.
  if (replicas < 0) return fail('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  if (current < -1) return fail('error: The --current-replicas must specify an integer of -1 or greater');

  // RunScale.
  const resolved = resolveInfos(ctx, {
    args: flags.args,
    filenames: flagArray(flags, 'filename'),
    selector: flagString(flags, 'selector'),
    all: flagBool(flags, 'all'),
    ns: commandNamespace(flags),
  });
  if ('error' in resolved) return fail(resolved.error);
  const { infos, errors } = resolved;
  if ((flagString(flags, 'resource-version') ?? '') !== '' && infos.length > 1) return fail('error: cannot use --resource-version with multiple resources');
  if (infos.length === 0) {
    if (errors.length === 0) return fail('error: no objects passed to scale');
    const messages = errors.map((e) => ('status' in e ? e.status.message : e.message.replace(/^error: /, '')));
    return fail(`error: no objects passed to scale ${aggregate(messages)}`);
  }
  // The scale subresource is asked for the first object; the API server has none to offer.
  if (dryRun !== 'client') return { exitCode: 1, stdout: '', stderr: checkErr([{ status: noRoute() }]) };
  const stdout = printDryRun(output, infos);
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: checkErr(errors) };
}
