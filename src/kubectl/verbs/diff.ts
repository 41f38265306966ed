/**
 * `kubectl diff -f FILE|-` (kubectl `pkg/cmd/diff/diff.go`: `DiffOptions.Run`, `InfoObject.Live`
 * and `Merged`, `Differ.Diff`, `omitManagedFields`, `DiffProgram`): the live objects against
 * what `kubectl apply` would make of the manifest, in `diff -u -N`'s unified form.
 *
 * - Each object's would-be version is a server dry run through apply's own path
 *   (apply/apply-object.ts, flavor `diff`): a create of the manifest when the object does not
 *   exist (its LIVE side is then empty), else the three-way patch. So the answer carries what
 *   the server adds (defaults, a bumped `generation` when the spec changes), and the
 *   last-applied annotation stays as it is.
 * - kubectl writes both versions as YAML into two temporary directories, one file per object
 *   named `[group.]version.kind.namespace.name`, and runs `diff -u -N LIVE-DIR MERGED-DIR`
 *   (diff/directories.ts). `metadata.managedFields` is left out of both (the playground's
 *   objects carry none anyway).
 * - The directories are `/tmp/LIVE-N` and `/tmp/MERGED-M`, as Go's `os.MkdirTemp` names them;
 *   here N and M are drawn from a copy of the cluster's seeded generator (the cluster's own
 *   sequence is left alone), so the same script and seed print the same names. Both files are
 *   stamped with the virtual time.
 * - An object that is being deleted gets apply's `WarnIfDeleting` warning.
 * - Exit status: 0 when nothing differs, 1 when something does, 2 (`CheckDiffErr`: kubectl's
 *   code plus one) on any error, which stops the command before anything is printed.
 * - There is no `--validate`: the requests carry no field validation, so the server's default
 *   (warn) applies and an unknown field is a `Warning:` on stderr.
 *
 * Not modelled: `--server-side` (a clear error), `--prune`, `-k`, `-l`, `KUBECTL_EXTERNAL_DIFF`.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { newRngState, nextInt } from '../../sim/engine/rng.js';
import type { Verb } from '../context.js';
import { diffDirectories } from '../diff/directories.js';
import { applyObject } from '../apply/apply-object.js';
import type { InputObject } from '../apply/input.js';
import { flagBool, KUSTOMIZE_FLAG, parseFlags, type FlagSpec } from '../flags.js';
import { toYaml } from '../print/object-output.js';
import type { ExecResult } from '../result.js';
import { readVerbInput } from './apply.js';
import { checkErr, type CmdError } from './check-err.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'server-side', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  { name: 'show-managed-fields', type: 'bool' },
  { name: 'show-secrets', type: 'bool' },
  { name: 'concurrency', type: 'int', default: '1' },
];

/** `CheckDiffErr`: kubectl's message, with an exit code one above kubectl's usual. */
function diffError(stderr: string, err: CmdError): ExecResult {
  return { exitCode: 2, stdout: '', stderr: stderr + checkErr([err]) };
}

/** `InfoObject.Name`: the object's file name in both directories. */
function fileName(item: InputObject): string {
  const { info, namespace, name } = item;
  return `${info.group ? `${info.group}.` : ''}${info.version}.${info.kind}.${namespace}.${name}`;
}

/** The YAML kubectl's diff printer writes (`yaml.Marshal`), without managed fields. */
function yamlOf(obj: ApiObject | undefined): string {
  if (!obj) return '';
  const { managedFields: _omitted, ...metadata } = obj.metadata as ApiObject['metadata'] & { managedFields?: unknown };
  return toYaml({ ...obj, metadata });
}

/** `os.MkdirTemp("", prefix + "-")`: `/tmp/PREFIX-<decimal uint32>`. */
function tempDirs(seed: number): { live: string; merged: string } {
  const rng = newRngState(seed);
  return { live: `/tmp/LIVE-${nextInt(rng, 2 ** 32)}`, merged: `/tmp/MERGED-${nextInt(rng, 2 ** 32)}` };
}

export const diff: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'diff');
  // A flag error is a usage error here (diff's own SetFlagErrorFunc), worded as UsageErrorf words it.
  if ('error' in flags) return diffError('', { message: flags.error.replace(/\nSee 'kubectl diff --help' for usage\.$/, "\nSee 'kubectl diff -h' for help and examples") });
  if (flags.args.length > 0) return diffError('', { message: `error: Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl diff -h' for help and examples` });
  if (flagBool(flags, 'server-side')) return diffError('', { message: 'error: --server-side is not available in this playground: drop it to diff against client-side apply' });
  const items = readVerbInput(ctx, flags, 'warn');
  if ('error' in items) return diffError('', { message: items.error });
  const live = new Map<string, string>();
  const merged = new Map<string, string>();
  let stderr = '';
  for (const item of items) {
    if ('error' in item) return diffError(stderr, { message: item.error });
    const current = ctx.cluster.api.get(item.info.kind, item.namespace, item.name);
    const out = applyObject(ctx, item, 'warn', 'server', 'diff');
    stderr += out.stderr;
    if (out.error) return diffError(stderr, out.error);
    const name = fileName(item);
    live.set(name, yamlOf(current));
    merged.set(name, yamlOf(out.obj));
  }
  const dirs = tempDirs(ctx.cluster.rng.s);
  const stdout = diffDirectories({ path: dirs.live, files: live }, { path: dirs.merged, files: merged }, ctx.cluster.now);
  return { exitCode: stdout === '' ? 0 : 1, stdout, stderr };
};
