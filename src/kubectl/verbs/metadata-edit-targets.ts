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
 * - arguments: targets.ts `visitTargets`, `--all` as `ResourceTypeOrNameArgs(allowEmptySelector)`
 *   takes it (only after a bare type); a list the API server refuses is reported after every
 *   object's error.
 */
import type { VerbContext } from '../context.js';
import { checkErr, type CmdError } from './check-err.js';
import { visitFiles } from './file-visit.js';
import type { EditOptions } from './metadata-edit.js';
import { commandNamespace, visitTargets, type Target } from './targets.js';

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
  const visit = visitTargets(ctx, { args: o.resources, namespace: ns.namespace, selector: o.selector, fieldSelector: o.fieldSelector, all: o.all, allNamespaces: o.allNamespaces });
  return 'error' in visit ? { refused: `${visit.error}\n` } : { steps: visit.targets, visitErrors: visit.listErrors };
}
