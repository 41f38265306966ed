/**
 * `kubectl annotate (TYPE NAME | TYPE/NAME | -f FILE) k=v k2- [--overwrite] [-l SEL | --all] [--local]
 * [--dry-run] [-o FORMAT]` (kubectl v1.34 `pkg/cmd/annotate`: `parseAnnotations`,
 * `validateAnnotations`, `validateNoAnnotationOverwrites`; the run is metadata-edit.ts).
 * Values may contain `=`. Prints `<kind>/<name> annotated` (or with `-o` the object). Without `--overwrite`, keys
 * that already have another value fail the object with one message naming them all; the
 * `kubernetes.io/change-cause` annotation can always be overwritten.
 */
import type { Verb } from '../context.js';
import { CHANGE_CAUSE } from '../print/history.js';
import { runMetadataEdit, type MetadataEdit, type Pairs } from './metadata-edit.js';

/** `parseAnnotations`: `k=v` sets (values may hold `=`), `k-` removes. */
function parseAnnotationPairs(pairs: readonly string[]): Pairs | { error: string } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const spec of pairs) {
    const eq = spec.indexOf('=');
    if (eq >= 0) set.set(spec.slice(0, eq), spec.slice(eq + 1));
    else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else invalid.push(spec);
  }
  if (invalid.length > 0) return { error: `error: invalid annotation format: ${invalid.join(', ')}` };
  return { set, remove };
}

/** `validateAnnotations`, the last check of `ToOptions`: no key both set and removed. */
function validateAnnotations(pairs: Pairs): { error: string } | undefined {
  const both = pairs.remove.filter((k) => pairs.set.has(k));
  return both.length > 0 ? { error: `error: can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}` } : undefined;
}

/** `validateNoAnnotationOverwrites`: one error for every key that already has another value. */
function annotationOverwriteErrors(before: Readonly<Record<string, string>>, set: ReadonlyMap<string, string>): string[] {
  const taken = [...set].filter(([k, v]) => k !== CHANGE_CAUSE && k in before && before[k] !== v).map(([k]) => `'${k}' already has a value (${before[k]})`);
  return taken.length > 0 ? [`--overwrite is false but found the following declared annotation(s): ${taken.join('; ')}`] : [];
}

const ANNOTATE: MetadataEdit = {
  command: 'annotate',
  field: 'annotations',
  noun: 'annotation',
  parse: parseAnnotationPairs,
  validate: validateAnnotations,
  operation: 'annotated',
  overwriteErrors: annotationOverwriteErrors,
  printsAnswer: true,
};

export const annotate: Verb = (ctx, argv) => runMetadataEdit(ctx, argv, ANNOTATE);
