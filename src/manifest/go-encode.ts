/**
 * An object as kubectl holds it once decoded into its typed Go struct and written back with
 * `encoding/json`: what `runtime.Decode` into `corev1.Pod` and the JSON printer make of it. kubectl
 * run's object after `--overrides` (`cmdutil.Merge` decodes the merged JSON into the struct) and
 * the API server's answer to its typed client are such objects; their `-o json` shows it.
 *
 * - Fields come in the struct's declaration order. The schema lists them in that order
 *   (k8s.io/api), except TypeMeta's two, which Go declares `kind` first. Map keys are sorted.
 * - Unknown fields are gone: the struct has nowhere to keep them.
 * - A field that is absent or null holds its Go zero value, and is written unless `omitempty`
 *   drops it (omitempty.ts `isOmitted`): a struct that is not a pointer is always written, `{}`
 *   at its zero (`resources: {}`, `status: {}`); a field without `omitempty` writes its zero
 *   (`containers: null`); a zero Quantity is `"0"`, a zero Time `null` unless `omitzero`.
 * - Open structs (not described field by field) and raw values are kept as written.
 *
 * Assumes the value decoded without type errors (decodeObject): a wrongly typed value is kept.
 * Pure: the input is not modified.
 */
import { zeroValue } from './decode.js';
import { compareBytes } from './gofmt.js';
import { mappingFor } from './kinds.js';
import { isOmitted } from './omitempty.js';
import type { FieldType, StructType } from './schema/types.js';

/** The object through its kind's struct; an object of a kind the playground lacks as is. */
export function goEncodeObject<T extends Readonly<Record<string, unknown>>>(obj: T): T {
  const schema = mappingFor(obj['apiVersion'], obj['kind']);
  return schema ? (goEncode(obj, schema.type) as T) : obj;
}

/** A JSON value decoded into a Go value of `type` and encoded again. */
export function goEncode(value: unknown, type: FieldType): unknown {
  if (value === null || value === undefined) return zeroEncoded(type);
  switch (type.t) {
    case 'struct': {
      if (!isObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const key of declarationOrder(type)) {
        const field = type.fields[key]!;
        const encoded = goEncode(Object.hasOwn(value, key) ? value[key] : undefined, field);
        if (!isOmitted(encoded, field)) out[key] = encoded;
      }
      return out;
    }
    case 'map': {
      if (!isObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value).sort(compareBytes)) out[key] = goEncode(value[key], type.values);
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => goEncode(item, type.items)) : value;
    default:
      return value;
  }
}

/** What Go writes for a field left at its zero value (before `omitempty` is considered): a nil pointer, slice or map as null, a struct in full. */
function zeroEncoded(type: FieldType): unknown {
  if (type.pointer) return null;
  return type.t === 'struct' ? goEncode({}, type) : (zeroValue(type) ?? null);
}

/** The struct's JSON fields in Go declaration order. */
function declarationOrder(type: StructType): string[] {
  const keys = Object.keys(type.fields);
  const kind = keys.indexOf('kind');
  const apiVersion = keys.indexOf('apiVersion');
  if (kind > apiVersion && apiVersion >= 0 && type.fields['kind']!.via === 'TypeMeta') [keys[kind], keys[apiVersion]] = [keys[apiVersion]!, keys[kind]!];
  return keys;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
