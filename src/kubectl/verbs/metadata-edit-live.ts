/**
 * `kubectl label` / `kubectl annotate` on objects of the cluster (kubectl v1.34 `RunLabel` /
 * `RunAnnotate` without `--local`): the objects the builder visits (metadata-edit-targets.ts),
 * each fetched, edited, written through the API server's metadata write (unless `--dry-run`), and
 * printed.
 *
 * Errors are kubectl's, in `ContinueOnErrorVisitor`'s order: the builder's own stop the command
 * before anything (then `--resource-version` with more than one object); each object's in turn;
 * the visit's (a file's unserved kind, a fetch that failed) last, as one aggregate. With
 * `--resource-version`, the write carries that version and the API server refuses a stale one
 * with a Conflict before it validates anything. One deliberate difference: kubectl label asks
 * for its printer only after the write, so a bad `-o` labels each object and then fails it;
 * here the object is refused before the write with the same message, so bad input changes
 * nothing.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { isQualifiedName } from '../../sim/api/labels.js';
import { invalid } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix, qualifiedKind } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { fail, type ExecResult } from '../result.js';
import type { CmdError } from './check-err.js';
import { checkContinueOnError } from './file-visit.js';
import type { EditOptions, MetadataEdit } from './metadata-edit.js';
import { editMap, listing, operationOf, withField } from './metadata-edit-object.js';
import { printEdited } from './metadata-edit-print.js';
import { editTargets } from './metadata-edit-targets.js';
import { staleVersion } from './optimistic-lock.js';

/** `RunLabel` / `RunAnnotate` without `--local`: visits the objects and edits each in turn. */
export function editLive(ctx: VerbContext, o: EditOptions, edit: MetadataEdit): ExecResult {
  const found = editTargets(ctx, o);
  if ('refused' in found) return { exitCode: 1, stdout: '', stderr: found.refused };
  if (o.resourceVersion !== '' && !o.one) return fail('error: --resource-version may only be used with a single resource');
  let stdout = '';
  const errors: CmdError[] = [];
  for (const t of found.steps) {
    if (!('info' in t)) {
      errors.push(t);
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
    // What kubectl holds as the object after labelFunc / updateAnnotations, and sends the change of.
    const sent = withField(t.obj, edit.field, after, o.resourceVersion);
    if (o.dryRun !== 'client') {
      const stale = staleVersion(t.info, t.name, o.resourceVersion, t.obj.metadata.resourceVersion);
      const bad = stale ?? (edit.field === 'labels' ? labelErrors(t.obj, after) : undefined);
      if (bad) {
        errors.push({ status: bad });
        continue;
      }
    }
    const printer = o.printer(operationOf(edit, o, t.obj.metadata, sent));
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
    const printed = edit.printsAnswer && o.dryRun !== 'client' ? answer : sent;
    const out = printEdited(printer, printed, `${kubectlKindPrefix(t.info.kind)}/${t.name}`);
    stdout += out.stdout;
    if (out.error) errors.push(out.error);
  }
  const failed = errors.length + found.visitErrors.length > 0;
  return { exitCode: failed ? 1 : 0, stdout, stderr: checkContinueOnError(errors, found.visitErrors) };
}

/** The API server's `ValidateLabels` on the edited labels: an Invalid error, if any. */
function labelErrors(obj: ApiObject, labels: Readonly<Record<string, string>>) {
  const causes = [];
  for (const k of Object.keys(labels).sort()) {
    for (const msg of isQualifiedName(k)) causes.push({ field: 'metadata.labels', message: `metadata.labels: Invalid value: ${JSON.stringify(k)}: ${msg}` });
  }
  return causes.length > 0 ? invalid(qualifiedKind(obj.kind as Kind), obj.metadata.name, causes) : undefined;
}
