/**
 * The objects `kubectl patch` visits: its resource builder (kubectl `pkg/cmd/patch/patch.go`
 * `RunPatch`: `Unstructured().ContinueOnError().LocalParam(local).NamespaceParam(ns)
 * .DefaultNamespace().FilenameParam(enforceNamespace, ...).ResourceTypeOrNameArgs(false, args...)
 * .Flatten()`, without `Latest()`), reduced to what the playground holds.
 *
 * - `TYPE NAME` / `TYPE/NAME`: the live objects (targets.ts); one that does not exist is its
 *   NotFound, an error of its step, and is not visited.
 * - `-f FILE`: file-visit.ts `visitFiles` without `Latest()`: each object as the file holds it,
 *   in the file's namespace or the command's, which is what kubectl compares the server's answer
 *   with. With `-n`, an object the file puts elsewhere is refused (`RequireNamespace`), whether or
 *   not it exists; an unserved kind is the visit's own error. The files are read once.
 * - `--local -f FILE`: the objects as written (metadata-edit-files.ts `localObjects`), no cluster
 *   at all; a document it cannot decode is the visit's own error.
 * The API server patches the object where the visited one names it, as it is when its turn comes.
 */
import type { ResourceInfo } from '../../sim/apiserver/resources.js';
import type { JsonMap } from '../apply/json.js';
import type { VerbContext } from '../context.js';
import type { ParsedFlags } from '../flags.js';
import { fail } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { visitFiles } from './file-visit.js';
import { localObjects } from './metadata-edit-files.js';
import { commandNamespace, resolveTargets } from './targets.js';

/** One object RunPatch visits. */
export interface PatchTarget {
  /** The builder's `info.Object`: the live object, the file's object (`-f`), or the object as written (`--local`). */
  readonly before: JsonMap;
  /** Where the API server's patch goes (`info.Namespace`, `info.Name` and its mapping); absent under `--local`. */
  readonly at?: { readonly info: ResourceInfo; readonly namespace: string; readonly name: string };
}

/** What `r.Visit` hands RunPatch's function, in order, and the visit's own errors. */
export interface PatchVisit {
  /** Each object, or the error of its step (a NotFound of `TYPE NAME`, RequireNamespace's refusal). */
  readonly steps: readonly (PatchTarget | CmdError)[];
  /** An unserved kind or an undecodable document of the files: one aggregate after every step's error. */
  readonly visitErrors: readonly CmdError[];
}

/** `You must provide one or more resources by argument or filename.` with the builder's examples. */
export const NO_RESOURCES =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** What the builder visits, or the stderr of the error `r.Err()` stops the command with. */
export function patchTargets(
  ctx: VerbContext,
  o: { readonly flags: ParsedFlags; readonly args: readonly string[]; readonly filenames: readonly string[]; readonly local: boolean },
): PatchVisit | { readonly stderr: string } {
  if (o.args.length === 0 && o.filenames.length === 0) return { stderr: fail(NO_RESOURCES).stderr };
  if (o.local) {
    const objects = localObjects(ctx, o);
    if ('stderr' in objects) return objects;
    const steps = objects.filter((it) => !('error' in it && it.fromStream)).map((it) => ('error' in it ? { message: it.error } : { before: it.obj }));
    const visitErrors = objects.flatMap((it) => ('error' in it && it.fromStream ? [{ message: it.error }] : []));
    return { steps, visitErrors };
  }
  const ns = commandNamespace(o.flags);
  if (o.filenames.length === 0) {
    const targets = resolveTargets(ctx, { args: o.args, namespace: ns.namespace });
    if ('error' in targets) return { stderr: fail(targets.error).stderr };
    const steps = targets.map((t) => (t.obj ? { before: t.obj as unknown as JsonMap, at: t } : { status: t.missing! }));
    return { steps, visitErrors: [] };
  }
  const visit = visitFiles(ctx, { filenames: o.filenames, args: o.args, selector: '', namespace: ns.namespace, enforceNamespace: ns.explicit, latest: false });
  if ('errors' in visit) return { stderr: checkErr(visit.errors) };
  return { steps: visit.steps.map((s) => ('info' in s ? { before: s.written, at: s } : s)), visitErrors: visit.visitErrors };
}
