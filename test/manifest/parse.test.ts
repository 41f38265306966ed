import { describe, expect, it } from 'vitest';
import { parseManifests } from '../../src/manifest/index.js';

const pod = (name: string): string => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n`;

describe('parseManifests: streams', () => {
  it('reads every document of a --- stream, in order, with its stream index', () => {
    const r = parseManifests(`${pod('a')}---\n${pod('b')}---\n${pod('c')}`, 'f.yaml');
    expect(r.diagnostics).toEqual([]);
    expect(r.docs.map((d) => (d.object['metadata'] as { name: string }).name)).toEqual(['a', 'b', 'c']);
    expect(r.docs.map((d) => d.index)).toEqual([0, 1, 2]);
  });

  it('skips empty, comment-only and null documents as kubectl does', () => {
    const r = parseManifests(`---\n---\n# just a comment\n---\n${pod('a')}---\nnull\n---\n~\n---\n`, 'f.yaml');
    expect(r.diagnostics).toEqual([]);
    expect(r.docs).toHaveLength(1);
    // Documents are counted by their `---` lines: the comment belongs to the second one.
    expect(r.docs[0]!.index).toBe(2);
  });

  it('returns no docs and no diagnostics for empty input', () => {
    expect(parseManifests('', 'f.yaml')).toEqual({ docs: [], diagnostics: [] });
  });

  it('expands kind: List items into separate objects with their own positions', () => {
    const text = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: a}\n- apiVersion: v1\n  kind: Namespace\n  metadata:\n    name: b\n';
    const r = parseManifests(text, 'f.yaml');
    expect(r.diagnostics).toEqual([]);
    expect(r.docs.map((d) => [d.index, d.itemIndex, d.object['kind']])).toEqual([[0, 0, 'Namespace'], [0, 1, 'Namespace']]);
    expect(r.docs[1]!.range.line).toBe(7);
    expect(r.docs[1]!.pathRange('metadata.name')).toMatchObject({ line: 10, column: 5 });
  });

  it('treats DaemonSetList items without apiVersion/kind as DaemonSets under --validate=ignore', () => {
    const text = 'apiVersion: apps/v1\nkind: DaemonSetList\nitems:\n- metadata: {name: a}\n';
    const r = parseManifests(text, 'f.yaml', { validate: 'ignore' });
    expect(r.docs[0]!.object).toMatchObject({ apiVersion: 'apps/v1', kind: 'DaemonSet' });
  });

  it('reads YAML the way kubectl (go-yaml v2, YAML 1.1) does', () => {
    const r = parseManifests(`${pod('a')}spec:\n  hostNetwork: yes\n  t: 2024-01-01T00:00:00Z\n  port: 22:22\n  mode: 0644\n  off: off\n`, 'f.yaml');
    expect(r.docs[0]!.object['spec']).toEqual({ hostNetwork: true, t: '2024-01-01T00:00:00Z', port: '22:22', mode: 420, false: false });
  });

  it('applies << merge keys', () => {
    const r = parseManifests(`${pod('a')}x: &base {cpu: 1, mem: 2}\nspec:\n  <<: *base\n  mem: 3\n`, 'f.yaml');
    expect(r.docs[0]!.object['spec']).toEqual({ cpu: 1, mem: 3 });
  });
});

describe('parseManifests: positions', () => {
  const text = [
    'apiVersion: apps/v1', // 1
    'kind: DaemonSet', // 2
    'metadata:', // 3
    '  name: ds', // 4
    '  labels:', // 5
    '    app.kubernetes.io/name: agent', // 6
    'spec:', // 7
    '  template:', // 8
    '    spec:', // 9
    '      containers:', // 10
    '      - name: a', // 11
    '        image: nginx', // 12
    '      - name: b', // 13
    '        image: busybox:1.36', // 14
    '',
  ].join('\n');
  const doc = parseManifests(text, 'ds.yaml').docs[0]!;

  it('gives the 1-based position of the key at a nested path, inside arrays', () => {
    expect(doc.pathRange('spec.template.spec.containers[1].image')).toEqual({ line: 14, column: 9, endLine: 14, endColumn: 14 });
    expect(doc.pathRange('spec.template.spec.containers[0].name')).toMatchObject({ line: 11, column: 9 });
  });

  it('gives the position of a sequence item and of a value', () => {
    expect(doc.pathRange('spec.template.spec.containers[1]')).toMatchObject({ line: 13, column: 9 });
    expect(doc.valueRange('spec.template.spec.containers[1].image')).toEqual({ line: 14, column: 16, endLine: 14, endColumn: 28 });
  });

  it('finds map keys containing dots, written plain or in brackets', () => {
    expect(doc.pathRange('metadata.labels.app.kubernetes.io/name')).toMatchObject({ line: 6, column: 5 });
    expect(doc.pathRange('metadata.labels[app.kubernetes.io/name]')).toMatchObject({ line: 6, column: 5 });
  });

  it('returns undefined for paths that are not written', () => {
    expect(doc.pathRange('spec.template.spec.containers[2]')).toBeUndefined();
    expect(doc.pathRange('spec.replicas')).toBeUndefined();
    expect(doc.pathRange('metadata.name[0]')).toBeUndefined();
  });

  it('spans the whole object with range', () => {
    expect(doc.range).toMatchObject({ line: 1, column: 1 });
    expect(doc.range.endLine).toBeGreaterThanOrEqual(14);
  });

  it('points at the last of two duplicate keys, whose value the object keeps', () => {
    const d = parseManifests(`${pod('a')}spec:\n  nodeName: one\n  nodeName: two\n`, 'f.yaml').docs[0]!;
    expect((d.object['spec'] as Record<string, unknown>)['nodeName']).toBe('two');
    expect(d.duplicateFields).toEqual(['spec.nodeName']);
    expect(d.pathRange('spec.nodeName')).toMatchObject({ line: 7, column: 3 });
  });
});

describe('parseManifests: syntax errors', () => {
  it("words a syntax error like kubectl, with the yaml line and the problem's position", () => {
    const text = `${pod('a')}spec:\n  containers:\n  - name: c\n    image: nginx: latest\n`;
    const r = parseManifests(text, 'STDIN');
    expect(r.docs).toEqual([]);
    expect(r.diagnostics[0]).toMatchObject({
      severity: 'error',
      message: 'error parsing STDIN: error converting YAML to JSON: yaml: line 8: mapping values are not allowed in this context',
      line: 8,
      docIndex: 0,
    });
  });

  it('reports tabs used as indentation on their line', () => {
    const r = parseManifests('a:\n\tb: 1\n', 'f.yaml');
    expect(r.diagnostics[0]!.message).toBe('error parsing f.yaml: error converting YAML to JSON: yaml: line 2: found character that cannot start any token');
    expect(r.diagnostics[0]!.line).toBe(2);
  });

  it('keeps the library message for other syntax errors, with the right line', () => {
    const r = parseManifests(`${pod('a')}---\nkey: [1, 2\nother: 3\n`, 'f.yaml');
    const d = r.diagnostics[0]!;
    expect(d.message).toMatch(/^error parsing f\.yaml: error converting YAML to JSON: yaml: line \d+: /);
    expect(d.docIndex).toBe(1);
    expect(d.line).toBeGreaterThanOrEqual(6);
  });

  it('keeps the readable documents around a broken one, with their stream index', () => {
    const r = parseManifests(`${pod('a')}---\nb: c: d\n---\n${pod('c')}`, 'f.yaml');
    expect(r.docs.map((d) => d.index)).toEqual([0, 2]);
    expect(r.diagnostics.map((d) => d.docIndex)).toEqual([1]);
  });
});

describe('parseManifests: apiVersion and kind', () => {
  const tail = '; if you choose to ignore these errors, turn validation off with --validate=false';

  it('reports both missing, as kubectl validation does', () => {
    const r = parseManifests('metadata:\n  name: x\n', 'pod.yaml');
    expect(r.diagnostics).toEqual([{
      severity: 'error',
      message: `error validating "pod.yaml": error validating data: [apiVersion not set, kind not set]${tail}`,
      line: 1,
      column: 1,
      docIndex: 0,
    }]);
  });

  it('reports one missing field without brackets, and non-strings', () => {
    expect(parseManifests('kind: Pod\n', 'p.yaml').diagnostics[0]!.message)
      .toBe(`error validating "p.yaml": error validating data: apiVersion not set${tail}`);
    expect(parseManifests('apiVersion: v1\nkind: 3\n', 'p.yaml').diagnostics[0]!.message)
      .toBe(`error validating "p.yaml": error validating data: kind isn't string type${tail}`);
  });

  it('positions the complaint at the document it is about', () => {
    const r = parseManifests(`${pod('a')}---\n# comment\nmetadata: {}\n`, 'p.yaml');
    expect(r.diagnostics[0]).toMatchObject({ line: 7, column: 1, docIndex: 1 });
  });

  it('uses the decoder message under --validate=ignore', () => {
    const r = parseManifests('apiVersion: v1\nmetadata:\n  name: x\n', 'p.yaml', { validate: 'ignore' });
    expect(r.diagnostics[0]!.message).toBe(`unable to decode "p.yaml": Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"x"}}'`);
  });

  it('checks the items of a v1 List and reports their complaints together', () => {
    const r = parseManifests('apiVersion: v1\nkind: List\nitems:\n- metadata: {name: a}\n- kind: Pod\n', 'l.yaml');
    expect(r.docs).toEqual([]);
    expect(r.diagnostics[0]!.message).toBe(`error validating "l.yaml": error validating data: [apiVersion not set, kind not set]${tail}`);
  });

  it('rejects a top level that is not a mapping, with its line', () => {
    const r = parseManifests(`${pod('a')}---\n- a\n- b\n`, 'f.yaml');
    expect(r.diagnostics[0]).toMatchObject({ line: 6, column: 1, docIndex: 1 });
    expect(r.diagnostics[0]!.message).toBe(`error validating "f.yaml": error validating data: invalid object to validate${tail}`);
    expect(parseManifests('just text\n', 'f.yaml', { validate: 'ignore' }).diagnostics[0]!.message)
      .toBe('unable to decode "f.yaml": json: cannot unmarshal string into Go value of type map[string]interface {}');
  });
});
