import { describe, expect, test } from 'vitest';
import { agentDaemonSet } from '../../../src/cli/bench-fleet-steps.js';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';
import { newCluster, pod, put, run, scene } from './fixtures.js';

describe('kubectl describe (verb)', () => {
  test('TYPE NAME describes one object', () => {
    const { c } = scene();
    const r = run(c, 'kubectl describe daemonset.apps/agent');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.startsWith('Name:           agent\nNamespace:      default\n')).toBe(true);
  });

  test('TYPE alone describes every object, a blank line apart', () => {
    const { c } = scene();
    const out = run(c, 'kubectl describe nodes').stdout;
    const starts = out.split('\n').filter((l) => l.startsWith('Name:'));
    expect(starts).toEqual(['Name:               node-1', 'Name:               node-2', 'Name:               node-3']);
    expect(out).toContain('Events:              <none>\n\n\nName:               node-2\n');
  });

  test('a name prefix describes every match when no object has that exact name', () => {
    const { c } = scene();
    const out = run(c, 'kubectl describe pods agent').stdout;
    expect(out.split('\n').filter((l) => l.startsWith('Name:'))).toEqual(['Name:             agent-4x7kq', 'Name:             agent-9fz2m', 'Name:             agent-bbq5s']);
    expect(out).toContain('Events:             <none>\n\nName:             agent-9fz2m\n');
  });

  test('NotFound, nothing found, selectors and namespaces', () => {
    const { c } = scene();
    expect(run(c, 'kubectl describe pod zzz')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): pods "zzz" not found\n' });
    expect(run(c, 'kubectl describe ds -n kube-system')).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in kube-system namespace.\n' });
    expect(run(c, 'kubectl describe pods -l app=web').stdout.split('\n')[0]).toBe('Name:             web');
    expect(run(c, 'kubectl describe pod coredns -n kube-system').stdout).toContain('\nNamespace:        kube-system\n');
    expect(run(c, 'kubectl describe').stderr).toContain('error: Required resource not specified.\n');
  });

  test('a pod that was never scheduled has no node, IP or container state', () => {
    const c = newCluster();
    put(c, pod('lonely', { phase: 'Pending' }));
    const out = run(c, 'kubectl describe pod lonely').stdout;
    expect(out).toContain('\nNode:             <none>\n');
    expect(out).toContain('\nIP:               \nIPs:              <none>\n');
    expect(out).not.toContain('Container ID');
    expect(out).toContain('\nConditions:\n  Type           Status\n  PodScheduled   False \n');
  });

  test('kinds without their own describer get the generic one', () => {
    const { c } = scene();
    const out = run(c, 'kubectl describe controllerrevision agent-hash2').stdout;
    expect(out.startsWith('Name:         agent-hash2\nNamespace:    default\nLabels:       app=agent\n              controller-revision-hash=hash2\n')).toBe(true);
    expect(out).toContain('\nAPI Version:  apps/v1\nData:\n  Spec:\n    Template:\n      $patch:  replace\n');
    expect(out).toContain('\nKind:                  ControllerRevision\nMetadata:\n  Creation Timestamp:  2025-12-31T23:55:00Z\n  Owner References:\n    API Version:           apps/v1\n');
    expect(out.endsWith('\nRevision:                  2\nEvents:                    <none>\n')).toBe(true);
  });

  test('namespaces and priorityclasses', () => {
    const c = newCluster();
    expect(run(c, 'kubectl describe ns default').stdout).toBe(
      'Name:         default\nLabels:       kubernetes.io/metadata.name=default\nAnnotations:  <none>\nStatus:       Active\n\nNo resource quota.\n\nNo LimitRange resource.\n',
    );
    expect(run(c, 'kubectl describe pc system-node-critical').stdout).toBe(
      'Name:              system-node-critical\nValue:             2000001000\nGlobalDefault:     false\nPreemptionPolicy:  PreemptLowerPriority\n' +
        'Description:       Used for system critical pods that must not be moved from their current node.\nAnnotations:       <none>\nEvents:            <none>\n',
    );
  });

  test('several objects at once: each with exactly the Events and pods it has when described alone', () => {
    const c = createCluster({ seed: 1 });
    for (const line of ['sim node add node-{1..4}', 'sim settle']) expect(run(c, line).exitCode).toBe(0);
    expect(exec(c, 'kubectl apply -f -', agentDaemonSet('agent')).exitCode).toBe(0);
    expect(run(c, 'sim settle').exitCode).toBe(0);
    for (const [kind, many] of [['pod', 'kubectl describe pods -l app=agent'], ['node', 'kubectl describe nodes']] as const) {
      const names = run(c, `kubectl get ${kind}s -o name`).stdout.trim().split('\n');
      expect(names).toHaveLength(4);
      const alone = names.map((n) => run(c, `kubectl describe ${n}`).stdout);
      expect(alone.every((d) => d.includes('Events:\n') && !d.includes('Events:  <none>'))).toBe(true);
      expect(run(c, many).stdout).toBe(alone.join('\n\n'));
    }
  });
});
