import { describe, expect, test } from 'vitest';
import { asList, sortKeysDeep, toJson, toYaml } from '../../../src/kubectl/print/object-output.js';

describe('-o json / -o yaml serialisation', () => {
  test('keys are sorted at every level, undefined members dropped', () => {
    expect(JSON.stringify(sortKeysDeep({ b: 1, a: { d: [{ z: 1, y: undefined, x: 2 }], c: 3 } }))).toBe('{"a":{"c":3,"d":[{"x":2,"z":1}]},"b":1}');
  });

  test('json: four-space indent, HTML-safe escapes as Go encodes them, trailing newline', () => {
    expect(toJson({ msg: '<none> & more', empty: {}, list: [] })).toBe('{\n    "empty": {},\n    "list": [],\n    "msg": "\\u003cnone\\u003e \\u0026 more"\n}\n');
  });

  test('json: keys that are array indices still come in byte order, as kubectl 1.32 printed them', () => {
    const data = { 10: 'a', 9: 'b', '': 'c', a: 'd', '1a': 'e', 2: '<&>', gone: undefined };
    expect(toJson({ apiVersion: 'v1', data, kind: 'ConfigMap', metadata: { labels: { k: 'v' }, name: 'x' } })).toBe(
      [
        '{',
        '    "apiVersion": "v1",',
        '    "data": {',
        '        "": "c",',
        '        "10": "a",',
        '        "1a": "e",',
        '        "2": "\\u003c\\u0026\\u003e",',
        '        "9": "b",',
        '        "a": "d"',
        '    },',
        '    "kind": "ConfigMap",',
        '    "metadata": {',
        '        "labels": {',
        '            "k": "v"',
        '        },',
        '        "name": "x"',
        '    }',
        '}',
        '',
      ].join('\n'),
    );
  });

  test('yaml: strings that read as other types are double-quoted, plain ones are not', () => {
    expect(toYaml({ a: '123', b: 'true', c: '2026-01-01T00:00:00Z', d: '', e: 'nginx:1.25', f: 'yes', g: '1.5', h: 'null', i: 'plain text' })).toBe(
      'a: "123"\nb: "true"\nc: "2026-01-01T00:00:00Z"\nd: ""\ne: nginx:1.25\nf: "yes"\ng: "1.5"\nh: "null"\ni: plain text\n',
    );
  });

  test('yaml: strings that cannot be plain are single-quoted; multi-line strings are literal blocks', () => {
    expect(toYaml({ a: 'key: value', b: '*', c: '- x', d: 'line one\nline two\n' })).toBe("a: 'key: value'\nb: '*'\nc: '- x'\nd: |\n  line one\n  line two\n");
  });

  test('yaml: sequences sit at their key indentation; empty maps and lists are flow style; null stays null', () => {
    expect(toYaml({ spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }], nodeSelector: {}, tolerations: [] }, status: { lastProbeTime: null } })).toBe(
      'spec:\n  containers:\n  - name: c\n    ports:\n    - containerPort: 80\n  nodeSelector: {}\n  tolerations: []\nstatus:\n  lastProbeTime: null\n',
    );
  });

  test('the List wrapper of printGeneric', () => {
    expect(toYaml(asList([]))).toBe('apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n');
  });
});
