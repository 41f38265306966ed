/**
 * What `kubectl label` / `kubectl annotate` do to one object, live or from a file (kubectl v1.34
 * `labelFunc` with `validateNoOverwrites`, annotate's `updateAnnotations` with
 * `validateNoAnnotationOverwrites`; the operation of `updateDataChangeMsg`).
 */
import { isMap } from '../apply/json.js';
import type { EditOptions, MetadataEdit } from './metadata-edit.js';
import { groupOf } from './object-ref.js';

/**
 * The object's map (undefined when it has none) with the pairs applied: the new map, or the
 * errors that refuse the object without `--overwrite`.
 */
export function editMap(
  edit: MetadataEdit,
  o: EditOptions,
  before: Readonly<Record<string, string>> | undefined,
): Record<string, string> | { errors: string[] } {
  const errors = o.overwrite ? [] : edit.overwriteErrors(before ?? {}, o.pairs.set);
  if (errors.length > 0) return { errors };
  const after: Record<string, string> = { ...before };
  for (const [k, v] of o.pairs.set) after[k] = v;
  for (const k of o.pairs.remove) delete after[k];
  return after;
}

/**
 * The name printer's operation for one object, judged from its metadata as it had it and as
 * edited (`edited.metadata`). Label first drops the object's resourceVersion when
 * `--resource-version` replaces it (`SetResourceVersion("")`), so the change always shows.
 */
export function operationOf(edit: MetadataEdit, o: EditOptions, before: unknown, edited: { readonly metadata?: unknown }): string {
  if (typeof edit.operation === 'string') return edit.operation;
  let from = before;
  if (o.resourceVersion !== '' && isMap(before)) {
    const { resourceVersion: _dropped, ...rest } = before;
    from = rest;
  }
  return edit.operation(from, edited.metadata as object, o.overwrite);
}

/**
 * `--list`: the object's map after the edit, one `key=value` line each (kubectl walks a Go map, in
 * no set order; here in key order). When the command did not name a single object
 * (`singleItemImplied`), each object's lines follow `Listing labels for KIND.GROUP/NAME:`, indented
 * by a space; the core group is empty, so a node reads `Node./node-1`.
 */
export function listing(edit: MetadataEdit, o: EditOptions, obj: { readonly apiVersion?: unknown; readonly kind?: unknown }, name: string, after: Readonly<Record<string, string>>): string {
  const lines = Object.keys(after).sort().map((k) => `${o.one ? '' : ' '}${k}=${after[k]}\n`);
  if (o.one) return lines.join('');
  return `Listing ${edit.field} for ${String(obj.kind ?? '')}.${groupOf(obj.apiVersion)}/${name}:\n${lines.join('')}`;
}

/**
 * `obj` with its labels or annotations replaced; an empty map stays (`SetLabels` keeps it),
 * undefined drops the field. A `resourceVersion` (`--resource-version`) replaces the object's own.
 */
export function withField<T extends { readonly metadata?: unknown }>(
  obj: T,
  field: MetadataEdit['field'],
  value: Record<string, string> | undefined,
  resourceVersion = '',
): T {
  return { ...obj, metadata: { ...(obj.metadata as object | undefined), [field]: value, ...(resourceVersion === '' ? {} : { resourceVersion }) } };
}
