/** Which field of which kind a place in a manifest belongs to (the editor's hover asks). */
import { describe, expect, it } from 'vitest';
import { fieldPathAt } from '../../src/manifest/path-at.js';

const DS = `# a comment
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
  template:
    spec:
      containers:
      - name: agent
        image: agent:1.0
        ports: [{containerPort: 80}]
`;

/** The place `n` characters into the `nth` occurrence of `word`. */
const at = (text: string, word: string, n = 0, nth = 0): number => {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(word, i + 1);
  if (i < 0) throw new Error(`no ${word}`);
  return i + n;
};

describe('fieldPathAt', () => {
  it('names the kind and the path of the key under the place, with the key offsets', () => {
    const offset = at(DS, 'maxSurge', 3);
    expect(fieldPathAt(DS, offset)).toEqual({ kind: 'DaemonSet', path: ['spec', 'updateStrategy', 'rollingUpdate', 'maxSurge'], start: at(DS, 'maxSurge'), end: at(DS, 'maxSurge') + 'maxSurge'.length });
  });

  it('gives a scalar value the path of its key, and steps through list items', () => {
    expect(fieldPathAt(DS, at(DS, 'RollingUpdate', 2))?.path).toEqual(['spec', 'updateStrategy', 'type']);
    expect(fieldPathAt(DS, at(DS, 'agent:1.0', 1))?.path).toEqual(['spec', 'template', 'spec', 'containers', 'image']);
    expect(fieldPathAt(DS, at(DS, 'name: agent', 1, 1))?.path).toEqual(['spec', 'template', 'spec', 'containers', 'name']);
    expect(fieldPathAt(DS, at(DS, 'containerPort', 4))?.path).toEqual(['spec', 'template', 'spec', 'containers', 'ports', 'containerPort']);
  });

  it('names top-level keys, and nothing on a comment or past the document', () => {
    expect(fieldPathAt(DS, at(DS, 'kind'))).toMatchObject({ kind: 'DaemonSet', path: ['kind'] });
    expect(fieldPathAt(DS, at(DS, 'a comment'))).toBeUndefined();
    expect(fieldPathAt(DS, DS.length + 5)).toBeUndefined();
  });

  it('finds the document the place is in, and the kind of each item of a List', () => {
    const text = `kind: Node\nmetadata:\n  name: n1\n---\nkind: List\nitems:\n- kind: Pod\n  spec:\n    nodeName: n1\n`;
    expect(fieldPathAt(text, at(text, 'name'))).toMatchObject({ kind: 'Node', path: ['metadata', 'name'] });
    expect(fieldPathAt(text, at(text, 'nodeName'))).toMatchObject({ kind: 'Pod', path: ['spec', 'nodeName'] });
  });

  it('has no kind where none is written, and no path in text too deep to read', () => {
    expect(fieldPathAt('metadata:\n  name: x\n', 13)).toEqual({ path: ['metadata', 'name'], start: 12, end: 16 });
    const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
    expect(fieldPathAt(deep, 5)).toBeUndefined();
  });
});
