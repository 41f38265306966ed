/**
 * The resource arithmetic the scheduler's filter and the kubelet's admission run per pod, against
 * plain models: `addResources` and `hasScalars`, and `fitsRequest` (a node that fits gets the
 * shared empty list, with nothing allocated).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyUsage, NodeInfo } from '../../../../src/sim/controllers/scheduler/nodeinfo.js';
import { ERR_REASON_TOO_MANY_PODS, fitsRequest } from '../../../../src/sim/controllers/scheduler/plugins/noderesourcesfit.js';
import { addResources, emptyResources, hasScalars, type Resources } from '../../../../src/sim/controllers/scheduler/resources.js';
import { makeNode } from './helpers.js';

const SCALARS = ['example.com/gpu', 'hugepages-2Mi', 'example.com/fpga'];

const resources = fc.record({
  milliCPU: fc.nat(8000),
  memory: fc.nat(1 << 20),
  ephemeralStorage: fc.nat(1000),
  allowedPodNumber: fc.nat(10),
  scalar: fc.dictionary(fc.constantFrom(...SCALARS), fc.integer({ min: 1, max: 8 })),
});

/** The model: every scalar of x added with its sign, zero totals dropped. */
function modelAdd(r: Resources, x: Resources, sign: 1 | -1): Resources {
  const scalar = { ...r.scalar };
  for (const [k, v] of Object.entries(x.scalar)) {
    const next = (scalar[k] ?? 0) + sign * v;
    if (next === 0) delete scalar[k];
    else scalar[k] = next;
  }
  return { milliCPU: r.milliCPU + sign * x.milliCPU, memory: r.memory + sign * x.memory, ephemeralStorage: r.ephemeralStorage + sign * x.ephemeralStorage, allowedPodNumber: r.allowedPodNumber, scalar };
}

describe('addResources and hasScalars', () => {
  it('match the model, and adding then removing returns to the start', () => {
    fc.assert(
      fc.property(resources, resources, fc.constantFrom<1 | -1>(1, -1), (a, b, sign) => {
        const r = { ...a, scalar: { ...a.scalar } };
        addResources(r, b, sign);
        expect(r).toEqual(modelAdd(a, b, sign));
        expect(hasScalars(b)).toBe(Object.keys(b.scalar).length > 0);
        addResources(r, b, sign === 1 ? -1 : 1);
        expect(r).toEqual(a);
      }),
    );
  });
});

describe('fitsRequest', () => {
  it('reports exactly the short resources, in the order pods, cpu, memory, ephemeral-storage, scalars by name', () => {
    fc.assert(
      fc.property(resources, resources, resources, fc.nat(12), (want, alloc, used, podCount) => {
        const usage = { ...emptyUsage(), requested: used, podCount };
        const node = makeNode('n1');
        const info = new NodeInfo({ ...node, status: { ...node.status, allocatable: {} } }, usage, () => []);
        // The allocatable is read from the node: give the NodeInfo the generated one.
        Object.defineProperty(info, 'allocatable', { value: alloc });
        const expected: string[] = [];
        if (podCount + 1 > alloc.allowedPodNumber) expected.push(ERR_REASON_TOO_MANY_PODS);
        const check = (name: string, w: number, have: number, inUse: number): void => {
          if (w > 0 && w > have - inUse) expected.push(`Insufficient ${name}`);
        };
        check('cpu', want.milliCPU, alloc.milliCPU, used.milliCPU);
        check('memory', want.memory, alloc.memory, used.memory);
        check('ephemeral-storage', want.ephemeralStorage, alloc.ephemeralStorage, used.ephemeralStorage);
        for (const k of Object.keys(want.scalar).sort()) check(k, want.scalar[k]!, alloc.scalar[k] ?? 0, used.scalar[k] ?? 0);
        const got = fitsRequest(want, info);
        expect(got.map((s) => s.reason)).toEqual(expected);
        for (const s of got) expect(s.unresolvable).toBe(s.resourceName !== 'pods' && s.requested > s.capacity);
      }),
    );
  });

  it('a node that fits gets the one shared empty list', () => {
    const info = NodeInfo.fromPods(makeNode('n1'), []);
    const a = fitsRequest(emptyResources(), info);
    expect(a).toEqual([]);
    expect(fitsRequest(emptyResources(), info)).toBe(a);
  });
});
