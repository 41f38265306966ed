/**
 * Which objects `kubectl label` / `kubectl annotate` edit without `--local`: cli-runtime's builder
 * as `RunLabel` / `RunAnnotate` set it up (`ContinueOnError`, `NamespaceParam().DefaultNamespace()`,
 * `FilenameParam(enforceNamespace)`, `LabelSelectorParam`, `FieldSelectorParam`, `AllNamespaces`,
 * `ResourceTypeOrNameArgs(--all, ...)`, `Latest()`).
 *
 * - `-f`: read as `kubectl get -f` reads it (file-visit.ts): each object the files name, fetched
 *   again, `-l` judged by its live labels, in the file's namespace, else the command's, else none
 *   under `-A` (a namespaced object cannot then be fetched). With `-n`, RequireNamespace refuses an
 *   object the file puts in another namespace; label keeps `-n` as given under `-A` (get drops
 *   it), so there the namespace to match is '' and every namespaced object is refused.
 *   `--field-selector` and `--all` do nothing to files.
 * - arguments: targets.ts `resolveTargets`, with what this builder adds to it: `--all` selects
 *   only after a bare type (`ResourceTypeOrNameArgs(allowEmptySelector)`; after names it does
 *   nothing), a selector beside TYPE/NAME is refused (`visitBySelector`), and under `-A` a name of
 *   a namespaced kind is refused (`visitByResource`, `visitByName`).
 */
import type { VerbContext } from '../context.js';
import { checkErr, type CmdError } from './check-err.js';
import { visitFiles } from './file-visit.js';
import type { EditOptions } from './metadata-edit.js';
import { commandNamespace, resolveTargets, type Target } from './targets.js';

/** What the builder hands the command: the steps of the visit, then its own errors. */
export interface EditTargets {
  /** What the command's function is handed, in order: each object (an absent one carries its NotFound), or an error of that step. */
  readonly steps: readonly (Target | CmdError)[];
  /** The visit's own errors (an unserved kind, a failed fetch), reported after every step's as one aggregate. */
  readonly visitErrors: readonly CmdError[];
}

/** The objects to edit, or the stderr of the builder's errors (`Result.Err()`), which stop the command before any object. */
export function editTargets(ctx: VerbContext, o: EditOptions): EditTargets | { readonly refused: string } {
  const ns = commandNamespace(o.flags);
  if (o.filenames.length > 0) {
    const visit = visitFiles(ctx, {
      filenames: o.filenames,
      args: o.resources,
      selector: o.selector ?? '',
      namespace: o.allNamespaces ? '' : ns.namespace,
      enforceNamespace: ns.explicit,
      latest: true,
    });
    return 'errors' in visit ? { refused: checkErr(visit.errors) } : { steps: visit.steps, visitErrors: visit.visitErrors };
  }
  const selector = o.selector?.trim() ?? '';
  const fieldSelector = o.fieldSelector?.trim() ?? '';
  const tuples = o.resources.every((r) => r.includes('/'));
  if ((selector || fieldSelector) && tuples) return { refused: 'error: selectors and the all flag cannot be used when passing resource/name arguments\n' };
  const all = o.all && o.resources.length === 1 && !tuples;
  const targets = resolveTargets(ctx, { args: o.resources, namespace: ns.namespace, selector, fieldSelector, all, allNamespaces: o.allNamespaces });
  if ('error' in targets) return { refused: `${targets.error}\n` };
  const namedInEveryNamespace = o.allNamespaces && !selector && !fieldSelector && !all && targets.some((t) => t.info.namespaced);
  return namedInEveryNamespace ? { refused: 'error: a resource cannot be retrieved by name across all namespaces\n' } : { steps: targets, visitErrors: [] };
}
