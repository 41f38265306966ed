import { describe, expect, it } from 'vitest';
import { appliedResults, podsChanged } from '../../src/embed/widget-playground.js';
import { commandResult } from '../../src/kubectl/session.js';
import type { DiffBatch } from '../../src/ui/worker/protocol.js';
import type { ApiObject } from '../../src/sim/api/types.js';

const obj = (kind: string, name: string, namespace?: string) => ({ kind, metadata: { name, ...(namespace ? { namespace } : {}) } }) as unknown as ApiObject;
const entry = (diff: { added?: ApiObject[]; updated?: [ApiObject, ApiObject][]; removed?: ApiObject[] }) =>
  ({ seq: 1, time: 0, cause: 'x', intents: [], diff: { added: [], updated: [], removed: [], ...diff } }) as DiffBatch['entries'][number];

describe('podsChanged', () => {
  it('names the pods a batch added, updated or removed, once each', () => {
    const b: DiffBatch = {
      now: 0,
      entries: [
        entry({ added: [obj('Pod', 'a', 'default'), obj('Node', 'node-1')] }),
        entry({ updated: [[obj('Pod', 'a', 'default'), obj('Pod', 'a', 'default')]], removed: [obj('Pod', 'b', 'kube-system')] }),
      ],
    };
    expect(podsChanged(b)).toEqual(['default/a', 'kube-system/b']);
  });

  it('counts every pod of a reset, and nothing for a batch without pods', () => {
    expect(podsChanged({ now: 0, entries: [], reset: [obj('Pod', 'p', 'default'), obj('Node', 'n')] })).toEqual(['default/p']);
    expect(podsChanged({ now: 0, entries: [entry({ added: [obj('Node', 'n')] })] })).toEqual([]);
  });
});

describe('appliedResults', () => {
  it('keeps the kubectl apply commands that succeeded, after a pipe too', () => {
    const r = (command: string, exitCode: number) => commandResult(command, { exitCode, stdout: '', stderr: '' });
    const lines = [r('kubectl apply -f a.yaml', 0), r('kubectl apply -f b.yaml', 1), r('kubectl get pods', 0), r("kubectl 'apply' -f -", 0)];
    const piped = [r('cat a.yaml | kubectl apply -f -', 0), r('kubectl get ds -o yaml | grep apply', 0), r('cat a.yaml | kubectl apply -f - | head -1', 0)];
    expect(appliedResults([...lines, ...piped]).map((x) => x.command)).toEqual([
      'kubectl apply -f a.yaml',
      "kubectl 'apply' -f -",
      'cat a.yaml | kubectl apply -f -',
      'cat a.yaml | kubectl apply -f - | head -1',
    ]);
  });
});
