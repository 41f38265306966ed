import { describe, expect, it } from 'vitest';
import { exec, outputOf } from '../../../src/kubectl/exec.js';
import { parseEnv } from '../../../src/kubectl/verbs/set-env.js';
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
      containers:
      - name: agent
        image: registry.example/agent:1
        env:
        - {name: LOG_LEVEL, value: info}
        - name: NODE_NAME
          valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
      - {name: sidecar, image: registry.example/side:1}
`;

const applied = () => appliedOn('node-1', DS);

const env = (c: ReturnType<typeof createCluster>, container: number) => c.store.get('DaemonSet', 'default', 'agent')!.spec.template.spec.containers[container]!.env;

describe('kubectl set env', () => {
  it('sets a variable in place or after the others, removes one with KEY-, on every container unless -c picks', () => {
    const c = applied();
    expect(exec(c, 'kubectl set env ds/agent LOG_LEVEL=debug')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/agent env updated\n', stderr: '' });
    expect(env(c, 0)).toEqual([{ name: 'LOG_LEVEL', value: 'debug' }, { name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }]);
    expect(env(c, 1)).toEqual([{ name: 'LOG_LEVEL', value: 'debug' }]);
    expect(exec(c, 'kubectl set env ds/agent -c sidecar -e A=1 B=2 --prefix=X_').exitCode).toBe(0);
    expect(env(c, 1)).toEqual([{ name: 'LOG_LEVEL', value: 'debug' }, { name: 'X_A', value: '1' }, { name: 'X_B', value: '2' }]);
    exec(c, 'kubectl set env ds/agent -c sidecar LOG_LEVEL- X_A- X_B-');
    expect(env(c, 1)).toBeUndefined();
    // Each change is a new template: generation 4, and the pods roll over.
    expect(c.store.get('DaemonSet', 'default', 'agent')!.metadata.generation).toBe(4);
    // The same value again changes nothing and prints nothing.
    expect(exec(c, 'kubectl set env ds/agent -c agent LOG_LEVEL=debug')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('--list prints each picked container\'s variables after the changes, and sends nothing', () => {
    const c = applied();
    expect(exec(c, 'kubectl set env ds/agent --list LOG_LEVEL=trace')).toEqual({
      exitCode: 0,
      stdout: '# DaemonSet agent, container agent\nLOG_LEVEL=trace\n# NODE_NAME from field path spec.nodeName\n# DaemonSet agent, container sidecar\nLOG_LEVEL=trace\n',
      stderr: '',
    });
    expect(env(c, 0)?.[0]).toEqual({ name: 'LOG_LEVEL', value: 'info' });
  });

  it('reads KEY=VALUE lines from standard input for -', () => {
    const c = applied();
    expect(exec(c, 'kubectl set env ds/agent -c sidecar -', 'A=1 # first\n# a comment\nB=two=2\n').exitCode).toBe(0);
    expect(env(c, 1)).toEqual([{ name: 'A', value: '1 ' }, { name: 'B', value: 'two=2' }]);
  });

  it('refuses in kubectl\'s order, and changes nothing', () => {
    const c = applied();
    const before = JSON.stringify(c.store.get('DaemonSet', 'default', 'agent'));
    const err = (line: string) => exec(c, line).stderr;
    expect(err('kubectl set env --all -l app=agent A=1')).toBe('error: cannot set --all and --selector at the same time\n');
    expect(err('kubectl set env A=1 ds/agent')).toBe('error: all resources must be specified before environment changes: A=1 ds/agent\n');
    expect(err('kubectl set env A=1')).toBe('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n');
    expect(err('kubectl set env ds/agent --list -o yaml')).toBe('error: --list and --output may not be specified together\n');
    expect(err('kubectl set env ds/agent --keys=a')).toBe('error: when specifying --keys, a configmap or secret must be provided with --from\n');
    expect(err('kubectl set env ds/agent A=1 A-')).toBe('error: can not both modify and remove the same environment variable in the same command\n');
    expect(err('kubectl set env ds/agent ..A=1')).toBe('error: "..A" is not a valid key name: must not start with \'..\'\n');
    expect(err('kubectl set env ds/nope A=1')).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
    expect(err('kubectl set env ds/agent LOG_LEVEL=x --overwrite=false')).toBe("error: daemonsets/agent 'LOG_LEVEL' already has a value (info), and --overwrite is false\n");
    expect(err('kubectl set env ds/agent --from=configmap/settings')).toMatch(/^error: --from is not supported in this playground: it reads ConfigMaps and Secrets/);
    const none = exec(c, 'kubectl set env ds/agent -c nope A=1');
    expect(outputOf(none)).toEqual([{ stream: 'stderr', text: 'Warning: DaemonSet/agent does not have any containers matching "nope"\n' }]);
    expect(none.exitCode).toBe(0);
    expect(JSON.stringify(c.store.get('DaemonSet', 'default', 'agent'))).toBe(before);
  });

  it('parses the changes as ParseEnv does', () => {
    expect(parseEnv(['A=1', 'B-', 'C=x=y'], undefined)).toEqual({ env: [{ name: 'A', value: '1' }, { name: 'C', value: 'x=y' }], remove: ['B'] });
    expect(parseEnv(['-'], undefined)).toEqual({ error: "when '-' is used, STDIN must be open" });
    expect(parseEnv(['nothing'], undefined)).toEqual({ error: 'unknown environment variable: nothing' });
  });
});
