import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Taint } from '../../../../src/sim/api/types.js';
import {
  hasReachabilityNoExecute,
  hasTaint,
  NOT_READY_NO_EXECUTE,
  TAINT_NOT_READY,
  TAINT_UNREACHABLE,
  UNREACHABLE_NO_EXECUTE,
} from '../../../../src/sim/controllers/nodelifecycle/taints.js';

const taint = fc.record({
  key: fc.constantFrom(TAINT_NOT_READY, TAINT_UNREACHABLE, 'node.kubernetes.io/unschedulable', 'example.com/x'),
  effect: fc.constantFrom('NoSchedule', 'PreferNoSchedule', 'NoExecute') as fc.Arbitrary<Taint['effect']>,
});

describe('node lifecycle: the reachability taints', () => {
  it('hasReachabilityNoExecute is hasTaint of the not-ready or the unreachable NoExecute taint', () => {
    fc.assert(
      fc.property(fc.option(fc.array(taint, { maxLength: 5 }), { nil: undefined }), (taints) => {
        const node = { kind: 'Node', metadata: { name: 'n' }, spec: taints ? { taints } : {}, status: {} } as unknown as Node;
        expect(hasReachabilityNoExecute(node)).toBe(hasTaint(node, NOT_READY_NO_EXECUTE) || hasTaint(node, UNREACHABLE_NO_EXECUTE));
      }),
    );
  });
});
