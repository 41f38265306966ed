/**
 * `kubectl create deployment`: the object kubectl builds, printed by `--dry-run=client`, kubectl's
 * errors, and the API server's missing route for every other run.
 *
 * The expected texts were read from kubectl 1.32 (`/usr/bin/kubectl ... --dry-run=client`, which
 * runs offline). The playground models v1.34, which writes no `creationTimestamp: null`:
 * apimachinery v0.34 tags `ObjectMeta.CreationTimestamp` `omitzero` (kubernetes#130989), so each
 * 1.32 text goes through `as134` (drops those lines, fields and escaped fields) before comparing.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { expectUnchanged, fixture } from './mutating-fixture.js';

/** A 1.32 text as v1.34 prints it: without the zero creationTimestamp, in YAML, JSON, and JSON inside a string. */
function as134(text: string): string {
  return text
    .replace(/^ *creationTimestamp: null\n/gm, '')
    .replace(/\n *"creationTimestamp": null,/g, '')
    .replace(/,\n *"creationTimestamp": null/g, '')
    .replace(/"creationTimestamp":null,/g, '')
    .replace(/\\"creationTimestamp\\":null,/g, '')
    .replace(/,\\"creationTimestamp\\":null/g, '');
}

const MODELLED = 'This playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n';

// Read from kubectl 1.32: kubectl create deployment web --image=nginx --dry-run=client -o yaml
const WEB_YAML_132 = `apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}
`;

// Read from kubectl 1.32: kubectl create deployment web --image=nginx --image=busybox --replicas=3 --port=8080 --dry-run=client -o json
const TWO_IMAGES_JSON_132 = `{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "web",
        "creationTimestamp": null,
        "labels": {
            "app": "web"
        }
    },
    "spec": {
        "replicas": 3,
        "selector": {
            "matchLabels": {
                "app": "web"
            }
        },
        "template": {
            "metadata": {
                "creationTimestamp": null,
                "labels": {
                    "app": "web"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "nginx",
                        "image": "nginx",
                        "ports": [
                            {
                                "containerPort": 8080
                            }
                        ],
                        "resources": {}
                    },
                    {
                        "name": "busybox",
                        "image": "busybox",
                        "resources": {}
                    }
                ]
            }
        },
        "strategy": {}
    },
    "status": {}
}
`;

// Read from kubectl 1.32: kubectl create deployment probe --image=busybox --port=8080 -n tools --dry-run=client -o yaml -- sleep 3600
const COMMAND_YAML_132 = `apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: probe
  name: probe
  namespace: tools
spec:
  replicas: 1
  selector:
    matchLabels:
      app: probe
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: probe
    spec:
      containers:
      - command:
        - sleep
        - "3600"
        image: busybox
        name: busybox
        ports:
        - containerPort: 8080
        resources: {}
status: {}
`;

// Read from kubectl 1.32: kubectl create deployment web --image=nginx --dry-run=client --save-config -o json
const SAVE_CONFIG_JSON_132 = `{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "web",
        "creationTimestamp": null,
        "labels": {
            "app": "web"
        },
        "annotations": {
            "kubectl.kubernetes.io/last-applied-configuration": "{\\"kind\\":\\"Deployment\\",\\"apiVersion\\":\\"apps/v1\\",\\"metadata\\":{\\"name\\":\\"web\\",\\"creationTimestamp\\":null,\\"labels\\":{\\"app\\":\\"web\\"}},\\"spec\\":{\\"replicas\\":1,\\"selector\\":{\\"matchLabels\\":{\\"app\\":\\"web\\"}},\\"template\\":{\\"metadata\\":{\\"creationTimestamp\\":null,\\"labels\\":{\\"app\\":\\"web\\"}},\\"spec\\":{\\"containers\\":[{\\"name\\":\\"nginx\\",\\"image\\":\\"nginx\\",\\"resources\\":{}}]}},\\"strategy\\":{}},\\"status\\":{}}\\n"
        }
    },
    "spec": {
        "replicas": 1,
        "selector": {
            "matchLabels": {
                "app": "web"
            }
        },
        "template": {
            "metadata": {
                "creationTimestamp": null,
                "labels": {
                    "app": "web"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "nginx",
                        "image": "nginx",
                        "resources": {}
                    }
                ]
            }
        },
        "strategy": {}
    },
    "status": {}
}
`;

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });
const containers = (yaml: string) => yaml.slice(yaml.indexOf('      containers:\n'), yaml.indexOf('status:'));

describe('kubectl create deployment --dry-run=client', () => {
  it('as134 removes exactly the zero creationTimestamps of every recorded form', () => {
    expect(as134(WEB_YAML_132)).not.toContain('creationTimestamp');
    expect(as134(SAVE_CONFIG_JSON_132)).not.toContain('creationTimestamp');
    expect(JSON.parse(as134(TWO_IMAGES_JSON_132)).metadata).toEqual({ name: 'web', labels: { app: 'web' } });
    expect(as134(WEB_YAML_132).split('\n')).toHaveLength(WEB_YAML_132.split('\n').length - 2);
  });

  it('-o yaml prints the Deployment kubectl builds: app=NAME labels and selector, 1 replica, strategy {}, resources {}', () => {
    expect(fixture().run('kubectl create deployment web --image=nginx --dry-run=client -o yaml')).toEqual(ok(as134(WEB_YAML_132)));
  });

  it('-o json keeps the typed object\'s field order; one container per image, --port on the first', () => {
    const f = fixture();
    expect(f.run('kubectl create deployment web --image=nginx --image=busybox --replicas=3 --port=8080 --dry-run=client -o json')).toEqual(ok(as134(TWO_IMAGES_JSON_132)));
  });

  it('the words after -- are the command; -n puts the namespace in the metadata, also written before the verb', () => {
    const f = fixture();
    expect(f.run('kubectl create deployment probe --image=busybox --port=8080 -n tools --dry-run=client -o yaml -- sleep 3600')).toEqual(ok(as134(COMMAND_YAML_132)));
    expect(f.run('kubectl -n tools create deployment probe --image=busybox --port=8080 --dry-run=client -o yaml -- sleep 3600')).toEqual(ok(as134(COMMAND_YAML_132)));
  });

  it('--save-config annotates with the typed JSON, without an annotations map in it', () => {
    expect(fixture().run('kubectl create deployment web --image=nginx --dry-run=client --save-config -o json')).toEqual(ok(as134(SAVE_CONFIG_JSON_132)));
  });

  it('without -o the name printer says created (dry run); -o name, the alias deploy, and flags before the subcommand', () => {
    const f = fixture();
    // Read from kubectl 1.32.
    expect(f.run('kubectl create deploy web --image=nginx --dry-run=client')).toEqual(ok('deployment.apps/web created (dry run)\n'));
    expect(f.run('kubectl create deploy web --image=nginx --dry-run=client -o name')).toEqual(ok('deployment.apps/web\n'));
    expect(f.run('kubectl create --dry-run=client deployment web --image=nginx')).toEqual(ok('deployment.apps/web created (dry run)\n'));
  });

  it('-o jsonpath sees the object as JSON: sorted keys, compact', () => {
    const f = fixture();
    // Read from kubectl 1.32 (then as134).
    const spec132 =
      '{"replicas":1,"selector":{"matchLabels":{"app":"web"}},"strategy":{},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx","name":"nginx","ports":[{"containerPort":80}],"resources":{}}]}}}';
    expect(f.run("kubectl create deployment web --image=nginx --dry-run=client -o jsonpath='{.spec}' --port 80")).toEqual(ok(as134(spec132)));
    const range = "-o jsonpath='{range .spec.template.spec.containers[*]}{.name}={.image};{end}'";
    expect(f.run(`kubectl create deployment web --image=nginx --image=redis:7 --dry-run=client ${range}`).stdout).toBe('nginx=nginx;redis=redis:7;');
  });

  it('names each container after the last path part of its image, without tag or digest', () => {
    const f = fixture();
    const name = (image: string) => f.run(`kubectl create deployment web --image=${image} --dry-run=client -o jsonpath='{.spec.template.spec.containers[*].name}'`).stdout;
    // Read from kubectl 1.32.
    expect(name('registry:5000/team/app:1')).toBe('app');
    expect(name('x/y@sha256:abc')).toBe('y');
    expect(name('fluent/fluent-bit:3.0')).toBe('fluent-bit');
    // kubectl 1.32 printed a-b-c-nkfkx: "." and "_" become "-", then a random suffix from the safe alphabet.
    expect(name('a.b_c:1')).toMatch(/^a-b-c-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('--image is a CSV list: commas split, quotes keep one, empty fields are nameless containers', () => {
    const f = fixture();
    const images = (arg: string) => f.run(`kubectl create deployment web ${arg} --dry-run=client -o jsonpath='{.spec.template.spec.containers[*].image}'`);
    // Read from kubectl 1.32.
    expect(images('--image=nginx,redis').stdout).toBe('nginx redis');
    expect(images(`'--image=a,"b""c"'`).stdout).toBe('a b"c');
    expect(images(`'--image="a,b",c'`).stdout).toBe('a,b c');
    expect(containers(f.run('kubectl create deployment web --image=, --dry-run=client -o yaml').stdout)).toBe(
      '      containers:\n      - name: ""\n        resources: {}\n      - name: ""\n        resources: {}\n',
    );
    expect(f.run('kubectl create deployment web --image= --dry-run=client -o json').stdout).toContain('"spec": {\n                "containers": []\n            }');
  });

  it('-r and --port read Go integers; a negative port declares none', () => {
    const f = fixture();
    const spec = (flags: string) => f.run(`kubectl create deployment web --image=nginx --dry-run=client ${flags} -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].ports}'`).stdout;
    // Read from kubectl 1.32.
    expect(spec('-r 0x10')).toBe('16 ');
    expect(spec('--replicas=-2 --port=-5')).toBe('-2 ');
    expect(spec('--replicas=0 --port=0')).toBe('0 [{"containerPort":0}]');
  });

  it('changes nothing in the cluster and leaves its random sequence where it was', () => {
    const f = fixture();
    const rng = f.cluster.rng.s;
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl create deployment web --image=a.b_c:1 --dry-run=client -o yaml').exitCode).toBe(0);
    });
    expect(f.cluster.rng.s).toBe(rng);
  });
});

describe('kubectl create deployment: errors', () => {
  it('checks the values, the required --image and the one NAME before anything else, in kubectl\'s order', () => {
    const f = fixture();
    // Read from kubectl 1.32 (its "Error:"/klog prefixes are the test binary's; kubectl prints "error: ").
    expect(f.run('kubectl create deployment web')).toEqual(failed('error: required flag(s) "image" not set\n'));
    expect(f.run('kubectl create deployment --image=nginx')).toEqual(failed("error: exactly one NAME is required, got 0\nSee 'kubectl create deployment -h' for help and examples\n"));
    expect(f.run('kubectl create deployment a b --image=nginx').stderr).toBe("error: exactly one NAME is required, got 2\nSee 'kubectl create deployment -h' for help and examples\n");
    expect(f.run('kubectl create deploy --dry-run=client --image=nginx -- web sleep 10').stderr).toBe(
      "error: exactly one NAME is required, got 0\nSee 'kubectl create deployment -h' for help and examples\n",
    );
    expect(f.run('kubectl create deployment web --image=nginx --image=busybox --dry-run=client -- sleep 1')).toEqual(failed('error: cannot specify multiple --image options and command\n'));
    expect(f.run('kubectl create deployment web --image=nginx --dry-run=client --replicas=x').stderr).toBe(
      'error: invalid argument "x" for "-r, --replicas" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee \'kubectl create deployment --help\' for usage.\n',
    );
    expect(f.run('kubectl create deployment web --image=nginx --dry-run=client --replicas=2147483648').stderr).toBe(
      'error: invalid argument "2147483648" for "-r, --replicas" flag: strconv.ParseInt: parsing "2147483648": value out of range\nSee \'kubectl create deployment --help\' for usage.\n',
    );
    expect(f.run('kubectl create deployment web --image=nginx --dry-run=client --port=99999999999').stderr).toBe(
      'error: invalid argument "99999999999" for "--port" flag: strconv.ParseInt: parsing "99999999999": value out of range\nSee \'kubectl create deployment --help\' for usage.\n',
    );
    expect(f.run(`kubectl create deployment web '--image=a"b' --dry-run=client`).stderr).toBe(
      'error: invalid argument "a\\"b" for "--image" flag: parse error on line 1, column 2: bare " in non-quoted-field\nSee \'kubectl create deployment --help\' for usage.\n',
    );
    expect(f.run(`kubectl create deployment web '--image="abc' --dry-run=client`).stderr).toBe(
      'error: invalid argument "\\"abc" for "--image" flag: parse error on line 1, column 5: extraneous or missing " in quoted-field\nSee \'kubectl create deployment --help\' for usage.\n',
    );
    expect(f.run(`kubectl create deployment web '--image="a"x' --dry-run=client`).stderr).toContain('parse error on line 1, column 3: extraneous or missing " in quoted-field');
  });

  it('refuses a bad --dry-run, -o or --validate, and an unknown flag', () => {
    const f = fixture();
    // Read from kubectl 1.32.
    expect(f.run('kubectl create deployment web --image=nginx --dry-run=bad').stderr).toBe('error: Invalid dry-run value (bad). Must be "none", "server", or "client".\n');
    expect(f.run('kubectl create deployment web --image=nginx --dry-run=client -o wide').stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    );
    expect(f.run('kubectl create deployment web --image=nginx --dry-run=client --validate=bad').stderr).toBe(
      'error: invalid - validate option "bad"; must be one of: strict (or true), warn, ignore (or false)\n',
    );
    expect(f.run('kubectl create deployment web --image=nginx --bogus').stderr).toBe("error: unknown flag: --bogus\nSee 'kubectl create deployment --help' for usage.\n");
  });

  it('without --dry-run=client the POST meets the missing route, and nothing changes', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      for (const line of ['kubectl create deployment web --image=nginx', 'kubectl create deployment web --image=nginx --dry-run=server -o yaml', 'kubectl create deployment Web --image=nginx']) {
        expect(f.run(line)).toEqual(failed(`error: failed to create deployment: the server could not find the requested resource\n${MODELLED}`));
      }
    });
  });
});

describe('the DaemonSet scaffolding idiom', () => {
  it('a dry-run Deployment written to a file becomes a DaemonSet once its kind, replicas and strategy are edited', () => {
    const f = fixture();
    const files: Record<string, string> = {};
    const opts = { readFile: (p: string) => files[p], writeFile: (n: string, t: string) => void (files[n] = t) };
    const run = (line: string) => exec(f.cluster, line, undefined, opts);
    expect(run('kubectl create deployment agent --image=fluent/fluent-bit:3.0 --dry-run=client -o yaml > agent.yaml')).toEqual(ok(''));
    expect(files['agent.yaml']).toContain('      - image: fluent/fluent-bit:3.0\n        name: fluent-bit\n');
    files['agent.yaml'] = files['agent.yaml']!.replace('kind: Deployment', 'kind: DaemonSet');
    expect(run('kubectl create -f agent.yaml').stderr).toBe(
      'Error from server (BadRequest): error when creating "agent.yaml": DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas", unknown field "spec.strategy"\n',
    );
    files['agent.yaml'] = files['agent.yaml']!.replace('  replicas: 1\n', '').replace('  strategy: {}\n', '');
    expect(run('kubectl create -f agent.yaml -o name')).toEqual(ok('daemonset.apps/agent\n'));
    expect(f.cluster.store.get('DaemonSet', 'default', 'agent')?.spec.template.spec.containers[0]?.name).toBe('fluent-bit');
  });
});

describe('help of kubectl create deployment', () => {
  it('kubectl create lists it among its commands, and its page answers to the alias', () => {
    const f = fixture();
    expect(f.run('kubectl create --help').stdout).toContain(
      'Available Commands:\n  deployment    Create a deployment with the specified name\n  namespace     Create a namespace with the specified name\n',
    );
    const page = f.run('kubectl create deploy -h').stdout;
    expect(page).toMatch(/^Create a deployment with the specified name\.\n/);
    expect(page).toContain('    -r, --replicas=1:\n');
    expect(page).toContain('Usage:\n  kubectl create deployment NAME --image=image -- [COMMAND] [args...] [options]\n');
  });
});
