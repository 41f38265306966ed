/**
 * NodeInfo over the scheduler cache's totals: a filter pass reads them as they are, and a
 * what-if edit (preemption's victims, nominated pods) works on a copy the cache never sees.
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../src/sim/api/types.js';
import { NodeInfo, applyPod, emptyUsage } from '../../../../src/sim/controllers/scheduler/nodeinfo.js';
import { makeNode, makePod } from './helpers.js';

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
});
