/**
 * The JSON Schema the YAML editor completes, validates and hovers with, generated from the
 * engine's own manifest schema (`src/manifest/schema/`): one source for what the strict decoder
 * accepts and what the editor suggests, so the two cannot drift.
 *
 * - Each kind the playground serves is a definition with its apiVersion and kind as constants;
 *   the root picks it by `kind` (`if`/`then`), so completion offers the fields of the kind
 *   being written. A `kind: List` holds such objects in `items`.
 * - Go structs become definitions named by their Go type (`v1.PodSpec`), shared by every field
 *   of that type, with `additionalProperties: false` as the strict decoder has it. Their title
 *   is the Go type; a field's description comes from `describe` (the field docs) when given.
 * - Scalars follow the JSON the decoder takes: int32 within its range, IntOrString an integer or
 *   a string, a Quantity a string or a number. A scalar, map or list may be null (YAML `key:`
 *   with no value), which the decoder reads as the zero value.
 * - `status` is never suggested: the API server ignores it in a manifest.
 */
import { KIND_SCHEMAS } from '../../manifest/index.js';
import type { FieldType, StructType } from '../../manifest/index.js';
import type { JSONSchema } from 'monaco-yaml';

/** The field docs for a field of a Go struct (`v1.DaemonSetSpec`, `minReadySeconds`), if known. */
export type DescribeField = (goStruct: string, field: string) => string | undefined;

/** The URI monaco-yaml knows the schema by: a file name, so it never tries to fetch it. */
export const SCHEMA_URI = 'inmemory://everynode/schema/kubernetes.json';

const INT32 = { minimum: -2147483648, maximum: 2147483647 };

export function manifestJsonSchema(describe: DescribeField = () => undefined): JSONSchema {
  const definitions: Record<string, JSONSchema> = {};
  const names = new Map<object, string>();

  const nullable = (type: string | string[]): string[] => [...(Array.isArray(type) ? type : [type]), 'null'];

  const field = (type: FieldType): JSONSchema => {
    switch (type.t) {
      case 'string':
        return { type: nullable('string') };
      case 'bool':
        return { type: nullable('boolean') };
      case 'float':
        return { type: nullable('number') };
      case 'int':
        return type.go === 'int32' ? { type: nullable('integer'), ...INT32 } : { type: nullable('integer') };
      case 'intOrString':
        return { type: nullable(['integer', 'string']), title: type.go };
      case 'quantity':
        return { type: nullable(['string', 'number']), title: type.go };
      case 'time':
        return { type: nullable('string'), format: 'date-time', title: type.go };
      case 'raw':
        return { title: type.go };
      case 'open':
        return { type: nullable('object'), title: type.go };
      case 'map':
        return { type: nullable('object'), additionalProperties: field(type.values) };
      case 'array':
        return { type: nullable('array'), items: field(type.items) };
      case 'struct':
        return { $ref: `#/definitions/${define(type)}` };
    }
  };

  /** The definition name of a struct, made on first use (recursion-safe). */
  const define = (type: StructType, overrides: Record<string, JSONSchema> = {}, preferred = type.go): string => {
    const known = names.get(type.fields);
    if (known !== undefined && Object.keys(overrides).length === 0) return known;
    let name = preferred;
    for (let n = 2; definitions[name] !== undefined; n++) name = `${preferred}-${n}`;
    if (Object.keys(overrides).length === 0) names.set(type.fields, name);
    const def: JSONSchema = { type: 'object', title: type.go, additionalProperties: false, properties: {} };
    definitions[name] = def;
    for (const [key, t] of Object.entries(type.fields)) {
      const doc = describe(type.go, key);
      def.properties![key] = overrides[key] ?? { ...field(t), ...(doc ? { description: doc } : {}) };
    }
    return name;
  };

  const kinds = KIND_SCHEMAS.map((k) => {
    const name = define(k.type, {
      apiVersion: { const: k.apiVersion, description: describe(k.type.go, 'apiVersion') ?? `${k.kind} is served as ${k.apiVersion}.` },
      kind: { const: k.kind, description: describe(k.type.go, 'kind') ?? k.kind },
      ...(k.type.fields['status'] ? { status: { ...field(k.type.fields['status']), doNotSuggest: true } } : {}),
    }, k.kind);
    definitions[name]!.required = ['apiVersion', 'kind'];
    return { kind: k.kind, name };
  });

  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Kubernetes object (the kinds this playground serves)',
    type: 'object',
    required: ['apiVersion', 'kind'],
    properties: {
      apiVersion: { enum: [...new Set(KIND_SCHEMAS.map((k) => k.apiVersion))] },
      kind: { enum: [...KIND_SCHEMAS.map((k) => k.kind), 'List'] },
    },
    allOf: [
      ...kinds.map(({ kind, name }) => ({ if: kindIs(kind), then: { $ref: `#/definitions/${name}` } })),
      { if: kindIs('List'), then: { properties: { apiVersion: { const: 'v1' }, items: { type: 'array', items: { $ref: '#' } } } } },
    ],
    definitions,
  };
}

function kindIs(kind: string): JSONSchema {
  return { properties: { kind: { const: kind } }, required: ['kind'] };
}
