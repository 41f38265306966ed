/**
 * The manifest schema as `kubectl explain` presents it: each field's type as the plaintext
 * template's `typeGuess` writes it for the OpenAPI v3 schema of that Go type, the enum values the
 * schema lists, and the walk from a kind down a field path (through lists and maps, as the
 * template's `output` does).
 */
import type { FieldType, KindSchema, StructType } from '../../manifest/index.js';
import { structName } from '../../manifest/schema/types.js';
import { ENUMS } from './enums.js';
import type { FieldDocs } from './field-docs.js';

/**
 * The name kubernetes-types (and the OpenAPI components) give the Go type of `t`, for the types
 * that have a description of their own: structs, and the apimachinery types Time, Quantity and
 * RawExtension. IntOrString has none in kubernetes-types.
 */
export function docName(t: FieldType): string | undefined {
  switch (t.t) {
    case 'struct':
    case 'open':
    case 'time':
    case 'quantity':
    case 'raw':
      return structName(t.go);
    default:
      return undefined;
  }
}

/** `typeGuess`: `string`, `integer`, `[]Container`, `map[string]string`, `DaemonSetSpec`, `Quantity`. */
export function typeText(t: FieldType): string {
  switch (t.t) {
    case 'string':
    case 'time':
      return 'string';
    case 'int':
      return 'integer';
    case 'bool':
      return 'boolean';
    case 'float':
      return 'number';
    case 'intOrString':
      return 'IntOrString';
    case 'array':
      return `[]${typeText(t.items)}`;
    case 'map':
      return `map[string]${typeText(t.values)}`;
    default:
      return structName(t.go);
  }
}

/** The enum values the OpenAPI schema lists for the field, sorted as openapi-gen sorts them. */
export function enumOf(t: FieldType): readonly string[] | undefined {
  return t.t === 'string' && Object.hasOwn(ENUMS, t.go) ? ENUMS[t.go] : undefined;
}

/**
 * Fields whose json tag has no omitempty but which are `+optional` in k8s.io/api v1.34: the only
 * `always` fields of the schema that the OpenAPI schema does not list as required.
 */
const OPTIONAL_WITHOUT_OMITEMPTY = new Set(['ContainerImage.names', 'GRPCAction.service', 'ProjectedVolumeSource.sources']);

/** Whether the OpenAPI schema lists the field as required (openapi-gen: neither `+optional` nor omitempty). */
export function isRequired(parent: StructType, name: string): boolean {
  return parent.fields[name]?.always === true && !OPTIONAL_WITHOUT_OMITEMPTY.has(`${structName(parent.go)}.${name}`);
}

/** The type a field's own fields come from: through list items and map values. */
export function element(t: FieldType): FieldType {
  return t.t === 'array' ? element(t.items) : t.t === 'map' ? element(t.values) : t;
}

/** A field found on a path: its type, the struct that holds it and its name there. */
export interface Found {
  readonly type: FieldType;
  readonly parent: StructType;
  readonly name: string;
}

export type PathError =
  /** kubectl's own: the template names the last element of the path, whichever one is missing. */
  | { readonly error: 'missing'; readonly field: string }
  /** The playground keeps this Go type as written and does not describe its fields. */
  | { readonly error: 'open'; readonly type: string };

/** Walks `path` from the kind: the field at its end, or why there is none. An empty path is the kind itself. */
export function resolvePath(kind: KindSchema, path: readonly string[]): Found | { readonly kind: StructType } | PathError {
  let type: FieldType = kind.type;
  let found: Found | undefined;
  for (const name of path) {
    const holder = element(type);
    if (holder.t === 'open') return { error: 'open', type: structName(holder.go) };
    if (holder.t !== 'struct' || !Object.hasOwn(holder.fields, name)) return { error: 'missing', field: path[path.length - 1]! };
    type = holder.fields[name]!;
    found = { type, parent: holder, name };
  }
  return found ?? { kind: kind.type };
}

/** The upstream description of the Go type of `t` (through list items and map values), if it has one. */
export function typeDescription(docs: FieldDocs | undefined, t: FieldType): string | undefined {
  const name = docName(element(t));
  return name === undefined ? undefined : docs?.types[name]?.description;
}

/** A field's own upstream description, from the interface of the struct that holds it. */
export function fieldDescription(docs: FieldDocs | undefined, parent: StructType, name: string): string | undefined {
  const doc = docs?.types[structName(parent.go)];
  return doc && Object.hasOwn(doc.fields, name) ? doc.fields[name] : undefined;
}
