/**
 * `kubectl get -f FILE`: the live objects a manifest names, printed as when they are named on the
 * command line. What needs an API server follows kubectl 1.32's `get.go` over cli-runtime's
 * builder (`FilenameParam`, `visitByPaths` with `Latest()`, `ContinueOnError`): each object is
 * fetched again, `-l` keeps the live objects it matches, the errors come as the builder nests them.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { AGENT_YAML as AGENT, fixture } from './mutating-fixture.js';

/** A pod labelled app=web. */
const pod = (name: string) =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  labels:\n    app: web\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n`;
const SYSTEM_AGENT = AGENT.replace('  name: agent\n', '  name: agent\n  namespace: kube-system\n');
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });
const NOT_FOUND_GHOST = 'Error from server (NotFound): pods "ghost" not found\n';
const MISMATCH =
  'the namespace from the provided object "kube-system" does not match the namespace "default". ' +
  "You must pass '--namespace=kube-system' to perform this operation.";

/** A cluster with the agent DaemonSet and the web pod created from both.yaml; commands read the files below. */
function setup() {
  const f = fixture();
  const files: Record<string, string> = {
    'agent.yaml': AGENT,
    'both.yaml': `${AGENT}---\n${pod('web')}`,
    'ghost.yaml': `${AGENT}---\n${pod('ghost')}`,
    'gone.yaml': `${AGENT.replace(/name: agent\n {2}labels/, 'name: gone\n  labels')}---\n${pod('ghost')}`,
    'system.yaml': SYSTEM_AGENT,
    'system-ghost.yaml': `${SYSTEM_AGENT}---\n${pod('ghost')}`,
    'mixed.yaml': `${CONFIG_MAP}---\n${AGENT}`,
  };
  const run = (line: string, stdin?: string) => exec(f.cluster, line, stdin, { readFile: (p) => files[p] });
  expect(run('kubectl create -f both.yaml')).toEqual(ok('daemonset.apps/agent created\npod/web created\n'));
  return { f, run };
}

describe('kubectl get -f FILE', () => {
  it('prints the object the file names as get TYPE NAME does, in every format', () => {
    const { run } = setup();
    const table = run('kubectl get ds agent');
    expect(table.stdout).toMatch(/^NAME {4}DESIRED .*\nagent {3}0 /);
    expect(run('kubectl get -f agent.yaml')).toEqual(table);
    expect(run('kubectl get --filename=agent.yaml -R')).toEqual(table);
    expect(run('kubectl get -f agent.yaml -o wide')).toEqual(run('kubectl get ds agent -o wide'));
    // One file (not stdin) holding one object: the object itself, not a List.
    const yaml = run('kubectl get -f agent.yaml -o yaml');
    expect(yaml.stdout.startsWith('apiVersion: apps/v1\nkind: DaemonSet\n')).toBe(true);
    expect(yaml).toEqual(run('kubectl get ds agent -o yaml'));
    expect(run('kubectl get -f agent.yaml -o json')).toEqual(run('kubectl get ds agent -o json'));
    expect(run('kubectl get -f agent.yaml -o name')).toEqual(ok('daemonset.apps/agent\n'));
    expect(run('kubectl get -f agent.yaml -o jsonpath={.spec.template.spec.containers[0].image}')).toEqual(ok('fluent/fluent-bit:3.0'));
    expect(run("kubectl get -f agent.yaml -o go-template='{{.kind}}/{{.metadata.name}}'")).toEqual(ok('DaemonSet/agent'));
  });

  it('reads the live object again: what the file says besides kind, name and namespace does not matter', () => {
    const { run } = setup();
    expect(run('kubectl label ds agent tier=node')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl get -f agent.yaml -o jsonpath={.metadata.labels}')).toEqual(ok('{"app":"agent","tier":"node"}'));
  });

  it('a file of two kinds prints a table per kind with the kind shown, as get ds/agent pod/web does', () => {
    const { run } = setup();
    const out = run('kubectl get -f both.yaml');
    expect(out).toEqual(run('kubectl get ds/agent pod/web'));
    expect(out.stdout).toContain('\ndaemonset.apps/agent   0 ');
    expect(out.stdout).toContain('\n\nNAME      READY   STATUS    RESTARTS   AGE\npod/web   0/1     Pending   0          ');
    expect(run('kubectl get -f both.yaml --no-headers').stdout.split('\n')).toHaveLength(3);
    expect(run('kubectl get -f both.yaml -o name')).toEqual(ok('daemonset.apps/agent\npod/web\n'));
    const columns = run('kubectl get -f both.yaml -o custom-columns=KIND:.kind,NAME:.metadata.name');
    expect(columns).toEqual(ok('KIND        NAME\nDaemonSet   agent\nPod         web\n'));
    const list = run('kubectl get -f both.yaml -o yaml');
    expect(list.stdout.startsWith('apiVersion: v1\nitems:\n- apiVersion: apps/v1\n')).toBe(true);
    expect(list).toEqual(run('kubectl get ds/agent pod/web -o yaml'));
  });

  it('reads stdin with -f -: a stream is never a single item, so -o yaml prints a List', () => {
    const { run } = setup();
    expect(run('kubectl get ds agent -o yaml | kubectl get -f -')).toEqual(run('kubectl get ds agent'));
    const list = run('kubectl get -f - -o yaml', AGENT);
    expect(list.stdout.startsWith('apiVersion: v1\nitems:\n')).toBe(true);
    expect(list).toEqual(run('kubectl get ds -o yaml'));
    expect(run('kubectl get -f agent.yaml -f agent.yaml -o name')).toEqual(ok('daemonset.apps/agent\ndaemonset.apps/agent\n'));
  });

  it('an object that does not exist is NotFound, after the objects that do', () => {
    const { run } = setup();
    expect(run('kubectl get -f ghost.yaml')).toEqual(failed(NOT_FOUND_GHOST, run('kubectl get ds agent').stdout));
    expect(run('kubectl get -f - -o name', `${AGENT}---\n${pod('ghost')}`)).toEqual(failed(NOT_FOUND_GHOST, 'daemonset.apps/agent\n'));
    // One file implies a single item: an error there is all printGeneric returns.
    expect(run('kubectl get -f ghost.yaml -o name')).toEqual(failed(NOT_FOUND_GHOST));
    expect(run('kubectl get -f gone.yaml')).toEqual(failed(`Error from server (NotFound): daemonsets.apps "gone" not found\n${NOT_FOUND_GHOST}`));
    expect(run('kubectl get -f ghost.yaml --ignore-not-found')).toEqual(run('kubectl get ds agent'));
    expect(run('kubectl get -f gone.yaml --ignore-not-found')).toEqual(ok(''));
  });

  it('a kind the cluster does not serve is an error of its own; the other objects print', () => {
    const { run } = setup();
    expect(run('kubectl get -f mixed.yaml')).toEqual(
      failed(
        'resource mapping not found for name: "settings" namespace: "" from "mixed.yaml": no matches for kind "ConfigMap" in version "v1"\n' +
          'ensure CRDs are installed first\n',
        run('kubectl get ds agent').stdout,
      ),
    );
  });

  it('refuses a missing file and resource arguments beside -f before reading anything', () => {
    const { run } = setup();
    expect(run('kubectl get -f nope.yaml')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
    expect(run('kubectl get -f nope.yaml -f agent.yaml -f other.yaml')).toEqual(
      failed('the path "nope.yaml" does not exist\nthe path "other.yaml" does not exist\n'),
    );
    const beside = failed('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n');
    expect(run('kubectl get -f agent.yaml ds agent')).toEqual(beside);
    expect(run('kubectl get -f agent.yaml ds')).toEqual(beside);
    expect(run('kubectl get -f nope.yaml ds agent')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
    const tuples = failed('error: resource/name arguments cannot be provided when a path is specified\n');
    expect(run('kubectl get -f agent.yaml ds/agent')).toEqual(tuples);
    expect(run('kubectl get -f agent.yaml ds,pods agent')).toEqual(tuples);
    expect(run('kubectl get -f agent.yaml ds/agent pods').stderr).toMatch(/^error: there is no need to specify a resource type as a separate argument/);
    expect(run('kubectl get -f nope.yaml ds/a/b')).toEqual(
      failed('the path "nope.yaml" does not exist\narguments in resource/name form may not have more than one slash\n'),
    );
    expect(run('kubectl get').stderr).toContain('error: Required resource not specified.\n');
  });

  it('-l keeps the live objects it matches; --field-selector does not apply to files', () => {
    const { run } = setup();
    expect(run('kubectl get -f both.yaml -l app=web')).toEqual(run('kubectl get pod web'));
    expect(run('kubectl get -f both.yaml -l app=none')).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    run('kubectl label ds agent app=live --overwrite');
    expect(run('kubectl get -f agent.yaml -l app=agent').stdout).toBe('');
    expect(run('kubectl get -f agent.yaml -l app=live')).toEqual(run('kubectl get ds agent'));
    // A missing object fails before the selector is asked.
    expect(run('kubectl get -f ghost.yaml -l app=nothing')).toEqual(failed(NOT_FOUND_GHOST));
    expect(run("kubectl get -f agent.yaml -l 'a b'")).toEqual(
      failed('error: the provided selector "a b" is not valid: unable to parse requirement: found \'b\', expected: in, notin, =, ==, !=, gt, lt\n'),
    );
    expect(run('kubectl get -f agent.yaml --field-selector metadata.name=other')).toEqual(run('kubectl get ds agent'));
  });

  it("namespaces: the file's own, else -n or default; -n that contradicts the file is refused; -A leaves none", () => {
    const { run } = setup();
    expect(run('kubectl create -f system.yaml')).toEqual(ok('daemonset.apps/agent created\n'));
    const system = run('kubectl get ds agent -n kube-system');
    expect(run('kubectl get -f system.yaml')).toEqual(system);
    expect(run('kubectl get -f system.yaml -n kube-system')).toEqual(system);
    expect(run('kubectl get -f agent.yaml -n kube-system')).toEqual(system);
    expect(run('kubectl get -f system.yaml -n default')).toEqual(failed(`error: ${MISMATCH}\n`));
    // The refusal is the builder's own, the NotFound the visit's: an aggregate of one inside the list prints bare.
    expect(run('kubectl get -f system-ghost.yaml -n default')).toEqual(failed(`${MISMATCH}\npods "ghost" not found\n`));
    expect(run('kubectl get -f system.yaml -A').stdout).toMatch(/^NAMESPACE {5}NAME {4}DESIRED .*\nkube-system {3}agent {3}0 /);
    expect(run('kubectl get -f agent.yaml -A')).toEqual(failed('no namespace set on resource apps/v1, Resource=daemonsets "agent"\n'));
  });

  it('help lists -f and -R', () => {
    const { run } = setup();
    const help = run('kubectl get -h').stdout;
    expect(help).toContain('\n    -f, --filename=[]:\n\tA file naming the objects to get');
    expect(help).toContain('\n    -R, --recursive=false:\n\tAccepted for compatibility and changes nothing');
  });
});
