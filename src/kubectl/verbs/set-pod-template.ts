/**
 * What the `kubectl set` subcommands share (kubectl `pkg/cmd/set`: `CalculatePatches`, then each
 * subcommand's `Run` loop; polymorphichelpers `UpdatePodSpecForObject`): the objects the builder
 * of `Complete` resolves, and the change of each one's pod spec, sent and printed.
 *
 * - An object whose spec the change leaves as it was is left out: not written, not printed (its
 *   patch is `{}`). The change's own errors (an unknown container) come before the errors of
 *   objects that have no pod template.
 * - Printing: one printer for the command (`-o yaml` writes `---` between objects), the operation
 *   by default (`daemonset.apps/NAME image updated`) with the dry-run suffix; `-o json|yaml|...`
 *   prints the object as kubectl holds it, a typed Go struct (manifest/go-encode.ts): the server's
 *   answer, or under `--local` and `--dry-run=client` the changed object.
 */
import type { ApiObject, Container, DaemonSet, Pod, PodSpec } from '../../sim/api/types.js';
import { resourceInfo } from '../../sim/apiserver/resources.js';
import { goEncodeObject } from '../../manifest/index.js';
import type { VerbContext } from '../context.js';
import { KUSTOMIZE_FLAG, type FlagSpec, type ParsedFlags } from '../flags.js';
import { RECORD_FLAG, type Recorder } from '../record.js';
import { fail, type ExecResult } from '../result.js';
import { deepEqual } from '../apply/json.js';
import { checkErr, type CmdError } from './check-err.js';
import type { CreatePrinter } from './create-printer.js';
import { DRY_RUN_FLAG, type DryRun } from './dry-run.js';
import { checkVisitError, visitFiles } from './file-visit.js';
import { PRINT_FLAGS } from './get-output.js';
import { objectRef } from './object-ref.js';
import { NO_RESOURCES } from './patch-targets.js';
import { localSetTargets, type SetTarget } from './set-local.js';
import { commandNamespace, resolveTargets } from './targets.js';

/** The flags every `kubectl set` subcommand here takes: the objects (`-f`, `-l`, `--all`, `--local`), the printer, `--dry-run`. */
export const SET_FLAGS: readonly FlagSpec[] = [
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

/** set's helper.go `selectString`: `spec` with non-greedy `*` wildcards, matched as upstream matches it (quirks included). */
export function selectString(s: string, spec: string): boolean {
  if (spec === '*') return true;
  if (!spec.includes('*')) return s === spec;
  let pos = 0;
  const parts = spec.split('*');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.length === 0) continue;
    const next = s.slice(pos).indexOf(part);
    if (next < pos || (i === 0 && pos !== 0) || (i === parts.length - 1 && s.length !== part.length + next)) return false;
    pos = next;
  }
  return true;
}

/**
 * `selectContainers` of containers then init containers (set env and set resources pick both):
 * the spec with every picked container changed by `change`, and the picked ones, in that order.
 */
export function changePicked(spec: PodSpec, selector: string, change: (c: Container) => Container): { spec: PodSpec; picked: Container[] } {
  const picked: Container[] = [];
  const each = (list: readonly Container[]): Container[] =>
    list.map((c) => {
      if (!selectString(c.name, selector)) return c;
      picked.push(c);
      return change(c);
    });
  const containers = each(spec.containers);
  const initContainers = spec.initContainers ? each(spec.initContainers) : undefined;
  return { spec: { ...spec, containers, ...(initContainers ? { initContainers } : {}) }, picked };
}

/** How a subcommand changes a pod spec, and what its Run loop says when the server refuses the change. */
export interface PodSpecUpdate {
  readonly dryRun: DryRun;
  readonly print: CreatePrinter;
  readonly recorder: Recorder;
  /** The subcommand (`set image`), for the write's cause in the trace. */
  readonly command: string;
  /** The start of the error when the patch fails (`failed to patch image update to pod template: `). */
  readonly failed: string;
  /**
   * The spec changed, and the errors of the change (an unknown container), per object; or why the
   * object cannot be changed (`patch.Err`: the object is named before it, and it is not sent).
   */
  update(spec: PodSpec, obj: ApiObject): { readonly spec: PodSpec; readonly errors: readonly CmdError[] } | { readonly patchError: string };
}

/** `CalculatePatches` and the Run loop: each object's spec changed, sent (unless local or a client dry run) and printed. */
export function patchPodTemplates(ctx: VerbContext, targets: readonly SetTarget[], u: PodSpecUpdate): ExecResult {
  let stdout = '';
  const changeErrors: CmdError[] = [];
  const errors: CmdError[] = [];
  const endInNewline = new Set<CmdError>();
  for (const t of targets) {
    const spec = podSpecOf(t.obj);
    const changed = spec ? u.update(spec, t.obj) : { patchError: `the object is not a pod or does not have a pod template: *v1.${t.obj.kind}` };
    if (!spec || 'patchError' in changed) {
      // `fmt.Errorf("error: %s %v\n", name, patch.Err)`.
      const error = { message: `error: ${t.objectName} ${'patchError' in changed ? changed.patchError : ''}` };
      errors.push(error);
      endInNewline.add(error);
      continue;
    }
    changeErrors.push(...changed.errors);
    // Nothing changed: nothing is recorded or patched (`transformed` stays false upstream).
    if (deepEqual(changed.spec, spec)) continue;
    let printed = u.recorder.record(withPodSpec(t.obj, changed.spec));
    if (!t.local && u.dryRun !== 'client') {
      const r = u.dryRun === 'server' ? ctx.cluster.api.update(printed, { dryRun: true }) : ctx.client.update(printed, `${ctx.line}: ${u.command}`);
      if (!r.ok) {
        errors.push({ message: `${u.failed}${r.error.message}` });
        continue;
      }
      printed = r.obj;
    }
    // Every kind that has a pod template has a schema: the typed encoding is always there.
    const typed = goEncodeObject(printed as unknown as Record<string, unknown>);
    const out = u.print({ obj: typed, ref: objectRef(typed), typed: true });
    stdout += out.stdout;
    if (out.error) errors.push({ message: out.error });
  }
  return { exitCode: changeErrors.length + errors.length > 0 ? 1 : 0, stdout, stderr: runErrors([...changeErrors, ...errors], endInNewline) };
}

/**
 * CheckErr of Run's errors. kubectl words the error of an object it cannot change (`patch.Err`:
 * no pod template, a value --overwrite=false keeps) with a newline at its end: alone, CheckErr
 * adds none (as checkErr does for every message here); in an aggregate each message gets one
 * more, so a blank line follows it.
 */
function runErrors(errors: readonly CmdError[], endInNewline: ReadonlySet<CmdError>): string {
  if (errors.length < 2) return checkErr(errors);
  return checkErr(errors.map((e) => (endInNewline.has(e) && 'message' in e ? { message: `${e.message}\n` } : e)));
}

/** The builder of Complete: the objects, or the stderr of what `Infos()` fails with (nothing is then changed). */
export function podTemplateTargets(
  ctx: VerbContext,
  flags: ParsedFlags,
  o: { resources: readonly string[]; filenames: readonly string[]; selector: string | undefined; all: boolean; local: boolean },
): SetTarget[] | { stderr: string } {
  if (o.local) {
    // A --local run cannot ask the API server for TYPE NAME (resource.LocalResourceError).
    if (o.resources.length > 0) {
      return {
        stderr:
          "error: you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n",
      };
    }
    if (o.filenames.length === 0) return { stderr: `${NO_RESOURCES}\n` };
    return localSetTargets(ctx, flags, o.filenames);
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
function liveTarget(obj: ApiObject): SetTarget {
  return { obj, objectName: `${resourceInfo(obj.kind).resource}/${obj.metadata.name}`, local: false };
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
