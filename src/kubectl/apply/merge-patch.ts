/**
 * JSON merge patch (RFC 7386), as the API server applies `kubectl patch --type merge` (evanphx
 * `jsonpatch.MergePatch`): objects merge key by key, `null` removes a key, anything else (lists
 * included) replaces the target value.
 */
import { clone, isMap, type Json } from './json.js';

export function mergePatch(target: Json | undefined, patch: Json): Json {
  if (!isMap(patch)) return clone(patch);
  const out = isMap(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}
