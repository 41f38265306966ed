/**
 * The patch text, and kubectl patch's own patching of an object without the API server: what
 * `RunPatch` does under `--local` and `--dry-run=client` (kubectl `pkg/cmd/patch/patch.go`:
 * `getPatchedJSON`, then `runtime.Decode` with the unstructured JSON scheme). The object is never
 * decoded into its Go type, so nothing is defaulted, dropped or checked: unknown fields stay,
 * a value of the wrong type stays, and the result is printed as the patch left it.
 *
 * - strategic: the kind must be one kubectl has a Go type for (the patch strategies come from its
 *   struct tags); here that is a kind the playground serves, every other kind is treated as kubectl
 *   treats a custom resource (`strategic merge patch is not supported for ... locally, try --type
 *   merge`). A patch that is not a JSON object is `invalid JSON document`; `null` changes nothing.
 * - merge: evanphx `MergePatch`: anything but an object or a list is `Invalid JSON Patch`; a list
 *   replaces the whole document (which then is no object).
 * - json: evanphx `DecodePatch` and `Apply`; `null` is an empty list of operations. kubectl rewords
 *   the library's `replace` of a missing list index as `Object to be patched is missing field (...)`.
 * Afterwards the result must name a kind (`Object 'Kind' is missing in '<the JSON>'`).
 */
import { parse as parseYaml } from 'yaml';
import { schemaFor } from '../../manifest/index.js';
import { chunkSyntaxError } from '../../manifest/goyaml/index.js';
import { goQuote } from '../../sim/api/goquote.js';
import { applyJsonPatch, decodeJsonPatch } from '../apply/json-patch.js';
import { clone, goJson, isMap, type Json, type JsonMap } from '../apply/json.js';
import { PatchError } from '../apply/list-order.js';
import { mergePatch } from '../apply/merge-patch.js';
import { kindPatchMeta } from '../apply/patch-schema.js';
import { strategicMerge } from '../apply/strategic-merge.js';
import { jsonValueError } from '../../manifest/json-syntax.js';

export type PatchType = 'strategic' | 'merge' | 'json';

/** The patch after `yaml.ToJSON`: its value, or text that starts like JSON and is not (kubectl passes it on unparsed). */
export type PatchBody = { readonly value: Json } | { readonly syntaxError: string };

/**
 * `yaml.ToJSON` of the patch text, which RunPatch calls before it reads any object. Text starting
 * with `{` (after blanks) is JSON and passed on as it is, so invalid JSON fails where the patch is
 * applied, for each object; other text is YAML (go-yaml's errors stop the command, quoting the
 * `-p` text: `""` for a `--patch-file`). `passInvalidJson` is false for the API server path,
 * which reads invalid JSON as YAML, as it did before client-side patching was modelled (the
 * server's own answer to such a body is not modelled).
 */
export function parsePatch(text: string, patchFlag: string, passInvalidJson: boolean): { body: PatchBody } | { error: string } {
  const jsonLike = text.trimStart().startsWith('{');
  if (jsonLike) {
    const syntaxError = jsonValueError(text);
    if (syntaxError === undefined) return { body: { value: JSON.parse(text) as Json } };
    if (passInvalidJson) return { body: { syntaxError } };
  }
  const unparsable = (reason: string) => ({ error: `error: unable to parse ${goQuote(patchFlag)}: ${reason}` });
  const bad = chunkSyntaxError(text);
  if (bad) return unparsable(bad.message);
  try {
    return { body: { value: (parseYaml(text, { version: '1.1', uniqueKeys: false }) ?? null) as Json } };
  } catch (e) {
    // go-yaml accepted what the yaml package refuses: its first line says why.
    return unparsable(`yaml: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

/** `schema.GroupVersionKind.String()` of an object: `example.com/v1, Kind=Widget`, `/v1, Kind=ConfigMap`. */
function gvkString(obj: JsonMap): string {
  const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
  const kind = typeof obj['kind'] === 'string' ? obj['kind'] : '';
  const parts = apiVersion === '' ? [] : apiVersion.split('/');
  if (parts.length > 2) return `/, Kind=${kind}`;
  const [group, version] = parts.length === 2 ? parts : ['', parts[0] ?? ''];
  return `${group}/${version}, Kind=${kind}`;
}

/** `getPatchedJSON`: the patched document, or the patch library's error. */
function patchedDocument(current: JsonMap, type: PatchType, patch: PatchBody): { doc: Json } | { error: string } {
  try {
    if (type === 'json') {
      if ('syntaxError' in patch) return { error: patch.syntaxError };
      const ops = decodeJsonPatch(patch.value);
      if ('error' in ops) return ops;
      try {
        return { doc: applyJsonPatch(current, ops) };
      } catch (e) {
        // kubectl rewords the library's `replace` of a missing list index, cutting the text after the first `key:`.
        if (e instanceof PatchError && e.message.includes('doc is missing key')) {
          return { error: `Object to be patched is missing field (${e.message.slice(e.message.indexOf('key:') + 5)})` };
        }
        throw e;
      }
    }
    if (type === 'merge') {
      if ('syntaxError' in patch || !(isMap(patch.value) || Array.isArray(patch.value))) return { error: 'Invalid JSON Patch' };
      return { doc: Array.isArray(patch.value) ? clone(patch.value) : mergePatch(current, patch.value) };
    }
    // The Go type is looked up before the patch is read.
    const schema = schemaFor(current['apiVersion'], current['kind']);
    if (!schema) return { error: `strategic merge patch is not supported for ${gvkString(current)} locally, try --type merge` };
    if ('syntaxError' in patch || (patch.value !== null && !isMap(patch.value))) return { error: 'invalid JSON document' };
    return { doc: patch.value === null ? current : strategicMerge(current, patch.value, kindPatchMeta(schema.kind)) };
  } catch (e) {
    if (e instanceof PatchError) return { error: e.message };
    throw e;
  }
}

/**
 * The object `patch` makes of `current` without the API server, decoded as kubectl's unstructured
 * scheme decodes it, or the error (without `error: `).
 */
export function patchLocally(current: JsonMap, type: PatchType, patch: PatchBody): { obj: JsonMap } | { error: string } {
  const patched = patchedDocument(current, type, patch);
  if ('error' in patched) return patched;
  const doc = patched.doc;
  // Only a merge patch that is a list leaves something other than an object.
  if (!isMap(doc)) return { error: 'json: cannot unmarshal array into Go value of type unstructured.detector' };
  const kind = doc['kind'];
  if (typeof kind !== 'string' || kind === '') return { error: `Object 'Kind' is missing in '${goJson(doc)}'` };
  return { obj: doc };
}
