/**
 * `-o`, `-l` and `-R` of `kubectl apply`. What needs an API server follows upstream v1.32
 * `apply.go`: with `-o` other than name, `applyOneObject` prints nothing and `printObjects` prints
 * every object once all are applied without an error, one as itself and several as a typed v1
 * `List`; the object is `info.Object` after `info.Refresh` (the server's answer; the live object
 * for `unchanged` and under `--dry-run=client` for an existing object, which `info.Get` read; the
 * manifest with its annotation for a client dry-run create). `-o name` and `--template` alone go
 * through the per-object printer. `-l` is the builder's `LabelSelectorParam` over the files.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import type { DaemonSet } from '../../../src/sim/api/types.js';
import { DS_YAML, contents, expectUnchanged, fixture } from './mutating-fixture.js';

const LAST = 'kubectl.kubernetes.io/last-applied-configuration';
const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const NO_PRINTER = (format: string) =>
  `unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`;
const ds = (f: ReturnType<typeof fixture>) => f.cluster.store.get('DaemonSet', 'default', 'log-agent') as DaemonSet | undefined;
const image = (tag: string) => DS_YAML.replace(':1.0', `:${tag}`);
const IMAGE_AND_GENERATION = "-o jsonpath='{.spec.template.spec.containers[0].image} {.metadata.generation}'";

/** Two Namespaces, `a` labelled tier=web. */
const TWO = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  labels:\n    tier: web\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: b\n';

describe('kubectl apply -o: which object is printed', () => {
  it('created: the object the server stored, unstructured (sorted keys)', () => {
    const f = fixture();
    const r = f.run('kubectl apply -f - -o json', DS_YAML);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const printed = JSON.parse(r.stdout);
    expect(Object.keys(printed)).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    expect(printed).toEqual(JSON.parse(JSON.stringify(ds(f))));
    expect(printed.metadata.annotations[LAST]).toContain('log-agent:1.0');
  });

  it('configured: the server answer to the patch; unchanged: the live object, nothing written', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expect(f.run(`kubectl apply -f - ${IMAGE_AND_GENERATION}`, image('1.1'))).toEqual(ok('registry.example/log-agent:1.1 2'));
    expect(ds(f)?.spec.template.spec.containers[0]?.image).toBe('registry.example/log-agent:1.1');
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -f - -o yaml', image('1.1'));
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(/^apiVersion: apps\/v1\nkind: DaemonSet\nmetadata:\n/);
      expect(r.stdout).toContain(`  generation: 2\n`);
      expect(r.stdout).toContain(`  resourceVersion: "${ds(f)?.metadata.resourceVersion}"\n`);
      expect(r.stdout).not.toContain('unchanged');
    });
  });

  it('--dry-run=client create: the manifest as it would be sent, with its annotation, nothing stored', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f - --dry-run=client -o yaml', DS_YAML)).toEqual(
        ok(`apiVersion: apps/v1
kind: DaemonSet
metadata:
  annotations:
    ${LAST}: |
      {"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"annotations":{},"name":"log-agent","namespace":"default"},"spec":{"selector":{"matchLabels":{"app":"log-agent"}},"template":{"metadata":{"labels":{"app":"log-agent"}},"spec":{"containers":[{"image":"registry.example/log-agent:1.0","name":"agent"}]}}}}
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

  it('--dry-run=client create drops null map values from the object, not from its annotation (pruneNullsFromMap)', () => {
    const f = fixture();
    const withNull = DS_YAML.replace('  name: log-agent\n', '  name: log-agent\n  annotations:\n    note: null\n');
    const printed = JSON.parse(f.run('kubectl apply -f - --dry-run=client -o json', withNull).stdout);
    expect(Object.keys(printed.metadata.annotations)).toEqual([LAST]);
    expect(printed.metadata.annotations[LAST]).toContain('"annotations":{"note":null}');
  });

  it('--dry-run=client on an existing object: the live object as read, not the merge (kubectl 1.32, kubernetes#134640)', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      expect(f.run(`kubectl apply -f - --dry-run=client ${IMAGE_AND_GENERATION}`, image('2.0'))).toEqual(ok('registry.example/log-agent:1.0 1'));
    });
  });

  it('--dry-run=server: the answer of the dry-run patch, nothing stored', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      expect(f.run(`kubectl apply -f - --dry-run=server ${IMAGE_AND_GENERATION}`, image('2.0'))).toEqual(ok('registry.example/log-agent:2.0 2'));
    });
  });

  it('--show-managed-fields changes nothing: the playground keeps no managedFields', () => {
    const f = fixture();
    const plain = f.run('kubectl apply -f - --dry-run=server -o yaml', DS_YAML);
    expect(plain.stdout).toContain('kind: DaemonSet\n');
    expect(f.run('kubectl apply -f - --dry-run=server -o yaml --show-managed-fields', DS_YAML)).toEqual(plain);
  });
});

describe('kubectl apply -o: several objects, -o name, --template, errors', () => {
  it('several objects print once, as a typed v1 List: struct order in JSON, sorted in YAML', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      const yaml = f.run('kubectl apply -f - --dry-run=client -o yaml', TWO);
      expect(yaml.exitCode).toBe(0);
      expect(yaml.stdout).toMatch(/^apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata:\n/);
      expect(yaml.stdout).toMatch(/\n- apiVersion: v1\n  kind: Namespace\n  metadata:\n    annotations:\n[^]*    name: b\nkind: List\nmetadata: \{\}\n$/);
      expect(yaml.stdout).not.toContain('---');
      const json = JSON.parse(f.run('kubectl apply -f - --dry-run=client -o json', TWO).stdout);
      expect(Object.keys(json)).toEqual(['kind', 'apiVersion', 'metadata', 'items']);
      expect(json.metadata).toEqual({});
      expect(Object.keys(json.items[0])).toEqual(['apiVersion', 'kind', 'metadata']);
      expect(f.run("kubectl apply -f - --dry-run=client -o jsonpath='{.kind}: {.items[*].metadata.name}'", TWO)).toEqual(ok('List: a b'));
    });
    // One object is printed as itself.
    expect(f.run("kubectl apply -f - -o jsonpath='{.kind}'", TWO.split('---\n')[1])).toEqual(ok('Namespace'));
  });

  it('-o name prints TYPE/NAME as each object is applied, without the operation or dry run', () => {
    const f = fixture();
    expect(f.run('kubectl apply -f - -o name --dry-run=client', TWO)).toEqual(ok('namespace/a\nnamespace/b\n'));
    expect(f.run('kubectl apply -f - -o name', TWO)).toEqual(ok('namespace/a\nnamespace/b\n'));
    expect(f.run('kubectl apply -f - -o name', TWO)).toEqual(ok('namespace/a\nnamespace/b\n'));
    expect(f.run('kubectl apply -f - --dry-run=client', TWO)).toEqual(ok('namespace/a configured (dry run)\nnamespace/b configured (dry run)\n'));
  });

  it('--template alone is the go-template printer for each object in turn', () => {
    const f = fixture();
    expect(f.run("kubectl apply -f - --template='{{.metadata.name}};'", TWO)).toEqual(ok('a;b;'));
    expect(f.cluster.store.get('Namespace', '', 'b')).toBeDefined();
  });

  it('after an error nothing is printed, though the other objects were applied', () => {
    const f = fixture();
    const bad = image('1.0').replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector');
    const r = f.run('kubectl apply -f - -o yaml', `${TWO.split('---\n')[0]}---\n${bad}`);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('unknown field "spec.replicas"');
    expect(f.cluster.store.get('Namespace', '', 'a')).toBeDefined();
    expect(ds(f)).toBeUndefined();
  });

  it('a format kubectl cannot print is its error after the objects were applied (the printer is asked for last)', () => {
    const f = fixture();
    expect(f.run('kubectl apply -f - -o wide', TWO)).toEqual({ exitCode: 1, stdout: '', stderr: `error: ${NO_PRINTER('wide')}\n` });
    expect(f.cluster.store.get('Namespace', '', 'a')).toBeDefined();
    // Without -o, a template that does not parse is each object's own error, after that object was applied.
    const r = f.run("kubectl apply -f - --template='{{.metadata.name'", DS_YAML);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: error parsing template {{.metadata.name, template: output:1: unclosed action\n');
    expect(ds(f)).toBeDefined();
  });

  it('a format kubectl has and the playground does not print is refused before anything is applied', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      const r = f.run("kubectl apply -f - -o jsonpath-as-json='{.metadata.name}'", TWO);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toBe('error: -o jsonpath-as-json is not supported in this playground; use -o jsonpath=..., -o go-template=... or -o custom-columns=...\n');
    });
  });
});

describe('kubectl apply -l and -R', () => {
  it('applies only the objects whose labels in the file match', () => {
    const f = fixture();
    expect(f.run('kubectl apply -f - -l tier=web', TWO)).toEqual(ok('namespace/a created\n'));
    expect(f.cluster.store.get('Namespace', '', 'b')).toBeUndefined();
    expect(f.run('kubectl apply -f - -l tier!=web -o name', TWO)).toEqual(ok('namespace/b\n'));
  });

  it('nothing matching is "no objects passed to apply"; a bad selector is the builder error, after a missing file', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f - -l tier=db', TWO)).toEqual({ exitCode: 1, stdout: '', stderr: 'error: no objects passed to apply\n' });
      expect(f.run("kubectl apply -f - -l 'tier in'", TWO)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'error: the provided selector "tier in" is not valid: unable to parse requirement: found \'\' expected: \'(\'\n',
      });
      // The selector is parsed before any document is read: broken YAML is not reached.
      expect(f.run("kubectl apply -f - -l 'tier in'", 'kind: [').stderr).toMatch(/^error: the provided selector "tier in" is not valid/);
      expect(f.run("kubectl apply -f missing.yaml -l 'tier in'").stderr).toBe('error: the path "missing.yaml" does not exist\n');
    });
  });

  it('filters before the namespace check, after the REST mapping: an unserved kind is reported whatever its labels', () => {
    const f = fixture();
    const elsewhere = DS_YAML.replace('  name: log-agent\n', '  name: log-agent\n  namespace: other\n');
    const configMap = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';
    expect(f.run('kubectl apply -n default -f - -l tier=web', `${TWO}---\n${elsewhere}`)).toEqual(ok('namespace/a created\n'));
    const r = f.run('kubectl apply -f - -l tier=web', `${configMap}---\n${TWO}`);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('namespace/a unchanged\n');
    expect(r.stderr).toContain('no matches for kind "ConfigMap" in version "v1"');
  });

  it('-R is accepted and changes nothing (the editor files are flat)', () => {
    const files: Record<string, string> = { 'ns.yaml': TWO };
    const run = (f: ReturnType<typeof fixture>, line: string) => exec(f.cluster, line, undefined, { readFile: (p) => files[p] });
    const plain = fixture();
    const recursive = fixture();
    expect(run(plain, 'kubectl apply -f ns.yaml')).toEqual(ok('namespace/a created\nnamespace/b created\n'));
    expect(run(recursive, 'kubectl apply -R -f ns.yaml')).toEqual(ok('namespace/a created\nnamespace/b created\n'));
    expect(contents(recursive.cluster)).toBe(contents(plain.cluster));
  });
});
