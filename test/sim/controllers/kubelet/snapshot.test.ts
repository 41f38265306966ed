import { describe, expect, it } from 'vitest';
import type { KubeletState } from '../../../../src/sim/controllers/kubelet/state.js';
import { at, bootNodes, createPod, newCluster, type Fixture } from './fixture.js';

function picture(f: Fixture): string {
  const pods = f.c.store.list('Pod').map((p) => [p.metadata.name, p.metadata.deletionTimestamp, p.status]);
  const nodes = f.c.store.list('Node').map((n) => [n.metadata.name, n.spec.taints, n.status.conditions]);
  const events = f.c.store.list('Event').map((e) => [e.involvedObject.name, e.reason, e.message, e.count, e.lastTimestamp]);
  return JSON.stringify({ pods, nodes, events, now: f.c.now });
}

describe('node-level controllers: snapshot and restore', () => {
  it('a restored cluster continues exactly as the original (crash loops, pull back-offs, evictions, failed nodes)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2', 'node-3');
    f.kubelet.setImageBehaviour('registry.example/crash:1', { behaviour: 'crash' });
    f.kubelet.setImageBehaviour('registry.example/gone:1', { behaviour: 'pull-error' });
    createPod(f, 'crash', { image: 'registry.example/crash:1' });
    createPod(f, 'gone', { image: 'registry.example/gone:1', node: 'node-2' });
    createPod(f, 'web', { node: 'node-3' });
    createPod(f, 'init', { initContainers: [{ name: 'i', image: 'registry.example/crash:1' }], containers: [{ name: 'app', image: 'registry.example/app:1' }] });
    at(f, 45);
    f.kubelet.failNode('node-3', f.c.now);
    f.c.settle();
    at(f, 70);
    const snap = f.c.snapshot();
    at(f, 900);
    const original = picture(f);
    f.c.restore(snap);
    expect(f.c.now).toBe(snap.now);
    at(f, 900);
    expect(picture(f)).toBe(original);
    expect(f.kubelet.podStage('default', 'web')).toBe('Running.Ready'); // the kubelet of node-3 never learnt of the eviction
    expect(f.c.api.get('Pod', 'default', 'web')!.metadata.deletionTimestamp).toBeDefined();
  });

  it('a snapshot shares the machines and pod runtimes it holds, and none of them changes after it', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'web', { node: 'node-1' });
    createPod(f, 'crash', { image: 'registry.example/crash:1', node: 'node-2' });
    f.kubelet.setImageBehaviour('registry.example/crash:1', { behaviour: 'crash' });
    at(f, 30);
    const snap = f.c.snapshot();
    const held = snap.controllers['kubelet'] as KubeletState;
    const before = JSON.stringify([held.machines, [...held.pods]]);
    // node-1 and its pod are settled: the next snapshot holds the very same records.
    at(f, 600);
    f.kubelet.failNode('node-2', f.c.now);
    f.c.settle();
    const next = f.c.snapshot().controllers['kubelet'] as KubeletState;
    expect(next.machines['node-1']).toBe(held.machines['node-1']);
    expect(next.pods.get('default/web')).toBe(held.pods.get('default/web'));
    expect(next.machines['node-2']).not.toBe(held.machines['node-2']);
    expect(next.pods.get('default/crash')).not.toBe(held.pods.get('default/crash'));
    // What the first snapshot holds is as it was, and restoring it twice continues the same way.
    expect(JSON.stringify([held.machines, [...held.pods]])).toBe(before);
    f.c.restore(snap);
    at(f, 900);
    const once = picture(f);
    f.c.restore(snap);
    at(f, 900);
    expect(picture(f)).toBe(once);
  });

  it('a pod starting on a machine after a snapshot copies the machine runtime, not the machine; the snapshot keeps its images', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'web', { node: 'node-1' });
    at(f, 30);
    const held = f.c.snapshot().controllers['kubelet'] as KubeletState;
    const before = JSON.stringify([held.machines['node-1'], held.runtimes['node-1']]);
    createPod(f, 'api', { image: 'registry.example/api:2', node: 'node-1' });
    at(f, 90);
    expect(f.c.api.get('Pod', 'default', 'api')!.status.phase).toBe('Running');
    const next = f.c.snapshot().controllers['kubelet'] as KubeletState;
    expect(next.machines['node-1']).toBe(held.machines['node-1']);
    // No machine came, went or was copied: the two snapshots hold one machines table.
    expect(next.machines).toBe(held.machines);
    expect(next.pods).not.toBe(held.pods);
    expect([...held.pods.keys()]).toEqual(['default/web']);
    expect(next.runtimes['node-1']).not.toBe(held.runtimes['node-1']);
    expect(next.runtimes['node-1']!.podIPs).toBe(held.runtimes['node-1']!.podIPs + 1);
    expect(next.runtimes['node-1']!.images!.image).toBe('registry.example/api:2');
    expect(next.runtimes['node-1']!.images!.next).toBe(held.runtimes['node-1']!.images);
    expect(JSON.stringify([held.machines['node-1'], held.runtimes['node-1']])).toBe(before);
  });

  it('a host path created after a snapshot goes into a copy of the machine and of its path table', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const dir = (name: string, path: string) => [{ name, hostPath: { path, type: 'DirectoryOrCreate' as const } }];
    createPod(f, 'a', { node: 'node-1', volumes: dir('a', '/var/lib/a') });
    at(f, 30);
    const held = f.c.snapshot().controllers['kubelet'] as KubeletState;
    const paths = held.machines['node-1']!.paths;
    const before = JSON.stringify(paths);
    createPod(f, 'b', { node: 'node-1', volumes: dir('b', '/var/lib/b') });
    at(f, 60);
    expect(f.kubelet.machine('node-1')).not.toBe(held.machines['node-1']);
    expect(f.kubelet.machine('node-1')!.paths['/var/lib/b']).toBe('Directory');
    expect(held.machines['node-1']!.paths).toBe(paths);
    expect(JSON.stringify(paths)).toBe(before);
    expect(paths['/var/lib/a']).toBe('Directory');
  });
});
