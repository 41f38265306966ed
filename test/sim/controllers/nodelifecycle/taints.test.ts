import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Taint } from '../../../../src/sim/api/types.js';
import { rfc3339 } from '../../../../src/sim/engine/time.js';
import {
  CONDITION_TAINTS,
  hasReachabilityNoExecute,
  hasTaint,
  noScheduleTaintDiff,
  NOT_READY_NO_EXECUTE,
  swapTaints,
  TAINT_NOT_READY,
  TAINT_UNREACHABLE,
  TAINT_UNSCHEDULABLE,
  taintDiffWords,
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

/**
 * The tainting pass as it was first written (filters over the node's taints, a copied list
 * filtered afterwards): the specification the allocation-free versions must match exactly.
 */
const reference = {
  same: (a: Taint, b: Taint) => a.key === b.key && a.effect === b.effect,
  managed: (t: Taint) => t.effect === 'NoSchedule' && MANAGED_KEYS.includes(t.key),
  wanted(node: Node): Taint[] {
    const out: Taint[] = [];
    for (const c of node.status.conditions ?? []) {
      const key = CONDITION_TAINTS[c.type]?.[c.status];
      if (key) out.push({ key, effect: 'NoSchedule' });
    }
    if (node.spec.unschedulable) out.push({ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' });
    return out;
  },
  diff(node: Node): { add: Taint[]; remove: Taint[] } | undefined {
    const current = (node.spec.taints ?? []).filter(reference.managed);
    const wanted = reference.wanted(node);
    const add = wanted.filter((w) => !current.some((c) => reference.same(c, w)));
    const remove = current.filter((c) => !wanted.some((w) => reference.same(c, w)));
    return add.length === 0 && remove.length === 0 ? undefined : { add, remove };
  },
  swap(node: Node, add: readonly Taint[], remove: readonly Taint[], now: number): Taint[] {
    const out = [...(node.spec.taints ?? [])];
    for (const t of add) {
      if (out.some((x) => reference.same(x, t))) continue;
      out.push({ key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect, timeAdded: rfc3339(now) });
    }
    return out.filter((x) => !remove.some((r) => reference.same(r, x)));
  },
};

const MANAGED_KEYS = [TAINT_NOT_READY, TAINT_UNREACHABLE, TAINT_UNSCHEDULABLE, 'node.kubernetes.io/memory-pressure', 'node.kubernetes.io/disk-pressure', 'node.kubernetes.io/pid-pressure', 'node.kubernetes.io/network-unavailable'];

const anyTaint: fc.Arbitrary<Taint> = fc
  .record({
    key: fc.constantFrom(...MANAGED_KEYS, 'example.com/x'),
    value: fc.option(fc.constantFrom('', 'v'), { nil: undefined }),
    effect: fc.constantFrom('NoSchedule', 'PreferNoSchedule', 'NoExecute') as fc.Arbitrary<Taint['effect']>,
  })
  .map(({ key, value, effect }) => (value === undefined ? { key, effect } : { key, value, effect }));

const condition = fc.record({
  type: fc.constantFrom('Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'),
  status: fc.constantFrom('True', 'False', 'Unknown'),
});

const anyNode: fc.Arbitrary<Node> = fc
  .record({
    taints: fc.option(fc.array(anyTaint, { maxLength: 6 }), { nil: undefined }),
    conditions: fc.option(fc.array(condition, { maxLength: 6 }), { nil: undefined }),
    unschedulable: fc.boolean(),
  })
  .map(
    ({ taints, conditions, unschedulable }) =>
      ({
        kind: 'Node',
        metadata: { name: 'n' },
        spec: { ...(unschedulable ? { unschedulable } : {}), ...(taints ? { taints } : {}) },
        status: conditions ? { conditions } : {},
      }) as unknown as Node,
  );

describe('node lifecycle: the NoSchedule tainting pass', () => {
  it('noScheduleTaintDiff, its words and swapTaints equal the filtering reference, key order included', () => {
    fc.assert(
      fc.property(anyNode, fc.nat(10 ** 9), (node, now) => {
        const want = reference.diff(node);
        const got = noScheduleTaintDiff(node);
        expect(got && { add: [...got.add], remove: [...got.remove] }).toEqual(want);
        if (!got || !want) return;
        expect(taintDiffWords(got)).toBe([...want.add.map((t) => `+${t.key}`), ...want.remove.map((t) => `-${t.key}`)].join(', '));
        expect(JSON.stringify(swapTaints(node, got.add, got.remove, now))).toBe(JSON.stringify(reference.swap(node, want.add, want.remove, now)));
      }),
    );
  });

  it('swapTaints equals the reference for any lists to add and remove (repeats and overlaps included)', () => {
    fc.assert(
      fc.property(anyNode, fc.array(anyTaint, { maxLength: 4 }), fc.array(anyTaint, { maxLength: 4 }), fc.nat(10 ** 9), (node, add, remove, now) => {
        expect(JSON.stringify(swapTaints(node, add, remove, now))).toBe(JSON.stringify(reference.swap(node, add, remove, now)));
      }),
    );
  });

  it('a node whose taints already match its conditions gets no diff', () => {
    const node = { kind: 'Node', metadata: { name: 'n' }, spec: { taints: [{ key: TAINT_NOT_READY, effect: 'NoSchedule' }] }, status: { conditions: [{ type: 'Ready', status: 'False' }] } } as unknown as Node;
    expect(noScheduleTaintDiff(node)).toBeUndefined();
  });
});
