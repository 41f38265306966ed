import { describe, expect, it } from 'vitest';
import { agentCluster, run } from '../cluster.js';
import { check, outcome, parseCheck, titleOf } from './harness.js';

describe('podsOnNodes', () => {
  it('passes when each listed node has its count, and says which node does not', () => {
    const c = agentCluster(3);
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1, node-2: 1, node-3: 1}\nothers: 0\nready: true'), c)).toEqual({ passed: true, reason: '' });
    run(c, 'kubectl delete pod -l app=agent --field-selector spec.nodeName=node-2 --wait=false');
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1, node-2: 1}'), c)).toEqual({ passed: false, reason: '1 of 2 nodes have 1 agent pod; node-2 has none' });
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1}\nothers: 1'), c).reason).toBe('2 of 3 nodes have 1 agent pod; node-2 has none');
  });

  it('describes what it wants in words', () => {
    const kind = (yaml: string): string => titleOf('podsOnNodes', yaml);
    expect(kind('selector: app=agent\nnodes: {node-1: 1, node-2: 1, node-3: 1}\nothers: 0\nready: true')).toBe('1 agent pod on each of node-1, node-2 and node-3; none on any other node, all Ready');
    expect(kind('selector: app=agent,tier=x\nnodes: {node-1: 2, node-2: 0}')).toBe('2 pods matching app=agent,tier=x on node-1; no pod matching app=agent,tier=x on node-2');
  });

  it('holds every other node to `others`, and filters by image', () => {
    const c = agentCluster(3);
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1}\nothers: 0'), c).reason).toBe('node-2 has 1 agent pod, should have none; node-3 has 1 agent pod, should have none');
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1}'), c).passed).toBe(true);
    expect(outcome(check('podsOnNodes', 'selector: app=agent\nimage: registry.example/agent:2.0\nnodes: {node-1: 1}'), c).reason).toBe('0 of 1 nodes have 1 agent pod of registry.example/agent:2.0; node-1 has none');
  });

  it('with ready: true, names a pod that is not Ready', () => {
    const c = agentCluster(1);
    run(c, 'sim node add node-2');
    run(c, 'sim advance 11s');
    const r = outcome(check('podsOnNodes', 'selector: app=agent\nnodes: {node-1: 1, node-2: 1}\nready: true'), c);
    expect(r.passed).toBe(false);
    expect(r.reason).toMatch(/^agent-[a-z0-9]{5} on node-2 is not Ready yet$/);
  });

  it('rejects a bad selector where it is written', () => {
    expect(parseCheck('podsOnNodes', 'selector: app:x\nnodes: {n: 1}').problems).toEqual([expect.stringMatching(/^lesson\.yaml:1:11: check "c": "selector": /)]);
  });
});
