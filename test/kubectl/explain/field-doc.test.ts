/** The lookup the editor's hover shares with kubectl explain. */
import { describe, expect, it } from 'vitest';
import { nodeFieldDocs } from '../../../src/cli/field-docs.js';
import { fieldDoc } from '../../../src/kubectl/explain/field-doc.js';

const docs = nodeFieldDocs();

describe('fieldDoc', () => {
  it('describes a field: its type, enum, requiredness and the upstream words', () => {
    expect(fieldDoc(docs, 'DaemonSet', ['spec', 'updateStrategy', 'type'])).toEqual({
      kind: 'DaemonSet',
      path: ['spec', 'updateStrategy', 'type'],
      type: 'string',
      required: false,
      enum: ['OnDelete', 'RollingUpdate'],
      description: 'Type of daemon set update. Can be "RollingUpdate" or "OnDelete". Default is RollingUpdate.',
    });
  });

  it('steps through lists and maps, and gives the description of the field type too', () => {
    const name = fieldDoc(docs, 'Pod', ['spec', 'containers', 'name'])!;
    expect(name.type).toBe('string');
    expect(name.required).toBe(true);
    const containers = fieldDoc(docs, 'DaemonSet', ['spec', 'template', 'spec', 'containers'])!;
    expect(containers.type).toBe('[]Container');
    expect(containers.typeDescription).toBe('A single application container that you want to run within a pod.');
  });

  it('an empty path is the kind; a field or kind outside the model is undefined', () => {
    expect(fieldDoc(docs, 'Node', [])).toEqual({ kind: 'Node', path: [], type: 'Node', required: false, description: expect.stringMatching(/^Node is a worker node in Kubernetes/) });
    expect(fieldDoc(docs, 'Deployment', ['spec'])).toBeUndefined();
    expect(fieldDoc(docs, 'Pod', ['spec', 'nope'])).toBeUndefined();
    expect(fieldDoc(docs, 'Pod', ['spec', 'affinity', 'podAffinity', 'x'])).toBeUndefined();
  });

  it('a field newer than kubernetes-types has its type and no words; without docs, types alone', () => {
    expect(fieldDoc(docs, 'Pod', ['spec', 'hostnameOverride'])).toEqual({ kind: 'Pod', path: ['spec', 'hostnameOverride'], type: 'string', required: false });
    expect(fieldDoc(undefined, 'Pod', ['metadata', 'creationTimestamp'])).toEqual({ kind: 'Pod', path: ['metadata', 'creationTimestamp'], type: 'string', required: false });
  });
});
