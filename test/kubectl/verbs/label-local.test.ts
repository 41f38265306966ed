/**
 * `kubectl label --local -f FILE` and `kubectl annotate --local -f FILE`: the objects of the
 * files, edited and printed, with no API server at all. Every expected text here was read from
 * kubectl 1.32 (`--local` runs offline); label.go and annotate.go are the same in v1.34.
 */
import { describe, expect, it } from 'vitest';
import type { VerbContext } from '../../../src/kubectl/context.js';
import { exec } from '../../../src/kubectl/exec.js';
import { annotate } from '../../../src/kubectl/verbs/annotate.js';
import { label } from '../../../src/kubectl/verbs/label.js';
import { AGENT_YAML as AGENT, expectUnchanged, fixture } from './mutating-fixture.js';

/** AGENT as kubectl prints it (keys sorted), with `labels` standing for its metadata.labels lines. */
const agentYaml = (meta: string) =>
  `apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n${meta}  name: agent\nspec:\n  selector:\n    matchLabels:\n      app: agent\n` +
  '  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n      - image: fluent/fluent-bit:3.0\n        name: agent\n';

/** Two ConfigMaps (a kind the playground does not serve: --local needs no REST mapping), one in namespace other. */
const TWO = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: one\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two\n  namespace: other\ndata:\n  k: v\n';
const ONE_LABELED = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    a: b\n  name: one\n';
const TWO_LABELED = 'apiVersion: v1\ndata:\n  k: v\nkind: ConfigMap\nmetadata:\n  labels:\n    a: b\n  name: two\n  namespace: other\n';

const FILES: Readonly<Record<string, string>> = { 'agent.yaml': AGENT, 'two.yaml': TWO };
const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });
const NO_PRINTER = (format: string) =>
  `unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`;

/** A fixture whose commands read FILES (and `files`, written by `> FILE`). */
function setup() {
  const f = fixture();
  const files: Record<string, string> = { ...FILES };
  const opts = { readFile: (p: string) => files[p], writeFile: (n: string, t: string) => void (files[n] = t) };
  return { f, files, run: (line: string, stdin?: string) => exec(f.cluster, line, stdin, opts) };
}

describe('kubectl label --local -f', () => {
  it('-o yaml prints the file object with the label, keys sorted, nothing added', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f agent.yaml tier=node -o yaml')).toEqual(ok(agentYaml('  labels:\n    app: agent\n    tier: node\n')));
  });

  it('without -o the name printer says what was done, from the object itself', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f agent.yaml tier=node')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl label --local -f agent.yaml tier=node --dry-run=client')).toEqual(ok('daemonset.apps/agent labeled (dry run)\n'));
    expect(run('kubectl label --local -f agent.yaml app=agent')).toEqual(ok('daemonset.apps/agent not labeled\n'));
    expect(run('kubectl label --local -f agent.yaml app-')).toEqual(ok('daemonset.apps/agent unlabeled\n'));
    expect(run('kubectl label --local -f agent.yaml app- --overwrite')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl label --local -f agent.yaml zz-')).toEqual(ok('daemonset.apps/agent not labeled\n'));
    expect(run('kubectl label --local -f agent.yaml app=x --overwrite')).toEqual(ok('daemonset.apps/agent labeled\n'));
  });

  it('an emptied or new map stays as {}, so removing from an object without labels reads "labeled"', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f agent.yaml app- -o yaml')).toEqual(ok(agentYaml('  labels: {}\n')));
    expect(run('kubectl label --local -f two.yaml zz-')).toEqual(ok('configmap/one labeled\nconfigmap/two labeled\n'));
  });

  it('reads stdin with -f -, any kind, lists, and several files', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f - tier=node -o name', AGENT)).toEqual(ok('daemonset.apps/agent\n'));
    const widget = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\nspec:\n  size: 3\n';
    expect(run('kubectl label --local -f - a=b', widget)).toEqual(ok('widget.example.com/w1 labeled\n'));
    const list = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n- apiVersion: v1\n  kind: Pod\n';
    expect(run('kubectl label --local -f - a=b', list)).toEqual(ok('configmap/a labeled\npod/<unknown> labeled\n'));
    expect(run('kubectl label --local -f two.yaml -f agent.yaml a=b -o name')).toEqual(ok('configmap/one\nconfigmap/two\ndaemonset.apps/agent\n'));
    expect(run('kubectl label --local -f - a=b', '')).toEqual(ok(''));
  });

  it('-o yaml prints each object without --- between them (a printer per object), -o json likewise', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f two.yaml a=b -o yaml')).toEqual(ok(ONE_LABELED + TWO_LABELED));
    const json = run('kubectl label --local -f two.yaml a=b -o json');
    expect(json.stdout).toBe(
      '{\n    "apiVersion": "v1",\n    "kind": "ConfigMap",\n    "metadata": {\n        "labels": {\n            "a": "b"\n        },\n        "name": "one"\n    }\n}\n' +
        '{\n    "apiVersion": "v1",\n    "data": {\n        "k": "v"\n    },\n    "kind": "ConfigMap",\n    "metadata": {\n        "labels": {\n            "a": "b"\n        },\n' +
        '        "name": "two",\n        "namespace": "other"\n    }\n}\n',
    );
  });

  it('the template printers, and --template beside -o json (ignored) or alone (go-template)', () => {
    const { run } = setup();
    expect(run("kubectl label --local -f agent.yaml a=b -o jsonpath='{.metadata.labels}'")).toEqual(ok('{"a":"b","app":"agent"}'));
    expect(run("kubectl label --local -f agent.yaml a=b --template='{{.metadata.name}}'")).toEqual(ok('agent'));
    expect(run("kubectl label --local -f agent.yaml a=b -o jsonpath --template '{.kind}'")).toEqual(ok('DaemonSet'));
    expect(JSON.parse(run('kubectl label --local -f agent.yaml a=b -o json --template x').stdout).metadata.labels).toEqual({ a: 'b', app: 'agent' });
  });

  it('no server: label keys are not validated, -l and --all mean nothing, the namespace stays as written', () => {
    const { run } = setup();
    expect(run("kubectl label --local -f agent.yaml 'bad_key!=x'")).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl label --local -f agent.yaml -l x=y a=b')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl label --local -f agent.yaml --all a=b')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl label --local -f two.yaml a=b -n other -o yaml')).toEqual(ok(ONE_LABELED + TWO_LABELED));
  });

  it('refuses what Validate refuses, before reading anything', () => {
    const { run } = setup();
    const serverDryRun = failed('error: cannot specify --local and --dry-run=server - did you mean --dry-run=client?\n');
    expect(run('kubectl label --local -f agent.yaml tier=node --dry-run=server')).toEqual(serverDryRun);
    expect(run('kubectl label --local ds agent tier=node')).toEqual(
      failed('error: can only use local files by -f pod.yaml or --filename=pod.json when --local=true is set\n'),
    );
    expect(run('kubectl label --local tier=node')).toEqual(failed('error: one or more files must be specified as -f pod.yaml or --filename=pod.json\n'));
    expect(run('kubectl label --local -f agent.yaml')).toEqual(failed('error: at least one label update is required\n'));
    expect(run('kubectl label --local -f agent.yaml --all -l a=b a=b')).toEqual(failed('error: cannot set --all and --selector at the same time\n'));
    expect(run('kubectl label --local -f nope.yaml a=b')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
  });

  it('errors of each object: overwrites, printers, namespaces, undecodable metadata', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f agent.yaml app=x tier=y')).toEqual(failed("error: 'app' already has a value (agent), and --overwrite is false\n"));
    const ab = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n  labels:\n    a: "1"\n    b: "2"\n';
    expect(run('kubectl label --local -f - a=9 b=8', ab)).toEqual(
      failed("'a' already has a value (1), and --overwrite is false\n'b' already has a value (2), and --overwrite is false\n"),
    );
    expect(run('kubectl label --local -f agent.yaml a=b -o wide')).toEqual(failed(`error: ${NO_PRINTER('wide')}\n`));
    // One printer error per object, each bare as CheckErr prints an aggregate.
    expect(run('kubectl label --local -f two.yaml a=b -o foo')).toEqual(failed(`${NO_PRINTER('foo')}\n${NO_PRINTER('foo')}\n`));
    expect(run('kubectl label --local -f two.yaml a=b -n foo')).toEqual(
      failed(
        'error: the namespace from the provided object "other" does not match the namespace "foo". You must pass \'--namespace=other\' to perform this operation.\n',
        'configmap/one labeled\n',
      ),
    );
    const bad = (meta: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n${meta}`;
    expect(run('kubectl label --local -f - a=b', bad('  name: p\n  labels: [1]\n'))).toEqual(
      failed('error: unable to decode "STDIN": json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string\n'),
    );
    expect(run('kubectl label --local -f - a=b', bad('  name: p\n  annotations: {a: 1}\n'))).toEqual(
      failed('error: unable to decode "STDIN": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string\n'),
    );
    expect(run('kubectl label --local -f - a=b', bad('  name: 5\n'))).toEqual(
      failed('error: unable to decode "STDIN": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string\n'),
    );
    expect(run('kubectl label --local -f - a=b', 'apiVersion: v1\nkind: Pod\nmetadata: 5\n')).toEqual(
      failed('error: unable to decode "STDIN": json: cannot unmarshal number into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta\n'),
    );
    expect(run('kubectl label --local -f - a=b', 'apiVersion: v1\nmetadata:\n  name: p1\n')).toEqual(
      failed('error: unable to decode "STDIN": Object \'Kind\' is missing in \'{"apiVersion":"v1","metadata":{"name":"p1"}}\'\n'),
    );
  });

  it('a map with a value that is not a string reads as no map (NestedStringMap): it is replaced', () => {
    const { run } = setup();
    const nulls = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {x: ~, y: '1'}\n";
    expect(run('kubectl label --local -f - a=b -o yaml', nulls)).toEqual(ok('apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    a: b\n  name: p\n'));
    expect(run('kubectl label --local -f - y=2', nulls)).toEqual(ok('pod/p unlabeled\n'));
  });

  it('-o yaml > FILE writes the labelled manifest, which apply then creates with the label', () => {
    const { f, files, run } = setup();
    expect(run('kubectl label --local -f agent.yaml tier=node -o yaml > agent-node.yaml')).toEqual(ok(''));
    expect(files['agent-node.yaml']).toBe(agentYaml('  labels:\n    app: agent\n    tier: node\n'));
    expect(f.cluster.store.get('DaemonSet', 'default', 'agent')).toBeUndefined();
    expect(run('kubectl apply -f agent-node.yaml')).toEqual(ok('daemonset.apps/agent created\n'));
    expect(f.cluster.store.get('DaemonSet', 'default', 'agent')?.metadata.labels).toEqual({ app: 'agent', tier: 'node' });
  });

  it('prints the file, not the live object of the same name, and leaves the cluster as it was', () => {
    const { f, run } = setup();
    run('kubectl apply -f agent.yaml');
    run('kubectl label ds agent live=yes');
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl label --local -f agent.yaml tier=node -o yaml')).toEqual(ok(agentYaml('  labels:\n    app: agent\n    tier: node\n')));
      expect(run('kubectl annotate --local -f agent.yaml note=x')).toEqual(ok('daemonset.apps/agent annotated\n'));
      expect(run('kubectl label --local -f agent.yaml app=x')).toEqual(failed("error: 'app' already has a value (agent), and --overwrite is false\n"));
    });
    expect(f.cluster.store.get('DaemonSet', 'default', 'agent')?.metadata.labels).toEqual({ app: 'agent', live: 'yes' });
  });

  it('never reads or writes the cluster: a context whose cluster and client throw is never touched', () => {
    const untouchable = new Proxy({}, {
      get: (_target, key) => {
        throw new Error(`--local touched the cluster (${String(key)})`);
      },
    });
    const ctx = { cluster: untouchable, client: untouchable, line: 'kubectl label --local', readFile: (p: string) => FILES[p], stdin: TWO } as unknown as VerbContext;
    expect(label(ctx, ['--local', '-f', 'agent.yaml', 'tier=node', '-o', 'name'])).toEqual(ok('daemonset.apps/agent\n'));
    expect(label(ctx, ['--local', '-f', '-', 'a=b', '-o', 'yaml'])).toEqual(ok(ONE_LABELED + TWO_LABELED));
    expect(annotate(ctx, ['--local', '-f', 'agent.yaml', 'note=x'])).toEqual(ok('daemonset.apps/agent annotated\n'));
    // The same context fails as soon as a command needs the server.
    expect(() => label(ctx, ['-f', 'agent.yaml', 'tier=node'])).toThrow(/touched the cluster/);
  });
});

describe('kubectl annotate --local -f', () => {
  it('-o yaml and -o json print the annotated file object', () => {
    const { run } = setup();
    expect(run('kubectl annotate -f agent.yaml --local note=x -o yaml')).toEqual(ok(agentYaml('  annotations:\n    note: x\n  labels:\n    app: agent\n')));
    const json = JSON.parse(run('kubectl annotate --local -f agent.yaml a=b -o json').stdout);
    expect(json.metadata).toEqual({ annotations: { a: 'b' }, labels: { app: 'agent' }, name: 'agent' });
    expect(run('kubectl annotate --local -f agent.yaml note=x')).toEqual(ok('daemonset.apps/agent annotated\n'));
    expect(run('kubectl annotate --local -f agent.yaml note=x --dry-run=client -o name')).toEqual(ok('daemonset.apps/agent\n'));
    expect(run('kubectl annotate --local -f agent.yaml a=1 a-')).toEqual(failed('error: can not both modify and remove the following annotation(s) in the same command: a\n'));
  });

  it('one printer for all objects: --- between YAML documents, and an emptied map stays {}', () => {
    const { run } = setup();
    const annotated = (s: string) => s.replace('  labels:\n    a: b\n', '  annotations:\n    a: b\n');
    expect(run('kubectl annotate --local -f two.yaml a=b -o yaml')).toEqual(ok(`${annotated(ONE_LABELED)}---\n${annotated(TWO_LABELED)}`));
    expect(run('kubectl annotate --local -f two.yaml zz- -o yaml').stdout).toBe(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  annotations: {}\n  name: one\n---\napiVersion: v1\ndata:\n  k: v\nkind: ConfigMap\nmetadata:\n  annotations: {}\n  name: two\n  namespace: other\n',
    );
  });

  it('refuses a bad -o once, before reading the files, and words its --local errors its own way', () => {
    const { run } = setup();
    expect(run('kubectl annotate --local -f two.yaml a=b -o foo')).toEqual(failed(`error: ${NO_PRINTER('foo')}\n`));
    expect(run('kubectl annotate -o foo')).toEqual(failed(`error: ${NO_PRINTER('foo')}\n`));
    expect(run('kubectl annotate --local -f agent.yaml --dry-run=server a=b')).toEqual(
      failed('error: cannot specify --local and --dry-run=server - did you mean --dry-run=client?\n'),
    );
    expect(run('kubectl annotate --local ds agent a=b')).toEqual(failed('error: can only use local files by -f rsrc.yaml or --filename=rsrc.json when --local=true is set\n'));
    expect(run('kubectl annotate --local a=b')).toEqual(failed('error: one or more files must be specified as -f rsrc.yaml or --filename=rsrc.json\n'));
    const ab = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n  annotations:\n    a: "1"\n    b: "2"\n';
    expect(run('kubectl annotate --local -f - a=9 b=8 c=3', ab)).toEqual(
      failed("error: --overwrite is false but found the following declared annotation(s): 'a' already has a value (1); 'b' already has a value (2)\n"),
    );
  });
});
