/**
 * `kubectl label --local -f FILE k=v` / `kubectl annotate --local -f FILE k=v` (kubectl v1.34
 * `RunLabel` / `RunAnnotate` with `LocalParam(true)`): the objects of the files are edited and
 * printed, and nothing else happens. The API server is never asked, so nothing in the cluster is
 * read or changed; `-l` and `--all` are ignored. Without `-o` the name printer says what would
 * have happened (`daemonset.apps/agent labeled`); with `-o yaml` the object itself, ready to be
 * written back to its file (`> agent.yaml`).
 *
 * As upstream, an object is edited through the unstructured accessors: a map whose values are
 * not all strings reads as no map (`NestedStringMap`), and an emptied map stays as `{}`. The
 * label operation compares the object's JSON before and after, so removing a key from an object
 * without labels reads `labeled` (it gains `labels: {}`) (read from kubectl 1.32).
 * `--resource-version` only replaces each object's resourceVersion (nothing checks it), and needs
 * one file that is not stdin, as for live objects.
 */
import { isMap, stringMap } from '../apply/json.js';
import type { VerbContext } from '../context.js';
import { fail, type ExecResult } from '../result.js';
import type { CmdError } from './check-err.js';
import { checkContinueOnError } from './file-visit.js';
import type { EditOptions, MetadataEdit } from './metadata-edit.js';
import { localObjects } from './metadata-edit-files.js';
import { editMap, listing, operationOf, withField } from './metadata-edit-object.js';
import { objectRef } from './object-ref.js';
import { printEdited } from './metadata-edit-print.js';

/** `RunLabel` / `RunAnnotate` with `--local`: edits and prints each object of the files. */
export function editLocal(ctx: VerbContext, o: EditOptions, edit: MetadataEdit): ExecResult {
  const objects = localObjects(ctx, o);
  if ('stderr' in objects) return { exitCode: 1, stdout: '', stderr: objects.stderr };
  if (o.resourceVersion !== '' && !o.one) return fail('error: --resource-version may only be used with a single resource');
  let stdout = '';
  const errors: CmdError[] = [];
  // Errors of the reader itself (a document it cannot decode) come after every object's.
  const streamErrors: CmdError[] = [];
  for (const item of objects) {
    if ('error' in item) {
      (item.fromStream ? streamErrors : errors).push({ message: item.error });
      continue;
    }
    const meta = isMap(item.obj['metadata']) ? item.obj['metadata'] : {};
    const before = meta[edit.field];
    const after = editMap(edit, o, stringMap(before));
    if ('errors' in after) {
      for (const message of after.errors) errors.push({ message });
      continue;
    }
    if (o.list) {
      const name = isMap(meta) && typeof meta['name'] === 'string' ? meta['name'] : '';
      stdout += listing(edit, o, item.obj, name, after);
      continue;
    }
    const edited = withField(item.obj, edit.field, after, o.resourceVersion);
    const printer = o.printer(operationOf(edit, o, item.obj['metadata'], edited));
    if ('error' in printer) {
      errors.push({ message: printer.error });
      continue;
    }
    const out = printEdited(printer, edited, objectRef(item.obj));
    stdout += out.stdout;
    if (out.error) errors.push(out.error);
  }
  const failed = errors.length + streamErrors.length > 0;
  return { exitCode: failed ? 1 : 0, stdout, stderr: checkContinueOnError(errors, streamErrors) };
}
