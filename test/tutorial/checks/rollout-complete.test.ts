import { describe, expect, it } from 'vitest';
import { agentCluster, run } from '../cluster.js';
import { check, outcome } from './harness.js';

describe('rolloutComplete', () => {
  it('uses kubectl rollout status words while the rollout runs', () => {
    const c = agentCluster(3);
    const spec = check('rolloutComplete', 'object: daemonset/agent');
    expect(outcome(spec, c).passed).toBe(true);
    run(c, 'kubectl set image ds/agent agent=registry.example/agent:1.1');
    expect(outcome(spec, c)).toEqual({ passed: false, reason: 'Waiting for daemon set "agent" rollout to finish: 0 out of 3 new pods have been updated...' });
    run(c, 'kubectl rollout status ds/agent');
    expect(outcome(spec, c).passed).toBe(true);
  });
});
