/**
 * `kubectl set image -f FILE`, `--local` and `-o`. Every `--local` text here was read from kubectl
 * 1.32 (`--local` runs without a cluster). kubectl holds each object as its typed Go struct, so
 * `-o yaml` shows the struct's zero values (`resources: {}`, `updateStrategy: {}`, a DaemonSet's
 * status counters); kubectl 1.32 also wrote a zero `creationTimestamp: null`, which 1.34 leaves
 * out (apimachinery's `omitzero`, kubernetes#130989), as the playground's kubectl 1.34 does here.
 * The live cases follow upstream `set_image.go` (the builder fetches the objects a file names
 * again: `Latest()`).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { AGENT_YAML as AGENT, BAD_LABELS, expectUnchanged, fixture, POD, WIDGET } from './mutating-fixture.js';

const REVISION = 'apiVersion: apps/v1\nkind: ControllerRevision\nmetadata:\n  name: r1\nrevision: 1\n';
const BAD_SPEC = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  minReadySeconds: "5"
  bogus: 1
  template:
    spec:
      containers:
      - name: agent
        image: a
`;
const LIST =
  'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\n  spec:\n    containers:\n    - name: c\n      image: i\n';

const FILES: Readonly<Record<string, string>> = {
  'agent.yaml': AGENT,
  'w.yaml': WIDGET,
  'pod.yaml': POD,
  'cr.yaml': REVISION,
  'badlabels.yaml': BAD_LABELS,
  'dsbad.yaml': BAD_SPEC,
  'list.yaml': LIST,
  'empty.yaml': '',
};

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });
const NO_PRINTER = (format: string) =>
  `unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`;
const NO_RESOURCES =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n";

/** AGENT through the DaemonSet struct, with `image` for its one container. */
const typedAgent = (image: string) =>
  'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  labels:\n    app: agent\n  name: agent\nspec:\n  selector:\n    matchLabels:\n      app: agent\n' +
  `  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n      - image: ${image}\n        name: agent\n        resources: {}\n` +
  '  updateStrategy: {}\nstatus:\n  currentNumberScheduled: 0\n  desiredNumberScheduled: 0\n  numberMisscheduled: 0\n  numberReady: 0\n';

/** A cluster and commands that read FILES; `create` makes the agent DaemonSet from AGENT first. */
function setup(opts: { create?: boolean } = {}) {
  const f = fixture();
  const run = (line: string, stdin?: string) => exec(f.cluster, line, stdin, { readFile: (p) => FILES[p] });
  if (opts.create) expect(run('kubectl create -f agent.yaml')).toEqual(ok('daemonset.apps/agent created\n'));
  const image = () => f.cluster.store.get('DaemonSet', 'default', 'agent')?.spec.template.spec.containers[0]?.image;
  return { f, run, image };
}

describe('kubectl set image --local -f: the file objects through their Go types (read from kubectl 1.32)', () => {
  it('-o yaml prints the typed object: zero values and the status counters, no zero creationTimestamp (1.34)', () => {
    const { f, run } = setup();
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl set image --local -f agent.yaml agent=registry.example/agent:1.1 -o yaml')).toEqual(ok(typedAgent('registry.example/agent:1.1')));
      expect(run('kubectl set image --local -f - agent=x:9 -o yaml', AGENT)).toEqual(ok(typedAgent('x:9')));
    });
  });

  it('-o json keeps the Go field order; init containers too; unknown fields are gone', () => {
    const { run } = setup();
    expect(run("kubectl set image --local -f pod.yaml '*=x:1' -o json")).toEqual(
      ok(
        '{\n    "kind": "Pod",\n    "apiVersion": "v1",\n    "metadata": {\n        "name": "tool",\n        "namespace": "tools"\n    },\n' +
          '    "spec": {\n        "initContainers": [\n            {\n                "name": "init",\n                "image": "x:1",\n                "resources": {}\n            }\n        ],\n' +
          '        "containers": [\n            {\n                "name": "main",\n                "image": "x:1",\n                "resources": {}\n            }\n        ]\n    },\n' +
          '    "status": {}\n}\n',
      ),
    );
    const status = JSON.parse(run('kubectl set image --local -f agent.yaml agent=x -o json').stdout).status;
    expect(Object.keys(status)).toEqual(['currentNumberScheduled', 'numberMisscheduled', 'desiredNumberScheduled', 'numberReady']);
  });

  it('the name printer, with the dry-run suffix; an object whose images already match is not printed', () => {
    const { run } = setup();
    expect(run('kubectl set image --local -f agent.yaml agent=registry.example/agent:1.1')).toEqual(ok('daemonset.apps/agent image updated\n'));
    expect(run('kubectl set image --local -f agent.yaml agent=x --dry-run=client')).toEqual(ok('daemonset.apps/agent image updated (dry run)\n'));
    expect(run('kubectl set image --local -f agent.yaml agent=x -o name -R --show-managed-fields')).toEqual(ok('daemonset.apps/agent\n'));
    expect(run('kubectl set image --local -f agent.yaml agent=fluent/fluent-bit:3.0 -o yaml')).toEqual(ok(''));
    expect(run('kubectl set image --local -f list.yaml c=j -o name')).toEqual(ok('pod/a\n'));
    expect(run('kubectl set image --local -f empty.yaml a=b')).toEqual(ok(''));
  });

  it('one printer for the command: --- between YAML documents; the template printers', () => {
    const { run } = setup();
    expect(run('kubectl set image --local -f agent.yaml -f agent.yaml agent=x -o yaml')).toEqual(ok(`${typedAgent('x')}---\n${typedAgent('x')}`));
    expect(run("kubectl set image --local -f agent.yaml -f agent.yaml agent=x -o jsonpath='{.metadata.name}'")).toEqual(ok('agentagent'));
    expect(run("kubectl set image --local -f agent.yaml '*=x' -o jsonpath='{.spec.template.spec.containers[0].image}'")).toEqual(ok('x'));
    expect(run("kubectl set image --local -f agent.yaml agent=x --template='{{.status.numberReady}}'")).toEqual(ok('0'));
  });

  it('an unknown container, and objects without a pod template, after the others are printed', () => {
    const { run } = setup();
    expect(run('kubectl set image --local -f agent.yaml nope=x:2')).toEqual(failed('error: unable to find container named "nope"\n'));
    expect(run('kubectl set image --local -f agent.yaml nope=x:2 agent=y:1')).toEqual(
      failed('error: unable to find container named "nope"\n', 'daemonset.apps/agent image updated\n'),
    );
    expect(run('kubectl set image --local -f agent.yaml -f pod.yaml agent=x -n tools -o name')).toEqual(
      failed('error: unable to find container named "agent"\n', 'daemonset.apps/agent\n'),
    );
    // kubectl ends this message with a newline (and names a grouped kind with one): alone, no blank line follows.
    expect(run('kubectl set image --local -f cr.yaml a=b')).toEqual(
      failed('error: controllerrevision.apps/r1\n the object is not a pod or does not have a pod template: *v1.ControllerRevision\n'),
    );
    // In an aggregate, unknown containers first, then a blank line after the pod template error.
    expect(run('kubectl set image --local -f cr.yaml -f pod.yaml nope=b')).toEqual(
      failed(
        'error: unable to find container named "nope"\nerror: controllerrevision.apps/r1\n the object is not a pod or does not have a pod template: *v1.ControllerRevision\n\n',
      ),
    );
  });

  it('the typed decode fails the whole command: a kind without a Go type, a wrongly typed value, bad metadata', () => {
    const { run } = setup();
    expect(run('kubectl set image --local -f w.yaml a=b')).toEqual(
      failed('error: unable to decode "w.yaml": no kind "Widget" is registered for version "example.com/v1" in scheme "pkg/scheme/scheme.go:28"\n'),
    );
    expect(run('kubectl set image --local -f dsbad.yaml agent=b -o yaml')).toEqual(
      failed('error: unable to decode "dsbad.yaml": json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32\n'),
    );
    expect(run('kubectl set image --local -f badlabels.yaml main=x:1')).toEqual(
      failed(
        'error: unable to decode "badlabels.yaml": json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string\n',
      ),
    );
    expect(run('kubectl set image --local -f agent.yaml -f w.yaml -f dsbad.yaml agent=x')).toEqual(
      failed(
        'unable to decode "w.yaml": no kind "Widget" is registered for version "example.com/v1" in scheme "pkg/scheme/scheme.go:28"\n' +
          'unable to decode "dsbad.yaml": json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32\n',
      ),
    );
    expect(run('kubectl set image --local -f agent.yaml -f pod.yaml agent=x -n other')).toEqual(
      failed(
        'error: the namespace from the provided object "tools" does not match the namespace "other". You must pass \'--namespace=tools\' to perform this operation.\n',
      ),
    );
  });

  it("the builder's errors first, then Validate's, aggregated", () => {
    const { run } = setup();
    expect(run('kubectl set image --local ds/agent agent=x:2')).toEqual(
      failed(
        "error: you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n",
      ),
    );
    expect(run('kubectl set image --local agent=x:2')).toEqual(failed(NO_RESOURCES));
    expect(run('kubectl set image --local -f nope.yaml agent=x --dry-run=server')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
    expect(run('kubectl set image --local -f agent.yaml')).toEqual(failed('error: at least one image update is required\n'));
    expect(run('kubectl set image --local -f agent.yaml agent=x --dry-run=server')).toEqual(
      failed('error: cannot specify --local and --dry-run=server - did you mean --dry-run=client?\n'),
    );
    expect(run('kubectl set image --local -f agent.yaml --dry-run=server')).toEqual(
      failed('at least one image update is required\ncannot specify --local and --dry-run=server - did you mean --dry-run=client?\n'),
    );
    expect(run('kubectl set image --local -f agent.yaml agent=x --all -l a=b')).toEqual(failed('error: cannot set --all and --selector at the same time\n'));
    expect(run('kubectl set image --local -f agent.yaml a=b -o wide')).toEqual(failed(`error: ${NO_PRINTER('wide')}\n`));
    expect(run('kubectl set image --local -f agent.yaml a=b c -o yaml')).toEqual(failed('error: all resources must be specified before image changes: c\n'));
  });
});

describe('kubectl set image -f FILE: the live objects the file names', () => {
  it('updates the live object the file names; the same image again prints nothing', () => {
    const { run, image } = setup({ create: true });
    expect(run('kubectl set image -f agent.yaml agent=registry.example/agent:1.1')).toEqual(ok('daemonset.apps/agent image updated\n'));
    expect(image()).toBe('registry.example/agent:1.1');
    expect(run('kubectl set image -f agent.yaml agent=registry.example/agent:1.1')).toEqual(ok(''));
    expect(run('kubectl get ds agent -o yaml | kubectl set image -f - agent=registry.example/agent:1.2')).toEqual(ok('daemonset.apps/agent image updated\n'));
    expect(image()).toBe('registry.example/agent:1.2');
  });

  it("-o prints the API server's answer as a typed object: the template's zero creationTimestamp left out (1.34)", () => {
    const { f, run } = setup({ create: true });
    const yaml = run('kubectl set image -f agent.yaml agent=x:2 -o yaml');
    expect(yaml.exitCode).toBe(0);
    const stored = f.cluster.store.get('DaemonSet', 'default', 'agent')!;
    expect(yaml.stdout).toContain(`  creationTimestamp: "${stored.metadata.creationTimestamp}"\n`);
    expect(yaml.stdout).toContain('  template:\n    metadata:\n      labels:\n        app: agent\n');
    expect(yaml.stdout).toContain(`  resourceVersion: "${stored.metadata.resourceVersion}"\n`);
    const json = JSON.parse(run('kubectl set image -f agent.yaml agent=x:3 -o json').stdout);
    expect(Object.keys(json)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(json.spec.template.spec.containers[0].image).toBe('x:3');
  });

  it('--dry-run prints the changed object and changes nothing; -l keeps the live objects that match', () => {
    const { f, run, image } = setup({ create: true });
    expectUnchanged(f.cluster, () => {
      expect(run("kubectl set image -f agent.yaml agent=x:4 --dry-run=client -o jsonpath='{.spec.template.spec.containers[0].image}'")).toEqual(ok('x:4'));
      expect(run('kubectl set image -f agent.yaml agent=x:4 --dry-run=server -o name')).toEqual(ok('daemonset.apps/agent\n'));
      expect(run('kubectl set image -f agent.yaml -l app=other agent=x:4')).toEqual(ok(''));
    });
    expect(run('kubectl set image -f agent.yaml -l app=agent agent=x:4')).toEqual(ok('daemonset.apps/agent image updated\n'));
    expect(image()).toBe('x:4');
  });

  it('a live object that does not exist stops the command before anything is updated', () => {
    const { f, run } = setup({ create: true });
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl set image -f agent.yaml -f pod.yaml -n tools agent=x:5')).toEqual(
        failed('Error from server (NotFound): daemonsets.apps "agent" not found\nError from server (NotFound): pods "tool" not found\n'),
      );
      expect(run('kubectl set image -f pod.yaml main=x:5 -n tools')).toEqual(failed('Error from server (NotFound): pods "tool" not found\n'));
    });
  });

  it('-n is judged once the object is fetched (RequireNamespace comes after RetrieveLatest); the errors as Infos() returns them', () => {
    const { f, run } = setup({ create: true });
    const mismatch = 'the namespace from the provided object "tools" does not match the namespace "other". You must pass \'--namespace=tools\' to perform this operation.';
    expectUnchanged(f.cluster, () => {
      // Nothing in "tools" to fetch: NotFound, not the namespace.
      expect(run('kubectl set image -f pod.yaml -n other main=x:5')).toEqual(failed('Error from server (NotFound): pods "tool" not found\n'));
    });
    expect(run('kubectl create namespace tools').exitCode).toBe(0);
    expect(run('kubectl create -f pod.yaml --validate=false').exitCode).toBe(0);
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl set image -f pod.yaml -n other main=x:5')).toEqual(failed(`error: ${mismatch}\n`));
      // The refusal is an error of its step; the file's missing object one of the files' own, after it and bare.
      expect(run('kubectl set image -f agent.yaml -f pod.yaml -n other main=x:5')).toEqual(failed(`${mismatch}\ndaemonsets.apps "agent" not found\n`));
    });
  });

  it('names every missing file, with or without --local (recorded from kubectl 1.32)', () => {
    const { run } = setup();
    const missing = failed('the path "a.yaml" does not exist\nthe path "b.yaml" does not exist\n');
    expect(run('kubectl set image -f a.yaml -f b.yaml x=y')).toEqual(missing);
    expect(run('kubectl set image --local -f a.yaml -f agent.yaml -f b.yaml x=y')).toEqual(missing);
  });

  it('refuses resource arguments beside -f and a missing file, changing nothing (read from kubectl 1.32)', () => {
    const { f, run } = setup({ create: true });
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl set image -f agent.yaml ds/agent agent=x')).toEqual(
        failed('error: resource/name arguments cannot be provided when a path is specified\n'),
      );
      expect(run('kubectl set image -f agent.yaml ds agent agent=x')).toEqual(
        failed('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n'),
      );
      expect(run('kubectl set image -f nope.yaml agent=x')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
      expect(run('kubectl set image agent=x')).toEqual(failed(NO_RESOURCES));
    });
  });
});
