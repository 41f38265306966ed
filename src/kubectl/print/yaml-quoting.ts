/**
 * Which strings `-o yaml` double-quotes: go-yaml v2 (sigs.k8s.io/yaml) quotes a string that would
 * read back as another type (`"123"`, `"true"`, a timestamp), and kubectl's output keeps those
 * quotes. Shared by the direct writer (yaml-emit.ts) and the yaml library's (object-output.ts).
 */
import YAML from 'yaml';

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
  return parsesAsOtherType(s);
}

/** `readsAsOtherType` the slow way, for any string: what a YAML 1.1 parse of it as a document makes of it. */
export function parsesAsOtherType(s: string): boolean {
  if (s.includes('\n')) return false;
  try {
    const v: unknown = YAML.parse(s, { version: '1.1', logLevel: 'error' });
    return v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v instanceof Date;
  } catch {
    return false;
  }
}
