/**
 * `kubectl run --overrides=JSON [--override-type=merge|json|strategic]` (kubectl v1.34
 * `pkg/cmd/util/override_options.go`: `Overrider.Apply`; `cmdutil.Merge`, `JSONPatch`,
 * `StrategicMerge` in `helpers.go`): the generated Pod as JSON, the fragment applied to it, and
 * the result decoded back into a `corev1.Pod`.
 *
 * - merge (the default): a JSON merge patch (RFC 7386, evanphx `MergePatch`): objects merge key
 *   by key, `null` removes, anything else replaces (a list too: a `containers` list replaces the
 *   generated container). A JSON list takes the whole document's place (and then has no kind);
 *   any other text that is not a JSON object is `Invalid JSON Patch`.
 * - json: a JSON patch (RFC 6902) list of operations; Go's own JSON errors for bad text.
 * - strategic: a strategic merge patch with the Pod's merge keys (containers merge by name);
 *   text that is not a JSON object is `invalid JSON document`.
 * The decode then drops fields the Pod does not have and writes the struct back in its Go field
 * order (manifest/go-encode.ts); a value of the wrong type is Go's unmarshal error, as kubectl
 * prints it. Not reproduced: an override that changes `kind` or `apiVersion` (kubectl decodes the
 * other kind and then fails at the server, or cannot decode it); the playground refuses it here
 * with a message naming the field.
 */
import { decodeObject, goEncodeObject } from '../../manifest/index.js';
import { applyJsonPatch, decodeJsonPatch } from '../apply/json-patch.js';
import { isMap, type Json, type JsonMap } from '../apply/json.js';
import { PatchError } from '../apply/list-order.js';
import { mergePatch } from '../apply/merge-patch.js';
import { kindPatchMeta } from '../apply/patch-schema.js';
import { strategicMerge } from '../apply/strategic-merge.js';
import { jsonValueError } from '../../manifest/json-syntax.js';

/** evanphx `errBadJSONPatch`. */
const BAD_MERGE_PATCH = 'error: Invalid JSON Patch';
/** apimachinery `mergepatch.ErrBadJSONDoc`. */
const BAD_STRATEGIC_PATCH = 'error: invalid JSON document';
/** What a top-level JSON array reads as when kubectl looks for its kind (`json.Unmarshal` into `TypeMeta`'s two fields). */
const ARRAY_HAS_NO_KIND =
  'error: couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type ' +
  'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/** `Overrider.Apply`: the Pod with `overrides` applied (unchanged when empty), or kubectl's error (with `error: `). */
export function applyOverrides(pod: JsonMap, overrides: string, type: string): { pod: JsonMap } | { error: string } {
  if (overrides === '') return { pod };
  const patched = patchWith(pod, overrides, type === '' ? 'merge' : type);
  if ('error' in patched) return patched;
  if (!isMap(patched.value)) return { error: ARRAY_HAS_NO_KIND };
  const obj = patched.value;
  if (obj.apiVersion !== 'v1' || obj.kind !== 'Pod') {
    return { error: 'error: --overrides cannot change "apiVersion": "v1" or "kind": "Pod": kubectl run here creates only Pods' };
  }
  const decoded = decodeObject(obj, 'ignore');
  if (decoded.error) return { error: `error: ${decoded.error}` };
  return { pod: goEncodeObject(obj) };
}

/** The patched document, or the error of its patch type. */
function patchWith(pod: JsonMap, text: string, type: string): { value: Json } | { error: string } {
  if (type !== 'merge' && type !== 'json' && type !== 'strategic') return { error: `error: invalid override type: ${type}` };
  const syntax = jsonValueError(text);
  if (syntax !== undefined) return { error: type === 'json' ? `error: ${syntax}` : type === 'merge' ? BAD_MERGE_PATCH : BAD_STRATEGIC_PATCH };
  const fragment = JSON.parse(text) as Json;
  try {
    if (type === 'merge') {
      // MergePatch: an object merges, an array takes the document's place, anything else is refused.
      if (Array.isArray(fragment)) return { value: fragment };
      return isMap(fragment) ? { value: mergePatch(pod, fragment) } : { error: BAD_MERGE_PATCH };
    }
    if (type === 'strategic') {
      // json.Unmarshal of null into the patch map leaves it nil: nothing to merge.
      if (fragment === null) return { value: pod };
      return isMap(fragment) ? { value: strategicMerge(pod, fragment, kindPatchMeta('Pod')) } : { error: BAD_STRATEGIC_PATCH };
    }
    const ops = decodeJsonPatch(fragment);
    return 'error' in ops ? { error: `error: ${ops.error}` } : { value: applyJsonPatch(pod, ops) };
  } catch (e) {
    if (e instanceof PatchError) return { error: `error: ${e.message}` };
    throw e;
  }
}
