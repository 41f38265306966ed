import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Taint } from '../../../../src/sim/api/types.js';
import { TaintEvictionController } from '../../../../src/sim/controllers/tainteviction/tainteviction.js';
import { noExecuteTaints } from '../../../../src/sim/controllers/tainteviction/tolerations.js';

function node(taints: Taint[] | undefined): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1', uid: 'u1', resourceVersion: '1', creationTimestamp: '2024-01-01T00:00:00Z' },
    spec: taints ? { taints } : {},
    status: {},
  } as Node;
}

const taint = fc.record({
  key: fc.constantFrom('node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable', 'example.com/x'),
  effect: fc.constantFrom('NoSchedule', 'PreferNoSchedule', 'NoExecute') as fc.Arbitrary<Taint['effect']>,
});
const taints = fc.option(fc.array(taint, { maxLength: 4 }), { nil: undefined });

describe('taint eviction: which Node writes queue the node', () => {
  it('queues a node exactly when its NoExecute taints differ (the NoSchedule-only fast path agrees)', () => {
    fc.assert(
      fc.property(taints, taints, fc.boolean(), (before, after, added) => {
        const c = new TaintEvictionController();
        const cur = node(after);
        c.observe(added ? { type: 'added', obj: cur } : { type: 'updated', old: node(before), obj: cur });
        const old = added ? [] : noExecuteTaints(before);
        const expected = JSON.stringify(old) !== JSON.stringify(noExecuteTaints(after)) ? ['node:n1'] : [];
        expect((c.snapshot() as { queue: string[] }).queue).toEqual(expected);
      }),
    );
  });
});
