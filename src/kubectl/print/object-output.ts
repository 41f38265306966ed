/**
 * `-o json` and `-o yaml`: cli-runtime's `JSONPrinter` and `YAMLPrinter` over the unstructured
 * object kubectl decodes, and `kubectl get`'s `printGeneric`, which wraps anything but one named
 * object in a `List`.
 *
 * Why keys are sorted: kubectl prints `map[string]interface{}` content, and Go marshals maps with
 * sorted keys, so every level of real `kubectl get -o json|yaml` output is in key order
 * (apiVersion, kind, metadata, spec, status happen to be sorted too).
 * JSON: `json.MarshalIndent(obj, "", "    ")` with Go's HTML-safe escapes.
 * YAML: `sigs.k8s.io/yaml`, go-yaml v2's emitter (yaml-emit.ts), which sorts keys its own way.
 */
import { byteOrder } from './go-format.js';
import { emitYaml } from './yaml-emit.js';

/** A deep copy with every object's keys sorted and `undefined` members dropped. */
export function sortKeysDeep(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(sortKeysDeep);
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x).sort(byteOrder)) {
      const v = (x as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeysDeep(v);
    }
    return out;
  }
  return x;
}

/** `printGeneric`'s list: `{apiVersion: v1, items, kind: List, metadata: {resourceVersion: ""}}`. */
export function asList(items: readonly unknown[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: [...items], kind: 'List', metadata: { resourceVersion: '' } };
}

/** `-o json`. */
export function toJson(obj: unknown): string {
  return toJsonInOrder(sortKeysDeep(obj));
}

/**
 * `json.MarshalIndent(obj, "", "    ")` keeping the key order `obj` already has: the JSON printer
 * over a typed Go object (struct fields in declaration order), e.g. `kubectl events -o json`.
 */
export function toJsonInOrder(obj: unknown): string {
  const text = JSON.stringify(obj, null, 4) ?? 'null';
  return `${text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

/** `-o yaml` (yaml-emit.ts). */
export function toYaml(obj: unknown): string {
  return emitYaml(obj);
}
