import { describe, expect, it } from 'vitest';
import { applyJsonPatch, decodeJsonPatch } from '../../../src/kubectl/apply/json-patch.js';
import { mergePatch } from '../../../src/kubectl/apply/merge-patch.js';
import { goJson } from '../../../src/kubectl/apply/json.js';

const doc = { metadata: { name: 'x', labels: { 'a/b': '1' } }, spec: { containers: [{ name: 'c', image: 'i:1' }] } };

describe('JSON patch (RFC 6902)', () => {
  it('replaces, adds (also at the end with -), removes, moves, copies and tests', () => {
    const ops = decodeJsonPatch([
      { op: 'test', path: '/spec/containers/0/name', value: 'c' },
      { op: 'replace', path: '/spec/containers/0/image', value: 'i:2' },
      { op: 'add', path: '/spec/containers/-', value: { name: 'd' } },
      { op: 'remove', path: '/metadata/labels/a~1b' },
      { op: 'copy', from: '/metadata/name', path: '/metadata/generateName' },
      { op: 'move', from: '/metadata/generateName', path: '/metadata/uid' },
    ]);
    if ('error' in ops) throw new Error(ops.error);
    expect(applyJsonPatch(doc, ops)).toEqual({ metadata: { name: 'x', labels: {}, uid: 'x' }, spec: { containers: [{ name: 'c', image: 'i:2' }, { name: 'd' }] } });
  });

  it('fails on a missing path or a failed test, and leaves the input alone', () => {
    const bad = decodeJsonPatch([{ op: 'replace', path: '/spec/nope/0', value: 1 }]);
    if ('error' in bad) throw new Error(bad.error);
    expect(() => applyJsonPatch(doc, bad)).toThrow(/doc is missing path/);
    const test = decodeJsonPatch([{ op: 'test', path: '/metadata/name', value: 'y' }]);
    if ('error' in test) throw new Error(test.error);
    expect(() => applyJsonPatch(doc, test)).toThrow('testing value /metadata/name failed: test failed');
    expect(doc.spec.containers[0]!.image).toBe('i:1');
  });

  it('decoding wants a list of operations', () => {
    expect(decodeJsonPatch({ op: 'add' })).toEqual({ error: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' });
  });
});

describe('JSON merge patch (RFC 7386)', () => {
  it('merges objects, deletes nulls, replaces lists', () => {
    expect(mergePatch({ a: { b: 1, c: 2 }, l: [1, 2] }, { a: { b: null, d: 3 }, l: [3] })).toEqual({ a: { c: 2, d: 3 }, l: [3] });
  });
});

describe('goJson', () => {
  it('writes Go encoding/json text: sorted keys, HTML characters escaped', () => {
    expect(goJson({ b: 1, a: '<x & y>', c: [true, null] })).toBe('{"a":"\\u003cx \\u0026 y\\u003e","b":1,"c":[true,null]}');
  });
});
