/**
 * Checks an object against its kind's schema the way the API server's JSON decoder does, and
 * words the outcome as the server does.
 *
 * Models apimachinery's strict JSON serializer over sigs.k8s.io/json (a fork of Go's
 * encoding/json): kubectl sends the object as JSON with keys sorted, the decoder walks it in that
 * order and
 * - a value of the wrong JSON type is a type error, `json: cannot unmarshal string into Go struct
 *   field Container.spec.template.spec.containers.image of type string` (the struct holding the
 *   field, the field's full path without indices, the field's Go type); the first one is kept
 *   and decoding goes on;
 * - a custom decoder's failure (IntOrString, Quantity, Time) stops decoding and wins over any
 *   type error, as Go's decoder returns it at once;
 * - unknown fields (`unknown field "spec.template.spec.containers[0].imagee"`) and repeated ones
 *   (`duplicate field "..."`) are strict errors: deduplicated, at most 100, reported only when
 *   decoding otherwise succeeded, as `strict decoding error: a, b` (mode strict) or as warnings
 *   (mode warn); mode ignore drops them. Nothing below an unknown field is looked at.
 *
 * Duplicates are checked only for the paths passed in `options.duplicates`. Note that real
 * `kubectl apply -f` never sends duplicates: its YAML-to-JSON step goes through a map and keeps
 * the last value silently (kubernetes/kubernetes#99286, #125885, both with strict validation).
 * The server's duplicate check only fires for request bodies written by hand (curl, --raw).
 */
import { compareBytes } from './gofmt.js';
import { rfc3339Error } from './gotime.js';
import { mappingFor } from './kinds.js';
import { quantityError } from './quantity-syntax.js';
import { structName } from './schema/types.js';
import type { FieldType } from './schema/types.js';
import type { ValidateMode } from './types.js';

export interface DecodeTypeError {
  /** The field path with indices (`spec.template.spec.containers[0].image`), for markers. */
  readonly path: string;
  /** The decoder's message (`json: cannot unmarshal ...`, `quantities must match ...`). */
  readonly message: string;
}

export interface DecodeResult {
  /** Paths of fields the kind does not have, in decoder order. */
  readonly unknownFields: string[];
  /** Paths of known fields written twice in one mapping, in decoder order. */
  readonly duplicateFields: string[];
  /** `unknown field "p"` / `duplicate field "p"` in decoder order, deduplicated, at most 100. */
  readonly strictErrors: string[];
  /** Every value of the wrong type (all of them, for editor markers). */
  readonly typeErrors: DecodeTypeError[];
  /** The detail the API server rejects the object with, or undefined when it is accepted. */
  readonly error?: string;
  /** What the API server sends back as `Warning:` headers (mode warn). */
  readonly warnings: string[];
  /** False when the playground has no schema for the kind: nothing was checked. */
  readonly kindSupported: boolean;
}

export interface DecodeOptions {
  /** Paths written twice in the source (ManifestDoc.duplicateFields). */
  readonly duplicates?: Iterable<string>;
  /**
   * Which of the API server's two decoders to model:
   * - `json` (default): the strict JSON serializer a create or update body goes through;
   * - `unstructured`: `runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation`, which
   *   decodes the object a strategic merge patch produced (the patch handler's
   *   `applyPatchToObject`). Its type errors are the converter's (`unrecognized type: int32`,
   *   `cannot convert int64 to string`, `cannot restore struct from: string`), it stops at the
   *   first one, and its unknown fields come sorted by message. It sees no duplicates.
   */
  readonly flavor?: 'json' | 'unstructured';
}

const MAX_STRICT_ERRORS = 100;

/** `DaemonSet in version "v1" cannot be handled as a DaemonSet: <detail>`. */
export function formatDecodeError(kind: string, version: string, detail: string): string {
  return `${kind} in version "${version}" cannot be handled as a ${kind}: ${detail}`;
}

export function decodeObject(obj: Readonly<Record<string, unknown>>, mode: ValidateMode, options: DecodeOptions = {}): DecodeResult {
  const schema = mappingFor(obj['apiVersion'], obj['kind']);
  const converter = options.flavor === 'unstructured';
  const duplicates = new Set(converter ? [] : (options.duplicates ?? []));
  const unknownFields: string[] = [];
  const duplicateFields: string[] = [];
  const strict = new Set<string>();
  const typeErrors: DecodeTypeError[] = [];
  let fatal: string | undefined;
  let saved: string | undefined;
  const strictError = (message: string): void => {
    if (strict.size < MAX_STRICT_ERRORS) strict.add(message);
  };
  const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);
  const mismatch = (value: unknown, goType: string, path: string, goStruct: string | undefined, goPath: string[], isFatal = false, literal = false): void => {
    if (converter) return; // walk checked the value the converter's way already
    const what = literal ? `number ${String(value)}` : jsonKind(value);
    const where = goStruct === undefined ? `Go value of type ${goType}` : `Go struct field ${goStruct}.${goPath.join('.')} of type ${goType}`;
    const message = `json: cannot unmarshal ${what} into ${where}`;
    typeErrors.push({ path, message });
    if (isFatal) fatal ??= message;
    else saved ??= message;
  };
  const failed = (path: string, message: string): void => {
    typeErrors.push({ path, message });
    fatal ??= message;
  };
  const reportDuplicatesUnder = (path: string): void => {
    for (const d of duplicates) {
      if (d.startsWith(`${path}.`) || d.startsWith(`${path}[`)) {
        duplicateFields.push(d);
        strictError(`duplicate field "${d}"`);
      }
    }
  };

  const walk = (value: unknown, type: FieldType, path: string, goStruct: string | undefined, goPath: string[]): void => {
    if (value === null || value === undefined) return;
    if (converter) {
      if (fatal !== undefined) return; // the converter stops at its first error
      const problem = converterError(value, type);
      if (problem !== undefined) {
        typeErrors.push({ path, message: problem });
        fatal = problem;
        return;
      }
    }
    switch (type.t) {
      case 'string':
        if (typeof value !== 'string') mismatch(value, type.go, path, goStruct, goPath);
        return;
      case 'bool':
        if (typeof value !== 'boolean') mismatch(value, type.go, path, goStruct, goPath);
        return;
      case 'float':
        if (typeof value !== 'number') mismatch(value, type.go, path, goStruct, goPath);
        return;
      case 'int':
        if (typeof value !== 'number') mismatch(value, type.go, path, goStruct, goPath);
        else if (!fitsInt(value, type.go)) mismatch(value, type.go, path, goStruct, goPath, false, true);
        return;
      case 'intOrString':
        if (typeof value === 'string') return;
        if (typeof value !== 'number') mismatch(value, 'int32', path, goStruct, goPath, true);
        else if (!fitsInt(value, 'int32')) mismatch(value, 'int32', path, goStruct, goPath, true, true);
        return;
      case 'quantity': {
        const problem = quantityError(typeof value === 'string' || typeof value === 'number' ? JSON.stringify(value) : '{}');
        if (problem) failed(path, problem);
        return;
      }
      case 'time':
        if (typeof value !== 'string') mismatch(value, 'string', path, goStruct, goPath, true);
        else {
          const problem = rfc3339Error(value);
          if (problem) failed(path, problem);
        }
        return;
      case 'raw':
        return;
      case 'open':
        if (!isObject(value)) mismatch(value, type.go, path, goStruct, goPath);
        else reportDuplicatesUnder(path);
        return;
      case 'array':
        if (!Array.isArray(value)) mismatch(value, type.go, path, goStruct, goPath);
        else value.forEach((item, i) => walk(item, type.items, `${path}[${i}]`, goStruct, goPath));
        return;
      case 'map':
        if (!isObject(value)) return mismatch(value, type.go, path, goStruct, goPath);
        for (const key of Object.keys(value).sort(compareBytes)) {
          const child = join(path, key);
          if (duplicates.has(child)) {
            duplicateFields.push(child);
            strictError(`duplicate field "${child}"`);
          }
          walk(value[key], type.values, child, goStruct, goPath);
        }
        return;
      case 'struct': {
        if (!isObject(value)) return mismatch(value, type.go, path, goStruct, goPath);
        const name = structName(type.go);
        for (const key of Object.keys(value).sort(compareBytes)) {
          const child = join(path, key);
          const field = Object.hasOwn(type.fields, key) ? type.fields[key] : undefined;
          if (!field) {
            unknownFields.push(child);
            strictError(`unknown field "${child}"`);
            continue;
          }
          if (duplicates.has(child)) {
            duplicateFields.push(child);
            strictError(`duplicate field "${child}"`);
          }
          walk(value[key], field, child, name, [...goPath, ...(field.via ? [field.via] : []), key]);
        }
      }
    }
  };

  if (schema) walk(obj, schema.type, '', undefined, []);
  // The converter sorts its unknown-field errors by their text before reporting them.
  const strictErrors = converter ? [...strict].sort(compareBytes) : [...strict];
  const error = fatal ?? saved ?? (mode === 'strict' && strictErrors.length > 0 ? `strict decoding error: ${strictErrors.join(', ')}` : undefined);
  return {
    unknownFields,
    duplicateFields,
    strictErrors,
    typeErrors,
    ...(error === undefined ? {} : { error }),
    warnings: mode === 'warn' && error === undefined ? strictErrors : [],
    kindSupported: schema !== undefined,
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** The JSON type name Go's decoder prints: string, number, bool, array, object. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'object') return 'object';
  return typeof v;
}

/**
 * The error `runtime.DefaultUnstructuredConverter` (`fromUnstructured`) gives for a JSON value
 * that does not fit the Go type, or undefined when the converter accepts it. Scalar destinations
 * take a value Go can assign or convert within the same group (an int64 into int32 wraps, an
 * integral float64 into an int is fine); a pair Go can convert across groups is `cannot convert
 * A to B` (int64 into a string type), anything else `unrecognized type: <kind>`. Structs,
 * slices and maps need a JSON object, array and object. Types with their own UnmarshalJSON
 * (IntOrString, Quantity, Time) fail as that method does.
 */
function converterError(value: unknown, type: FieldType): string | undefined {
  const src = converterKind(value);
  switch (type.t) {
    case 'string':
      if (src === 'string') return undefined;
      return src === 'int' ? `cannot convert int64 to ${type.go}` : `unrecognized type: string`;
    case 'bool':
      return src === 'bool' ? undefined : 'unrecognized type: bool';
    case 'int':
      if (src === 'int') return undefined; // wraps when out of range, as Go's conversion does
      if (src === 'float') return Number.isInteger(value) ? undefined : `cannot convert float64 to ${type.go}`;
      return `unrecognized type: ${type.go}`;
    case 'float':
      return src === 'int' || src === 'float' ? undefined : 'unrecognized type: float64';
    case 'intOrString':
      // IntOrString.UnmarshalJSON decodes a non-string into its int32 directly
      if (src === 'string') return undefined;
      if (src !== 'int' && src !== 'float') return `json: cannot unmarshal ${jsonKind(value)} into Go value of type int32`;
      return fitsInt(value as number, 'int32') ? undefined : `json: cannot unmarshal number ${String(value)} into Go value of type int32`;
    case 'time':
      return src === 'string' ? undefined : `json: cannot unmarshal ${jsonKind(value)} into Go value of type string`;
    case 'quantity':
    case 'raw':
      return undefined; // checked (quantity) or accepted (raw) by the walk
    case 'array':
      return src === 'slice' ? undefined : `cannot restore slice from ${src === 'int' ? 'int64' : src === 'float' ? 'float64' : src}`;
    case 'map':
      return src === 'map' ? undefined : `cannot restore map from ${src === 'int' ? 'int64' : src === 'float' ? 'float64' : src}`;
    case 'open':
    case 'struct':
      return src === 'map' ? undefined : `cannot restore struct from: ${src === 'int' ? 'int64' : src === 'float' ? 'float64' : src}`;
  }
}

/** The reflect kind of a value `sigs.k8s.io/json` decoded: integers are int64, other numbers float64. */
function converterKind(value: unknown): 'string' | 'bool' | 'int' | 'float' | 'map' | 'slice' {
  if (Array.isArray(value)) return 'slice';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'map';
}

function fitsInt(v: number, go: 'int32' | 'int64'): boolean {
  if (!Number.isInteger(v)) return false;
  return go === 'int32' ? v >= -2147483648 && v <= 2147483647 : v >= -9223372036854775808 && v < 9223372036854775808;
}

/**
 * The object as the API server holds it after decoding, as far as JSON `null` goes: Go's decoder
 * leaves a field that is null at its zero value (so it is omitted when written back), gives a
 * null map value or list item the element type's zero value, and `Quantity.UnmarshalJSON` reads
 * null as 0. Without this a `memory:` written with no value would reach the API server as null.
 * Zero values the encoder then leaves out (`omitempty`) are omitempty.ts's concern. Unknown
 * fields and wrongly typed values are left as they are (decodeObject reports them).
 */
export function withDecodedNulls<T extends Readonly<Record<string, unknown>>>(obj: T): T {
  const schema = mappingFor(obj['apiVersion'], obj['kind']);
  if (!schema) return obj;
  return normalize(obj, schema.type) as T;
}

/** What Go decodes a JSON `null` into for a field of `type`: its zero value, `{}` for a struct; undefined for nil slices, maps, times and raw values. */
export function zeroValue(type: FieldType): unknown {
  switch (type.t) {
    case 'string':
      return '';
    case 'int':
    case 'float':
    case 'intOrString':
      return 0;
    case 'bool':
      return false;
    case 'quantity':
      return '0';
    case 'struct':
    case 'open':
      return {};
    default:
      return undefined; // nil slices, maps, times and raw values are written as nothing
  }
}

function normalize(value: unknown, type: FieldType): unknown {
  if (type.t === 'struct' && isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const field = Object.hasOwn(type.fields, key) ? type.fields[key] : undefined;
      if (!field) out[key] = v;
      else if (v !== null && v !== undefined) out[key] = normalize(v, field);
      else if (v === null && field.t === 'time' && !field.pointer && !field.omitZero) out[key] = null; // a zero metav1.Time is written as null
    }
    return out;
  }
  if (type.t === 'map' && isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const n = v === null || v === undefined ? zeroValue(type.values) : normalize(v, type.values);
      if (n !== undefined) out[key] = n;
    }
    return out;
  }
  if (type.t === 'array' && Array.isArray(value)) {
    return value.map((v) => (v === null || v === undefined ? (zeroValue(type.items) ?? null) : normalize(v, type.items)));
  }
  return value;
}
