import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from '../../../../src/sim/api/types.js';
import { nodeKey, PodGCController } from '../../../../src/sim/controllers/podgc/podgc.js';
import { addNode, at, bootNodes, createPod, newCluster, pod, type Fixture } from '../kubelet/fixture.js';

function watchPods(f: Fixture): Map<string, Pod> {
  const last = new Map<string, Pod>();
  f.c.store.watch((ch) => {
    if (ch.obj.kind === 'Pod' && ch.type !== 'removed') last.set(ch.obj.metadata.name, ch.obj);
  });
  return last;
}

function deleteNode(f: Fixture, name: string): void {
  expect(f.c.api.delete('Node', '', name).ok).toBe(true);
  f.c.settle();
}

describe('pod GC', () => {
  it('force-deletes pods of a deleted node podGCOrphanSeconds later, marking them Failed with DeletionByPodGC first', () => {
    const f = newCluster();
    const seen = watchPods(f);
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'a', { node: 'node-2' });
    createPod(f, 'b', { node: 'node-2' });
    createPod(f, 'keep', { node: 'node-1' });
    at(f, 30);
    deleteNode(f, 'node-2');
    at(f, 69.999);
    expect(pod(f, 'a')).toBeDefined();
    at(f, 70);
    expect(pod(f, 'a')).toBeUndefined();
    expect(pod(f, 'b')).toBeUndefined();
    expect(pod(f, 'keep')).toBeDefined();
    const last = seen.get('a')!;
    expect(last.status.phase).toBe('Failed');
    expect(last.status.conditions!.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'DeletionByPodGC',
      message: 'PodGC: node no longer exists',
      lastTransitionTime: '2026-01-01T00:01:10Z',
    });
    const deletes = f.c.traceEntries().flatMap((e) => e.intents).filter((i) => i.verb === 'delete' && i.name === 'a');
    expect(deletes.map((i) => i.controller)).toEqual(['pod-garbage-collector']);
  });

  it('finally removes a pod stuck Terminating on a dead node once the Node is deleted (W6)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'ghost', { tolerations: [{ operator: 'Exists' }] });
    at(f, 30);
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    f.c.api.delete('Pod', 'default', 'ghost');
    f.c.settle();
    at(f, 1200);
    expect(pod(f, 'ghost')!.metadata.deletionTimestamp).toBeDefined();
    deleteNode(f, 'node-1');
    at(f, 1239.999);
    expect(pod(f, 'ghost')).toBeDefined();
    at(f, 1240);
    expect(pod(f, 'ghost')).toBeUndefined();
  });

  it('deletes pods bound to a node that never existed after the quarantine', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'lost', { node: 'no-such-node' });
    at(f, 49.999);
    expect(pod(f, 'lost')).toBeDefined();
    at(f, 50);
    expect(pod(f, 'lost')).toBeUndefined();
  });

  it('spares the pods when the node comes back within the quarantine', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'early', { node: 'node-9' });
    at(f, 30);
    addNode(f, 'node-9');
    at(f, 300);
    expect(pod(f, 'early')).toBeDefined();
    expect(pod(f, 'early')!.status.phase).toBe('Running');
  });

  it('force-deletes terminating pods on a not-Ready node tainted out-of-service', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'stuck', { tolerations: [{ operator: 'Exists' }] });
    createPod(f, 'alive', { tolerations: [{ operator: 'Exists' }] });
    at(f, 30);
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    f.c.api.delete('Pod', 'default', 'stuck');
    f.c.settle();
    at(f, 200);
    const n = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...n, spec: { ...n.spec, taints: [...(n.spec.taints ?? []), { key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] } });
    f.c.settle();
    expect(pod(f, 'stuck')).toBeUndefined();
    // pods that are not terminating are the taint manager's business (this one tolerates everything)
    expect(pod(f, 'alive')).toBeDefined();
  });

  it('force-deletes a pod that starts terminating on a node already out of service, on the pod\'s own write', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'late', { tolerations: [{ operator: 'Exists' }] });
    at(f, 30);
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    at(f, 200);
    const n = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...n, spec: { ...n.spec, taints: [...(n.spec.taints ?? []), { key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] } });
    f.c.settle();
    expect(pod(f, 'late')).toBeDefined();
    f.c.api.delete('Pod', 'default', 'late');
    f.c.settle();
    expect(pod(f, 'late')).toBeUndefined();
  });

  it('queues one key string per node name, `node:<name>`', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (name) => {
        const key = nodeKey(name);
        expect(key).toBe(`node:${name}`);
        expect(nodeKey(name)).toBe(key);
      }),
    );
  });

  it('snapshots its queue as `node:<name>` and `gc:<name>` keys, whatever it holds them as, and restores them', () => {
    const name = fc.stringMatching(/^[a-z0-9]([a-z0-9.-]{0,20}[a-z0-9])?$/);
    const key = fc.oneof(name.map((n) => `node:${n}`), name.map((n) => `gc:${n}`));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 10 }), fc.dictionary(name, fc.nat()), (queue, missing) => {
        const gc = new PodGCController();
        gc.restore({ queue, missing });
        expect(gc.snapshot()).toEqual({ queue, missing });
      }),
    );
    const gc = new PodGCController();
    gc.observe({ type: 'added', obj: { kind: 'Node', metadata: { name: 'n-1' } } } as never);
    gc.wake('gc:n-2');
    gc.observe({ type: 'added', obj: { kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { nodeName: 'n-3' } } } as never);
    expect(gc.snapshot()).toEqual({ queue: ['node:n-1', 'gc:n-2', 'node:n-3'], missing: {} });
  });
});
