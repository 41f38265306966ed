/**
 * The one lookup the editor's hover and `kubectl explain` share: what a field of a modelled kind
 * is, as `kubectl explain KIND.PATH` would tell it.
 *
 *   fieldDoc(docs, 'DaemonSet', ['spec', 'updateStrategy', 'type'])
 *   -> { kind: 'DaemonSet', path: [...], type: 'string', required: false,
 *        enum: ['OnDelete', 'RollingUpdate'], description: 'Type of daemon set update. ...' }
 *
 * `docs` is the FieldDocs the host provides (field-docs.ts). List items and map values are
 * stepped through, so a path names fields only (`spec.template.spec.containers.image`). An empty
 * path describes the kind. Undefined when the kind or a field is not modelled.
 */
import { KIND_SCHEMAS } from '../../manifest/index.js';
import type { FieldDocs } from './field-docs.js';
import { enumOf, fieldDescription, isRequired, resolvePath, typeDescription, typeText } from './model.js';

export interface FieldDoc {
  readonly kind: string;
  readonly path: readonly string[];
  /** The type as kubectl explain shows it: `string`, `integer`, `[]Container`, `map[string]string`, `DaemonSetSpec`. */
  readonly type: string;
  /** The API requires the field (kubectl explain's `-required-`). */
  readonly required: boolean;
  /** The values the API accepts, for an enum field. */
  readonly enum?: readonly string[];
  /** The field's upstream description (for an empty path, the kind's); absent when there is none. */
  readonly description?: string;
  /** The upstream description of the field's type (`Time`, `DaemonSetSpec`, `Container`), when it has one. */
  readonly typeDescription?: string;
}

export function fieldDoc(docs: FieldDocs | undefined, kind: string, path: readonly string[]): FieldDoc | undefined {
  const schema = KIND_SCHEMAS.find((k) => k.kind === kind);
  if (!schema) return undefined;
  const found = resolvePath(schema, path);
  if ('error' in found) return undefined;
  if ('kind' in found) {
    const description = typeDescription(docs, found.kind);
    return { kind, path, type: kind, required: false, ...(description === undefined ? {} : { description }) };
  }
  const values = enumOf(found.type);
  const description = fieldDescription(docs, found.parent, found.name);
  const ofType = typeDescription(docs, found.type);
  return {
    kind,
    path,
    type: typeText(found.type),
    required: isRequired(found.parent, found.name),
    ...(values ? { enum: values } : {}),
    ...(description === undefined ? {} : { description }),
    ...(ofType === undefined ? {} : { typeDescription: ofType }),
  };
}
