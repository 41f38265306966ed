/**
 * `-o json` and `-o yaml`: cli-runtime's `JSONPrinter` and `YAMLPrinter` over the unstructured
 * object kubectl decodes, and `kubectl get`'s `printGeneric`, which wraps anything but one named
 * object in a `List`.
 *
 * Why keys are sorted: kubectl prints `map[string]interface{}` content, and Go marshals maps with
 * sorted keys, so every level of real `kubectl get -o json|yaml` output is in key order
 * (apiVersion, kind, metadata, spec, status happen to be sorted too).
 * JSON: `json.MarshalIndent(obj, "", "    ")` with Go's HTML-safe escapes.
 * YAML: `sigs.k8s.io/yaml` (go-yaml v2): sequences not indented under their key, strings that
 * would read back as another type ("123", "true", timestamps) double-quoted, strings that cannot
 * be plain single-quoted, multi-line strings as literal blocks, no line folding.
 */
import YAML, { isScalar, Scalar } from 'yaml';
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

/**
 * The YAML 1.1 schema's tests of a plain scalar that resolves to something other than a string
 * (null, bool, int, float, timestamp), from the yaml library's own schema: its parser resolves a
 * plain scalar by the first default tag whose test matches.
 */
const OTHER_TYPE_TESTS: readonly RegExp[] = new YAML.Document(null, { version: '1.1' }).schema.tags.flatMap((t) =>
  t.default === true && 'test' in t && t.test ? [t.test] : [],
);

/**
 * One line of printable ASCII with a letter, digit, `_` or `/` first (no indicator), no ` #` (no
 * comment) and no space last (nothing trimmed): the parser reads it as a mapping when it holds
 * `: ` or ends in `:`, and otherwise as one plain scalar of exactly its text. Nearly every string
 * of an object is such (names, labels, uids, addresses, timestamps, images, messages).
 */
const ONE_SCALAR_OR_MAPPING = /^[A-Za-z0-9_/][ -~]*$/;

/**
 * Would go-yaml read this plain string back as something other than a string? A string
 * `ONE_SCALAR_OR_MAPPING` covers is answered by the schema's tests (a mapping is no scalar);
 * any other is parsed. A parse per string was most of what printing a fleet cost.
 */
export function readsAsOtherType(s: string): boolean {
  if (ONE_SCALAR_OR_MAPPING.test(s) && !s.includes(' #') && !s.endsWith(' ')) {
    if (s.includes(': ') || s.endsWith(':')) return false;
    return OTHER_TYPE_TESTS.some((t) => t.test(s));
  }
  if (s.includes('\n')) return false;
  try {
    const v: unknown = YAML.parse(s, { version: '1.1', logLevel: 'error' });
    return v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v instanceof Date;
  } catch {
    return false;
  }
}

/** `-o yaml`: written directly (yaml-emit.ts) unless the document holds what only the library writes. */
export function toYaml(obj: unknown): string {
  const sorted = sortKeysDeep(obj);
  return emitYaml(sorted, readsAsOtherType) ?? libraryYaml(sorted);
}

/** `-o yaml` of `doc` (keys already sorted) by the yaml library's Document. */
export function libraryYaml(doc: unknown): string {
  const d = new YAML.Document(doc, { version: '1.1' });
  YAML.visit(d, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === 'string' && readsAsOtherType(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return d.toString({ indentSeq: false, lineWidth: 0, minContentWidth: 0, singleQuote: true });
}
