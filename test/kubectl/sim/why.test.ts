/**
 * `sim why`: the controller's verdicts (no pod) kept apart from the scheduler's (Pending pod),
 * in upstream wording, read from what the controllers expose.
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../src/kubectl/session.js';
import { WHY_AGENT, WHY_NODES } from './why-setup.js';
import { agentYaml } from '../agent-yaml.js';

const SETUP = `${WHY_NODES}sim node add node-4 --labels tier=edge --taints maint=now:NoExecute
${WHY_AGENT}`;

function why(args: string): { exitCode: number; stdout: string; stderr: string } {
  const out = runScript(`${SETUP}sim why ${args}\n`);
  if ('error' in out) throw new Error(out.error);
  return out.results.at(-1)!;
}

describe('sim why', () => {
  it('shows a NoSchedule taint as a controller exclusion that lets an existing pod stay', () => {
    const r = why('node-2');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Node node-2: Ready=True, unschedulable=false\n  Taints: dedicated=gpu:NoSchedule');
    expect(r.stdout).toMatch(/TaintToleration +failed: node\(s\) had untolerated taint/);
    expect(r.stdout).toContain('=> shouldRun=false, shouldContinueRunning=true');
    expect(r.stdout).toContain('Pods for this node: none');
    expect(r.stdout).not.toContain('Scheduler (default-scheduler)');
  });

  it('shows an untolerated NoExecute taint as shouldContinueRunning=false', () => {
    expect(why('node-4 agent').stdout).toContain('=> shouldRun=false, shouldContinueRunning=false');
  });

  it('explains a Pending daemon pod with the scheduler plugins and the FitError message', () => {
    const r = why('node-3 agent');
    expect(r.stdout).toContain('=> shouldRun=true, shouldContinueRunning=true');
    expect(r.stdout).toMatch(/Pod agent-[bcdfghjklmnpqrstvwxz2456789]{5}: Pending, not ready, not available, up-to-date, not yet scheduled/);
    expect(r.stdout).toMatch(/Scheduler \(default-scheduler\) for Pending pod default\/agent-[a-z0-9]{5}:/);
    expect(r.stdout).toContain('NodeResourcesFit   failed: Insufficient cpu: the pod requests 200m; 0m of 100m allocatable is already requested');
    expect(r.stdout).toContain("0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity].");
  });

  it('reports a healthy node and its running pod', () => {
    const r = why('node-1 ds/agent');
    expect(r.stdout).toMatch(/Pod agent-[a-z0-9]{5}: Running, ready, available, up-to-date/);
    expect(r.stdout).toContain('Next: nothing to do');
  });

  it('names what it cannot find', () => {
    expect(why('node-9')).toMatchObject({ exitCode: 1, stderr: 'error: node "node-9" not found\n' });
    expect(why('node-1 nope')).toMatchObject({ exitCode: 1, stderr: 'error: daemonset "nope" not found in any namespace\n' });
    expect(why('node-1 agent -n kube-system')).toMatchObject({ exitCode: 1, stderr: 'error: daemonset "agent" not found in namespace "kube-system"\n' });
    expect(why('').exitCode).toBe(1);
  });

  it('finds a DaemonSet in any namespace when its name is unambiguous, and asks for -n when it is not', () => {
    const twoNamespaces = `${SETUP.replace('sim settle\n', '')}kubectl create namespace monitoring
kubectl apply -n monitoring -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: exporter}
spec:
  selector: {matchLabels: {app: exporter}}
  template:
    metadata: {labels: {app: exporter}}
    spec:
      containers: [{name: e, image: registry.example/exporter:1}]
YAML
kubectl apply -n monitoring -f - <<YAML
${agentYaml('registry.example/agent:1.0')}YAML
sim settle
`;
    const run = (args: string) => {
      const out = runScript(`${twoNamespaces}sim why ${args}\n`);
      if ('error' in out) throw new Error(out.error);
      return out.results.at(-1)!;
    };
    expect(run('node-1 exporter').stdout).toContain('DaemonSet monitoring/exporter (daemonset-controller, NodeShouldRunDaemonPod):');
    expect(run('node-1 agent')).toMatchObject({
      exitCode: 1,
      stderr: 'error: daemonset "agent" exists in several namespaces (default, monitoring): name one with -n NAMESPACE\n',
    });
    expect(run('node-1 agent -n monitoring').stdout).toContain('DaemonSet monitoring/agent ');
    const all = run('node-1 -A').stdout;
    expect(all).toContain('DaemonSet default/agent ');
    expect(all).toContain('DaemonSet monitoring/agent ');
    expect(all).toContain('DaemonSet monitoring/exporter ');
    expect(run('node-1 -n monitoring').stdout).not.toContain('DaemonSet default/agent ');
    expect(run('node-1 -n default -A').stdout).toContain('DaemonSet monitoring/exporter ');
  });
});
