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

/**
 * A deep copy with every object's keys sorted and `undefined` members dropped. Keys that are array
 * indices ("0", "10") stay first, in numeric order, as JavaScript objects list them; `found`, when
 * given, learns whether there were any.
 */
export function sortKeysDeep(x: unknown, found?: { indexKey: boolean }): unknown {
  if (Array.isArray(x)) return x.map((v) => sortKeysDeep(v, found));
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x).sort(byteOrder)) {
      const v = (x as Record<string, unknown>)[k];
      if (found && !found.indexKey && isArrayIndex(k)) found.indexKey = true;
      if (v !== undefined) out[k] = sortKeysDeep(v, found);
    }
    return out;
  }
  return x;
}

/** A key JavaScript lists among an object's array indices: a canonical integer below 2^32 - 1. */
function isArrayIndex(k: string): boolean {
  const c = k.charCodeAt(0);
  return c >= 48 && c <= 57 && /^(?:0|[1-9][0-9]{0,9})$/.test(k) && Number(k) < 4294967295;
}

/** `printGeneric`'s list: `{apiVersion: v1, items, kind: List, metadata: {resourceVersion: ""}}`. */
export function asList(items: readonly unknown[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: [...items], kind: 'List', metadata: { resourceVersion: '' } };
}

/**
 * `-o json`: `json.MarshalIndent(obj, "", "    ")` of kubectl's map-based object, whose keys
 * encoding/json writes in byte order at every level. A sorted copy through JSON.stringify, which
 * is native and fast, unless some key is an array index ("0", "10", "9"): a JavaScript object
 * lists those first and in numeric order, so such a document is written key by key.
 */
export function toJson(obj: unknown): string {
  const found = { indexKey: false };
  const sorted = sortKeysDeep(obj, found);
  return found.indexKey ? `${htmlSafe(sortedJson(obj, '\n'))}\n` : toJsonInOrder(sorted);
}

/** `v` as MarshalIndent writes it, keys sorted by bytes, `newline` being the line break and indentation its lines start with. */
function sortedJson(v: unknown, newline: string): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return sortedJson((v as { toJSON(): unknown }).toJSON(), newline);
  const inner = `${newline}    `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      out += `${i === 0 ? '' : ','}${inner}${item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : sortedJson(item, inner)}`;
    }
    return `${out}${newline}]`;
  }
  const rec = v as Record<string, unknown>;
  let out = '';
  for (const k of Object.keys(rec).sort(byteOrder)) {
    const x = rec[k];
    if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
    out += `${out === '' ? '{' : ','}${inner}${JSON.stringify(k)}: ${sortedJson(x, inner)}`;
  }
  return out === '' ? '{}' : `${out}${newline}}`;
}

/** Go's HTML-safe escapes, which encoding/json writes and JSON.stringify does not. */
export function htmlSafe(text: string): string {
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `json.MarshalIndent(obj, "", "    ")` keeping the key order `obj` already has: the JSON printer
 * over a typed Go object (struct fields in declaration order), e.g. `kubectl events -o json`.
 */
export function toJsonInOrder(obj: unknown): string {
  return `${htmlSafe(JSON.stringify(obj, null, 4) ?? 'null')}\n`;
}

/** `-o yaml` (yaml-emit.ts). */
export function toYaml(obj: unknown): string {
  return emitYaml(obj);
}
