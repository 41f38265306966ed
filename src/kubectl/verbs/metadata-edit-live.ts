/**
 * `kubectl label` / `kubectl annotate` on objects of the cluster (kubectl v1.34 `RunLabel` /
 * `RunAnnotate` without `--local`): the objects of `TYPE NAME...`, `TYPE/NAME...`, `-l`, `--all`,
 * or the live objects `-f` names (the builder's `Latest()`). Each object is fetched, edited, written
 * through the API server's metadata write (unless `--dry-run`), and printed.
 *
 * Errors are kubectl's, aggregated once every object is done (`ContinueOnError`). One deliberate
 * difference: kubectl label asks for its printer only after the write, so a bad `-o` labels each
 * object and then fails it; here the object is refused before the write with the same message,
 * so bad input changes nothing.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { isQualifiedName } from '../../sim/api/labels.js';
import { invalid } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix, qualifiedKind } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { fail, type ExecResult } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import type { EditOptions, MetadataEdit } from './metadata-edit.js';
import { fileTargets } from './metadata-edit-files.js';
import { editMap, listing, operationOf, withField } from './metadata-edit-object.js';
import { printEdited } from './metadata-edit-print.js';
import { commandNamespace, resolveTargets } from './targets.js';

export function editLive(ctx: VerbContext, o: EditOptions, edit: MetadataEdit): ExecResult {
  const namespace = commandNamespace(o.flags);
  const targets =
    o.filenames.length > 0
      ? fileTargets(ctx, o)
      : resolveTargets(ctx, { args: o.resources, namespace: namespace.namespace, ...(o.selector ? { selector: o.selector } : {}), all: o.all });
  if ('error' in targets) return fail(targets.error);
  let stdout = '';
  const errors: CmdError[] = [];
  // The file reader's own errors (an unserved kind) come after every object's, as ContinueOnError aggregates them.
  const streamErrors: CmdError[] = [];
  for (const t of targets) {
    if ('error' in t) {
      (t.fromStream ? streamErrors : errors).push({ message: t.error });
      continue;
    }
    if (!t.obj) {
      errors.push({ status: t.missing! });
      continue;
    }
    const before = t.obj.metadata[edit.field];
    // Written before the object is edited, so also when --overwrite then refuses it.
    if (edit.field === 'labels' && o.dryRun !== 'client' && !o.list) {
      for (const k of o.pairs.remove) if (!before || !(k in before)) stdout += `label "${k}" not found.\n`;
    }
    const after = editMap(edit, o, before);
    if ('errors' in after) {
      for (const message of after.errors) errors.push({ message });
      continue;
    }
    if (o.list) {
      stdout += listing(edit, o, t.obj, t.name, after);
      continue;
    }
    const bad = edit.field === 'labels' && o.dryRun !== 'client' ? labelErrors(t.obj, after) : undefined;
    if (bad) {
      errors.push({ status: bad });
      continue;
    }
    const printer = o.printer(operationOf(edit, o, before, after));
    if ('error' in printer) {
      errors.push({ message: printer.error });
      continue;
    }
    const stored = Object.keys(after).length > 0 ? after : undefined;
    let answer = withField(t.obj, edit.field, stored);
    if (o.dryRun === 'none') {
      const r = ctx.client.updateMetadata(t.obj, { [edit.field]: stored }, `${ctx.line}: ${edit.command} ${t.name}`);
      if (!r.ok) {
        errors.push({ status: r.error });
        continue;
      }
      answer = r.obj;
    }
    const printed = edit.printsAnswer && o.dryRun !== 'client' ? answer : withField(t.obj, edit.field, after);
    const out = printEdited(printer, printed, `${kubectlKindPrefix(t.info.kind)}/${t.name}`);
    stdout += out.stdout;
    if (out.error) errors.push(out.error);
  }
  const all = [...errors, ...streamErrors];
  return { exitCode: all.length > 0 ? 1 : 0, stdout, stderr: checkErr(all) };
}

/** The API server's `ValidateLabels` on the edited labels: an Invalid error, if any. */
function labelErrors(obj: ApiObject, labels: Readonly<Record<string, string>>) {
  const causes = [];
  for (const k of Object.keys(labels).sort()) {
    for (const msg of isQualifiedName(k)) causes.push({ field: 'metadata.labels', message: `metadata.labels: Invalid value: ${JSON.stringify(k)}: ${msg}` });
  }
  return causes.length > 0 ? invalid(qualifiedKind(obj.kind as Kind), obj.metadata.name, causes) : undefined;
}
