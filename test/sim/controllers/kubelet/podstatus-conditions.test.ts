import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod, PodCondition } from '../../../../src/sim/api/types.js';
import { generatePodStatus } from '../../../../src/sim/controllers/kubelet/podstatus.js';
import type { PodRuntime } from '../../../../src/sim/controllers/kubelet/state.js';

const KUBELET_TYPES = ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'];

describe('the conditions the kubelet writes', () => {
  it('keep the conditions of other writers first, in their stored order, then its own five in upstream order', () => {
    const type = fc.constantFrom('DisruptionTarget', 'example.com/Custom', 'PodScheduled', 'Ready', 'Initialized');
    const stored = fc.array(fc.record({ type, status: fc.constantFrom('True', 'False') }), { maxLength: 6 });
    fc.assert(
      fc.property(stored, fc.boolean(), (list, ready) => {
        const conditions = list.map((x, i) => ({ type: x.type, status: x.status, lastProbeTime: null, lastTransitionTime: `2026-01-01T00:00:0${i}Z` }) as PodCondition);
        const container = { name: 'c', image: 'i', phase: 'running' as const, restartCount: 0, ready, imageResolved: true };
        const rt = { namespace: 'default', name: 'p', uid: 'u', node: 'n', stage: 'Running', admittedAt: 0, sandbox: true, cursor: 1, containers: [container] } as PodRuntime;
        const pod = { metadata: { name: 'p', namespace: 'default', uid: 'u' }, spec: { containers: [] }, status: { conditions } } as unknown as Pod;
        const out = generatePodStatus(pod, rt, { machine: 0, now: 0 }).conditions!;
        const others = conditions.filter((c) => !KUBELET_TYPES.includes(c.type));
        expect(out.slice(0, others.length)).toEqual(others);
        expect(out.slice(others.length).map((c) => c.type)).toEqual(KUBELET_TYPES);
        // The stored PodScheduled=True is kept as it was (the first one).
        const scheduled = conditions.find((c) => c.type === 'PodScheduled' && c.status === 'True');
        if (scheduled) expect(out[out.length - 1]).toBe(scheduled);
        // Each of its own keeps the transition time of the first stored one of its type, when
        // that one has the same status (the status manager's `updateLastTransitionTime`).
        for (const generated of out.slice(others.length, -1)) {
          const first = conditions.find((c) => c.type === generated.type);
          if (first && first.status === generated.status) expect(generated.lastTransitionTime).toBe(first.lastTransitionTime);
          else expect(generated.lastTransitionTime).toBe('1970-01-01T00:00:00Z');
        }
      }),
    );
  });
});
