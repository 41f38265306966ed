/**
 * `kubectl wait`: waits in virtual time, per object, until the condition holds or the timeout
 * runs out, with kubectl's messages.
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../src/kubectl/session.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';

const SETUP = `sim node add node-1 node-2
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers:
      - name: a
        image: registry.example/agent:1
        readinessProbe: {httpGet: {port: 80}, initialDelaySeconds: 20}
YAML
sim advance 10s
`;

function run(lines: string) {
  const out = runScript(SETUP + lines);
  if ('error' in out) throw new Error(out.error);
  return { results: out.results.slice(3), now: out.cluster.now };
}

describe('kubectl wait', () => {
  it('advances virtual time until every matching pod is Ready', () => {
    const { results, now } = run('kubectl wait --for=condition=Ready pod -l app=agent --timeout=2m\n');
    expect(results[0]!.exitCode).toBe(0);
    expect(results[0]!.stdout).toMatch(/^pod\/agent-[a-z0-9]{5} condition met\npod\/agent-[a-z0-9]{5} condition met\n$/);
    // created at 10 s, pulled by 15 s, started at 16 s, ready 20 s later
    expect(now).toBe(EPOCH_MS + 36_000);
  });

  it('times out with kubectl\'s message, after exactly the timeout', () => {
    const { results, now } = run('kubectl wait --for=condition=Ready pod -l app=agent --timeout=5s\n');
    expect(results[0]!.exitCode).toBe(1);
    expect(results[0]!.stderr).toMatch(/^error: timed out waiting for the condition on pods\/agent-[a-z0-9]{5}\n$/);
    expect(now).toBe(EPOCH_MS + 15_000);
  });

  it('waits on a JSONPath value and for deletion', () => {
    const { results } = run('kubectl wait --for=jsonpath={.status.numberReady}=2 ds/agent\nkubectl delete ds agent --wait=false\nkubectl wait --for=delete pod -l app=agent --timeout=1m\n');
    expect(results[0]!.stdout).toBe('daemonset.apps/agent condition met\n');
    expect(results[2]!.exitCode).toBe(0);
    expect(results[2]!.stdout.match(/condition met/g)).toHaveLength(2);
  });

  it('names what it cannot find or understand', () => {
    const { results } = run('kubectl wait --for=condition=Ready pod/nope\nkubectl wait --for=bogus pod -l app=agent\nkubectl wait --for=condition=Ready pod -l app=none\nkubectl wait pod -l app=agent\n');
    expect(results.map((r) => r.stderr)).toEqual([
      'Error from server (NotFound): pods "nope" not found\n',
      'error: unrecognized condition: "bogus"\n',
      'error: no matching resources found\n',
      'error: --for must be specified\n',
    ]);
  });
});
