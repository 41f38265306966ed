import { describe, expect, it } from 'vitest';
import { agentCluster, run } from '../cluster.js';
import { check, outcome, parseCheck, titleOf } from './harness.js';

describe('objectMatches', () => {
  it('compares JSONPath output as kubectl prints it: equals, in, matches', () => {
    const c = agentCluster(2);
    run(c, 'kubectl label node node-2 disk=ssd');
    const spec = check('objectMatches', "object: node/node-2\nall:\n  - {jsonpath: '{.metadata.labels.disk}', equals: ssd}\n  - {jsonpath: '{.spec.unschedulable}', in: ['', 'false']}\n  - {jsonpath: '{.metadata.name}', matches: '^node-'}");
    expect(outcome(spec, c).passed).toBe(true);
    expect(outcome(check('objectMatches', "object: node/node-1\nall: [{jsonpath: '{.metadata.labels.disk}', equals: ssd}]"), c)).toEqual({ passed: false, reason: 'node/node-1: metadata.labels.disk is unset, should be "ssd"' });
    expect(outcome(check('objectMatches', "object: node/node-2\nall: [{jsonpath: '{.metadata.labels.disk}', in: ['', hdd]}]"), c).reason).toBe('node/node-2: metadata.labels.disk is "ssd", should be unset or "hdd"');
    expect(outcome(check('objectMatches', "object: node/node-2\nall: [{jsonpath: '{.metadata.name}', matches: '^web-'}]"), c).reason).toBe('node/node-2: metadata.name is "node-2", should be of the expected form');
  });

  it('describes what it wants as field paths and values, never a regex', () => {
    expect(titleOf('objectMatches', "object: daemonset/agent\nns: kube-system\nall:\n  - {jsonpath: '{.spec.updateStrategy.type}', equals: OnDelete}\n  - {jsonpath: '{.spec.template.spec.hostPID}', in: ['', 'false']}")).toBe(
      'daemonset/agent in kube-system: spec.updateStrategy.type "OnDelete" and spec.template.spec.hostPID unset or "false"',
    );
  });

  it('finds a pod by selector and node, whatever its random name', () => {
    const c = agentCluster(2);
    const spec = check('objectMatches', "object: {kind: Pod, selector: app=agent, node: node-1}\nall:\n  - {jsonpath: '{.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values[0]}', equals: node-1}");
    expect(outcome(spec, c).passed).toBe(true);
    expect(outcome(check('objectMatches', "object: {kind: Pod, selector: app=agent, node: node-9}\nall: [{jsonpath: '{.metadata.name}', matches: x}]"), c)).toEqual({ passed: false, reason: 'the agent pod on node-9 does not exist yet' });
  });

  it('rejects a JSONPath that does not parse, and an assertion with two comparisons', () => {
    expect(parseCheck('objectMatches', "object: node/a\nall:\n  - {jsonpath: '{.a', equals: x}").problems).toEqual([expect.stringMatching(/^lesson\.yaml:3:16: check "c": all\[0\]: error parsing jsonpath \{\.a, unclosed action$/)]);
    expect(parseCheck('objectMatches', "object: node/a\nall:\n  - {jsonpath: '{.a}', equals: x, matches: y}").problems).toEqual(['lesson.yaml:3:5: check "c": all[0]: give exactly one of equals, in, matches']);
  });
});
