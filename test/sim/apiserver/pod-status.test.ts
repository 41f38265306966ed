/**
 * Pod status edits outside the kubelet (src/sim/apiserver/pod-status.ts), and the conditions and
 * condition lists that pods changed at one instant share.
 */
import { describe, expect, it } from 'vitest';
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
