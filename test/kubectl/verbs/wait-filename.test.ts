/**
 * `kubectl wait -f FILE` and the printer flags of wait. Upstream (kubectl 1.34 `pkg/cmd/wait`,
 * cli-runtime `ResourceBuilderFlags` with `Latest()`): each object a file describes names the
 * live object to wait for, as `TYPE/NAME` would; what is printed for an object that met the
 * condition is `PrintFlags("condition met")`, asked for before the condition is parsed. The
 * files' visit (`visitByPaths`) fetches each object (`RetrieveLatest`) inside an
 * `EagerVisitorList`, so its NotFound comes in that list's aggregate, after the other errors, and
 * before `Do`'s `RequireNamespace` compares the file's namespace with `-n`.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';

const POD = `apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec:
  containers:
  - name: web
    image: registry.example/web:1
    readinessProbe: {httpGet: {port: 80}, initialDelaySeconds: 20}
`;

const AGENT = agentYaml();

const FILES: Readonly<Record<string, string>> = {
  'pod.yaml': POD,
  'agent.yaml': AGENT,
  'ghost.yaml': POD.replace('name: web,', 'name: ghost,'),
  'elsewhere.yaml': POD.replace('name: web,', 'name: web, namespace: other,'),
  'mixed.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n---\n${POD}`,
};

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });

/** Two nodes, the pod web (Ready 20 s after it starts) and the agent DaemonSet, created at the epoch. */
function setup() {
  const c = createCluster();
  const run = (line: string, stdin?: string) => exec(c, line, stdin, { readFile: (p) => FILES[p] });
  expect(run('sim node add node-1 node-2').exitCode).toBe(0);
  expect(run('kubectl apply -f pod.yaml -f agent.yaml')).toEqual(ok('pod/web created\ndaemonset.apps/agent created\n'));
  return { c, run };
}

describe('kubectl wait -f', () => {
  it('waits, in virtual time, for the live object the file names', () => {
    const { c, run } = setup();
    expect(run('kubectl wait --for=condition=Ready -f pod.yaml --timeout=2m')).toEqual(ok('pod/web condition met\n'));
    expect(c.now).toBeGreaterThan(EPOCH_MS + 20_000);
    expect(run('kubectl wait --for=jsonpath={.status.numberReady}=2 --filename agent.yaml -R')).toEqual(ok('daemonset.apps/agent condition met\n'));
    expect(run('kubectl wait --for=jsonpath={.metadata.uid} -f agent.yaml -f pod.yaml')).toEqual(ok('daemonset.apps/agent condition met\npod/web condition met\n'));
  });

  it('reads stdin with -f -, and the file only names the object', () => {
    const { run } = setup();
    const changed = POD.replace('registry.example/web:1', 'registry.example/web:other').replace('{app: web}', '{app: elsewhere}');
    expect(run('kubectl wait --for=condition=Ready -f - --timeout=1m -l app=web', changed)).toEqual(ok('pod/web condition met\n'));
    expect(run('kubectl get pod web -o yaml | kubectl wait --for=condition=Ready -f - -o name')).toEqual(ok('pod/web\n'));
  });

  it('--for=delete: prints the object as found; once it is gone, the file names nothing and that is success', () => {
    const { c, run } = setup();
    expect(run('kubectl wait --for=condition=Ready -f pod.yaml --timeout=1m').exitCode).toBe(0);
    expect(run('kubectl delete -f pod.yaml --wait=false').exitCode).toBe(0);
    const deleted = c.now;
    // The running pod takes its grace period to go: the wait moves the clock until it has.
    expect(run('kubectl wait --for=delete -f pod.yaml -o jsonpath={.metadata.name}')).toEqual(ok('web'));
    expect(c.now).toBeGreaterThan(deleted);
    expect(run('kubectl get pods web').exitCode).toBe(1);
    expect(run('kubectl wait --for=delete -f pod.yaml')).toEqual(ok(''));
    expect(run('kubectl wait --for=condition=Ready -f pod.yaml')).toEqual(failed('Error from server (NotFound): pods "web" not found\n'));
  });

  it('refuses missing files (every one: recorded from kubectl 1.32), resource arguments beside -f, and a namespace other than -n', () => {
    const { run } = setup();
    expect(run('kubectl wait --for=delete -f pod.yaml -f nope.yaml')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
    expect(run('kubectl wait --for=delete -f a.yaml -f b.yaml')).toEqual(failed('the path "a.yaml" does not exist\nthe path "b.yaml" does not exist\n'));
    expect(run('kubectl wait --for=delete -f pod.yaml pod web')).toEqual(
      failed('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n'),
    );
    expect(run('kubectl wait --for=delete -f pod.yaml pod/web')).toEqual(failed('error: resource/name arguments cannot be provided when a path is specified\n'));
    // Fetched first: nothing is there, and --for=delete drops the NotFound.
    expect(run('kubectl wait --for=delete -f elsewhere.yaml -n default')).toEqual(ok(''));
    expect(run('kubectl create namespace other').exitCode).toBe(0);
    expect(run('kubectl apply -f elsewhere.yaml')).toEqual(ok('pod/web created\n'));
    const mismatch = (ns: string) =>
      `the namespace from the provided object "other" does not match the namespace "${ns}". You must pass '--namespace=other' to perform this operation.`;
    expect(run('kubectl wait --for=delete -f elsewhere.yaml -n default')).toEqual(failed(`error: ${mismatch('default')}\n`));
    // Under -A the builder requires the namespace '', so -n refuses every object that names one.
    expect(run('kubectl wait --for=delete -f elsewhere.yaml -A -n default')).toEqual(failed(`error: ${mismatch('')}\n`));
    expect(run('kubectl get pod web').exitCode).toBe(0);
    expect(run('kubectl get pod web -n other').exitCode).toBe(0);
  });

  it('the files\' own errors come last, one aggregate: beside other errors, on one line and bare', () => {
    const { c, run } = setup();
    // -A: a file object with no namespace cannot be fetched (RetrieveLatest's "no namespace set").
    expect(run('kubectl wait --for=jsonpath={.metadata.name} -f pod.yaml -A')).toEqual(failed('error: no namespace set on resource /v1, Resource=pods "web"\n'));
    expect(run('kubectl create namespace other').exitCode).toBe(0);
    expect(run('kubectl apply -f elsewhere.yaml').exitCode).toBe(0);
    const before = c.now;
    expect(run('kubectl wait --for=condition=Ready -f ghost.yaml -f elsewhere.yaml -f mixed.yaml -n default --timeout=1m')).toEqual(
      failed(
        'the namespace from the provided object "other" does not match the namespace "default". You must pass \'--namespace=other\' to perform this operation.\n' +
          '[pods "ghost" not found, resource mapping not found for name: "settings" namespace: "" from "mixed.yaml": no matches for kind "ConfigMap" in version "v1"\nensure CRDs are installed first]\n',
        'pod/web condition met\n',
      ),
    );
    expect(c.now).toBeGreaterThan(before);
  });

  it('an object the file names that does not exist, an unserved kind, a selector that keeps nothing', () => {
    const { run } = setup();
    expect(run('kubectl wait --for=condition=Ready -f ghost.yaml')).toEqual(failed('Error from server (NotFound): pods "ghost" not found\n'));
    expect(run('kubectl wait --for=delete -f ghost.yaml')).toEqual(ok(''));
    expect(run('kubectl wait --for=condition=Ready -f mixed.yaml --timeout=1m')).toEqual(
      failed(
        'error: resource mapping not found for name: "settings" namespace: "" from "mixed.yaml": no matches for kind "ConfigMap" in version "v1"\nensure CRDs are installed first\n',
        'pod/web condition met\n',
      ),
    );
    expect(run('kubectl wait --for=condition=Ready -f pod.yaml -l app=other')).toEqual(failed('error: no matching resources found\n'));
  });

  it('every object of the files is waited for, the errors reported after the last', () => {
    const { run } = setup();
    expect(run('kubectl wait --for=condition=Ready -f ghost.yaml -f pod.yaml --timeout=1m')).toEqual(
      failed('Error from server (NotFound): pods "ghost" not found\n', 'pod/web condition met\n'),
    );
  });

  it('--for=create reads the files at every look, and standard input only the first time', () => {
    const { c, run } = setup();
    expect(run('kubectl wait --for=create -f agent.yaml -f pod.yaml')).toEqual(ok('daemonset.apps/agent condition met\npod/web condition met\n'));
    const before = c.now;
    // A file's object that is not there fails at once: its NotFound comes in the files' aggregate, which IsNotFound does not see into.
    expect(run('kubectl wait --for=create -f ghost.yaml --timeout=2s')).toEqual(failed('Error from server (NotFound): pods "ghost" not found\n'));
    expect(run('kubectl wait --for=create pod/ghost --timeout=2s')).toEqual(failed('error: timed out waiting for the condition\n'));
    expect(c.now).toBe(before + 2_000);
    // The look that found everything read standard input; the visit after it finds nothing there.
    expect(run('kubectl wait --for=create -f -', POD)).toEqual(failed('error: no matching resources found\n'));
  });

  it('without arguments or -f, the builder\'s own errors', () => {
    const { run } = setup();
    expect(run('kubectl wait --for=delete')).toEqual(
      failed(
        "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
      ),
    );
    expect(run('kubectl wait --for=delete -l app=web')).toEqual(failed('error: at least one resource must be specified to use a selector\n'));
  });
});

describe('-o of kubectl wait', () => {
  it('prints each object that met the condition, as it was then; one printer, so YAML documents are apart by ---', () => {
    const { run } = setup();
    expect(run('kubectl wait --for=condition=Ready pod/web --timeout=1m -o jsonpath={.status.phase}')).toEqual(ok('Running'));
    const yaml = run('kubectl wait --for=jsonpath={.metadata.name} -f pod.yaml -f agent.yaml -o yaml');
    expect(yaml.exitCode).toBe(0);
    expect(yaml.stdout).toMatch(/^apiVersion: v1\nkind: Pod\n(.|\n)*\n---\napiVersion: apps\/v1\nkind: DaemonSet\n/);
    expect(yaml.stdout).toBe(`${run('kubectl get pod web -o yaml').stdout}---\n${run('kubectl get ds agent -o yaml').stdout}`);
    const json = run('kubectl wait --for=jsonpath={.metadata.name} ds/agent -o json --show-managed-fields');
    expect(json).toEqual(ok(run('kubectl get ds agent -o json').stdout));
    expect(run("kubectl wait --for=jsonpath={.metadata.name} -f agent.yaml --template='{{.kind}}'")).toEqual(ok('DaemonSet'));
  });

  it('a bad printer stops the command first, before the condition and before anything is waited for', () => {
    const { c, run } = setup();
    const before = c.now;
    const noPrinter =
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n';
    expect(run('kubectl wait --for=bogus -f pod.yaml -o wide')).toEqual(failed(noPrinter));
    expect(run('kubectl wait --for=condition=Ready -f pod.yaml -o wide')).toEqual(failed(noPrinter));
    expect(c.now).toBe(before);
  });

  it('kubectl does not check the printer\'s error: a template that fails still succeeds', () => {
    const { run } = setup();
    expect(run('kubectl wait --for=jsonpath={.metadata.name} -f pod.yaml -o jsonpath={.nope} --allow-missing-template-keys=false')).toEqual(ok(''));
  });
});
