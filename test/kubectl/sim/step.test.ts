/**
 * `sim step` (to the next due moment) and `sim step --wave` (to the next batch of a rolling
 * update), observed through the DaemonSet controller's own writes.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster, type Cluster } from '../../../src/sim/index.js';

const ds = (name: string, image: string, extra = '') => `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: ${name}}
spec:
  selector: {matchLabels: {app: ${name}}}${extra}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers: [{name: a, image: "${image}"}]
`;

function run(c: Cluster, line: string, stdin?: string) {
  return exec(c, line, stdin);
}

/** `nodes` Ready nodes running `agent` at image :1, settled. */
function withAgent(nodes: number, extra = ''): Cluster {
  const c = createCluster();
  run(c, `sim node add ${Array.from({ length: nodes }, (_, i) => `node-${i + 1}`).join(' ')}`);
  run(c, 'sim settle');
  run(c, 'kubectl apply -f -', ds('agent', 'registry.example/agent:1', extra));
  expect(run(c, 'kubectl rollout status ds/agent').exitCode).toBe(0);
  return c;
}

describe('sim step', () => {
  it('says when nothing is due, and otherwise runs the next due moment and says what changed', () => {
    const c = createCluster();
    expect(run(c, 'sim step')).toEqual({ exitCode: 0, stdout: 'nothing is due: the cluster is settled at 2026-01-01T00:00:00Z (+0s)\n', stderr: '' });
    run(c, 'sim node add node-1 node-2');
    expect(run(c, 'sim step').stdout).toBe(
      'now 2026-01-01T00:00:10Z (+10s), 10s later: node node-1 NotReady -> Ready; node node-2 NotReady -> Ready; events: NodeReady (2)\n',
    );
    run(c, 'kubectl apply -f -', ds('agent', 'registry.example/agent:1'));
    expect(run(c, 'sim step').stdout).toBe('now 2026-01-01T00:00:15Z (+15s), 5s later: events: Pulled (2)\n');
    expect(run(c, 'sim step').stdout).toMatch(
      /^now 2026-01-01T00:00:16Z \(\+16s\), 1s later: pod agent-\w{5} 0\/1 ContainerCreating -> 1\/1 Running; pod agent-\w{5} 0\/1 ContainerCreating -> 1\/1 Running; events: Created \(2\), Started \(2\)\n$/,
    );
    expect(run(c, 'sim step').stdout).toBe('nothing is due: the cluster is settled at 2026-01-01T00:00:16Z (+16s)\n');
  });

  it('names a few changes and counts the rest', () => {
    const c = createCluster();
    run(c, `sim node add ${Array.from({ length: 9 }, (_, i) => `node-${i + 1}`).join(' ')}`);
    expect(run(c, 'sim step').stdout).toMatch(/node node-6 NotReady -> Ready; and 3 more; events: NodeReady \(9\)\n$/);
  });

  it('refuses arguments without --wave', () => {
    expect(run(createCluster(), 'sim step agent')).toMatchObject({ exitCode: 1, stderr: 'error: sim step takes no arguments (got "agent"); for a DaemonSet\'s next wave: sim step --wave agent\n' });
  });
});

describe('sim step --wave', () => {
  it('moves a maxUnavailable 1 rollout one node per wave, only once the last new pod is available', () => {
    const c = withAgent(3);
    run(c, 'kubectl set image ds/agent a=registry.example/agent:2');
    const replaced: string[] = [];
    for (let wave = 0; wave < 2; wave++) {
      const r = run(c, 'sim step --wave');
      const m = /: daemon set "agent" starts its next wave: replacing (agent-\w{5}) on (node-\d)\n$/.exec(r.stdout);
      expect(m, r.stdout).not.toBeNull();
      // The pod named is an old one on that node, now terminating; every new pod so far is available.
      const pod = c.store.get('Pod', 'default', m![1]!)!;
      expect(pod.spec.nodeName).toBe(m![2]);
      expect(pod.metadata.deletionTimestamp).toBeDefined();
      expect(pod.spec.containers[0]!.image).toBe('registry.example/agent:1');
      expect(replaced).not.toContain(m![2]);
      replaced.push(m![2]!);
      const updated = c.store.list('Pod').filter((p) => p.spec.containers[0]!.image === 'registry.example/agent:2');
      expect(updated).toHaveLength(wave + 1);
      expect(updated.every((p) => p.status.conditions?.some((x) => x.type === 'Ready' && x.status === 'True'))).toBe(true);
    }
    expect(run(c, 'sim step --wave').stdout).toMatch(/: daemon set "agent" finished rolling out: 3 of 3 pods updated, 3 available\n$/);
    expect(run(c, 'sim step --wave')).toEqual({ exitCode: 0, stdout: 'no rollout is in progress: every DaemonSet has all its pods updated and available\n', stderr: '' });
    expect(run(c, 'sim step --wave agent').stdout).toBe('daemon set "agent" is not rolling out: 3 of 3 pods updated, 3 available\n');
  });

  it('moves maxUnavailable pods per wave', () => {
    const c = withAgent(4, '\n  updateStrategy: {rollingUpdate: {maxUnavailable: 2}}');
    run(c, 'kubectl set image ds/agent a=registry.example/agent:2');
    expect(run(c, 'sim step --wave agent').stdout).toMatch(/starts its next wave: replacing agent-\w{5} on node-\d, agent-\w{5} on node-\d\n$/);
  });

  it('creates the new pod beside the old one with maxSurge', () => {
    const c = withAgent(2, '\n  updateStrategy: {rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}');
    run(c, 'kubectl set image ds/agent a=registry.example/agent:2');
    const r = run(c, 'sim step --wave');
    const m = /starts its next wave: creating (agent-\w{5}) on (node-\d) beside the old pod\n$/.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    const created = c.store.get('Pod', 'default', m![1]!)!;
    expect(created.spec.containers[0]!.image).toBe('registry.example/agent:2');
    const old = c.store.list('Pod').filter((p) => p.spec.nodeName === m![2] && p.spec.containers[0]!.image === 'registry.example/agent:1');
    expect(old.map((p) => p.metadata.deletionTimestamp)).toEqual([undefined]);
  });

  it('stops and says so when a bad image keeps the wave from becoming available', () => {
    const c = withAgent(3);
    run(c, 'sim image registry.example/agent:bad --behaviour pull-error');
    run(c, 'kubectl set image ds/agent a=registry.example/agent:bad');
    const r = run(c, 'sim step --wave');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^error: the rollout of daemon set "agent" made no progress for 10m30s of virtual time: no new pod was updated or became available \(a crash-looping or unpullable image keeps it from finishing\); now 2026-01-01T00:\d\d:\d\dZ/,
    );
  });

  it('finds the DaemonSet in any namespace, and asks which when several roll out or none is named', () => {
    const c = withAgent(2);
    run(c, 'kubectl create namespace monitoring');
    run(c, 'kubectl apply -n monitoring -f -', ds('exporter', 'registry.example/exporter:1'));
    run(c, 'kubectl rollout status -n monitoring ds/exporter');
    run(c, 'kubectl set image ds/agent a=registry.example/agent:2');
    run(c, 'kubectl set image -n monitoring ds/exporter a=registry.example/exporter:2');
    expect(run(c, 'sim step --wave')).toMatchObject({
      exitCode: 1,
      stderr: 'error: several DaemonSets are rolling out (default/agent, monitoring/exporter): name one, e.g. "sim step --wave agent -n default"\n',
    });
    expect(run(c, 'sim step --wave exporter').stdout).toMatch(/daemon set "exporter" starts its next wave: replacing exporter-\w{5} on node-\d\n$/);
    expect(run(c, 'sim step --wave -n monitoring').stdout).toMatch(/daemon set "exporter" finished rolling out/);
    expect(run(c, 'sim step --wave nope')).toMatchObject({ exitCode: 1, stderr: 'error: daemonset "nope" not found in any namespace\n' });
  });

  it('has no waves under OnDelete', () => {
    const c = createCluster();
    run(c, 'kubectl apply -f -', ds('agent', 'registry.example/agent:1', '\n  updateStrategy: {type: OnDelete}'));
    expect(run(c, 'sim step --wave agent')).toMatchObject({
      exitCode: 1,
      stderr: 'error: daemon set "agent" uses the OnDelete strategy: it has no waves, its pods are replaced only when you delete them\n',
    });
  });
});
