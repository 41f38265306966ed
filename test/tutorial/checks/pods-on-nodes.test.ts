import { describe, expect, it } from 'vitest';
import { agentCluster, run } from '../cluster.js';
import { check, outcome, parseCheck } from './harness.js';

describe('podsOnNodes', () => {
  it('passes when each listed node has its count, and says which node does not', () => {
    const c = agentCluster(3);
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1, node-2: 1, node-3: 1}\nothers: 0\nready: true'), c)).toEqual({ passed: true, reason: '' });
    run(c, 'kubectl delete pod -l app=agent --field-selector spec.nodeName=node-2 --wait=false');
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1, node-2: 1}'), c)).toEqual({ passed: false, reason: 'node-2 has 0 agent pods, want 1' });
  });

  it('holds every other node to `others`, and filters by image', () => {
    const c = agentCluster(3);
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1}\nothers: 0'), c).reason).toBe('node-2 has 1 agent pods, want 0');
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1}'), c).passed).toBe(true);
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nimage: registry.example/agent:2.0\nnodes: {node-1: 1}'), c).reason).toBe('node-1 has 0 agent pods of registry.example/agent:2.0, want 1');
  });

  it('with ready: true, names a pod that is not Ready', () => {
    const c = agentCluster(1);
    run(c, 'sim node add node-2');
    run(c, 'sim advance 11s');
    const r = outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1, node-2: 1}\nready: true'), c);
    expect(r.passed).toBe(false);
    expect(r.reason).toMatch(/^agent-[a-z0-9]{5} on node-2 is not Ready$/);
  });

  it('rejects a bad selector where it is written', () => {
    expect(parseCheck('podsOnNodes', 'selector: app:x\nnodes: {n: 1}').problems).toEqual([expect.stringMatching(/^lesson\.yaml:1:11: check "c": "selector": /)]);
  });
});
