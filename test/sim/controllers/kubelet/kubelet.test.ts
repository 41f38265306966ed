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
});
