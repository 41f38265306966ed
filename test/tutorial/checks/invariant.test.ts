/** An invariant without a title describes its window and expressions (shipped lessons title theirs). */
import { describe, expect, it } from 'vitest';
import { titleOf } from './harness.js';

describe('invariant', () => {
  it('describes its window and what must hold', () => {
    expect(titleOf('invariant', "window: whole-lesson\nalways: 'terminating(app=agent).count == 0'")).toBe('throughout the lesson, terminating(app=agent).count == 0 always holds');
    expect(titleOf('invariant', "window: {from: step:update, until: rolloutComplete(agent)}\nalways: 'ds(agent).status.numberUnavailable <= 1'\nsometimes: 'ds(agent).status.numberUnavailable == 1'")).toBe(
      'from step "update" until the rollout of daemonset/agent completes, ds(agent).status.numberUnavailable <= 1 always holds and ds(agent).status.numberUnavailable == 1 holds at least once',
    );
  });
});
