/**
 * A step's callouts point at something in the picture; a DaemonSet or pod target may name its
 * namespace (`ns:`, default `default`), and a misplaced `ns` is reported where it is written.
 */
import { describe, expect, it } from 'vitest';
import { lesson, problems, YAML } from './fixture.js';

const withCallout = (target: string): Record<string, string> => ({
  'lesson.yaml': YAML.replace('    checks: [placed]\n', `    checks: [placed]\n    callouts:\n      - target: ${target}\n        text: here\n`),
});

describe('step callouts', () => {
  it('point at a DaemonSet in default unless they name its namespace', () => {
    expect(lesson(withCallout('{ daemonset: agent }')).steps[0]!.callouts).toEqual([{ target: { daemonset: 'agent', namespace: 'default' }, text: 'here' }]);
    expect(lesson(withCallout('{ daemonset: cni-node, ns: kube-system }')).steps[0]!.callouts).toEqual([
      { target: { daemonset: 'cni-node', namespace: 'kube-system' }, text: 'here' },
    ]);
  });

  it('point at a pod by selector and node, in the namespace named', () => {
    expect(lesson(withCallout('{ pod: { selector: app=agent, node: node-1, ns: logging } }')).steps[0]!.callouts[0]!.target).toEqual({
      pod: { selector: 'app=agent', node: 'node-1', namespace: 'logging' },
    });
  });

  it('reject a namespace on a target that has none, and a namespace that is not a name', () => {
    expect(problems(withCallout('{ node: node-1, ns: kube-system }'))).toEqual([
      `lesson.yaml:16:37: step "apply": callout 1: "ns" names a daemonset target's namespace (a pod target names it inside pod:; nodes and meters have none)`,
    ]);
    expect(problems(withCallout('{ ns: kube-system }'))).toEqual([
      'lesson.yaml:16:17: step "apply": callout 1: a target is one of {node: NAME}, {daemonset: NAME, ns: NS}, {pod: {selector, node, ns}}, {meter: unavailable|surge|footprint}',
    ]);
    expect(problems(withCallout('{ daemonset: agent, ns: [a] }'))).toEqual(['lesson.yaml:16:41: step "apply": callout 1: "target": "ns" must be a string']);
  });
});
