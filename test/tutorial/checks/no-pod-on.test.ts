import { describe, expect, it } from 'vitest';
import { agentCluster, run } from '../cluster.js';
import { check, outcome, titleOf } from './harness.js';

describe('noPodOn', () => {
  it('passes once no non-terminating matching pod is on the node', () => {
    const c = agentCluster(2);
    const spec = check('noPodOn', 'selector: app=agent\nnode: node-2');
    expect(outcome(spec, c).reason).toMatch(/^node-2 still runs 1 agent pod \(agent-[a-z0-9]{5}\); it should run none$/);
    run(c, 'sim node remove node-2');
    run(c, 'sim settle');
    expect(outcome(spec, c)).toEqual({ passed: true, reason: '' });
  });

  it('describes what it wants in words', () => {
    expect(titleOf('noPodOn', 'selector: app=agent\nnode: node-2')).toBe('no agent pod on node-2');
  });
});
