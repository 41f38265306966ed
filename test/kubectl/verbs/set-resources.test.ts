import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { selectString } from '../../../src/kubectl/verbs/set-pod-template.js';
import { createCluster } from '../../../src/sim/index.js';
import { appliedOn } from '../agent-yaml.js';

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      initContainers: [{name: init-agent, image: registry.example/init:1}]
      containers:
      - {name: agent, image: registry.example/agent:1, resources: {requests: {cpu: 100m}}}
      - {name: sidecar, image: registry.example/side:1}
`;

const applied = () => appliedOn('node-1', DS);

const resources = (c: ReturnType<typeof createCluster>) => {
  const spec = c.store.get('DaemonSet', 'default', 'agent')!.spec.template.spec;
  return Object.fromEntries([...(spec.initContainers ?? []), ...spec.containers].map((x) => [x.name, x.resources ?? {}]));
};

describe('kubectl set resources', () => {
  it('sets the given limits and requests on the picked containers, keeping the others, as canonical quantities', () => {
    const c = applied();
    expect(exec(c, 'kubectl set resources ds agent -c=agent --limits=cpu=0.2,memory=512Mi')).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/agent resource requirements updated\n',
      stderr: '',
    });
    expect(resources(c)).toEqual({ 'init-agent': {}, agent: { limits: { cpu: '200m', memory: '512Mi' }, requests: { cpu: '100m' } }, sidecar: {} });
    // A new template: the DaemonSet rolls its pod over to revision 2.
    expect(c.store.get('DaemonSet', 'default', 'agent')!.metadata.generation).toBe(2);
    // Every container, init containers included, by default; a wildcard picks by name.
    expect(exec(c, 'kubectl set resources ds/agent --requests=memory=64Mi').stdout).toBe('daemonset.apps/agent resource requirements updated\n');
    expect(exec(c, "kubectl set resources ds/agent -c 'side*' --limits=memory=1Gi").exitCode).toBe(0);
    expect(resources(c)).toEqual({
      'init-agent': { requests: { memory: '64Mi' } },
      agent: { limits: { cpu: '200m', memory: '512Mi' }, requests: { cpu: '100m', memory: '64Mi' } },
      sidecar: { limits: { memory: '1Gi' }, requests: { memory: '64Mi' } },
    });
  });

  it('leaves out an object whose resources already read so: nothing written, nothing printed', () => {
    const c = applied();
    exec(c, 'kubectl set resources ds agent -c agent --limits=cpu=200m');
    const version = c.store.get('DaemonSet', 'default', 'agent')!.metadata.resourceVersion;
    expect(exec(c, 'kubectl set resources ds agent -c agent --limits=cpu=200m')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(c.store.get('DaemonSet', 'default', 'agent')!.metadata.resourceVersion).toBe(version);
  });

  it('refuses as Validate does, and what the API server refuses, changing nothing', () => {
    const c = applied();
    exec(c, 'kubectl set resources ds agent -c agent --limits=cpu=200m');
    const before = JSON.stringify(c.store.get('DaemonSet', 'default', 'agent'));
    const err = (line: string) => exec(c, line).stderr;
    expect(err('kubectl set resources ds agent')).toBe('error: you must specify an update to requests or limits (in the form of --requests/--limits)\n');
    expect(err('kubectl set resources ds agent --limits=cpu')).toBe('error: Invalid argument syntax cpu, expected <resource>=<value>\n');
    expect(err('kubectl set resources ds agent --limits=cpu=lots')).toBe("error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n");
    expect(err('kubectl set resources ds --all -l app=agent --limits=cpu=1')).toBe('error: cannot set --all and --selector at the same time\n');
    expect(err('kubectl set resources ds agent -c nope --limits=cpu=1')).toBe('error: unable to find container named nope\n');
    expect(err('kubectl set resources ds nope --limits=cpu=1')).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
    expect(err('kubectl set resources ds agent -c agent --requests=cpu=1')).toBe(
      'error: failed to patch resources update to pod template DaemonSet.apps "agent" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 200m\n',
    );
    expect(JSON.stringify(c.store.get('DaemonSet', 'default', 'agent'))).toBe(before);
  });

  it('prints the changed object under --dry-run=client or --local and sends nothing', () => {
    const c = applied();
    const r = exec(c, 'kubectl set resources ds agent -c agent --limits=memory=256Mi --dry-run=client -o jsonpath={.spec.template.spec.containers[0].resources}');
    expect(r.stdout).toBe('{"limits":{"memory":"256Mi"},"requests":{"cpu":"100m"}}');
    expect(resources(c).agent).toEqual({ requests: { cpu: '100m' } });
    // --local never asks the API server: TYPE NAME is refused, the files are changed.
    expect(exec(c, 'kubectl set resources ds agent --local --limits=cpu=1').stderr).toMatch(/^error: you must specify resources by --filename when --local is set\./);
    const fromFile = exec(c, 'kubectl set resources --local -f ds.yaml -c sidecar --requests=cpu=50m -o yaml', undefined, { readFile: (p) => (p === 'ds.yaml' ? DS : undefined) });
    expect(fromFile.stdout).toContain('      - image: registry.example/side:1\n        name: sidecar\n        resources:\n          requests:\n            cpu: 50m\n');
  });

  it("picks containers by selectString's non-greedy wildcard, quirks included", () => {
    expect(selectString('agent', '*')).toBe(true);
    expect(selectString('agent', 'agent')).toBe(true);
    expect(selectString('agent', 'age')).toBe(false);
    expect(selectString('agent-sidecar', 'agent-*')).toBe(true);
    expect(selectString('sidecar', '*car')).toBe(true);
    expect(selectString('sidecar', '*cars')).toBe(false);
    // Upstream's check that a first part starts the name never fires: ag* picks xagent too.
    expect(selectString('xagent', 'ag*')).toBe(true);
  });
});
