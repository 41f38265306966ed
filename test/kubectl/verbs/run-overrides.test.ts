/**
 * `kubectl run --overrides`: a JSON merge patch (or, with `--override-type`, a JSON patch or a
 * strategic merge patch) applied to the generated Pod, which kubectl then decodes back into its
 * typed Pod: unknown fields go, the Go field order comes back, a wrongly typed value is Go's error.
 *
 * The texts were read from kubectl 1.32 (`--dry-run=client`), less the `creationTimestamp: null`
 * v1.34 no longer prints.
 */
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../src/sim/index.js';
import { exec } from '../../../src/kubectl/exec.js';
import { expectUnchanged } from './mutating-fixture.js';

const run = (line: string) => exec(createCluster(), line);
const dryRun = (overrides: string, extra = '') => run(`kubectl run web --image=nginx ${extra} --overrides='${overrides}' --dry-run=client -o json`);

/** The generated pod as `-o json` prints it, `spec` ending with `specTail` (inside the spec, after dnsPolicy). */
const webJson = (specTail = '', container = '"name": "web",\n                "image": "nginx",\n                "resources": {}') => `{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "web",
        "labels": {
            "run": "web"
        }
    },
    "spec": {
        "containers": [
            {
                ${container}
            }
        ],
        "restartPolicy": "Always",
        "dnsPolicy": "ClusterFirst"${specTail}
    },
    "status": {}
}
`;

describe('kubectl run --overrides (merge, the default)', () => {
  it('merges a nodeSelector into the spec, in its Go field place', () => {
    // Read from kubectl 1.32: kubectl run web --image=nginx --overrides='{"spec":{"nodeSelector":{"kubernetes.io/hostname":"node-1"}}}' --dry-run=client -o json
    expect(dryRun('{"spec":{"nodeSelector":{"kubernetes.io/hostname":"node-1"}}}').stdout).toBe(
      webJson(',\n        "nodeSelector": {\n            "kubernetes.io/hostname": "node-1"\n        }'),
    );
    expect(dryRun('{}').stdout).toBe(webJson());
  });

  it('a list replaces the generated one; unknown fields go; null removes', () => {
    // Read from kubectl 1.32.
    const r = run(`kubectl run web --image=nginx --overrides='{"spec":{"containers":[{"name":"x","image":"y","bogus":1}],"bogus":2},"metadata":{"labels":null}}' --dry-run=client -o yaml`);
    expect(r.stdout).toBe(`apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - image: "y"
    name: x
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`);
    // containers has no omitempty: a nil list is written as null.
    expect(dryRun('{"spec":{"containers":null}}').stdout).toBe(webJson().replace(/"containers": \[[\s\S]*?\n {8}\],/, '"containers": null,'));
  });

  it('renames the pod; the printer names it', () => {
    // Read from kubectl 1.32.
    expect(run(`kubectl run web --image=nginx --overrides='{"metadata":{"name":"other"}}' --dry-run=client -o name`).stdout).toBe('pod/other\n');
  });

  it('a value of the wrong type is the decoder\'s error', () => {
    // Read from kubectl 1.32.
    expect(dryRun('{"spec":{"containers":"x"}}').stderr).toBe('error: json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type []v1.Container\n');
    expect(dryRun('{"spec":{"restartPolicy":5}}').stderr).toBe('error: json: cannot unmarshal number into Go struct field PodSpec.spec.restartPolicy of type v1.RestartPolicy\n');
    expect(dryRun('{"spec":{"nodeSelector":{"a":1}}}').stderr).toBe('error: json: cannot unmarshal number into Go struct field PodSpec.spec.nodeSelector of type string\n');
  });

  it('text that is not a JSON object is refused as evanphx words it; a list reaches the kind lookup', () => {
    // Read from kubectl 1.32.
    for (const text of ['{bad', 'null', '"x"', '1']) expect(dryRun(text).stderr, text).toBe('error: Invalid JSON Patch\n');
    expect(dryRun('[1]').stderr).toBe(
      'error: couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type ' +
        'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }\n',
    );
  });

  it('refuses to make the object anything but a v1 Pod, naming the fields', () => {
    for (const text of ['{"kind":"DaemonSet","apiVersion":"apps/v1"}', '{"kind":null}', '{"apiVersion":"v2"}']) {
      expect(dryRun(text).stderr, text).toBe('error: --overrides cannot change "apiVersion": "v1" or "kind": "Pod": kubectl run here creates only Pods\n');
    }
  });
});

describe('kubectl run --override-type', () => {
  it('json: a list of JSON patch operations, with Go\'s own JSON errors', () => {
    // Read from kubectl 1.32.
    expect(dryRun('[{"op":"add","path":"/spec/nodeName","value":"n1"}]', '--override-type=json').stdout).toBe(webJson(',\n        "nodeName": "n1"'));
    expect(dryRun('[{"op":"add","path":"/spec/x/y","value":"n1"}]', '--override-type=json').stderr).toBe('error: add operation does not apply: doc is missing path: "/spec/x/y": missing value\n');
    expect(dryRun('{}', '--override-type=json').stderr).toBe('error: json: cannot unmarshal object into Go value of type jsonpatch.Patch\n');
    expect(dryRun('{bad', '--override-type=json').stderr).toBe("error: invalid character 'b' looking for beginning of object key string\n");
  });

  it('strategic: containers merge by name', () => {
    // Read from kubectl 1.32.
    const env = `"name": "web",
                "image": "nginx",
                "env": [
                    {
                        "name": "A",
                        "value": "1"
                    }
                ],
                "resources": {}`;
    expect(dryRun('{"spec":{"containers":[{"name":"web","env":[{"name":"A","value":"1"}]}]}}', '--override-type=strategic').stdout).toBe(webJson('', env));
    for (const text of ['{bad', '[1]']) expect(dryRun(text, '--override-type=strategic').stderr, text).toBe('error: invalid JSON document\n');
  });

  it('an unknown type is an error only when there is an override to apply', () => {
    // Read from kubectl 1.32.
    expect(dryRun('{}', '--override-type=x').stderr).toBe('error: invalid override type: x\n');
    expect(run('kubectl run web --image=nginx --override-type=x --dry-run=client').stdout).toBe('pod/web created (dry run)\n');
  });
});

describe('kubectl run --overrides, created', () => {
  it('a namespace other than the request\'s is the API server\'s BadRequest and creates nothing', () => {
    const c = createCluster();
    exec(c, 'kubectl create namespace tools');
    expectUnchanged(c, () => {
      expect(exec(c, `kubectl run web --image=nginx --overrides='{"metadata":{"namespace":"tools"}}'`).stderr).toBe(
        'Error from server (BadRequest): the namespace of the provided object does not match the namespace sent on the request\n',
      );
    });
    expect(exec(c, `kubectl run web --image=nginx -n tools --overrides='{"metadata":{"namespace":"tools"}}'`).stdout).toBe('pod/web created\n');
    expect(c.store.get('Pod', 'tools', 'web')?.metadata.name).toBe('web');
  });
});
