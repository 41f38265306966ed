/**
 * The objects `kubectl patch` visits: its resource builder (kubectl `pkg/cmd/patch/patch.go`
 * `RunPatch`: `Unstructured().LocalParam(local).FilenameParam(...).ResourceTypeOrNameArgs(false,
 * args...)`, without `Latest()`), reduced to what the playground holds.
 *
 * - `TYPE NAME` / `TYPE/NAME`: the live objects (targets.ts); one that does not exist is its
 *   NotFound, and is not visited.
 * - `-f FILE`: each object of the files, as the file holds it (the builder does not fetch it
 *   again), with the live object of that name for the API server's patch. label's file reader
 *   (metadata-edit-files.ts `fileTargets`) makes the builder's checks and finds the live objects;
 *   it keeps one entry per document when there is no selector, so the documents read again here
 *   line up with its entries one for one.
 * - `--local -f FILE`: the objects as written (`localObjects`), no cluster at all.
 */
import type { JsonMap } from '../apply/json.js';
import type { VerbContext } from '../context.js';
import type { ParsedFlags } from '../flags.js';
import { readVerbInput } from './apply.js';
import type { CmdError } from './check-err.js';
import { fileTargets, localObjects } from './metadata-edit-files.js';
import { commandNamespace, resolveTargets, type Target } from './targets.js';

/** One object RunPatch visits. */
export interface PatchTarget {
  /** The builder's `info.Object`: the live object, the file's object (`-f`), or the object as written (`--local`). */
  readonly before: JsonMap;
  /** The live object of that name, or its NotFound; absent under `--local`. */
  readonly live?: Target;
}

/** An error the builder hands the visitor; `fromStream` ones come after every object's (`ContinueOnError`). */
export interface VisitError {
  readonly error: CmdError;
  readonly fromStream?: true;
}

/** `You must provide one or more resources by argument or filename.` with the builder's examples. */
export const NO_RESOURCES =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** What the builder visits, in order, or the error `r.Err()` stops the command with (with `error: `). */
export function patchTargets(
  ctx: VerbContext,
  o: { readonly flags: ParsedFlags; readonly args: readonly string[]; readonly filenames: readonly string[]; readonly local: boolean },
): (PatchTarget | VisitError)[] | { error: string } {
  if (o.args.length === 0 && o.filenames.length === 0) return { error: NO_RESOURCES };
  if (o.local) {
    const objects = localObjects(ctx, o);
    if ('error' in objects) return objects;
    return objects.map((it) => ('error' in it ? asVisitError(it) : { before: it.obj }));
  }
  if (o.filenames.length === 0) {
    const targets = resolveTargets(ctx, { args: o.args, namespace: commandNamespace(o.flags).namespace });
    if ('error' in targets) return targets;
    return targets.map((t) => (t.obj ? { before: t.obj as unknown as JsonMap, live: t } : { error: { status: t.missing! } }));
  }
  const live = fileTargets(ctx, { flags: o.flags, filenames: o.filenames, resources: o.args, selector: undefined });
  if ('error' in live) return live;
  const items = readVerbInput(ctx, o.flags, 'ignore');
  if ('error' in items) return items;
  return live.map((t, i) => {
    const item = items[i]!;
    if ('error' in item) return asVisitError(item);
    return 'error' in t ? asVisitError(t) : { before: item.obj, live: t };
  });
}

function asVisitError(e: { readonly error: string; readonly fromStream?: true }): VisitError {
  return e.fromStream ? { error: { message: e.error }, fromStream: true } : { error: { message: e.error } };
}
