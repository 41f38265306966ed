/**
 * Decode results as positioned diagnostics, for editor markers.
 *
 * kubectl prints only the first problem the server reports; an editor wants every one of them
 * under the text it is about: type errors under the value, unknown and duplicated fields under
 * the key. Unknown fields are errors under `--validate=strict`, warnings under `warn` and
 * nothing under `ignore`, as the server treats them. Duplicated keys are always warnings:
 * kubectl keeps the last one silently (see decode.ts), but the learner should still see them.
 */
import type { DecodeResult } from './decode.js';
import type { Diagnostic, ManifestDoc, SourceRange, ValidateMode } from './types.js';

export function decodeDiagnostics(doc: ManifestDoc, result: DecodeResult, mode: ValidateMode): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (severity: Diagnostic['severity'], message: string, path: string, at: SourceRange | undefined): void => {
    const pos = at ?? doc.range;
    out.push({
      severity,
      message,
      line: pos.line,
      column: pos.column,
      path,
      docIndex: doc.index,
      ...(doc.itemIndex === undefined ? {} : { itemIndex: doc.itemIndex }),
    });
  };
  for (const { path, message } of result.typeErrors) add('error', message, path, doc.valueRange(path) ?? doc.pathRange(path));
  if (mode !== 'ignore') {
    const severity = mode === 'strict' ? 'error' : 'warning';
    for (const path of result.unknownFields) add(severity, `unknown field "${path}"`, path, doc.pathRange(path));
    for (const path of result.duplicateFields) add('warning', `duplicate field "${path}"`, path, doc.pathRange(path));
  }
  return out.sort((a, b) => a.line! - b.line! || a.column! - b.column!);
}
