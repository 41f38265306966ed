/**
 * The object as the API server writes it back: what survives a Go decode and `encoding/json`
 * encode of the kind's struct, as far as `omitempty` goes.
 *
 * Why: the API server decodes a request into Go structs (k8s.io/api) and serves the stored object
 * with encoding/json. A field tagged `json:",omitempty"` is left out when it holds the zero value
 * of its Go type, so `hostNetwork: false`, `value: ""`, `minReadySeconds: 0`, `volumeMounts: []`
 * and `nodeSelector: {}` written in a manifest are gone from `kubectl get -o yaml`, from the
 * stored DaemonSet template and from the pods built from it. What stays:
 * - a pointer field keeps any value it was given (`privileged: false` is a `*bool`,
 *   `tolerationSeconds: 0` an `*int64`);
 * - a field whose tag lacks omitempty keeps its zero (`containers: []`, `Taint.key: ""`);
 * - a struct is never empty to omitempty, pointer or not (`resources: {}`, `securityContext: {}`);
 *   nor are the struct-backed IntOrString, Quantity, Time and RawExtension values (a zero
 *   `metav1.Time` stays `null`, unless the tag is `omitzero`, as creationTimestamp's is);
 * - map values and list items are never dropped (a label `""` stays);
 * - RawExtension (`ControllerRevision.data`, managedFields' `fieldsV1`) and the structs the
 *   playground keeps as open objects are left exactly as written: their Go types are not modelled.
 * Unknown fields are left alone too (decodeObject reports or drops them).
 *
 * Assumptions:
 * - the value was decoded without type errors (decodeObject): a wrongly typed value is kept;
 * - JSON nulls were already resolved (withDecodedNulls).
 * Invariants:
 * - pure: the input is not modified; a value needing no change is returned as is;
 * - idempotent: pruning a pruned object changes nothing.
 *
 * The annotation `kubectl.kubernetes.io/last-applied-configuration` is a string value in a map,
 * so the manifest kubectl recorded there (zeros included, as kubectl writes it) is untouched.
 */
import { mappingFor } from './kinds.js';
import type { FieldType } from './schema/types.js';

/** The object pruned by its kind's schema; an object of a kind the playground lacks as is. */
export function omitEmpty<T extends Readonly<Record<string, unknown>>>(obj: T): T {
  const schema = mappingFor(obj['apiVersion'], obj['kind']);
  return schema ? (pruneValue(obj, schema.type) as T) : obj;
}

/** A value pruned by its field type: structs lose their omitted fields, maps and lists recurse. */
export function pruneValue(value: unknown, type: FieldType): unknown {
  switch (type.t) {
    case 'struct': {
      if (!isObject(value)) return value;
      let out: Record<string, unknown> | undefined;
      for (const [key, v] of Object.entries(value)) {
        const field = Object.hasOwn(type.fields, key) ? type.fields[key] : undefined;
        const pruned = field ? pruneValue(v, field) : v;
        const omit = field !== undefined && isOmitted(pruned, field);
        if (omit || pruned !== v) out ??= { ...value };
        if (!out) continue;
        if (omit) delete out[key];
        else out[key] = pruned;
      }
      return out ?? value;
    }
    case 'map': {
      if (!isObject(value)) return value;
      let out: Record<string, unknown> | undefined;
      for (const [key, v] of Object.entries(value)) {
        const pruned = pruneValue(v, type.values);
        if (pruned !== v) (out ??= { ...value })[key] = pruned;
      }
      return out ?? value;
    }
    case 'array': {
      if (!Array.isArray(value)) return value;
      const pruned = value.map((v) => pruneValue(v, type.items));
      return pruned.some((v, i) => v !== value[i]) ? pruned : value;
    }
    default:
      return value; // scalars, and the struct-backed values kept as written (open, raw, ...)
  }
}

/** Whether Go's encoder leaves the struct field out (`isEmptyValue` under `omitempty`). */
export function isOmitted(value: unknown, field: FieldType): boolean {
  if (value === undefined) return true;
  if (field.always) return false;
  // null is a nil pointer, slice or map, except on a metav1.Time struct field: the zero Time,
  // which is written as null (lastProbeTime: null) unless the tag is omitzero.
  if (value === null) return !(field.t === 'time' && !field.pointer && !field.omitZero);
  if (field.pointer) return false;
  switch (field.t) {
    case 'string':
      return value === '';
    case 'int':
    case 'float':
      return value === 0;
    case 'bool':
      return value === false;
    case 'array':
      return Array.isArray(value) && value.length === 0;
    case 'map':
      return isObject(value) && Object.keys(value).length === 0;
    default:
      return false; // a struct (or struct-backed value) is never empty to omitempty
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
