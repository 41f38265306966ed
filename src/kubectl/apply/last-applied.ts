/**
 * The `kubectl.kubernetes.io/last-applied-configuration` annotation (kubectl `pkg/util/apply.go`:
 * `GetModifiedConfiguration`, `GetOriginalConfiguration`, `CreateApplyAnnotation`).
 *
 * The annotation holds the manifest as applied, serialized as Go's JSON encoder writes it (keys
 * sorted, newline at the end), with the annotation itself left out but an `annotations` map
 * always present (`"annotations":{}` when the manifest had none). Unknown fields the server
 * dropped stay in it, as they do upstream.
 */
import { goJson, goJsonInOrder, isMap, type JsonMap } from './json.js';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

function annotationsOf(obj: JsonMap): Record<string, string> {
  const meta = isMap(obj.metadata) ? obj.metadata : {};
  return isMap(meta.annotations) ? ({ ...meta.annotations } as Record<string, string>) : {};
}

function withAnnotations(obj: JsonMap, annotations: Record<string, string>): JsonMap {
  const meta = isMap(obj.metadata) ? obj.metadata : {};
  return { ...obj, metadata: { ...meta, annotations } };
}

/**
 * `GetModifiedConfiguration(obj, annotate)`: the object to send and the annotation's text. With
 * `annotate` (apply) the object carries the annotation; without it (diff's would-be object) the
 * annotation is left out, so the patch keeps the live one as it is.
 */
export function modifiedConfiguration(obj: JsonMap, annotate = true): { modified: JsonMap; annotation: string } {
  const annotations = annotationsOf(obj);
  delete annotations[LAST_APPLIED];
  const bare = withAnnotations(obj, annotations);
  const annotation = `${goJson(bare)}\n`;
  return { modified: annotate ? withAnnotations(obj, { ...annotations, [LAST_APPLIED]: annotation }) : bare, annotation };
}

/** `GetOriginalConfiguration`: the last applied object, or undefined when there is none. */
export function originalConfiguration(current: JsonMap): JsonMap | undefined {
  const text = annotationsOf(current)[LAST_APPLIED];
  if (!text) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return isMap(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the live object carries the annotation (else apply warns before patching). */
export function hasLastApplied(current: JsonMap): boolean {
  return LAST_APPLIED in annotationsOf(current);
}

/**
 * `util.CreateOrUpdateAnnotation(create, obj)`, as `create` and `replace` call it on the object
 * read from the manifest: with `--save-config` the annotation is (re)written from the manifest;
 * without it, an annotation the manifest already carries (non-empty) is rewritten the same way,
 * and a manifest without one is sent as it is.
 */
export function createOrUpdateAnnotation(obj: JsonMap, create: boolean): JsonMap {
  if (!create && !annotationsOf(obj)[LAST_APPLIED]) return obj;
  return modifiedConfiguration(obj).modified;
}

/**
 * `util.CreateOrUpdateAnnotation(true, obj)` on a typed object a generator built (`create
 * namespace`, `create deployment`, `run`), its fields in Go order and its maps sorted: the
 * annotation is the object's Go JSON in field order without the annotation itself, where an
 * emptied annotations map is left out (`omitempty` on the struct field, unlike the unstructured
 * `"annotations":{}`); the object's other annotations stay. Annotations follow the labels.
 */
export function withTypedLastApplied<T extends { readonly metadata: object }>(obj: T): T {
  const { [LAST_APPLIED]: _replaced, ...others } = (obj.metadata as { readonly annotations?: Record<string, string> }).annotations ?? {};
  const bare = { ...obj, metadata: { ...obj.metadata, annotations: Object.keys(others).length > 0 ? others : undefined } };
  const annotation = `${goJsonInOrder(bare)}\n`;
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...others, [LAST_APPLIED]: annotation } } };
}
