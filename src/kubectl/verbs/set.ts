/**
 * `kubectl set image (-f FILENAME | TYPE NAME | TYPE/NAME | -l SEL | --all) CONTAINER=IMAGE...
 * [--local] [--dry-run] [-o FORMAT]` (kubectl `pkg/cmd/set/set_image.go`: `Complete`, `Validate`,
 * `Run`; `setImage`; `polymorphichelpers.UpdatePodSpecForObject`; cli-runtime's builder with
 * `WithScheme`, `LocalParam`, `FilenameParam`, `Latest`). `*` names every container.
 *
 * - The objects: `TYPE NAME`, `-l`, `--all`, or `-f FILE` (`-f -` reads stdin), which names live
 *   objects fetched again (file-visit.ts `visitFiles` with `Latest()`: `-l` judges the live labels,
 *   and with `-n` an object the file puts elsewhere is refused once fetched). With `--local` the
 *   objects of the files themselves, decoded into their Go types (set-image-local.ts); nothing is sent.
 * - As upstream, `Complete` resolves the objects (builder errors, NotFound: nothing is changed)
 *   before `Validate` checks the image arguments.
 * - An object whose images already match is left out: not written, not printed (its patch is
 *   `{}`). An unknown container is `error: unable to find container named "x"`; those errors come
 *   before the errors of objects that have no pod template.
 * - Printing: one printer for the command (`-o yaml` writes `---` between objects). By default
 *   `daemonset.apps/NAME image updated` with the dry-run suffix; `-o json|yaml|name|jsonpath=...
 *   |go-template=...` prints the object as kubectl holds it, a typed Go struct (manifest/go-encode.ts):
 *   the server's answer, or under `--local` and `--dry-run=client` the changed object.
 * - `-R` is accepted and changes nothing (`-f` names editor files, never directories);
 *   `--show-managed-fields` changes nothing either: the playground keeps no managedFields.
 * Only the `image` subcommand exists here.
 */
import type { ApiObject, Container, DaemonSet, Pod, PodSpec } from '../../sim/api/types.js';
import { resourceInfo } from '../../sim/apiserver/resources.js';
import { goEncodeObject } from '../../manifest/index.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { RECORD_FLAG, recorderFor, type Recorder } from '../record.js';
import { afterWarning, fail, type ExecResult } from '../result.js';
import { deepEqual } from '../apply/json.js';
import { checkErr, type CmdError } from './check-err.js';
import { createPrinter } from './create-printer.js';
import { DRY_RUN_FLAG, dryRunStrategy } from './dry-run.js';
import { checkVisitError, visitFiles } from './file-visit.js';
import { PRINT_FLAGS } from './get-output.js';
import { splitResourcesAndPairs } from './metadata-edit.js';
import { objectRef } from './object-ref.js';
import { NO_RESOURCES } from './patch-targets.js';
import { localImageTargets, type ImageTarget } from './set-image-local.js';
import { commandNamespace, resolveTargets } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'local', type: 'bool' },
  ...PRINT_FLAGS,
  RECORD_FLAG,
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
];

export const set: Verb = (ctx, argv) => {
  const [sub, ...rest] = argv;
  if (sub === 'image') return setImage(ctx, rest);
  // Without a subcommand, kubectl prints this command's help (help/dispatch.ts answers before this runs).
  if (sub === undefined) return fail(`error: unknown command ""\nSee 'kubectl set -h' for help and examples`);
  if (['env', 'resources', 'selector', 'serviceaccount', 'subject'].includes(sub)) {
    return fail(`error: "kubectl set ${sub}" is not supported in this playground; only "kubectl set image" is`);
  }
  // DefaultSubCommandRun → RequireNoArguments: UsageErrorf(cmd, "unknown command %q", strings.Join(args, " ")).
  return fail(`error: unknown command ${JSON.stringify(argv.join(' '))}\nSee 'kubectl set -h' for help and examples`);
};

function setImage(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, FLAGS, 'set image');
  if ('error' in flags) return fail(flags.error);
  // cobra prints the deprecation notice while parsing, before anything else.
  const recorder = recorderFor(['set', 'image'], flags);
  const r = updateImages(ctx, flags, recorder);
  return afterWarning(recorder.warning, r);
}

function updateImages(ctx: VerbContext, flags: ParsedFlags, recorder: Recorder): ExecResult {
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const print = createPrinter(flags, dryRun, ctx.readFile, 'image updated');
  if ('error' in print) return fail(print.error);
  const split = splitResourcesAndPairs(flags.args, 'image');
  if ('error' in split) return fail(split.error);
  const images: [string, string][] = [];
  for (const p of split.pairs) {
    const eq = p.indexOf('=');
    if (eq < 0) return fail(`error: invalid image format: ${p}`);
    images.push([p.slice(0, eq), p.slice(eq + 1)]);
  }
  // Complete: the resource builder runs before Validate, so its errors come first; any of them
  // (a NotFound too: Infos() fails) stops the command before anything is updated.
  const selector = flagString(flags, 'selector');
  const all = flagBool(flags, 'all');
  const local = flagBool(flags, 'local');
  const targets = imageTargets(ctx, flags, { resources: split.resources, filenames: flagArray(flags, 'filename'), selector, all, local });
  if ('stderr' in targets) return { exitCode: 1, stdout: '', stderr: targets.stderr };
  // Validate.
  const problems: string[] = [];
  if (all && selector) problems.push('cannot set --all and --selector at the same time');
  if (images.length < 1) problems.push('at least one image update is required');
  else if (images.length > 1 && images.some(([n]) => n === '*'))
    problems.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
  if (local && dryRun === 'server') problems.push('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  if (problems.length > 0) return { exitCode: 1, stdout: '', stderr: checkErr(problems.map((message) => ({ message }))) };

  // Run: CalculatePatches reports unknown containers for every object before the loop that
  // reports the objects without a pod template and sends the patches.
  let stdout = '';
  const unknownContainers: CmdError[] = [];
  const errors: CmdError[] = [];
  const endInNewline = new Set<CmdError>();
  for (const t of targets) {
    const spec = podSpecOf(t.obj);
    if (!spec) {
      const error = { message: `error: ${t.objectName} the object is not a pod or does not have a pod template: *v1.${t.obj.kind}` };
      errors.push(error);
      endInNewline.add(error);
      continue;
    }
    let containers = spec.containers;
    let initContainers = spec.initContainers;
    for (const [name, image] of images) {
      const init = withImage(initContainers, name, image);
      const main = withImage(containers, name, image);
      initContainers = init.list;
      containers = main.list;
      if (!init.found && !main.found) unknownContainers.push({ message: `error: unable to find container named ${JSON.stringify(name)}` });
    }
    const nextSpec: PodSpec = { ...spec, containers, ...(initContainers ? { initContainers } : {}) };
    // No image changed: nothing is recorded or patched (`transformed` stays false upstream).
    if (deepEqual(nextSpec, spec)) continue;
    let printed = recorder.record(withPodSpec(t.obj, nextSpec));
    if (!t.local && dryRun !== 'client') {
      const r = dryRun === 'server' ? ctx.cluster.api.update(printed, { dryRun: true }) : ctx.client.update(printed, `${ctx.line}: set image`);
      if (!r.ok) {
        errors.push({ message: `failed to patch image update to pod template: ${r.error.message}` });
        continue;
      }
      printed = r.obj;
    }
    // Every kind that has a pod template has a schema: the typed encoding is always there.
    const typed = goEncodeObject(printed as unknown as Record<string, unknown>);
    const out = print({ obj: typed, ref: objectRef(typed), typed: true });
    stdout += out.stdout;
    if (out.error) errors.push({ message: out.error });
  }
  return { exitCode: unknownContainers.length + errors.length > 0 ? 1 : 0, stdout, stderr: runErrors([...unknownContainers, ...errors], endInNewline) };
}

/**
 * CheckErr of Run's errors. kubectl words the error of an object without a pod template with a
 * newline at its end: alone, CheckErr adds none (as checkErr does for every message here); in an
 * aggregate each message gets one more, so a blank line follows it.
 */
function runErrors(errors: readonly CmdError[], endInNewline: ReadonlySet<CmdError>): string {
  if (errors.length < 2) return checkErr(errors);
  return checkErr(errors.map((e) => (endInNewline.has(e) && 'message' in e ? { message: `${e.message}\n` } : e)));
}

/** The builder of Complete: the objects, or the stderr of what `Infos()` fails with (nothing is then changed). */
function imageTargets(
  ctx: VerbContext,
  flags: ParsedFlags,
  o: { resources: readonly string[]; filenames: readonly string[]; selector: string | undefined; all: boolean; local: boolean },
): ImageTarget[] | { stderr: string } {
  if (o.local) {
    // A --local run cannot ask the API server for TYPE NAME (resource.LocalResourceError).
    if (o.resources.length > 0) {
      return {
        stderr:
          "error: you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n",
      };
    }
    if (o.filenames.length === 0) return { stderr: `${NO_RESOURCES}\n` };
    return localImageTargets(ctx, flags, o.filenames);
  }
  const ns = commandNamespace(flags);
  if (o.filenames.length > 0) {
    const visit = visitFiles(ctx, { filenames: o.filenames, args: o.resources, selector: o.selector ?? '', namespace: ns.namespace, enforceNamespace: ns.explicit, latest: true });
    if ('errors' in visit) return { stderr: checkErr(visit.errors) };
    if (visit.error) return { stderr: checkVisitError(visit.error) };
    return visit.infos.map((i) => liveTarget(i.obj!));
  }
  if (o.resources.length === 0) return { stderr: `${NO_RESOURCES}\n` };
  const found = resolveTargets(ctx, { args: o.resources, namespace: ns.namespace, ...(o.selector ? { selector: o.selector } : {}), all: o.all });
  if ('error' in found) return { stderr: fail(found.error).stderr };
  const missing = found.flatMap((t): CmdError[] => (t.obj ? [] : [{ status: t.missing! }]));
  return missing.length > 0 ? { stderr: checkErr(missing) } : found.map((t) => liveTarget(t.obj!));
}

/** A live object as set image works on it, named as `Info.ObjectName` names it: `daemonsets/agent`. */
function liveTarget(obj: ApiObject): ImageTarget {
  return { obj, objectName: `${resourceInfo(obj.kind).resource}/${obj.metadata.name}`, local: false };
}

/** `setImage` on one list: the list with the image set on the named containers (as it was when none matched). */
function withImage<L extends readonly Container[] | undefined>(list: L, name: string, image: string): { list: L; found: boolean } {
  if (!list?.some((c) => c.name === name || name === '*')) return { list, found: false };
  return { list: list.map((c) => (c.name === name || name === '*' ? { ...c, image } : c)) as readonly Container[] as L, found: true };
}

function podSpecOf(obj: ApiObject): PodSpec | undefined {
  if (obj.kind === 'Pod') return obj.spec;
  if (obj.kind === 'DaemonSet') return obj.spec.template.spec;
  return undefined;
}

function withPodSpec(obj: ApiObject, spec: PodSpec): ApiObject {
  if (obj.kind === 'Pod') return { ...obj, spec } as Pod;
  const ds = obj as DaemonSet;
  return { ...ds, spec: { ...ds.spec, template: { ...ds.spec.template, spec } } };
}
