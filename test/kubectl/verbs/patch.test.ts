import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../../../src/sim/api/types.js';
import { addDaemonSet, addNode, expectUnchanged, fixture } from './mutating-fixture.js';

const ds = (f: ReturnType<typeof fixture>) => f.cluster.store.get('DaemonSet', 'default', 'log-agent') as DaemonSet;

function withSidecar() {
  const f = fixture();
  f.run(
    'kubectl apply -f -',
    'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: log-agent\nspec:\n  selector:\n    matchLabels: {app: log-agent}\n  template:\n    metadata:\n      labels: {app: log-agent}\n    spec:\n      containers:\n      - name: agent\n        image: a:1\n      - name: side\n        image: s:1\n',
  );
  return f;
}

describe('kubectl patch', () => {
  it('--type merge (lesson L14): patched, then patched (no change)', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    const line = `kubectl patch ds log-agent --type merge -p '{"spec":{"minReadySeconds":30}}'`;
    expect(f.run(line)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent patched\n', stderr: '' });
    expect(ds(f).spec.minReadySeconds).toBe(30);
    expectUnchanged(f.cluster, () => {
      expect(f.run(line)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent patched (no change)\n', stderr: '' });
    });
  });

  it('strategic (the default) merges containers by name', () => {
    const f = withSidecar();
    expect(f.run(`kubectl patch ds log-agent -p '{"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"a:2"}]}}}}'`).stdout).toBe('daemonset.apps/log-agent patched\n');
    expect(ds(f).spec.template.spec.containers.map((c) => `${c.name}=${c.image}`)).toEqual(['agent=a:2', 'side=s:1']);
  });

  it('a key written twice in a YAML patch keeps its last value, as yaml.ToJSON does (kubectl 1.32 patch --local)', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run(`kubectl patch ds log-agent -p 'metadata: {labels: {c: d, c: e}}'`).stdout).toBe('daemonset.apps/log-agent patched\n');
    expect(ds(f).metadata.labels?.['c']).toBe('e');
    const json = `[{"op":"add","path":"/metadata/labels/a","path":"/metadata/labels/z","value":"b"}]`;
    expect(f.run(`kubectl patch ds log-agent --type json -p '${json}'`).stdout).toBe('daemonset.apps/log-agent patched\n');
    expect([ds(f).metadata.labels?.['a'], ds(f).metadata.labels?.['z']]).toEqual([undefined, 'b']);
  });

  it('a merge patch replaces the whole list', () => {
    const f = withSidecar();
    f.run(`kubectl patch ds log-agent --type=merge -p '{"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"a:2"}]}}}}'`);
    expect(ds(f).spec.template.spec.containers.map((c) => c.name)).toEqual(['agent']);
  });

  it('strategic $patch: delete removes one container', () => {
    const f = withSidecar();
    f.run(`kubectl patch ds log-agent -p '{"spec":{"template":{"spec":{"containers":[{"$patch":"delete","name":"side"}]}}}}'`);
    expect(ds(f).spec.template.spec.containers.map((c) => c.name)).toEqual(['agent']);
  });

  it('--type json replaces by path; a missing path is rejected as kubectl reports it', () => {
    const f = withSidecar();
    expect(f.run(`kubectl patch ds log-agent --type json -p '[{"op":"replace","path":"/spec/template/spec/containers/1/image","value":"s:2"}]'`).stdout).toBe(
      'daemonset.apps/log-agent patched\n',
    );
    expect(ds(f).spec.template.spec.containers[1]?.image).toBe('s:2');
    expectUnchanged(f.cluster, () => {
      expect(f.run(`kubectl patch ds log-agent --type json -p '[{"op":"remove","path":"/spec/nope"}]'`)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'The request is invalid: the server rejected our request due to an error in our request\n',
      });
      expect(f.run(`kubectl patch ds log-agent --type json -p '{"op":"remove"}'`).stderr).toBe(
        'Error from server (BadRequest): json: cannot unmarshal object into Go value of type jsonpatch.Patch\n',
      );
    });
  });

  it('accepts YAML; patches nodes', () => {
    const f = fixture();
    addNode(f.cluster, 'node-1');
    expect(f.run(`kubectl patch node node-1 -p 'spec: {unschedulable: true}'`).stdout).toBe('node/node-1 patched\n');
    expect(f.cluster.store.get('Node', '', 'node-1')?.spec.unschedulable).toBe(true);
  });

  it('unknown fields are dropped with a warning; wrong types and invalid specs are rejected', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run(`kubectl patch ds log-agent --type merge -p '{"spec":{"replicas":3}}'`)).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/log-agent patched (no change)\n',
      stderr: 'Warning: unknown field "spec.replicas"\n',
      output: [
        { stream: 'stderr', text: 'Warning: unknown field "spec.replicas"\n' },
        { stream: 'stdout', text: 'daemonset.apps/log-agent patched (no change)\n' },
      ],
    });
    expectUnchanged(f.cluster, () => {
      const typed = f.run(`kubectl patch ds log-agent --type merge -p '{"spec":{"minReadySeconds":"30"}}'`);
      expect(typed.exitCode).toBe(1);
      // merge / json: the codec decodes the patched JSON; the bad value is that whole document
      expect(typed.stderr).toMatch(
        /^The request is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"apps\/v1\\",\\"kind\\":\\"DaemonSet\\",.*\\"minReadySeconds\\":\\"30\\",.*\}": json: cannot unmarshal string into Go struct field DaemonSetSpec\.spec\.minReadySeconds of type int32\n$/,
      );
      // strategic: the unstructured converter decodes the patched map; the bad value is the patch map
      const smp = f.run(`kubectl patch ds log-agent -p '{"spec":{"minReadySeconds":"30"}}'`);
      expect(smp.stderr).toMatch(/^The request is invalid: patch: Invalid value: "map\[spec:map\[minReadySeconds:30\]\]": \S/);
      expect(smp.stderr).not.toMatch(/json: cannot unmarshal/);
      const immutable = f.run(`kubectl patch ds log-agent --type merge -p '{"spec":{"selector":{"matchLabels":{"app":"x"}},"template":{"metadata":{"labels":{"app":"x"}}}}}'`);
      expect(immutable.stderr).toMatch(/^The DaemonSet "log-agent" is invalid: spec\.selector: Invalid value: .*field is immutable/);
    });
  });

  it('argument errors', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl patch ds log-agent').stderr).toBe('error: must specify --patch or --patch-file containing the contents of the patch\n');
      expect(f.run(`kubectl patch ds log-agent --type foo -p '{}'`).stderr).toBe('error: --type must be one of [json merge strategic], not "foo"\n');
      expect(f.run(`kubectl patch ds nope -p '{}'`).stderr).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
      expect(f.run(`kubectl patch ds log-agent -p '{"spec":'`).stderr).toMatch(/^error: unable to parse "\{\\"spec\\":": yaml: /);
      expect(f.run(`kubectl patch ds log-agent --type merge -p '{"spec":{"minReadySeconds":5}}' --dry-run=client`).stdout).toBe('daemonset.apps/log-agent patched\n');
      expect(f.run(`kubectl patch ds log-agent --type merge -p '{"spec":{"minReadySeconds":5}}' --dry-run=server`).stdout).toBe('daemonset.apps/log-agent patched\n');
    });
  });
});
