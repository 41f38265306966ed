/**
 * The vocabulary the schema is written in: JSON shapes plus the Go type each shape decodes into.
 *
 * The Go type names matter because the API server's decode errors print them:
 * `json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type []v1.Container`
 * names the struct holding the field (`PodSpec`), and the field's type as Go's reflect package
 * prints it (pointers dereferenced, package-qualified: `v1.RestartPolicy`, `[]v1.Container`,
 * `map[string]string`, `v1.ResourceList`, `int32`).
 *
 * The json tag facts matter because the API server writes an object back with Go's encoder
 * (omitempty.ts). A struct field is `omitempty` and not a pointer unless marked: `always(...)`
 * for a tag without omitempty (`json:"containers"`), `ptr(...)` for a pointer field (`*bool`,
 * `*int64`, `*Probe`). Both follow the Go types in `k8s.io/api` and `k8s.io/apimachinery`.
 */

interface Base {
  /** Set on a field promoted from an embedded Go struct (`VolumeSource`, `ProbeHandler`, ...):
   *  Go's decoder puts that struct's name into the field path of its errors. */
  readonly via?: string;
  /** The field's json tag has no `omitempty` (`json:"key"`): Go writes it even at its zero
   *  value. Unset: the tag has `omitempty`. Meaningless on map values and list items. */
  readonly always?: true;
  /** The Go field is a pointer (`*bool`, `*int64`, `*SecurityContext`): a zero value the
   *  client gave is a non-nil pointer and is written back despite `omitempty`. */
  readonly pointer?: true;
  /** The tag is `omitzero` (Go 1.24): a zero struct is left out too (metadata.creationTimestamp
   *  since v1.33; before, it was written as `null`). */
  readonly omitZero?: true;
}

/** A JSON string (Go `string` or a named string type such as `v1.PullPolicy`). */
export interface StringType extends Base { readonly t: 'string'; readonly go: string }
/** A JSON integer that must fit the Go integer type. */
export interface IntType extends Base { readonly t: 'int'; readonly go: 'int32' | 'int64' }
export interface BoolType extends Base { readonly t: 'bool'; readonly go: 'bool' }
export interface FloatType extends Base { readonly t: 'float'; readonly go: 'float64' }
/** `intstr.IntOrString`: a string, or an integer that fits int32. */
export interface IntOrStringType extends Base { readonly t: 'intOrString'; readonly go: 'intstr.IntOrString' }
/** `resource.Quantity`: a string or number in Kubernetes quantity syntax (`100m`, `1Gi`, `2`). */
export interface QuantityType extends Base { readonly t: 'quantity'; readonly go: 'resource.Quantity' }
/** `metav1.Time`: an RFC 3339 string. */
export interface TimeType extends Base { readonly t: 'time'; readonly go: 'v1.Time' }
/** `runtime.RawExtension`: any JSON, kept as written and never checked. */
export interface RawType extends Base { readonly t: 'raw'; readonly go: 'runtime.RawExtension' }
/** A Go struct the playground does not describe field by field: any JSON object is accepted. */
export interface OpenType extends Base { readonly t: 'open'; readonly go: string }
export interface MapType extends Base { readonly t: 'map'; readonly go: string; readonly values: FieldType }
export interface ArrayType extends Base { readonly t: 'array'; readonly go: string; readonly items: FieldType }
/** A Go struct with its JSON fields. Unknown fields are reported by the strict decoder. */
export interface StructType extends Base {
  readonly t: 'struct';
  readonly go: string;
  readonly fields: Readonly<Record<string, FieldType>>;
}

export type FieldType =
  | StringType | IntType | BoolType | FloatType | IntOrStringType | QuantityType | TimeType
  | RawType | OpenType | MapType | ArrayType | StructType;

export type Fields = Readonly<Record<string, FieldType>>;

export const str: StringType = { t: 'string', go: 'string' };
export const int32: IntType = { t: 'int', go: 'int32' };
export const int64: IntType = { t: 'int', go: 'int64' };
export const bool: BoolType = { t: 'bool', go: 'bool' };
export const float64: FloatType = { t: 'float', go: 'float64' };
export const intOrString: IntOrStringType = { t: 'intOrString', go: 'intstr.IntOrString' };
export const quantity: QuantityType = { t: 'quantity', go: 'resource.Quantity' };
export const time: TimeType = { t: 'time', go: 'v1.Time' };
export const raw: RawType = { t: 'raw', go: 'runtime.RawExtension' };

/** A named string type, e.g. `named('v1.RestartPolicy')`. */
export const named = (go: string): StringType => ({ t: 'string', go });
/** A struct the playground keeps as written, e.g. `open('v1.PodAffinity')`. */
export const open = (go: string): OpenType => ({ t: 'open', go });
export const struct = (go: string, fields: Fields): StructType => ({ t: 'struct', go, fields });
export const arrayOf = (items: FieldType): ArrayType => ({ t: 'array', go: `[]${items.go}`, items });
/** A map with string keys; `go` names a named map type such as `v1.ResourceList`. */
export const mapOf = (values: FieldType, go = `map[string]${values.go}`): MapType => ({ t: 'map', go, values });

/** `map[string]string`, as labels, annotations and nodeSelector are. */
export const stringMap = mapOf(str);
/** `v1.ResourceList`: resource name -> quantity. */
export const resourceList = mapOf(quantity, 'v1.ResourceList');

/** A field whose json tag lacks `omitempty`, e.g. `key: always(str)` for `json:"key"`. */
export function always<T extends FieldType>(type: T): T {
  return { ...type, always: true };
}

/** A struct field tagged `omitzero`, left out at its zero value. */
export function omitzero<T extends FieldType>(type: T): T {
  return { ...type, omitZero: true };
}

/** A pointer field, e.g. `privileged: ptr(bool)` for `*bool`. */
export function ptr<T extends FieldType>(type: T): T {
  return { ...type, pointer: true };
}

/** The fields of an embedded (inlined) Go struct, tagged with its name for error paths. */
export function embed(name: string, fields: Fields): Fields {
  const out: Record<string, FieldType> = {};
  for (const [key, type] of Object.entries(fields)) out[key] = { ...type, via: name };
  return out;
}

/** The Go struct name without its package: `v1.PodSpec` -> `PodSpec`. */
export function structName(go: string): string {
  return go.slice(go.lastIndexOf('.') + 1);
}
