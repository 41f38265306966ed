/**
 * The field documentation `kubectl explain` and the editor's hover read: the upstream
 * descriptions of every Go type the playground's manifest schema names, taken from the
 * `kubernetes-types` package (see dts-docs.ts) by the host and handed to the engine as plain
 * JSON (the CLI builds it on first use, the page's bundle ships it as a lazily loaded module).
 *
 * Only the types reachable from the modelled kinds are kept: names, nesting and Go types come from
 * the schema (src/manifest/schema), the words from kubernetes-types.
 */
import { KIND_SCHEMAS } from '../../manifest/index.js';
import type { FieldType } from '../../manifest/index.js';
import { parseTypeDocs, type TypeDoc } from './dts-docs.js';
import { docName } from './model.js';

export interface FieldDocs {
  /** Where the words come from, e.g. `kubernetes-types 1.30.0`. */
  readonly source: string;
  /** By kubernetes-types name (the Go type without its package): `DaemonSetSpec`, `Time`. */
  readonly types: Readonly<Record<string, TypeDoc>>;
}

/** The kubernetes-types files that declare the types of the modelled kinds, searched in this order. */
export const FIELD_DOC_FILES = ['core/v1.d.ts', 'apps/v1.d.ts', 'meta/v1.d.ts', 'scheduling/v1.d.ts', 'api/resource.d.ts', 'runtime.d.ts'] as const;

/** Every kubernetes-types name the schema of the modelled kinds refers to, with the fields it models. */
export function schemaTypeNames(): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const walk = (t: FieldType): void => {
    const name = docName(t);
    if (name !== undefined && !names.has(name)) names.set(name, new Set());
    if (t.t === 'array') walk(t.items);
    else if (t.t === 'map') walk(t.values);
    else if (t.t === 'struct') {
      for (const [field, type] of Object.entries(t.fields)) {
        names.get(name!)!.add(field);
        walk(type);
      }
    }
  };
  for (const k of KIND_SCHEMAS) walk(k.type);
  return names;
}

/**
 * Builds the documentation from the kubernetes-types files, read through `read` (a path relative
 * to the package, e.g. `core/v1.d.ts`), keeping the fields the schema models. A name declared in
 * several files is taken from the first.
 */
export function buildFieldDocs(read: (file: string) => string, source: string): FieldDocs {
  const parsed = FIELD_DOC_FILES.map((f) => parseTypeDocs(read(f)));
  const types: Record<string, TypeDoc> = {};
  for (const [name, modelled] of [...schemaTypeNames()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const doc = parsed.find((p) => p.has(name))?.get(name);
    if (!doc) continue;
    const fields = Object.fromEntries(Object.entries(doc.fields).filter(([f]) => modelled.has(f)));
    types[name] = doc.description === undefined ? { fields } : { description: doc.description, fields };
  }
  return { source, types };
}
