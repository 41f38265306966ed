/**
 * `kubectl rollout status` on a whole simulated cluster: it waits as kubectl does, to the end of
 * the rollout however long that takes, and stops (saying why) only when the rollout can no longer
 * move, since a script cannot be interrupted.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { NO_PROGRESS_MS } from '../../../src/kubectl/verbs/rollout-progress.js';
import { createCluster } from '../../../src/sim/index.js';

const ds = (image: string, extra = '') => `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}${extra}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: a, image: "${image}"}]
`;

function rolledOut(nodes: number, extra = '') {
  const c = createCluster();
  exec(c, `sim node add ${Array.from({ length: nodes }, (_, i) => `node-${i + 1}`).join(' ')}`);
  exec(c, 'sim settle');
  exec(c, 'kubectl apply -f -', ds('registry.example/agent:1', extra));
  expect(exec(c, 'kubectl rollout status ds/agent').exitCode).toBe(0);
  return c;
}

describe('kubectl rollout status', () => {
  it('watches a default-strategy rollout over 130 nodes to its end, well past an hour', () => {
    const c = rolledOut(130);
    exec(c, 'kubectl set image ds/agent a=registry.example/agent:2');
    const start = c.now;
    const r = exec(c, 'kubectl rollout status ds/agent');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.endsWith('daemon set "agent" successfully rolled out\n')).toBe(true);
    expect(r.stdout).toContain('Waiting for daemon set "agent" rollout to finish: 129 out of 130 new pods have been updated...\n');
    expect(c.now - start).toBeGreaterThan(3_600_000);
    const pods = c.store.list('Pod');
    expect(pods).toHaveLength(130);
    expect(pods.every((p) => p.spec.containers[0]!.image === 'registry.example/agent:2')).toBe(true);
  });

  it('stops when a crash-looping image keeps the rollout from moving, saying why', () => {
    const c = rolledOut(3);
    exec(c, 'sim image registry.example/agent:bad --behaviour crash');
    exec(c, 'kubectl set image ds/agent a=registry.example/agent:bad');
    const start = c.now;
    const r = exec(c, 'kubectl rollout status ds/agent');
    expect(r.exitCode).toBe(1);
    // Each new pod runs 3 s before it crashes: long enough to count as available, so the rollout
    // reaches every node, and then availability only flaps.
    expect(r.stdout).toContain('Waiting for daemon set "agent" rollout to finish: 2 out of 3 new pods have been updated...\n');
    expect(r.stdout).toMatch(/Waiting for daemon set "agent" rollout to finish: \d of 3 updated pods are available\.\.\.\n$/);
    expect(r.stderr).toBe(
      'error: the rollout of daemon set "agent" made no progress for 10m30s of virtual time: no new pod was updated or became available (a crash-looping or unpullable image keeps it from finishing); kubectl would keep waiting, the playground stops here\n',
    );
    // The window (10 min plus the 30 s grace period) counts from the last new high.
    expect(c.now - start).toBeGreaterThanOrEqual(NO_PROGRESS_MS + 30_000);
    expect(c.now - start).toBeLessThan(NO_PROGRESS_MS + 30_000 + 5 * 60_000);
    expect(c.hasPendingWork()).toBe(true);
  });

  it('allows a long minReadySeconds before calling a rollout stalled', () => {
    const c = rolledOut(2, '\n  minReadySeconds: 900');
    exec(c, 'kubectl set image ds/agent a=registry.example/agent:2');
    const start = c.now;
    const r = exec(c, 'kubectl rollout status ds/agent');
    expect(r).toMatchObject({ exitCode: 0, stderr: '' });
    expect(r.stdout.endsWith('daemon set "agent" successfully rolled out\n')).toBe(true);
    // Two waves, each waiting 15 minutes for its new pod to count as available.
    expect(c.now - start).toBeGreaterThan(30 * 60_000);
  });

  it('stops at once when nothing is due: a pod that no node can take', () => {
    const c = rolledOut(1);
    exec(c, 'kubectl patch ds agent -p \'{"spec":{"template":{"spec":{"containers":[{"name":"a","resources":{"requests":{"cpu":"64"}}}]}}}}\'');
    exec(c, 'sim settle');
    const before = c.now;
    const r = exec(c, 'kubectl rollout status ds/agent');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('error: the rollout of daemon set "agent" cannot move: nothing is due in the cluster; kubectl would keep waiting, the playground stops here\n');
    expect(c.now).toBe(before);
  });
});
