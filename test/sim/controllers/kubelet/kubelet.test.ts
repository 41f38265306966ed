import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../src/sim/api/types.js';
import type { KubeletState } from '../../../../src/sim/controllers/kubelet/state.js';
import type { Change } from '../../../../src/sim/store/store.js';
import { at, bootNodes, createPod, newCluster, pod, type Fixture } from './fixture.js';

/** The kubelet's work queue each time `pick` accepts a change, read right after the kubelet saw it. */
function queuesAfter(f: Fixture, pick: (c: Change) => boolean): string[][] {
  const seen: string[][] = [];
  // Watchers run in the order they were added: the kubelet's came first, with the cluster.
  f.c.store.watch((c) => {
    if (pick(c)) seen.push([...(f.kubelet.snapshot() as KubeletState).queue]);
  });
  return seen;
}

describe('kubelet: its own writes', () => {
  it('queues no sync for the echo of its own pod status writes and final delete', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const seen = queuesAfter(f, (c) => c.obj.kind === 'Pod' && c.obj.metadata.name === 'web' && (c.type === 'removed' || (c.type === 'updated' && (c.old as Pod).status !== c.obj.status)));
    createPod(f, 'web', { grace: 1 });
    at(f, 20);
    expect(pod(f, 'web')!.status.phase).toBe('Running');
    expect(f.c.api.delete('Pod', 'default', 'web').ok).toBe(true);
    f.c.settle();
    at(f, 30);
    expect(pod(f, 'web')).toBeUndefined();
    // Pending, Running, the final status and the removal: none of them queued the pod again.
    expect(seen).toHaveLength(4);
    for (const q of seen) expect(q).not.toContain('pod:default/web');
  });

  it('queues no sync for the echo of its own node status post, but does for another writer', () => {
    const f = newCluster();
    const seen = queuesAfter(f, (c) => c.obj.kind === 'Node' && c.type === 'updated' && (c.old as Node).status.conditions !== c.obj.status.conditions);
    bootNodes(f, 'node-1');
    expect(seen.length).toBeGreaterThan(0);
    for (const q of seen) expect(q).not.toContain('node:node-1');
    const others = queuesAfter(f, (c) => c.obj.kind === 'Node' && c.type === 'updated');
    const node = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, zone: 'a' } } });
    expect(others.at(-1)).toContain('node:node-1');
  });

  it('queues no node sync for a Node creation or a write of its taints alone, but does for a cordon', () => {
    const f = newCluster();
    const created = queuesAfter(f, (c) => c.obj.kind === 'Node' && c.type === 'added');
    const tainted = queuesAfter(f, (c) => c.obj.kind === 'Node' && c.type === 'updated' && (c.old as Node).spec.taints !== (c.obj as Node).spec.taints);
    bootNodes(f, 'node-1');
    // registerMachine queued the sync before the create; the create did not queue it again.
    expect(created).toEqual([['node:node-1']]);
    // The node lifecycle controller took the not-ready taint off once the node was Ready.
    expect(tainted.length).toBeGreaterThan(0);
    for (const q of tainted) expect(q).not.toContain('node:node-1');
    const cordoned = queuesAfter(f, (c) => c.obj.kind === 'Node' && c.type === 'updated');
    const node = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...node, spec: { ...node.spec, unschedulable: true } });
    expect(cordoned[0]).toContain('node:node-1');
  });

  it('remembers the pods it wrote, but no Node: nothing reads a node echo, and it would hold an old Node', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'web');
    at(f, 20);
    const echoes = (f.kubelet as unknown as { echoes: Map<string, unknown> }).echoes;
    expect(echoes.has(pod(f, 'web')!.metadata.uid)).toBe(true);
    expect(echoes.has(f.c.api.get('Node', '', 'node-1')!.metadata.uid)).toBe(false);
  });
});

describe('kubelet: pod keys', () => {
  it('queues pod:<namespace>/<name> for another writer, and wakes the pod under that key', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const seen = queuesAfter(f, (c) => c.obj.kind === 'Pod' && c.type === 'added');
    createPod(f, 'web', { namespace: 'kube-system' });
    expect(seen).toEqual([['pod:kube-system/web']]);
    at(f, 20);
    expect(pod(f, 'web', 'kube-system')!.status.phase).toBe('Running');
    expect(f.kubelet.podStage('kube-system', 'web')).toBe('Running.Ready');
  });

  it('queues no key for an unbound pod, even one named as a pod it runs: that pod\'s deletion queued the key', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const first = createPod(f, 'web');
    at(f, 20);
    const removed = queuesAfter(f, (c) => c.obj.kind === 'Pod' && c.type === 'removed');
    const added = queuesAfter(f, (c) => c.obj.kind === 'Pod' && c.type === 'added');
    expect(f.c.api.delete('Pod', 'default', 'web', { gracePeriodSeconds: 0 }).ok).toBe(true);
    const r = f.c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'registry.example/app:1.0' }] } });
    expect(r.ok).toBe(true);
    expect(removed).toEqual([['pod:default/web']]);
    // The unbound create added nothing to the queue the deletion left.
    expect(added).toEqual([['pod:default/web']]);
    const before = f.transitions.length;
    f.c.settle();
    // Its sync dropped the old pod's record.
    expect(f.transitions.slice(before).map((t) => `${t.pod} ${t.event}`)[0]).toBe('default/web REMOVED');
    expect(pod(f, 'web')!.metadata.uid).not.toBe(first.metadata.uid);
  });

  it('a pod force-deleted and created again under its name is the old one REMOVED, then the new one BOUND', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const first = createPod(f, 'web');
    at(f, 20);
    expect(f.c.api.delete('Pod', 'default', 'web', { gracePeriodSeconds: 0 }).ok).toBe(true);
    const second = createPod(f, 'web');
    at(f, 40);
    expect(second.metadata.uid).not.toBe(first.metadata.uid);
    const tail = f.transitions.slice(-8).map((t) => `${t.pod} ${t.event}`);
    expect(tail).toContain('default/web REMOVED');
    expect(tail.indexOf('default/web REMOVED')).toBeLessThan(tail.lastIndexOf('default/web BOUND'));
    expect(pod(f, 'web')!.metadata.uid).toBe(second.metadata.uid);
    expect(pod(f, 'web')!.status.phase).toBe('Running');
  });
});
