/**
 * Field errors with the exact text of apimachinery `field.Error.Error()`
 * (`k8s.io/apimachinery/pkg/util/validation/field/errors.go`): `<path>: <type>[: <value>][: <detail>]`.
 *
 * Why: kubectl prints these strings verbatim (`The DaemonSet "x" is invalid: spec.selector: ...`),
 * and learners compare them with what a real cluster says. Bad values arrive here already rendered
 * the way Go's `ErrorBody` would print them (see govalue.ts), because only the caller knows the Go
 * type upstream passes (a string is `%q`, an int32 bare, a struct `%#v`).
 *
 * Paths are the dotted strings `field.Path.String()` produces: `spec.containers[0].image`,
 * `metadata.labels`, `spec.nodeSelector[app]`.
 */
import type { FieldError } from '../errors.js';
import { goQuote } from '../../api/goquote.js';

export type { FieldError };

function make(field: string, body: string, detail?: string): FieldError {
  return { field, message: `${field}: ${body}${detail ? `: ${detail}` : ''}` };
}

/** `field.Required(path, detail)`: `path: Required value[: detail]`. */
export function required(path: string, detail?: string): FieldError {
  return make(path, 'Required value', detail);
}

/**
 * `field.Invalid(path, value, detail)`: `path: Invalid value: <value>: detail`. `value` is the
 * Go rendering (see `goValue` for strings and numbers, govalue.ts for structs and maps).
 */
export function invalid(path: string, value: string, detail: string): FieldError {
  return make(path, `Invalid value: ${value}`, detail);
}

/**
 * `field.NotSupported(path, value, supported)`:
 * `path: Unsupported value: <value>: supported values: "a", "b"`.
 */
export function unsupported(path: string, value: string, supported: readonly string[]): FieldError {
  const list = supported.map((s) => goQuote(s)).join(', ');
  return make(path, `Unsupported value: ${value}`, supported.length > 0 ? `supported values: ${list}` : undefined);
}

/** `field.Forbidden(path, detail)`: `path: Forbidden: detail`. */
export function forbidden(path: string, detail: string): FieldError {
  return make(path, 'Forbidden', detail);
}

/** `field.Duplicate(path, value)`: `path: Duplicate value: <value>[: detail]`. */
export function duplicate(path: string, value: string, detail?: string): FieldError {
  return make(path, `Duplicate value: ${value}`, detail);
}

/** `field.NotFound(path, value)`: `path: Not found: <value>`. */
export function notFound(path: string, value: string): FieldError {
  return make(path, `Not found: ${value}`);
}

/** `field.TooLong(path, value, max)`: the value is never printed, `path: Too long: may not be more than N bytes`. */
export function tooLong(path: string, max: number): FieldError {
  return make(path, 'Too long', `may not be more than ${max} bytes`);
}

/**
 * Go's rendering of a simple bad value in `ErrorBody`: strings (and named string types) quoted
 * with `%q`, integers and booleans bare, nil as `"null"` (upstream substitutes the string
 * "null" and then quotes it).
 */
export function goValue(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '"null"';
  if (typeof v === 'string') return goQuote(v);
  return String(v);
}

/** `field.Path.Index(i)`. */
export function index(path: string, i: number): string {
  return `${path}[${i}]`;
}

/** `field.Path.Key(k)`: `path[k]`, the key unquoted as upstream prints it. */
export function key(path: string, k: string): string {
  return `${path}[${k}]`;
}

/**
 * `field.Path.Child(...)`: dotted, skipping empty parts. Validation builds a path for every
 * field it visits, errors or not (a pod's create builds dozens), so the names are fixed
 * parameters rather than a rest array, which would be a new array on every call.
 */
export function child(path: string, name: string, name2?: string, name3?: string): string {
  if (name2 !== undefined) return child(child(child(path, name), name2), name3 ?? '');
  if (name.length === 0) return path;
  return path.length === 0 ? name : `${path}.${name}`;
}

/** `ValidateNonnegativeField`: `must be greater than or equal to 0`. */
export function nonNegative(value: number | undefined, path: string): FieldError[] {
  return value !== undefined && value < 0 ? [invalid(path, goValue(value), IS_NEGATIVE)] : [];
}

/** apimachinery `IsNegativeErrorMsg`. */
export const IS_NEGATIVE = 'must be greater than or equal to 0';

/** apimachinery `FieldImmutableErrorMsg`. */
export const FIELD_IMMUTABLE = 'field is immutable';

/**
 * `errs` with `more` appended, for a list the caller made and owns (the lists a memo hands out
 * are shared, and never written): `[...errs, ...more]` without a third list, on the writes a big
 * cluster makes by the thousand (every node's taint and status writes validate it).
 */
export function appendErrors(errs: FieldError[], more: readonly FieldError[]): FieldError[] {
  for (let i = 0; i < more.length; i++) errs.push(more[i]!);
  return errs;
}
