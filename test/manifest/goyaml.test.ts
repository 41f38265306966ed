import { describe, expect, it } from 'vitest';
import { chunkSyntaxError, kubectlChunks, kubectlStreamError } from '../../src/manifest/goyaml/index.js';
import { parseManifests } from '../../src/manifest/index.js';

// Every expected message below is what kubectl 1.33 (sigs.k8s.io/yaml, go-yaml v2) printed for
// the same input: `error: error parsing STDIN: error converting YAML to JSON: <message>`.
const CASES: [string, string, string | undefined][] = [
  ["anchor-bad", "a: &\n", "yaml: did not find expected alphabetic or numeric character"],
  ["bad-directive", "%FOO\n---\na: 1\n", "yaml: found unknown directive name"],
  ["block-entries", "a: b\n- c\n", "yaml: line 1: did not find expected key"],
  ["block-scalar-0", "a: |0\n  x\n", "yaml: found an indentation indicator equal to 0"],
  ["block-scalar-tab", "a: |\n  x\n\ty\n", "yaml: line 3: found a tab character where an indentation space is expected"],
  ["bom", "\ufeffa: 1\n b: 2\n", "yaml: line 2: mapping values are not allowed in this context"],
  ["comment-only", "# nothing\n", undefined],
  ["crlf", "a: 1\r\nb: \"x\r\n", "yaml: line 3: found unexpected end of stream"],
  ["directive", "%YAML 1.1\n---\na: 1\n", "yaml: line 1: did not find expected <document start>"],
  ["doc-indicator-in-quote", "a: \"x\n---\n\"\n", "yaml: line 2: found unexpected end of stream"],
  ["dup-directive", "%YAML 1.1\n%YAML 1.1\n---\na: 1\n", "yaml: line 1: found duplicate %YAML directive"],
  ["flow-colon", "a: {b:c}\n", undefined],
  ["flow-map", "a: {b: c\nd: e\n", "yaml: line 1: did not find expected ',' or '}'"],
  ["flow-seq", "a: [1, 2\nb: 3\n", "yaml: line 1: did not find expected ',' or ']'"],
  ["key-indent", "a: 1\n b: 2\n", "yaml: line 2: mapping values are not allowed in this context"],
  ["mapping-values", "a:\n  b: c\n   d: e\n", "yaml: line 3: mapping values are not allowed in this context"],
  ["no-trailing-nl", "a: \"x", "yaml: line 2: found unexpected end of stream"],
  ["plain-hash", "a: b#c\nd: [e #f\n]\n", undefined],
  ["question-key", "? a\n: b\n- c\n", "yaml: line 2: did not find expected key"],
  ["seq-indicator", "a:\n  - x\n - y\n", "yaml: line 2: did not find expected key"],
  ["simple-key", "a:\n  b\n  c: d\n", "yaml: line 3: mapping values are not allowed in this context"],
  ["tab-line3", "a: 1\nb:\n\tc: 2\n", "yaml: line 3: found character that cannot start any token"],
  ["tab-start", "\tkey: x\n", "yaml: found character that cannot start any token"],
  ["unclosed-dq", "a: \"x\nb: 2\n", "yaml: line 3: found unexpected end of stream"],
  ["unclosed-sq", "a: 'x\n", "yaml: line 2: found unexpected end of stream"],
  ["undef-tag", "a: !e!x b\n", "yaml: found undefined tag handle"],
  ["unknown-alias", "a: 1\nb: *nope\n", "yaml: unknown anchor 'nope' referenced"],
  ["unknown-escape", "a: \"\\q\"\n", "yaml: found unknown escape character"],
];

describe('go-yaml v2 syntax errors, as kubectl prints them', () => {
  for (const [name, text, message] of CASES) {
    it(name, () => {
      expect(kubectlStreamError(text)?.message.replace('error converting YAML to JSON: ', '')).toBe(message);
    });
  }
});

describe('chunkSyntaxError', () => {
  it('reads one chunk as yaml.Unmarshal does, the first document only', () => {
    expect(chunkSyntaxError('a: 1\n')).toBeUndefined();
    expect(chunkSyntaxError('a: 1\n---\nb: [\n')).toBeUndefined();
    expect(chunkSyntaxError('a: "\u0001"\n')?.message).toBe('yaml: control characters are not allowed');
  });
});

describe('kubectl YAMLReader chunks', () => {
  it('cuts at lines beginning with ---, keeps a leading separator, ends every line with a newline', () => {
    const r = kubectlChunks('---\na: 1\n---\nb: 2\r\n--- # c\nc: 3');
    expect(r.chunks.map((c) => c.text)).toEqual(['---\na: 1\n', 'b: 2\n', 'c: 3\n']);
    expect(r.separatorError).toBeUndefined();
  });

  it('refuses a separator followed by anything but a comment', () => {
    expect(kubectlChunks('a: 1\n--- x\nb: 2\n').separatorError?.message).toBe('invalid Yaml document separator: x');
    expect(kubectlChunks('a: 1\n----\nb: 2\n').separatorError?.message).toBe('invalid Yaml document separator: -');
  });

  it('numbers lines from the failing chunk and points the editor at the offending token', () => {
    const text = 'a: 1\n---\nb:\n  c: d\n   e: f\n';
    expect(kubectlStreamError(text)).toEqual({
      message: 'error converting YAML to JSON: yaml: line 3: mapping values are not allowed in this context',
      offset: text.indexOf(': f'),
      after: text.indexOf('---'),
    });
  });
});

describe('parseManifests uses go-yaml for syntax', () => {
  it('reports go-yaml\'s words and chunk line, and keeps the documents before the chunk first', () => {
    const r = parseManifests('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: "b\n', 'f.yaml');
    expect(r.diagnostics).toEqual([
      { severity: 'error', message: 'error parsing f.yaml: error converting YAML to JSON: yaml: line 5: found unexpected end of stream', line: 10, column: 1, docIndex: 1 },
    ]);
    expect(r.docs.map((d) => d.index)).toEqual([0]);
  });
});
