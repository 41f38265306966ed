/**
 * `-o` of `kubectl create -f` and `kubectl create namespace`: the printed object instead of the
 * "created" line. Texts marked so were read from kubectl 1.32 (offline, `--dry-run=client`); the
 * playground models v1.34, which omits a zero `creationTimestamp` (apimachinery v0.34 `omitzero`,
 * kubernetes#130989), so those lines are left out of the 1.32 texts here. What needs an API
 * server follows upstream `create.go` (`RunCreate` prints each object with one printer) and
 * cli-runtime's `YAMLPrinter` (`---` before every object after the first).
 */
import { describe, expect, it } from 'vitest';
import { DS_YAML, expectUnchanged, fixture } from './mutating-fixture.js';

const TWO_NAMESPACES = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: b\n';
const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const NO_PRINTER = (format: string) =>
  `error: unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n`;

describe('kubectl create namespace -o', () => {
  it('--dry-run=client prints the Namespace as built (read from kubectl 1.32, without creationTimestamp: null)', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl create namespace logging --dry-run=client -o yaml')).toEqual(ok('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: logging\nspec: {}\nstatus: {}\n'));
      expect(f.run('kubectl create ns logging --dry-run=client -o json')).toEqual(
        ok('{\n    "kind": "Namespace",\n    "apiVersion": "v1",\n    "metadata": {\n        "name": "logging"\n    },\n    "spec": {},\n    "status": {}\n}\n'),
      );
      expect(f.run('kubectl create ns logging --dry-run=client -o name')).toEqual(ok('namespace/logging\n'));
      expect(f.run("kubectl create ns logging --dry-run=client -o jsonpath='{.metadata}'")).toEqual(ok('{"name":"logging"}'));
      expect(f.run("kubectl create ns logging --dry-run=client -o jsonpath --template='{.metadata.name}'")).toEqual(ok('logging'));
      expect(f.run("kubectl create ns logging --dry-run=client --template='{{.metadata.name}}'")).toEqual(ok('logging'));
      // As for get (PrintFlags.ToPrinter): with --template, -o names the format alone.
      expect(f.run("kubectl create ns logging --dry-run=client -o go-template='{{.kind}}' --template='{{.metadata.name}}'")).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: NO_PRINTER('go-template={{.kind}}'),
      });
      // The JSON and YAML printers ignore --template.
      expect(f.run('kubectl create ns logging --dry-run=client -o yaml --template x')).toEqual(ok('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: logging\nspec: {}\nstatus: {}\n'));
    });
  });

  it('--save-config puts the typed JSON in the annotation (read from kubectl 1.32, without creationTimestamp)', () => {
    expect(fixture().run('kubectl create ns x --dry-run=client --save-config -o yaml')).toEqual(
      ok(
        'apiVersion: v1\nkind: Namespace\nmetadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n' +
          '      {"kind":"Namespace","apiVersion":"v1","metadata":{"name":"x"},"spec":{},"status":{}}\n  name: x\nspec: {}\nstatus: {}\n',
      ),
    );
  });

  it('without a dry run it prints what the server stored, as the typed client holds it (struct order in JSON)', () => {
    const f = fixture();
    const r = f.run('kubectl create namespace tools -o json');
    expect(r.exitCode).toBe(0);
    const stored = f.cluster.store.get('Namespace', '', 'tools')!;
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(Object.keys(JSON.parse(r.stdout).metadata)).toEqual(['name', 'uid', 'resourceVersion', 'creationTimestamp', 'labels']);
    expect(JSON.parse(r.stdout)).toEqual({ ...stored });
    expect(f.run('kubectl create namespace tools2 --save-config -o yaml').stdout).toContain(
      '    kubectl.kubernetes.io/last-applied-configuration: |\n      {"kind":"Namespace","apiVersion":"v1","metadata":{"name":"tools2"},"spec":{},"status":{}}\n',
    );
    expect(f.cluster.store.get('Namespace', '', 'tools2')?.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBe(
      '{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"tools2"},"spec":{},"status":{}}\n',
    );
  });

  it('refuses an unknown format and an empty name before creating anything (read from kubectl 1.32)', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl create ns x -o bogus')).toEqual({ exitCode: 1, stdout: '', stderr: NO_PRINTER('bogus') });
      expect(f.run('kubectl create ns x -o custom-columns=N:.metadata.name').stderr).toBe(NO_PRINTER('custom-columns=N:.metadata.name'));
      expect(f.run("kubectl create ns ''")).toEqual({ exitCode: 1, stdout: '', stderr: 'error: name must be specified\n' });
      expect(f.run('kubectl create ns x --validate=maybe').stderr).toBe('error: invalid - validate option "maybe"; must be one of: strict (or true), warn, ignore (or false)\n');
    });
  });
});

describe('kubectl create -f -o', () => {
  it('-o yaml prints each stored object, --- between them, no List', () => {
    const f = fixture();
    const r = f.run('kubectl create -f - -o yaml', TWO_NAMESPACES);
    expect(r.exitCode).toBe(0);
    const docs = r.stdout.split('---\n');
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatch(/^apiVersion: v1\nkind: Namespace\nmetadata:\n  creationTimestamp: "2026-01-01T00:00:00Z"\n  labels:\n    kubernetes.io\/metadata.name: a\n  name: a\n/);
    expect(docs[1]).toContain('  name: b\n');
    expect(r.stdout).not.toContain('kind: List');
  });

  it('--dry-run=client prints the manifest as kubectl would send it: namespace filled in, nothing created', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl create -f - --dry-run=client -o yaml', DS_YAML);
      expect(r).toEqual(
        ok(`apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: log-agent
  namespace: default
spec:
  selector:
    matchLabels:
      app: log-agent
  template:
    metadata:
      labels:
        app: log-agent
    spec:
      containers:
      - image: registry.example/log-agent:1.0
        name: agent
`),
      );
    });
  });

  it('unstructured objects print with sorted keys; --save-config\'s annotation keeps an annotations map', () => {
    const f = fixture();
    const r = f.run('kubectl create -f - -o json --dry-run=client --save-config', TWO_NAMESPACES);
    const first = r.stdout.slice(0, r.stdout.indexOf('}\n{') + 2);
    expect(Object.keys(JSON.parse(first))).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(JSON.parse(first).metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toBe('{"apiVersion":"v1","kind":"Namespace","metadata":{"annotations":{},"name":"a"}}\n');
  });

  it('-o name has no operation; -o jsonpath prints each object in turn', () => {
    const f = fixture();
    expect(f.run('kubectl create -f - -o name --dry-run=server', DS_YAML)).toEqual(ok('daemonset.apps/log-agent\n'));
    expect(f.run("kubectl create -f - -o jsonpath='{.metadata.name};'", TWO_NAMESPACES)).toEqual(ok('a;b;'));
    expect(f.cluster.store.get('Namespace', '', 'b')).toBeDefined();
  });

  it('an error of one object leaves the others printed; a bad -o stops before anything is created', () => {
    const f = fixture();
    f.run('kubectl create ns a');
    const r = f.run('kubectl create -f - -o name', TWO_NAMESPACES);
    expect(r).toEqual({ exitCode: 1, stdout: 'namespace/b\n', stderr: 'Error from server (AlreadyExists): error when creating "STDIN": namespaces "a" already exists\n' });
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl create -f - -o wide', DS_YAML)).toEqual({ exitCode: 1, stdout: '', stderr: NO_PRINTER('wide') });
    });
  });
});
