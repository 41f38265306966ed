import { describe, expect, it } from 'vitest';
import type { NodeLifecycleState } from '../../../../src/sim/controllers/nodelifecycle/records.js';
import { snapshotJson } from '../../../kubectl/timeline/snapshot-json.js';
import { at, bootNodes, createPod, newCluster, nodeController, taintsOf, type Fixture } from '../kubelet/fixture.js';

/** The node controller's records as JSON, in their order. */
function records(s: NodeLifecycleState): string {
  return JSON.stringify([...s.nodes]);
}

function held(f: Fixture, snap = f.c.snapshot()): NodeLifecycleState {
  return snap.controllers['node-controller'] as NodeLifecycleState;
}

/** Three nodes and a pod, settled by t = 30 s. */
function start(): Fixture {
  const f = newCluster();
  bootNodes(f, 'node-1', 'node-2', 'node-3');
  createPod(f, 'web', { node: 'node-2' });
  at(f, 30);
  return f;
}

/** From t = 30 s: node-2's kubelet stops (Unknown, tainted), then comes back at 200 s; to 400 s. */
function failAndRecover(f: Fixture): void {
  f.kubelet.failNode('node-2', f.c.now);
  f.c.settle();
  at(f, 200);
  f.kubelet.recoverNode('node-2', f.c.now);
  f.c.settle();
  at(f, 400);
}

describe('node lifecycle: snapshot and restore', () => {
  it('a snapshot shares the records of the nodes that did not change since, and keeps the ones it holds as they were', () => {
    const f = start();
    const snap = f.c.snapshot();
    const first = held(f, snap);
    const before = records(first);
    f.kubelet.failNode('node-2', f.c.now);
    f.c.settle();
    at(f, 120);
    expect(taintsOf(f, 'node-2')).toContain('node.kubernetes.io/unreachable:NoExecute');
    expect(nodeController(f.c).nodeStage('node-2')).toBe('Unknown');
    const next = held(f);
    expect(next.nodes.get('node-1')).toBe(first.nodes.get('node-1'));
    expect(next.nodes.get('node-3')).toBe(first.nodes.get('node-3'));
    expect(next.nodes.get('node-2')).not.toBe(first.nodes.get('node-2'));
    expect(next.nodes.get('node-2')!.stage).toBe('Unknown');
    expect(records(first)).toBe(before);
    expect(first.nodes.get('node-2')!.stage).toBe('Ready');
  });

  it('a restored checkpoint moved on (twice) equals a fresh run of the same history', () => {
    const fresh = start();
    failAndRecover(fresh);
    const want = snapshotJson(fresh.c);

    const f = start();
    const snap = f.c.snapshot();
    failAndRecover(f);
    expect(snapshotJson(f.c)).toBe(want);
    for (let i = 0; i < 2; i++) {
      f.c.restore(snap);
      failAndRecover(f);
      expect(snapshotJson(f.c)).toBe(want);
      expect(nodeController(f.c).nodeStage('node-2')).toBe('Ready');
    }
  });
});
