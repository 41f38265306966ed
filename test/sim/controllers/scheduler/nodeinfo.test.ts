/**
 * NodeInfo over the scheduler cache's totals: a filter pass reads them as they are, and a
 * what-if edit (preemption's victims, nominated pods) works on a copy the cache never sees.
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../src/sim/api/types.js';
import { NO_USAGE, NodeInfo, applyPod, emptyUsage } from '../../../../src/sim/controllers/scheduler/nodeinfo.js';
import { SchedulerCache } from '../../../../src/sim/controllers/scheduler/cache.js';
import { addNode, makeNode, makePod, newCluster } from './helpers.js';

function pod(name: string, cpu: string): Pod {
  const d = makePod(name, { cpu, nodeName: 'n1' });
  return { ...d, metadata: { ...d.metadata, name, namespace: 'default', uid: `uid-${name}` }, status: { phase: 'Running' } } as Pod;
}

describe('NodeInfo', () => {
  it('reads the totals it was given and copies them before its first edit', () => {
    const usage = emptyUsage();
    const a = pod('a', '500m');
    applyPod(usage, a, 1);
    const info = new NodeInfo(makeNode('n1'), usage, () => [a]);
    expect(info.requested.milliCPU).toBe(500);
    info.addPod(pod('b', '250m'));
    info.removePod(a);
    expect([info.requested.milliCPU, info.podCount]).toEqual([250, 1]);
    expect([usage.requested.milliCPU, usage.podCount]).toEqual([500, 1]);
  });

  it('a clone edits its own copy, leaving the original and the totals as they were', () => {
    const usage = emptyUsage();
    const a = pod('a', '500m');
    applyPod(usage, a, 1);
    const info = new NodeInfo(makeNode('n1'), usage, () => [a]);
    const copy = info.clone();
    copy.addPod(pod('b', '1'));
    expect(copy.requested.milliCPU).toBe(1500);
    expect([info.requested.milliCPU, info.pods().length]).toEqual([500, 1]);
    expect(usage.requested.milliCPU).toBe(500);
  });

  it('an empty node shares the empty totals, which no edit of any NodeInfo reaches', () => {
    const empty = NodeInfo.fromPods(makeNode('n1'), []);
    expect(empty.requested).toBe(NO_USAGE.requested);
    empty.addPod(pod('a', '500m'));
    const clone = NodeInfo.fromPods(makeNode('n2'), [pod('b', '1')]).clone();
    clone.removePod(pod('b', '1'));
    const cluster = newCluster();
    addNode(cluster, 'n3');
    const view = new SchedulerCache(cluster.store).view();
    const fromCache = view.nodeInfo(view.node('n3')!);
    expect(fromCache.requested).toBe(NO_USAGE.requested);
    fromCache.clone().addPod(pod('c', '2'));
    fromCache.addPod(pod('d', '3'));
    expect([empty.requested.milliCPU, empty.podCount, fromCache.requested.milliCPU, fromCache.podCount]).toEqual([500, 1, 3000, 1]);
    expect(NO_USAGE).toEqual(emptyUsage());
  });

  it('the cache shares the totals of nodes running one pod of the same requests, and no later pod reaches them', () => {
    const cluster = newCluster();
    addNode(cluster, 'n1');
    addNode(cluster, 'n2');
    const cache = new SchedulerCache(cluster.store);
    cache.view();
    const a = pod('a', '500m');
    // Another pod of the same containers (as a DaemonSet's pods are), on the other node.
    const b = { ...a, metadata: { ...a.metadata, name: 'b', uid: 'uid-b' }, spec: { ...a.spec, nodeName: 'n2' } };
    cache.update(undefined, a);
    cache.update(undefined, b);
    const totals = (node: string) => {
      const view = cache.view();
      const info = view.nodeInfo(view.node(node)!);
      return [info.requested.milliCPU, info.podCount];
    };
    const before = cache.view();
    expect(before.nodeInfo(before.node('n1')!).requested).toBe(before.nodeInfo(before.node('n2')!).requested);
    const c = pod('c', '250m');
    cache.update(undefined, c);
    expect([totals('n1'), totals('n2')]).toEqual([[750, 2], [500, 1]]);
    cache.update(a, undefined);
    cache.update(c, undefined);
    cache.update(undefined, pod('d', '1'));
    expect([totals('n1'), totals('n2')]).toEqual([[1000, 1], [500, 1]]);
  });
});
