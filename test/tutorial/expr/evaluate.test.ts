/**
 * Helpers read the cluster as it is: counts of pods by selector, node and image, terminating
 * pods, the busiest node, Ready coverage, node and pod fields; missing objects read as null.
 */
import { describe, expect, it } from 'vitest';
import { evaluate, explain, ExprState } from '../../../src/tutorial/expr/evaluate.js';
import { parseExpression } from '../../../src/tutorial/expr/parser.js';
import type { Cluster } from '../../../src/sim/engine/cluster.js';
import { agentCluster, run } from '../cluster.js';

function holds(c: Cluster, text: string): boolean {
  const e = parseExpression(text);
  if ('error' in e) throw new Error(e.error);
  return evaluate(e, new ExprState(c.store)) === true;
}

describe('invariant helpers', () => {
  it('count pods by selector, node and image, and read DaemonSet status', () => {
    const c = agentCluster(3);
    expect(holds(c, 'pods(app=agent).count == 3 && pods(app=agent, node=node-2).count == 1')).toBe(true);
    expect(holds(c, 'pods(app=agent, image=registry.example/agent:1.0).count == 3')).toBe(true);
    expect(holds(c, 'pods(app=agent, image=registry.example/agent:2.0).count == 0')).toBe(true);
    expect(holds(c, 'pods(app=agent, ns=kube-system).count == 0')).toBe(true);
    expect(holds(c, 'readyPods(app=agent, node=node-1).count == 1')).toBe(true);
    expect(holds(c, 'ds(agent).status.desiredNumberScheduled == 3 && ds(agent).status.numberUnavailable == 0')).toBe(true);
    expect(holds(c, 'nodesWithoutReady(app=agent) == 0 && nodesWithoutReady(app=agent, [node-1, node-9]) == 1')).toBe(true);
    expect(holds(c, 'nodesRunning(app=agent, image=registry.example/agent:1.0) == 3')).toBe(true);
    expect(holds(c, 'maxPerNode(app=agent) == 1 && nodesWithMoreThanOne(app=agent) == 0')).toBe(true);
  });

  it('tells terminating pods apart; includeTerminating counts them as occupying their node', () => {
    const c = agentCluster(2);
    run(c, 'kubectl delete pod -l app=agent --field-selector spec.nodeName=node-1 --wait=false');
    expect(holds(c, 'terminating(app=agent).count == 1 && terminating(app=agent, node=node-2).count == 0')).toBe(true);
    expect(holds(c, 'pods(app=agent, node=node-1).count == 0')).toBe(true);
    expect(holds(c, 'maxPerNode(app=agent, includeTerminating) == 1 && nodesWithoutReady(app=agent) == 1')).toBe(true);
  });

  it('reads node and pod fields, and null for what does not exist', () => {
    const c = agentCluster(2);
    run(c, 'kubectl cordon node-2');
    expect(holds(c, 'node(node-2).unschedulable && !node(node-1).unschedulable && node(node-1).ready')).toBe(true);
    expect(holds(c, 'pod(web-3).nodeName != "node-3"')).toBe(true);
    expect(holds(c, 'pod(web-3).nodeName == "node-3"')).toBe(false);
    expect(holds(c, 'ds(gone).status.numberReady <= 1')).toBe(false);
    const e = parseExpression('ds(agent).status.numberReady <= 1 && pods(app=agent).count == 2');
    if ('error' in e) throw new Error(e.error);
    expect(explain(e, new ExprState(c.store))).toEqual(['numberReady of daemonset/agent was 2', 'the number of agent pods was 2']);
  });
});
