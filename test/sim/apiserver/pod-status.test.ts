/**
 * Pod status edits outside the kubelet (src/sim/apiserver/pod-status.ts), and the conditions and
 * condition lists that pods changed at one instant share.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sharedConditionList, sharedPodCondition, withCondition } from '../../../src/sim/apiserver/pod-status.js';
import type { PodCondition, PodStatus } from '../../../src/sim/api/types.js';

describe('sharedPodCondition', () => {
  it('gives one object per set of fields, with its keys in the order the API serves them', () => {
    const a = sharedPodCondition('Ready', 'False', '2026-01-01T00:00:05Z', 'ContainersNotReady', 'containers with unready status: [agent]');
    expect(sharedPodCondition('Ready', 'False', '2026-01-01T00:00:05Z', 'ContainersNotReady', 'containers with unready status: [agent]')).toBe(a);
    expect(JSON.stringify(a)).toBe(
      '{"type":"Ready","status":"False","lastProbeTime":null,"lastTransitionTime":"2026-01-01T00:00:05Z","reason":"ContainersNotReady","message":"containers with unready status: [agent]"}',
    );
    expect(sharedPodCondition('Ready', 'True', '2026-01-01T00:00:05Z')).not.toBe(a);
  });
});

describe('sharedConditionList', () => {
  it('shares a list of the same shared conditions, and only trims a list holding another condition', () => {
    const scheduled = sharedPodCondition('PodScheduled', 'True', '2026-01-01T00:00:01Z');
    const ready = sharedPodCondition('Ready', 'True', '2026-01-01T00:00:09Z');
    const first = sharedConditionList([scheduled, ready]);
    expect(first).toEqual([scheduled, ready]);
    expect(sharedConditionList([scheduled, ready])).toBe(first);
    expect(sharedConditionList([ready, scheduled])).not.toBe(first);
    expect(sharedConditionList([scheduled])).not.toBe(first);
    expect(sharedConditionList([scheduled])).toEqual([scheduled]);
    expect(sharedConditionList([scheduled, ready])).toBe(first);
    const own: PodCondition = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:09Z' };
    const mixed = [scheduled, own];
    expect(sharedConditionList(mixed)).toEqual(mixed);
    expect(sharedConditionList(mixed)).not.toBe(sharedConditionList(mixed));
  });
});

describe('withCondition', () => {
  it('replaces the condition of its type, keeping lastTransitionTime while the status stays', () => {
    const status: PodStatus = { phase: 'Pending', conditions: [sharedPodCondition('PodScheduled', 'False', '2026-01-01T00:00:01Z', 'Unschedulable', 'no nodes')] };
    const still = withCondition(status, { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/1 nodes are available' }, Date.UTC(2026, 0, 1, 0, 0, 7));
    expect(still.conditions![0]!.lastTransitionTime).toBe('2026-01-01T00:00:01Z');
    const bound = withCondition(still, { type: 'PodScheduled', status: 'True' }, Date.UTC(2026, 0, 1, 0, 0, 8));
    expect(bound.conditions).toEqual([{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:08Z' }]);
    expect(status.conditions![0]!.status).toBe('False');
  });
});

describe('withCondition against the spread it replaces', () => {
  /** The earlier form: the list spread, the condition found with findIndex, then replaced or pushed. */
  function spread(status: PodStatus, cond: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>, now: number): PodStatus {
    const conditions = [...(status.conditions ?? [])];
    const i = conditions.findIndex((c) => c.type === cond.type);
    const old = i >= 0 ? conditions[i] : undefined;
    const lastTransitionTime = old && old.status === cond.status && old.lastTransitionTime ? old.lastTransitionTime : new Date(now).toISOString().replace('.000', '');
    const next = sharedPodCondition(cond.type, cond.status, lastTransitionTime, cond.reason, cond.message);
    if (i >= 0) conditions[i] = next;
    else conditions.push(next);
    return { ...status, conditions: sharedConditionList(conditions) };
  }

  const TYPES = ['PodScheduled', 'Ready', 'DisruptionTarget'] as const;
  const condArb = fc.record({ type: fc.constantFrom(...TYPES), status: fc.constantFrom('True' as const, 'False' as const), reason: fc.option(fc.constantFrom('Unschedulable', 'PreemptionByScheduler'), { nil: undefined }) });

  it('gives the same status, key order and condition objects', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ cond: condArb, at: fc.nat(59), own: fc.boolean() }), { selector: (c) => c.cond.type, maxLength: 3 }),
        fc.boolean(),
        condArb,
        fc.nat(59),
        (present, withPhase, cond, at) => {
          const conditions = present.map(({ cond: c, at: t, own }): PodCondition => {
            const time = `2026-01-01T00:00:${String(t).padStart(2, '0')}Z`;
            return own ? { type: c.type, status: c.status, lastProbeTime: null, lastTransitionTime: time } : sharedPodCondition(c.type, c.status, time, c.reason);
          });
          const status: PodStatus = { ...(withPhase ? { phase: 'Pending' as const } : {}), ...(present.length > 0 ? { conditions } : {}), qosClass: 'BestEffort' };
          const now = Date.UTC(2026, 0, 1, 0, 1, at);
          const got = withCondition(status, cond, now);
          const want = spread(status, cond, now);
          expect(JSON.stringify(got)).toBe(JSON.stringify(want));
          got.conditions!.forEach((c, i) => expect(c).toBe(want.conditions![i]));
        },
      ),
      { numRuns: 300 },
    );
  });
});
