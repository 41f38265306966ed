/** Image list cells: machines whose pulls went alike share them; each list still says what its machine pulled when. */
import { describe, expect, it } from 'vitest';
import type { ImageList, KubeletState } from '../../../../src/sim/controllers/kubelet/state.js';
import { at, bootNodes, createPod, eventsOf, newCluster } from './fixture.js';

function images(list: ImageList | undefined): [string, number][] {
  const out: [string, number][] = [];
  for (let e = list; e !== undefined; e = e.next) out.push([e.image, e.doneAt]);
  return out;
}

describe('kubelet: image lists', () => {
  it('machines that pulled the same images at the same instants share one list; another pull time gets its own cell', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2', 'node-3');
    for (const node of ['node-1', 'node-2', 'node-3']) createPod(f, `a-${node}`, { node, image: 'registry.example/a:1' });
    for (const node of ['node-1', 'node-2']) createPod(f, `b-${node}`, { node, image: 'registry.example/b:1' });
    at(f, 60);
    createPod(f, 'b-node-3', { node: 'node-3', image: 'registry.example/b:1' });
    at(f, 120);
    const { runtimes } = f.kubelet.snapshot() as KubeletState;
    const [one, two, three] = [runtimes['node-1']!.images, runtimes['node-2']!.images, runtimes['node-3']!.images];
    expect(two).toBe(one);
    expect(three).not.toBe(one);
    expect(three!.next).toBe(one!.next);
    expect(images(one).map(([image]) => image)).toEqual(['registry.example/b:1', 'registry.example/a:1']);
    expect(images(three).map(([image]) => image)).toEqual(['registry.example/b:1', 'registry.example/a:1']);
    expect(images(three)[0]![1]).toBeGreaterThan(images(one)[0]![1]);
    for (const p of ['a-node-1', 'b-node-1', 'a-node-3', 'b-node-3']) expect(f.c.api.get('Pod', 'default', p)!.status.phase).toBe('Running');
  });

  it("the puller is free from the machine's registration on: its record holds a time from the start, and the first pull waits for nothing", () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const registered = f.kubelet.machine('node-1')!.registeredAt;
    expect((f.kubelet.snapshot() as KubeletState).runtimes['node-1']!.pullerFreeAt).toBe(registered);
    createPod(f, 'a', { node: 'node-1', image: 'registry.example/a:1' });
    at(f, 60);
    expect(eventsOf(f, 'a').filter((e) => e.startsWith('Pulled: '))).toEqual([expect.stringMatching(/^Pulled: Successfully pulled image "registry\.example\/a:1" in 5s \(5s including waiting\)\. Image size: \d+ bytes\.$/)]);
  });
});
