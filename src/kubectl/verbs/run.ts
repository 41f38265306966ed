/**
 * `kubectl run NAME --image=IMAGE [--labels=K=V,...] [--env=K=V] [--port=N] [--restart=POLICY]
 * [--dry-run=client|server|none] [-o FORMAT] [--overrides=JSON] [--command] -- [COMMAND] [ARGS...]`
 * (kubectl v1.34 `pkg/cmd/run/run.go`: `NewCmdRun`, `Complete`, `Run`, `getRestartPolicy`,
 * `verifyImagePullPolicy`, `createGeneratedObject`).
 *
 * kubectl builds one Pod (run-pod.ts), applies `--overrides` (run-overrides.ts) and `--record`,
 * then POSTs it as `kubectl create -f` would send the same object (request-body.ts): the API
 * server defaults and validates it, the scheduler and the kubelet take it from there. It prints
 * `pod/NAME created`, or with `-o` the server's answer, a typed object (Go field order in JSON).
 * `--dry-run=client` sends nothing and prints the object as built, with `-n`'s namespace when
 * given; `--save-config` writes the last-applied annotation only on what is sent.
 *
 * Checks, in kubectl's order: pflag's values (run-flags.ts), cobra's required `--image`; the
 * dry-run strategy, the printer and `--cascade` (`Complete`); then NAME, `--pod-running-timeout`,
 * the image (empty, then `reference.ReferenceRegexp`), `-t` without `-i`, `--expose` without
 * `--port`, `--restart`, `--rm` without an attach, an attach with a dry run, and
 * `--image-pull-policy`; then the generator's and the override's own errors.
 *
 * What the playground cannot do is refused after all of that, before anything is created: an
 * attach (`--attach`, or `-i` without `--attach=false`, with `-t` and `--rm`), since the simulated
 * containers run no process to attach to, and `--expose`, since Services are not modelled.
 * Upstream would create the pod first and fail later; here nothing changes. `-i` and `-t` with
 * `--attach=false` only set the container's stdin and tty fields, as upstream.
 */
import { goEncodeObject } from '../../manifest/index.js';
import { goQuote } from '../../sim/api/goquote.js';
import type { ApiObject } from '../../sim/api/types.js';
import { badRequest } from '../../sim/apiserver/errors.js';
import { resourceInfo } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, parseFlags, type ParsedFlags } from '../flags.js';
import { isImageReference } from '../image-reference.js';
import { recorderFor, type Recorder } from '../record.js';
import { afterWarning, fail, OutputWriter, type ExecResult } from '../result.js';
import { SIMULATED_CONTAINERS } from '../unmodelled-commands.js';
import { isMap, type JsonMap } from '../apply/json.js';
import { LAST_APPLIED, withTypedLastApplied } from '../apply/last-applied.js';
import { checkErr } from './check-err.js';
import { createPrinter, printOne, type CreatePrinter } from './create-printer.js';
import { dryRunStrategy, type DryRun } from './dry-run.js';
import { postObject } from './request-body.js';
import { RUN_FLAGS, runFlagValues } from './run-flags.js';
import { parseCascade } from './cascade.js';
import { applyOverrides } from './run-overrides.js';
import { buildRunPod } from './run-pod.js';
import { commandNamespace } from './targets.js';

const RESTART_POLICIES: readonly string[] = ['Always', 'OnFailure', 'Never'];
const PULL_POLICIES: readonly string[] = ['', 'Always', 'IfNotPresent', 'Never'];

/** `cmdutil.UsageErrorf(cmd, ...)`. */
const usage = (message: string): ExecResult => fail(`error: ${message}\nSee 'kubectl run -h' for help and examples`);

export const run: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, RUN_FLAGS, 'run');
  if ('error' in flags) return fail(flags.error);
  // cobra prints --record's deprecation notice while parsing, before anything else.
  const recorder = recorderFor(['run'], flags);
  return afterWarning(recorder.warning, runChecked(ctx, flags, recorder));
};

/** `Complete`, then `Run`: its warnings (a boolean `--cascade`) come before what follows. */
function runChecked(ctx: VerbContext, flags: ParsedFlags, recorder: Recorder): ExecResult {
  const values = runFlagValues(flags);
  if ('error' in values) return fail(values.error);
  // cobra's ValidateRequiredFlags, before Complete.
  if (!flags.visited.some(([name]) => name === 'image')) return fail('error: required flag(s) "image" not set');
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const print = createPrinter(flags, dryRun, ctx.readFile);
  if ('error' in print) return fail(print.error);
  // DeleteFlags.ToOptions (parseCascadingFlag), which Complete runs though only --rm deletes.
  const cascade = parseCascade(flagString(flags, 'cascade') ?? 'background');
  if ('error' in cascade) return fail(cascade.error);
  const w = new OutputWriter();
  w.warn(cascade.warning);
  const r = runPod(ctx, flags, { dryRun, print, recorder, podRunningTimeout: values.podRunningTimeout });
  w.append(r);
  return w.result(r.exitCode);
}

interface RunOptions {
  readonly dryRun: DryRun;
  readonly print: CreatePrinter;
  readonly recorder: Recorder;
  readonly podRunningTimeout: number;
}

/** `Run`: its checks, the generated and overridden Pod, the refusals, then the create. */
function runPod(ctx: VerbContext, flags: ParsedFlags, o: RunOptions): ExecResult {
  // Without --attach, -i means attach (Complete).
  const attach = flags.visited.some(([name]) => name === 'attach') ? flagBool(flags, 'attach') : flagBool(flags, 'stdin');
  const invalid = runError(flags, o, attach);
  if (invalid) return invalid;
  const built = buildRunPod({
    name: flags.args[0]!,
    image: flagString(flags, 'image') ?? '',
    labels: flagString(flags, 'labels') ?? '',
    annotations: stringArray(flags, 'annotations'),
    env: stringArray(flags, 'env'),
    port: flagString(flags, 'port') ?? '',
    restart: flagString(flags, 'restart') ?? '',
    imagePullPolicy: flagString(flags, 'image-pull-policy') ?? '',
    args: flags.args.slice(1),
    command: flagBool(flags, 'command'),
    privileged: flagBool(flags, 'privileged'),
    stdin: flagBool(flags, 'stdin'),
    leaveStdinOpen: flagBool(flags, 'leave-stdin-open'),
    tty: flagBool(flags, 'tty'),
  });
  if ('error' in built) return fail(built.error);
  const overridden = applyOverrides(built.pod, flagString(flags, 'overrides') ?? '', flagString(flags, 'override-type') ?? 'merge');
  if ('error' in overridden) return fail(overridden.error);
  const pod = goEncodeObject(o.recorder.record(overridden.pod as unknown as ApiObject) as unknown as JsonMap);
  const refused = refusal(flags, attach);
  if (refused) return fail(refused);
  const ns = commandNamespace(flags);
  if (o.dryRun === 'client') {
    const shown = ns.explicit ? goEncodeObject({ ...pod, metadata: { ...metadataOf(pod), namespace: ns.namespace } }) : pod;
    return printOne(o.print, { obj: shown, ref: `pod/${String(metadataOf(shown).name ?? '')}`, typed: true });
  }
  return createPod(ctx, pod, ns.namespace, { ...o, saveConfig: flagBool(flags, 'save-config') });
}

/** `Run`'s checks before it generates the Pod, in its order, as the error kubectl prints. */
function runError(flags: ParsedFlags, o: RunOptions, attach: boolean): ExecResult | undefined {
  // Run also refuses a NAME after `--` (ArgsLenAtDash 0), but Complete's RecordFlags.Complete
  // parses the whole command line again (parseCommandArguments), where the word `run` counts
  // before `--`: that check never fires, and `kubectl run --image=busybox -- test` runs "test"
  // (as kubectl 1.32 and 1.33 do).
  if (flags.args.length === 0) return usage('NAME is required for run');
  if (o.podRunningTimeout <= 0) return usage('--pod-running-timeout must be higher than zero');
  const image = flagString(flags, 'image') ?? '';
  if (image === '') return fail('error: --image is required');
  if (!isImageReference(image)) return fail(`error: Invalid image name ${goQuote(image)}: invalid reference format`);
  if (flagBool(flags, 'tty') && !flagBool(flags, 'stdin')) return usage('-i/--stdin is required for containers with -t/--tty=true');
  if (flagBool(flags, 'expose') && (flagString(flags, 'port') ?? '') === '') return usage('--port must be set when exposing a service');
  const restart = flagString(flags, 'restart') ?? '';
  if (restart !== '' && !RESTART_POLICIES.includes(restart)) return usage(`invalid restart policy: ${restart}`);
  if (flagBool(flags, 'rm') && !attach) return usage('--rm should only be used for attached containers');
  if (attach && o.dryRun !== 'none') return usage("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
  const pullPolicy = flagString(flags, 'image-pull-policy') ?? '';
  if (!PULL_POLICIES.includes(pullPolicy)) return usage(`invalid image pull policy: ${pullPolicy}`);
  return undefined;
}

/** Why the playground does not run what the flags ask for, or undefined when it can. */
function refusal(flags: ParsedFlags, attach: boolean): string | undefined {
  if (flagBool(flags, 'expose')) return 'error: --expose is not available in this playground: Services are not modelled. Leave it out to create the pod alone.';
  if (!attach) return undefined;
  const given = [
    ...(flagBool(flags, 'stdin') ? ['-i/--stdin'] : []),
    ...(flagBool(flags, 'tty') ? ['-t/--tty'] : []),
    ...(flagBool(flags, 'attach') ? ['--attach'] : []),
    ...(flagBool(flags, 'rm') ? ['--rm'] : []),
  ];
  const one = given.length === 1;
  const named = one ? `${given[0]} is` : `${given.slice(0, -1).join(', ')} and ${given.at(-1)} are`;
  const why = `${one ? 'it attaches' : 'they attach'} to the container's process, and ${SIMULATED_CONTAINERS}`;
  return `error: ${named} not available in this playground: ${why}. Leave ${one ? 'it' : 'them'} out to create the pod.`;
}

/**
 * The create of `createGeneratedObject` (not a client dry run): the last-applied annotation
 * (`CreateOrUpdateAnnotation`: with `--save-config`, or to refresh one the object carries), then
 * `Helper.Create` in the command's namespace, and the answer printed.
 */
function createPod(ctx: VerbContext, pod: JsonMap, namespace: string, o: RunOptions & { readonly saveConfig: boolean }): ExecResult {
  const meta = metadataOf(pod);
  const own = meta.namespace;
  // The API server's EnsureObjectNamespaceMatchesRequestNamespace, for a namespace set by --overrides.
  if (typeof own === 'string' && own !== '' && own !== namespace) {
    const mismatch = badRequest('the namespace of the provided object does not match the namespace sent on the request');
    return { exitCode: 1, stdout: '', stderr: checkErr([{ status: mismatch }]) };
  }
  const annotations = isMap(meta.annotations) ? meta.annotations : {};
  const annotated = o.saveConfig || annotations[LAST_APPLIED] ? withTypedLastApplied({ ...pod, metadata: meta }) : pod;
  const sent = { ...annotated, metadata: { ...metadataOf(annotated), namespace } };
  // kubectl run sends no field-validation directive; a typed object has no unknown field to warn of.
  const out = postObject(ctx, { info: resourceInfo('Pod'), name: String(meta.name ?? '') }, sent, 'warn', o.dryRun, 'kubectl run');
  const w = new OutputWriter();
  w.warn(out.warnings);
  if (out.error) {
    w.warn(checkErr([{ status: out.error }]));
    return w.result(1);
  }
  const created = out.created!; // postObject answers every create but a client dry run's
  const printed = printOne(o.print, { obj: goEncodeObject(created as unknown as JsonMap), ref: `pod/${created.metadata.name}`, typed: true });
  w.append(printed);
  return w.result(printed.exitCode);
}

/**
 * A StringArray flag as `cmdutil.GetFlagStringArray` reads it: through the flag's text, `[a,b]`
 * written as CSV and read back, where one empty occurrence (`--env=`) writes `[]` and reads as none.
 */
function stringArray(flags: ParsedFlags, name: string): string[] {
  const values = flagArray(flags, name);
  return values.length === 1 && values[0] === '' ? [] : values;
}

function metadataOf(obj: JsonMap): JsonMap {
  return isMap(obj.metadata) ? obj.metadata : {};
}
