import { describe, expect, it } from 'vitest';
import { agentCluster } from '../cluster.js';
import { check, outcome, parseCheck, titleOf } from './harness.js';

describe('kubectl checks', () => {
  it('match stdout, refuse stdoutNot, match stderr and the exit code', () => {
    const c = agentCluster(2);
    expect(outcome(check('kubectl', "run: kubectl get ds agent -o jsonpath='{.status.numberReady}'\nstdout: '^2$'\nexitCode: 0"), c).passed).toBe(true);
    expect(outcome(check('kubectl', "run: kubectl get pod web-2\nexitCode: 1\nstderr: 'pods \"web-2\" not found'"), c).passed).toBe(true);
    expect(outcome(check('kubectl', "run: kubectl get ds agent -o name\nstdoutNot: 'agent'"), c)).toEqual({
      passed: false,
      reason: '"kubectl get ds agent -o name" does not show what this check looks for yet',
    });
  });

  it('words its reason and title with the author\'s expect, and quotes kubectl\'s error when the command fails', () => {
    const c = agentCluster(2);
    const spec = check('kubectl', "run: kubectl get ds agent -n kube-system\nexpect: the agent in kube-system\nexitCode: 0");
    expect(outcome(spec, c).reason).toBe('"kubectl get ds agent -n kube-system" does not show the agent in kube-system yet; it says: Error from server (NotFound): daemonsets.apps "agent" not found');
    expect(titleOf('kubectl', "run: kubectl get ds agent\nexpect: the agent Ready on 2 nodes\nstdout: '2 +2'")).toBe('"kubectl get ds agent" shows the agent Ready on 2 nodes');
    expect(parseCheck('kubectl', "run: kubectl get ds\nexpect: ''\nexitCode: 0").problems).toEqual(['lesson.yaml:2:9: check "c": "expect" is empty; say what the output should show, or leave it out']);
  });

  it('never changes the cluster: a check runs only reads, enforced when the lesson is read', () => {
    expect(parseCheck('kubectl', 'run: kubectl delete ds agent\nexitCode: 0').problems).toEqual([
      'lesson.yaml:1:6: check "c": a check may only run a read (kubectl get, kubectl describe, kubectl events, kubectl version, kubectl rollout history, sim why, sim now): "kubectl delete ds agent" could change the cluster',
    ]);
    expect(parseCheck('kubectl', 'run: sim advance 1m\nexitCode: 0').problems).toHaveLength(1);
    expect(parseCheck('kubectl', 'run: kubectl rollout restart ds/agent\nexitCode: 0').problems).toHaveLength(1);
    expect(parseCheck('kubectl', 'run: kubectl events --watch\nexitCode: 0').problems).toHaveLength(1);
    expect(parseCheck('kubectl', 'run: kubectl get pods -w\nexitCode: 0').problems).toEqual([
      'lesson.yaml:1:6: check "c": a check may not watch: "kubectl get pods -w" would run the cluster\'s clock while it watches',
    ]);
    expect(parseCheck('kubectl', 'run: kubectl get nodes').problems).toEqual(['lesson.yaml:1:1: check "c": give at least one of stdout, stdoutNot, stderr, exitCode']);
    const c = agentCluster(2);
    const before = c.traceEntries().length;
    outcome(check('kubectl', "run: kubectl describe ds agent\nstdout: 'Desired Number of Nodes Scheduled: 2'"), c);
    expect(c.traceEntries().length).toBe(before);
  });
});
