/**
 * `kubectl describe -f FILE`: each object a manifest names, described as when it is named on the
 * command line. kubectl 1.32's `describe.go` builds without `Latest()`: `-l` judges the labels
 * written in the file, and the describer's own GET finds the live object or reports it missing.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { AGENT_YAML as AGENT, fixture } from './mutating-fixture.js';

/** A pod labelled app=web. */
const pod = (name: string) =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  labels:\n    app: web\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n`;
const SYSTEM_AGENT = AGENT.replace('  name: agent\n', '  name: agent\n  namespace: kube-system\n');

const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });

/** A cluster with the agent DaemonSet and the web pod created from both.yaml; commands read the files below. */
function setup() {
  const f = fixture();
  const files: Record<string, string> = {
    'agent.yaml': AGENT,
    'both.yaml': `${AGENT}---\n${pod('web')}`,
    'ghost.yaml': `${AGENT}---\n${pod('ghost')}`,
    'system.yaml': SYSTEM_AGENT,
  };
  const run = (line: string, stdin?: string) => exec(f.cluster, line, stdin, { readFile: (p) => files[p] });
  expect(run('kubectl create -f both.yaml').exitCode).toBe(0);
  return { f, run };
}

describe('kubectl describe -f FILE', () => {
  it('describes each object the file names, as describe TYPE/NAME... does', () => {
    const { run } = setup();
    const agent = run('kubectl describe ds agent');
    expect(agent.stdout.startsWith('Name:           agent\nNamespace:      default\n')).toBe(true);
    expect(run('kubectl describe -f agent.yaml')).toEqual(agent);
    expect(run('kubectl describe --filename agent.yaml --recursive')).toEqual(agent);
    const both = run('kubectl describe -f both.yaml');
    expect(both).toEqual(run('kubectl describe ds/agent pod/web'));
    expect(both.stdout).toContain('\n\nName:             web\n');
    expect(run('kubectl describe -f both.yaml --show-events=false').stdout).not.toContain('Events:');
  });

  it('reads stdin with -f -', () => {
    const { run } = setup();
    expect(run('kubectl get ds agent -o yaml | kubectl describe -f -')).toEqual(run('kubectl describe ds agent'));
    expect(run('kubectl describe -f -', pod('web'))).toEqual(run('kubectl describe pod web'));
  });

  it('an object that does not exist is the describer NotFound, after the descriptions', () => {
    const { run } = setup();
    const agent = run('kubectl describe ds agent').stdout;
    expect(run('kubectl describe -f ghost.yaml')).toEqual(failed('Error from server (NotFound): pods "ghost" not found\n', agent));
  });

  it('-l judges the labels written in the file, not the live ones', () => {
    const { run } = setup();
    run('kubectl label ds agent app=live --overwrite');
    const agent = run('kubectl describe ds agent');
    expect(agent.stdout).toContain('Labels:         app=live\n');
    expect(run('kubectl describe -f agent.yaml -l app=agent')).toEqual(agent);
    expect(run('kubectl describe -f agent.yaml -l app=live')).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    // The missing pod's labels in the file do not match: it is never looked up.
    expect(run('kubectl describe -f ghost.yaml -l app=agent')).toEqual(agent);
    expect(run("kubectl describe -f agent.yaml -l 'a b'").stderr).toBe(
      'error: the provided selector "a b" is not valid: unable to parse requirement: found \'b\', expected: in, notin, =, ==, !=, gt, lt\n',
    );
  });

  it("namespaces: the file's own, else -n or default; -n that contradicts the file is refused", () => {
    const { run } = setup();
    run('kubectl create -f system.yaml');
    const system = run('kubectl describe ds agent -n kube-system');
    expect(system.stdout).toContain('\nNamespace:      kube-system\n');
    expect(run('kubectl describe -f system.yaml')).toEqual(system);
    expect(run('kubectl describe -f agent.yaml -n kube-system')).toEqual(system);
    expect(run('kubectl describe -f system.yaml -n default')).toEqual(
      failed(
        'error: the namespace from the provided object "kube-system" does not match the namespace "default". ' +
          "You must pass '--namespace=kube-system' to perform this operation.\n",
      ),
    );
    expect(run('kubectl describe -f system.yaml -A')).toEqual(system);
    // Under -A an object without a namespace is a GET with none in its path: the API server has no such route.
    expect(run('kubectl describe -f both.yaml -A')).toEqual(failed('Error from server (NotFound): the server could not find the requested resource\n'));
  });

  it('refuses a missing file and resource arguments beside -f', () => {
    const { run } = setup();
    expect(run('kubectl describe -f nope.yaml')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
    expect(run('kubectl describe -f agent.yaml ds agent')).toEqual(
      failed('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n'),
    );
    expect(run('kubectl describe -f agent.yaml ds/agent')).toEqual(failed('error: resource/name arguments cannot be provided when a path is specified\n'));
    expect(run('kubectl describe').stderr).toContain('error: Required resource not specified.\n');
  });
});
