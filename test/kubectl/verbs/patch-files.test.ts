/**
 * `kubectl patch -f FILE`, `--local`, `--patch-file` and `-o`. Every `--local` text here was read
 * from kubectl 1.32 (`--local` runs without a cluster), as were the messages of `Validate` and of
 * the builder's argument checks; the live cases follow upstream `patch.go` (`RunPatch` compares
 * the server's answer with the object the builder read, which for `-f` is the file's object).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { AGENT_YAML as AGENT, BAD_LABELS, expectUnchanged, fixture, POD, WIDGET } from './mutating-fixture.js';

const TOLERATIONS = '{"spec":{"template":{"spec":{"tolerations":[{"key":"node-role.kubernetes.io/control-plane","effect":"NoSchedule"}]}}}}';

const FILES: Readonly<Record<string, string>> = {
  'agent.yaml': AGENT,
  'w.yaml': WIDGET,
  'pod.yaml': POD,
  'badlabels.yaml': BAD_LABELS,
  'tol.json': TOLERATIONS,
  'p.yaml': 'spec:\n  minReadySeconds: 9\n',
  'bad.yaml': 'a: [b\n',
  'empty.json': '',
  'empty.yaml': '',
};

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });
const NO_PRINTER = (format: string) =>
  `unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`;

/** AGENT as kubectl prints it (keys sorted), with `spec` standing for the lines before spec.selector. */
const agentYaml = (spec: string) =>
  `apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  labels:\n    app: agent\n  name: agent\nspec:\n${spec}  selector:\n    matchLabels:\n      app: agent\n` +
  '  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n      - image: fluent/fluent-bit:3.0\n        name: agent\n';

/** A cluster and commands that read FILES; `create` makes the agent DaemonSet from AGENT first. */
function setup(opts: { create?: boolean } = {}) {
  const f = fixture();
  const run = (line: string, stdin?: string) => exec(f.cluster, line, stdin, { readFile: (p) => FILES[p] });
  if (opts.create) expect(run('kubectl create -f agent.yaml')).toEqual(ok('daemonset.apps/agent created\n'));
  const stored = () => f.cluster.store.get('DaemonSet', 'default', 'agent');
  return { f, run, stored };
}

describe('kubectl patch --local -f: the file objects, patched by kubectl itself (read from kubectl 1.32)', () => {
  it('prints the patched object, or what would have happened with the name printer', () => {
    const { f, run } = setup();
    expectUnchanged(f.cluster, () => {
      expect(run(`kubectl patch --local -f agent.yaml -p '{"spec":{"minReadySeconds":5}}' -o yaml`)).toEqual(ok(agentYaml('  minReadySeconds: 5\n')));
      expect(run(`kubectl patch --local -f agent.yaml -p '{"spec":{"minReadySeconds":5}}'`)).toEqual(ok('daemonset.apps/agent patched\n'));
      expect(run(`kubectl patch --local -f agent.yaml -p '{}'`)).toEqual(ok('daemonset.apps/agent patched (no change)\n'));
      // The operation replaces the name printer's dry-run suffix.
      expect(run(`kubectl patch --local -f agent.yaml -p '{}' --dry-run=client`)).toEqual(ok('daemonset.apps/agent patched (no change)\n'));
      expect(run(`kubectl patch --local -f agent.yaml -p '{}' -o name`)).toEqual(ok('daemonset.apps/agent\n'));
    });
  });

  it('json and merge patches; -o json sorts the keys of the unstructured object', () => {
    const { run } = setup();
    expect(run(`kubectl patch --local -f agent.yaml --type=json -p '[{"op":"add","path":"/spec/minReadySeconds","value":3}]' -o json`).stdout).toBe(
      '{\n    "apiVersion": "apps/v1",\n    "kind": "DaemonSet",\n    "metadata": {\n        "labels": {\n            "app": "agent"\n        },\n        "name": "agent"\n    },\n' +
        '    "spec": {\n        "minReadySeconds": 3,\n        "selector": {\n            "matchLabels": {\n                "app": "agent"\n            }\n        },\n' +
        '        "template": {\n            "metadata": {\n                "labels": {\n                    "app": "agent"\n                }\n            },\n' +
        '            "spec": {\n                "containers": [\n                    {\n                        "image": "fluent/fluent-bit:3.0",\n' +
        '                        "name": "agent"\n                    }\n                ]\n            }\n        }\n    }\n}\n',
    );
    expect(run(`kubectl patch --local -f agent.yaml --type=JSON -p '[{"op":"add","path":"/spec/minReadySeconds","value":3}]' -o name`)).toEqual(
      ok('daemonset.apps/agent\n'),
    );
    expect(run(`kubectl patch --local -f agent.yaml --type=merge -p '{"metadata":{"labels":null}}' -o yaml`)).toEqual(
      ok(
        'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels:\n      app: agent\n' +
          '  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n      - image: fluent/fluent-bit:3.0\n        name: agent\n',
      ),
    );
  });

  it('nothing is decoded: a strategic patch merges containers by name, unknown fields and wrong types stay', () => {
    const { run } = setup();
    expect(
      run(
        `kubectl patch --local -f agent.yaml -p '{"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"x:2"}]}}}}' -o jsonpath='{.spec.template.spec.containers}'`,
      ),
    ).toEqual(ok('[{"image":"x:2","name":"agent"}]'));
    expect(run(`kubectl patch --local -f agent.yaml -p '{"spec":{"bogus":1,"minReadySeconds":"5"}}' -o jsonpath='{.spec}'`)).toEqual(
      ok(
        '{"bogus":1,"minReadySeconds":"5","selector":{"matchLabels":{"app":"agent"}},"template":{"metadata":{"labels":{"app":"agent"}},"spec":{"containers":[{"image":"fluent/fluent-bit:3.0","name":"agent"}]}}}',
      ),
    );
  });

  it('--patch-file reads the patch from an editor file, JSON or YAML; an empty one changes nothing', () => {
    const { run } = setup();
    expect(run("kubectl patch --local -f agent.yaml --patch-file tol.json -o jsonpath='{.spec.template.spec.tolerations}'")).toEqual(
      ok('[{"effect":"NoSchedule","key":"node-role.kubernetes.io/control-plane"}]'),
    );
    expect(run("kubectl patch --local -f agent.yaml --patch-file p.yaml -o jsonpath='{.spec.minReadySeconds}'")).toEqual(ok('9'));
    expect(run('kubectl patch --local -f agent.yaml --patch-file empty.json')).toEqual(ok('daemonset.apps/agent patched (no change)\n'));
    expect(run('kubectl patch --local -f agent.yaml --type=json --patch-file empty.json')).toEqual(ok('daemonset.apps/agent patched (no change)\n'));
    expect(run('kubectl patch --local -f agent.yaml --type=merge --patch-file empty.json')).toEqual(failed('error: Invalid JSON Patch\n'));
    // The parse error quotes -p, which is empty with --patch-file.
    expect(run('kubectl patch --local -f agent.yaml --patch-file bad.yaml')).toEqual(
      failed(`error: unable to parse "": yaml: line 1: did not find expected ',' or ']'\n`),
    );
  });

  it('stdin, any kind with a merge patch, a printer per object (no --- between YAML documents), the printed kind names it', () => {
    const { run } = setup();
    expect(run(`kubectl patch --local -f - --type=merge -p '{"spec":{"size":4}}' -o yaml`, WIDGET)).toEqual(
      ok('apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\nspec:\n  size: 4\n'),
    );
    const five = agentYaml('  minReadySeconds: 5\n');
    expect(run(`kubectl patch --local -f agent.yaml -f agent.yaml -p '{"spec":{"minReadySeconds":5}}' -o yaml`)).toEqual(ok(five + five));
    expect(run(`kubectl patch --local -f agent.yaml --type=merge -p '{"kind":"Pod"}' -o name`)).toEqual(ok('pod.apps/agent\n'));
    expect(run(`kubectl patch --local -f w.yaml -f agent.yaml --type=merge -p '{"metadata":{"labels":{"x":"y"}}}' -o name`)).toEqual(
      ok('widget.example.com/w1\ndaemonset.apps/agent\n'),
    );
    expect(run("kubectl patch --local -f agent.yaml -p '{}' --template='{{.kind}}'")).toEqual(ok('DaemonSet'));
    expect(run("kubectl patch --local -f agent.yaml -p '{}' -R --show-managed-fields -o name")).toEqual(ok('daemonset.apps/agent\n'));
  });

  it("the patch libraries' own errors, for each object", () => {
    const { run } = setup();
    expect(run(`kubectl patch --local -f - -p '{"spec":{"size":4}}'`, WIDGET)).toEqual(
      failed('error: strategic merge patch is not supported for example.com/v1, Kind=Widget locally, try --type merge\n'),
    );
    expect(run("kubectl patch --local -f agent.yaml -p '{bad'")).toEqual(failed('error: invalid JSON document\n'));
    expect(run("kubectl patch --local -f agent.yaml -p '{spec: {minReadySeconds: 5}}'")).toEqual(failed('error: invalid JSON document\n'));
    expect(run("kubectl patch --local -f agent.yaml --type=merge -p '{bad'")).toEqual(failed('error: Invalid JSON Patch\n'));
    expect(run("kubectl patch --local -f agent.yaml --type=json -p '{bad'")).toEqual(
      failed("error: invalid character 'b' looking for beginning of object key string\n"),
    );
    expect(run("kubectl patch --local -f agent.yaml -p '[1]'")).toEqual(failed('error: invalid JSON document\n'));
    expect(run("kubectl patch --local -f agent.yaml --type=merge -p '[1]'")).toEqual(
      failed('error: json: cannot unmarshal array into Go value of type unstructured.detector\n'),
    );
    expect(run(`kubectl patch --local -f agent.yaml --type=json -p '[{"op":"test","path":"/kind","value":"Pod"}]'`)).toEqual(
      failed('error: testing value /kind failed: test failed\n'),
    );
    expect(run(`kubectl patch --local -f agent.yaml --type=json -p '{"op":"test"}'`)).toEqual(
      failed('error: json: cannot unmarshal object into Go value of type jsonpatch.Patch\n'),
    );
    expect(run(`kubectl patch --local -f agent.yaml -p '{"spec":{"template":{"spec":{"containers":[{"image":"x:2"}]}}}}'`)).toEqual(
      failed('error: map: map[image:x:2] does not contain declared merge key: name\n'),
    );
    expect(run(`kubectl patch --local -f agent.yaml -p '{"$patch":"delete"}'`)).toEqual(failed("error: Object 'Kind' is missing in '{}'\n"));
    expect(run(`kubectl patch --local -f agent.yaml --type=merge -p '{"kind":null}'`)).toEqual(
      failed(
        `error: Object 'Kind' is missing in '{"apiVersion":"apps/v1","metadata":{"labels":{"app":"agent"},"name":"agent"},"spec":{"selector":{"matchLabels":{"app":"agent"}},"template":{"metadata":{"labels":{"app":"agent"}},"spec":{"containers":[{"image":"fluent/fluent-bit:3.0","name":"agent"}]}}}}'\n`,
      ),
    );
  });

  it('errors of some objects: the others are printed, undecodable documents are reported last', () => {
    const { run } = setup();
    expect(run("kubectl patch --local -f agent.yaml -f badlabels.yaml -f w.yaml -p '{}'")).toEqual(
      failed(
        'strategic merge patch is not supported for example.com/v1, Kind=Widget locally, try --type merge\n' +
          'unable to decode "badlabels.yaml": json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string\n',
        'daemonset.apps/agent patched (no change)\n',
      ),
    );
    expect(run("kubectl patch --local -f agent.yaml -f pod.yaml -p '{}' -n other")).toEqual(
      failed(
        'error: the namespace from the provided object "tools" does not match the namespace "other". You must pass \'--namespace=tools\' to perform this operation.\n',
        'daemonset.apps/agent patched (no change)\n',
      ),
    );
    expect(run("kubectl patch --local -f agent.yaml -f agent.yaml -p '{}' -o wide")).toEqual(failed(`${NO_PRINTER('wide')}\n${NO_PRINTER('wide')}\n`));
    expect(run("kubectl patch --local -f empty.yaml -p '{}'")).toEqual(failed('error: no objects passed to patch\n'));
  });

  it("refuses what Validate refuses, then a patch file or patch it cannot read, then the builder's errors", () => {
    const { run } = setup();
    expect(run("kubectl patch --local -f agent.yaml -p '{}' --patch-file p.yaml")).toEqual(failed('error: cannot specify --patch and --patch-file together\n'));
    expect(run('kubectl patch --local -f agent.yaml')).toEqual(failed('error: must specify --patch or --patch-file containing the contents of the patch\n'));
    expect(run("kubectl patch --local -f agent.yaml -p ''")).toEqual(
      failed('error: must specify --patch or --patch-file containing the contents of the patch\n'),
    );
    expect(run("kubectl patch --local ds/agent -p '{}' --dry-run=server")).toEqual(failed('error: cannot specify --local and server resources\n'));
    expect(run("kubectl patch --local -f agent.yaml -p '{}' --type=foo --dry-run=server")).toEqual(
      failed('error: cannot specify --local and --dry-run=server - did you mean --dry-run=client?\n'),
    );
    expect(run("kubectl patch --local -f agent.yaml -p '{}' --type=foo")).toEqual(failed('error: --type must be one of [json merge strategic], not "foo"\n'));
    expect(run('kubectl patch --local -f nope.yaml --patch-file nope.json')).toEqual(
      failed('error: unable to read patch file: open nope.json: no such file or directory\n'),
    );
    expect(run("kubectl patch --local -f nope.yaml -p 'a: [b'")).toEqual(
      failed(`error: unable to parse "a: [b": yaml: line 1: did not find expected ',' or ']'\n`),
    );
    expect(run("kubectl patch --local -f nope.yaml -p '{}'")).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
    expect(run("kubectl patch --local -p '{}'")).toEqual(
      failed(
        "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
      ),
    );
  });
});

describe('kubectl patch -f FILE: the live objects the file names', () => {
  it('patches the live object; kubectl compares the answer with the file, so "patched" each time', () => {
    const { run, stored } = setup({ create: true });
    const line = `kubectl patch -f agent.yaml -p '{"spec":{"minReadySeconds":5}}'`;
    expect(run(line)).toEqual(ok('daemonset.apps/agent patched\n'));
    expect(stored()?.spec.minReadySeconds).toBe(5);
    expect(run(line)).toEqual(ok('daemonset.apps/agent patched\n'));
    // TYPE NAME compares with the live object.
    expect(run(`kubectl patch ds agent -p '{"spec":{"minReadySeconds":5}}'`)).toEqual(ok('daemonset.apps/agent patched (no change)\n'));
    // The live object itself as the file: nothing differs.
    expect(run(`kubectl get ds agent -o yaml | kubectl patch -f - -p '{}'`)).toEqual(ok('daemonset.apps/agent patched (no change)\n'));
  });

  it("-o prints the API server's answer; --patch-file and -f - work as with TYPE NAME", () => {
    const { run, stored } = setup({ create: true });
    const answer = run('kubectl patch -f agent.yaml --patch-file tol.json -o json');
    expect(answer.exitCode).toBe(0);
    const obj = JSON.parse(answer.stdout);
    expect(obj.metadata.uid).toBe(stored()?.metadata.uid);
    expect(obj.spec.template.spec.tolerations).toEqual([{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
    expect(run(`kubectl patch -f - --type=merge -p '{"spec":{"minReadySeconds":8}}' -o jsonpath='{.spec.minReadySeconds}'`, AGENT)).toEqual(ok('8'));
    expect(stored()?.spec.minReadySeconds).toBe(8);
    expect(run(`kubectl patch ds agent -p '{"spec":{"minReadySeconds":9}}' -o name`)).toEqual(ok('daemonset.apps/agent\n'));
  });

  it('--dry-run=client patches the file object itself and asks the server nothing', () => {
    const { f, run } = setup({ create: true });
    expectUnchanged(f.cluster, () => {
      // The builder's namespace is set on the file's object; the rest is the file as written.
      expect(run(`kubectl patch -f agent.yaml -p '{"spec":{"minReadySeconds":6}}' --dry-run=client -o yaml`)).toEqual(
        ok(agentYaml('  minReadySeconds: 6\n').replace('  name: agent\nspec:', '  name: agent\n  namespace: default\nspec:')),
      );
      // No decoding either: the unknown field stays.
      expect(run(`kubectl patch ds agent -p '{"spec":{"replicas":3}}' --dry-run=client -o jsonpath='{.spec.replicas}'`)).toEqual(ok('3'));
      expect(run(`kubectl patch ds agent -p '{bad' --dry-run=client`)).toEqual(failed('error: invalid JSON document\n'));
    });
    expect(run(`kubectl patch -f pod.yaml -n tools -p '{}' --dry-run=client`)).toEqual(ok('pod/tool patched (no change)\n'));
  });

  it('a live object that does not exist is NotFound; the others are patched', () => {
    const { run, stored } = setup({ create: true });
    expect(run(`kubectl patch -f agent.yaml -f pod.yaml -p '{"metadata":{"labels":{"x":"y"}}}'`)).toEqual(
      failed('Error from server (NotFound): pods "tool" not found\n', 'daemonset.apps/agent patched\n'),
    );
    expect(stored()?.metadata.labels).toEqual({ app: 'agent', x: 'y' });
  });

  it('a bad -o changes nothing: the object is refused before it is written', () => {
    const { f, run } = setup({ create: true });
    expectUnchanged(f.cluster, () => {
      expect(run(`kubectl patch -f agent.yaml -p '{"spec":{"minReadySeconds":5}}' -o wide`)).toEqual(failed(`error: ${NO_PRINTER('wide')}\n`));
    });
  });

  it('each object is patched as the server holds it when its turn comes: a file naming it twice patches it twice', () => {
    const { run, stored } = setup({ create: true });
    const toleration = (key: string) => `{"spec":{"template":{"spec":{"tolerations":[{"key":"${key}","operator":"Exists"}]}}}}`;
    expect(run(`kubectl patch ds agent -p '${toleration('a')}'`)).toEqual(ok('daemonset.apps/agent patched\n'));
    // RunPatch sends one patch per object the builder visits (helper.Patch), each applied to what is stored then.
    const append = `[{"op":"add","path":"/spec/template/spec/tolerations/-","value":{"key":"b","operator":"Exists"}}]`;
    expect(run(`kubectl patch -f agent.yaml -f - --type=json -p '${append}'`, AGENT)).toEqual(ok('daemonset.apps/agent patched\ndaemonset.apps/agent patched\n'));
    expect(stored()?.spec.template.spec.tolerations?.map((t) => t.key)).toEqual(['a', 'b', 'b']);
  });

  it("errors in the builder's order: each object's in turn, then the files' own as one aggregate (ContinueOnErrorVisitor)", () => {
    const { f, run } = setup({ create: true });
    const other = WIDGET.replace('name: w1', 'name: w2');
    const unserved = (name: string, source: string) =>
      `resource mapping not found for name: "${name}" namespace: "" from "${source}": no matches for kind "Widget" in version "example.com/v1"\nensure CRDs are installed first`;
    expectUnchanged(f.cluster, () => {
      // Without Latest() nothing is fetched first: -n refuses the pod the file puts in "tools" though it does not exist.
      expect(run("kubectl patch -f pod.yaml -n other -p '{}'")).toEqual(
        failed('error: the namespace from the provided object "tools" does not match the namespace "other". You must pass \'--namespace=tools\' to perform this operation.\n'),
      );
      expect(run("kubectl patch -f w.yaml -f pod.yaml -f - -f agent.yaml -n other -p '{}'", other)).toEqual(
        failed(
          'the namespace from the provided object "tools" does not match the namespace "other". You must pass \'--namespace=tools\' to perform this operation.\n' +
            'Error from server (NotFound): daemonsets.apps "agent" not found\n' +
            `[${unserved('w1', 'w.yaml')}, ${unserved('w2', 'STDIN')}]\n`,
        ),
      );
    });
  });

  it('names every missing file, with or without --local (recorded from kubectl 1.32)', () => {
    const { run } = setup();
    const missing = failed('the path "a.yaml" does not exist\nthe path "b.yaml" does not exist\n');
    expect(run("kubectl patch -f a.yaml -f agent.yaml -f b.yaml -p '{}'")).toEqual(missing);
    expect(run("kubectl patch --local -f a.yaml -f b.yaml -p '{}'")).toEqual(missing);
  });

  it('refuses resource arguments beside -f and a missing file, changing nothing (read from kubectl 1.32)', () => {
    const { f, run } = setup({ create: true });
    expectUnchanged(f.cluster, () => {
      expect(run("kubectl patch -f agent.yaml ds/agent -p '{}'")).toEqual(
        failed('error: resource/name arguments cannot be provided when a path is specified\n'),
      );
      expect(run("kubectl patch -f agent.yaml ds agent -p '{}'")).toEqual(
        failed('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n'),
      );
      expect(run("kubectl patch -f nope.yaml -p '{}'")).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
      expect(run("kubectl patch -p '{}'")).toEqual(
        failed(
          "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
        ),
      );
    });
  });
});
