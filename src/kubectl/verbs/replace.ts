/**
 * `kubectl replace -f FILE|- [--save-config] [--validate=strict|warn|ignore] [--dry-run=client|server]
 * [-o name|json|yaml] [-n NS] [--force [--grace-period=N] [--timeout=D] [--cascade=...] [--wait]]`
 * (kubectl v1.34 `pkg/cmd/replace/replace.go`: `Complete`, `Validate`, `Run`; cli-runtime
 * `resource.Helper.Replace`; apiserver `registry/generic/registry/store.go` `Store.Update`).
 * `--force` is replace-force.ts.
 *
 * Each object of the manifest is PUT whole, in order: fields the manifest leaves out are gone
 * from the stored object (unlike `apply`, which patches), except what the API server keeps on
 * every update (status, uid, creationTimestamp, generation; see `ApiServer.update`). Per object,
 * as the server answers a PUT:
 * 1. the body is decoded with the field validation of `--validate` (request-body.ts);
 * 2. a `metadata.uid` in the manifest must be the stored object's (the storage precondition),
 *    checked even when nothing is stored, where the stored uid is empty;
 * 3. the object must exist: `daemonsets.apps "x" not found` (no kind here creates on update);
 * 4. a `metadata.resourceVersion` in the manifest must be the stored one, else Conflict. kubectl
 *    fills in the live one when the manifest has none, so such a replace is unconditional;
 * 5. then defaults, PrepareForUpdate and validation (Invalid errors, as `apply` prints them).
 * Every error names the source (`error when replacing "STDIN": ...`). Objects fail
 * independently; errors are printed after all of them, the builder's kind errors last.
 *
 * The last-applied annotation: `--save-config` writes it from the manifest; without it, one the
 * manifest carries is rewritten from the manifest, and none is added (`CreateOrUpdateAnnotation`).
 * The stored object's own annotation is not consulted: a PUT replaces annotations like the rest.
 * replace has no `--record` flag: `ReplaceOptions.RecordFlags` is never set, so cobra never
 * registers it and the recorder does nothing.
 *
 * Not modelled: `--raw`, `-k` and `-R` (unknown flags here), `--subresource` (a clear error). A
 * resourceVersion that is not a number is answered as a stale one (the real server fails to
 * parse it).
 */
import type { ValidateMode } from '../../manifest/index.js';
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { notFound, type StatusError } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix, qualifiedResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { toJson, toYaml } from '../print/object-output.js';
import { afterWarning, fail, OutputWriter, type ExecResult } from '../result.js';
import { readInput, type InputItem, type InputObject } from '../apply/input.js';
import { isMap, type JsonMap } from '../apply/json.js';
import { createOrUpdateAnnotation } from '../apply/last-applied.js';
import { VALIDATE_FLAG, validationDirective } from './apply.js';
import { CASCADE_FLAG, parseCascade, type Cascade } from './cascade.js';
import { checkErr, withSource, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, type DryRun } from './dry-run.js';
import { GENERIC_FORMATS, noCompatiblePrinter, PRINT_FLAGS } from './get-output.js';
import { conflict, staleVersion } from './optimistic-lock.js';
import { forceReplace, STDIN_COPY, visitErrors } from './replace-force.js';
import { decodeBody } from './request-body.js';
import { commandNamespace } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  ...PRINT_FLAGS,
  { name: 'force', type: 'bool' },
  { name: 'grace-period', type: 'int', default: '-1' },
  { name: 'timeout', type: 'duration', default: '0s' },
  CASCADE_FLAG,
  { name: 'wait', type: 'bool' },
  VALIDATE_FLAG,
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  { name: 'subresource', type: 'string' },
  DRY_RUN_FLAG,
];

const USAGE = "\nSee 'kubectl replace --help' for usage.";

export type Output = '' | 'name' | 'json' | 'yaml';

/** Kinds whose Go type has a (non-pointer) `spec` struct. */
const WITH_SPEC: ReadonlySet<Kind> = new Set<Kind>(['Pod', 'Node', 'Namespace', 'DaemonSet']);

/** What `Complete` and `Validate` settle before `Run`. */
export interface ReplaceOptions {
  readonly validate: ValidateMode;
  readonly dryRun: DryRun;
  readonly output: Output;
  readonly saveConfig: boolean;
  /** `--grace-period`, -1 when not given; 0 has become 1 (and `waitForDeletion`). */
  readonly grace: number;
  readonly force: boolean;
  readonly waitForDeletion: boolean;
  /** `--timeout` in ms; 0 when not given. */
  readonly timeoutMs: number;
  readonly cascade: Cascade;
  readonly filenames: readonly string[];
  /** The positional arguments: ignored by a plain replace, refused by `--force`'s builder. */
  readonly args: readonly string[];
}

/** The printer of `PrintFlags("replaced")` for one command: `obj` is printed for json/yaml. */
export type Printer = (obj: unknown, kind: Kind, name: string) => string;

export const replace: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'replace');
  if ('error' in flags) return fail(flags.error);
  const o = complete(flags, ctx);
  if ('error' in o) return { exitCode: 1, stdout: '', stderr: o.stderr + (o.error.endsWith('\n') ? o.error : `${o.error}\n`) };
  const problem = validateOptions(o, flagString(flags, 'subresource') ?? '');
  if (problem) return { exitCode: 1, stdout: '', stderr: o.stderr + `error: ${problem}\n` };
  const ns = commandNamespace(flags);
  const print = printerFor(o.output, o.dryRun);
  const read = (stdinName?: string) =>
    readInput({ filenames: o.filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate: o.validate, namespace: ns.namespace, enforceNamespace: ns.explicit, ...(stdinName ? { stdinName } : {}) });
  // replace --force copies standard input to a file first: messages name that file.
  const r = o.force ? forceReplace(ctx, o, () => read(STDIN_COPY), print) : replaceAll(ctx, o, read(), print);
  return afterWarning(o.stderr, r);
};

/** `Complete`: the flag values kubectl derives, or the first error (after the cascade warning). */
function complete(flags: ParsedFlags, ctx: VerbContext): (ReplaceOptions & { stderr: string }) | { error: string; stderr: string } {
  const graceText = flagString(flags, 'grace-period') ?? '-1';
  const grace = parseGoInt(graceText);
  if (grace === undefined) return { error: `error: invalid argument "${graceText}" for "--grace-period" flag: strconv.ParseInt: parsing "${graceText}": invalid syntax${USAGE}`, stderr: '' };
  const timeoutText = flagString(flags, 'timeout') ?? '0s';
  const timeoutMs = parseDuration(timeoutText);
  if (typeof timeoutMs !== 'number') return { error: `error: invalid argument "${timeoutText}" for "--timeout" flag: ${timeoutMs.error}${USAGE}`, stderr: '' };
  const validate = validationDirective(flags);
  if (typeof validate !== 'string') return { ...validate, stderr: '' };
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return { ...dryRun, stderr: '' };
  const output = flagString(flags, 'output') ?? '';
  if (output !== '' && output !== 'name' && output !== 'json' && output !== 'yaml') {
    const format = output.split('=')[0]!;
    if (GENERIC_FORMATS.split(',').includes(format)) return { error: `error: -o ${format} is not supported by kubectl replace in this playground; use -o name, -o json or -o yaml`, stderr: '' };
    return { error: `error: ${noCompatiblePrinter(output)}`, stderr: '' };
  }
  // DeleteFlags.ToOptions: parseCascadingFlag (booleans still parse, with a warning).
  const parsedCascade = parseCascade(flagString(flags, 'cascade') ?? 'background');
  if ('error' in parsedCascade) return { error: parsedCascade.error, stderr: '' };
  const { cascade, warning: stderr } = parsedCascade;
  const filenames = flagArray(flags, 'filename');
  // FilenameOptions.RequireFilenameOrKustomize, still in Complete.
  if (filenames.length === 0) return { error: 'error: must specify one of -f and -k', stderr };
  // --grace-period=0 would delete at once: replace turns it into 1 and waits for the deletion.
  const zero = grace === 0;
  return {
    validate,
    dryRun,
    output,
    saveConfig: flagBool(flags, 'save-config'),
    grace: zero ? 1 : grace,
    force: flagBool(flags, 'force'),
    waitForDeletion: zero || flagBool(flags, 'wait'),
    timeoutMs,
    cascade,
    filenames,
    args: flags.args,
    stderr,
  };
}

/** `Validate`, in its order; `undefined` when the options hold. */
function validateOptions(o: ReplaceOptions, subresource: string): string | undefined {
  if (o.grace >= 0 && !o.force) return '--grace-period must have --force specified';
  if (o.timeoutMs !== 0 && !o.force) return '--timeout must have --force specified';
  if (o.force && o.dryRun !== 'none') return '--dry-run can not be used when --force is set';
  if (subresource === 'status' || subresource === 'scale') return `--subresource is not available for kubectl replace in this playground: replace the whole object`;
  if (subresource !== '') return `invalid subresource value: ${JSON.stringify(subresource)}. Must be one of [status scale]`;
  return undefined;
}

/** `Run` without `--force`: each object in stream order (`ContinueOnError`). */
function replaceAll(ctx: VerbContext, o: ReplaceOptions, items: InputItem[] | { error: string }, print: Printer): ExecResult {
  if ('error' in items) return fail(items.error);
  const w = new OutputWriter();
  const errors: CmdError[] = [];
  const streamErrors: string[] = [];
  for (const item of items) {
    if ('error' in item) {
      if (item.fromStream) streamErrors.push(item.error);
      else errors.push({ message: item.error });
      continue;
    }
    // The server's warnings come with its answer, before kubectl prints the object's line.
    const out = replaceObject(ctx, item, o, print);
    w.warn(out.stderr);
    w.print(out.stdout);
    if (out.error) errors.push(out.error);
  }
  const all = visitErrors(errors, streamErrors);
  w.warn(checkErr(all));
  return w.result(all.length > 0 ? 1 : 0);
}

interface Outcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly error?: CmdError;
}

/** One object: `CreateOrUpdateAnnotation`, then `Helper.Replace` (or the print of a client dry run). */
function replaceObject(ctx: VerbContext, item: InputObject, o: ReplaceOptions, print: Printer): Outcome {
  const { info, namespace, name, source } = item;
  const sent = createOrUpdateAnnotation(item.obj, o.saveConfig);
  if (o.dryRun === 'client') return { stdout: print(sent, info.kind, name), stderr: '' };
  // The request URL needs the name: without one, nothing is sent.
  if (!name) return { stdout: '', stderr: '', error: { message: `error when replacing "${source}": resource name may not be empty` } };
  const replacing = (status: StatusError): CmdError => ({ status: withSource('replacing', source, status) });
  const body = decodeBody(info, sent, o.validate);
  if (body.error) return { stdout: '', stderr: '', error: replacing(body.error) };
  const failed = (status: StatusError): Outcome => ({ stdout: '', stderr: body.warnings, error: replacing(status) });
  const live = ctx.cluster.api.get(info.kind, namespace, name);
  const meta = isMap(sent.metadata) ? sent.metadata : {};
  const uid = typeof meta.uid === 'string' ? meta.uid : '';
  if (uid !== '' && uid !== (live?.metadata.uid ?? '')) {
    return failed(conflict(info, name, `StorageError: invalid object, Code: 4, Key: ${storageKey(info, namespace, name)}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${uid}, UID in object meta: ${live?.metadata.uid ?? ''}`));
  }
  if (!live) return failed(notFound(qualifiedResource(info.kind), name));
  const rv = typeof meta.resourceVersion === 'string' ? meta.resourceVersion : '';
  const stale = staleVersion(info, name, rv, live.metadata.resourceVersion);
  if (stale) return failed(stale);
  // Helper.Replace sends the live resourceVersion when the manifest has none. The decoded Go
  // object always has its spec struct, written back as `spec: {}` at least.
  const spec = WITH_SPEC.has(info.kind) && !isMap(body.obj.spec) ? { spec: {} } : {};
  const metadata = { ...(body.obj.metadata as JsonMap), resourceVersion: rv || live.metadata.resourceVersion };
  const obj = { ...body.obj, ...spec, metadata } as unknown as ApiObject;
  const r = o.dryRun === 'server' ? ctx.cluster.api.update(obj, { dryRun: true }) : ctx.client.update(obj, `kubectl replace: ${kubectlKindPrefix(info.kind)}/${name}`);
  if (!r.ok) return failed(r.error);
  return { stdout: print(r.obj, info.kind, name), stderr: body.warnings };
}

/** The object's etcd key, as storage errors print it (Nodes are stored as `minions`). */
function storageKey(info: ResourceInfo, namespace: string, name: string): string {
  const resource = info.kind === 'Node' ? 'minions' : info.resource;
  return `/registry/${resource}/${info.namespaced ? `${namespace}/` : ''}${name}`;
}

/** The name printer says `replaced` (with the dry-run suffix); json and yaml print the object. */
function printerFor(output: Output, dryRun: DryRun): Printer {
  let printed = 0;
  return (obj, kind, name) => {
    printed++;
    const ref = `${kubectlKindPrefix(kind)}/${name}`;
    if (output === 'name') return `${ref}\n`;
    if (output === 'json') return toJson(obj);
    if (output === 'yaml') return `${printed > 1 ? '---\n' : ''}${toYaml(obj)}`;
    return `${ref} replaced${dryRunSuffix(dryRun)}\n`;
  };
}

/** pflag's int flag (`strconv.ParseInt(s, 0, 64)`): base prefixes, a leading 0 for octal. */
function parseGoInt(text: string): number | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(text);
  if (!m) return undefined;
  const digits = /^0[0-7]+$/.test(m[2]!) ? `0o${m[2]!.slice(1)}` : m[2]!.replace(/^0X/, '0x').replace(/^0O/, '0o').replace(/^0B/, '0b');
  return Number(BigInt(digits)) * (m[1] === '-' ? -1 : 1);
}

