/**
 * A broken invariant says what each helper read, in words, never the expression's own syntax.
 */
import { describe, expect, it } from 'vitest';
import { explain, ExprState } from '../../../src/tutorial/expr/evaluate.js';
import { parseExpression } from '../../../src/tutorial/expr/parser.js';
import { agentCluster } from '../cluster.js';

function words(text: string): string[] {
  const e = parseExpression(text);
  if ('error' in e) throw new Error(e.error);
  return explain(e, new ExprState(agentCluster(2).store));
}

describe('invariant helpers in words', () => {
  it('names each helper and the value it read', () => {
    expect(words('ds(agent, kube-system).status.numberReady == 1')).toEqual(['numberReady of daemonset/agent in kube-system was missing']);
    expect(words('readyPods(app=agent, node=node-1).count == 0 || terminating(app=agent).count == 1')).toEqual([
      'the number of Ready agent pods on node-1 was 1',
      'the number of terminating agent pods was 0',
    ]);
    expect(words('nodesWithoutReady(app=agent, [node-1, node-9]) == 0 && maxPerNode(app=agent, includeTerminating) == 2')).toEqual([
      'the number of nodes among node-1, node-9 without a Ready agent pod was 1',
      'the most agent pods on one node (terminating ones too) was 1',
    ]);
    expect(words('node(node-1).unschedulable && node(node-9).ready')).toEqual(['node node-1 was not unschedulable', 'node node-9 was missing']);
    expect(words('pod(web-3).nodeName == "node-3" && nodesRunning(app=agent, image=x:1) == 1 && nodesWithMoreThanOne(app=agent) == 1')).toEqual([
      'the node of pod/web-3 was missing',
      'the number of nodes running agent pods of x:1 was 0',
      'the number of nodes with more than one agent pod was 0',
    ]);
  });
});
