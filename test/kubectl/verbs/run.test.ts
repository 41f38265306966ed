/**
 * `kubectl run`: the Pod kubectl builds, printed by `--dry-run=client`, and the pod it creates
 * through the API server, which the scheduler and the kubelets then run.
 *
 * The expected texts were read from kubectl 1.32 (`/usr/bin/kubectl run ... --dry-run=client`
 * against a stub API server that only answers discovery), less the `creationTimestamp: null`
 * line or field 1.32 prints: v1.34 leaves the zero timestamp out (apimachinery v0.34 tags it
 * `omitzero`, kubernetes#130989). kubectl 1.33 prints the same objects.
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../src/sim/api/types.js';
import type { Cluster } from '../../../src/sim/engine/cluster.js';
import { createCluster } from '../../../src/sim/index.js';
import { exec } from '../../../src/kubectl/exec.js';
import { replayEntry } from '../../../src/kubectl/timeline/log.js';
import { Timeline } from '../../../src/kubectl/timeline/timeline.js';
import { snapshotJson } from '../timeline/snapshot-json.js';
import { expectUnchanged } from './mutating-fixture.js';

const run = (line: string) => exec(createCluster(), line);

/** A cluster with two ready nodes. */
function withNodes(): Cluster {
  const c = createCluster();
  for (const line of ['sim node add node-1 node-2', 'sim settle']) expect(exec(c, line).exitCode).toBe(0);
  return c;
}

// Read from kubectl 1.32: kubectl run web --image=nginx --dry-run=client -o yaml
const WEB_YAML = `apiVersion: v1
kind: Pod
metadata:
  labels:
    run: web
  name: web
spec:
  containers:
  - image: nginx
    name: web
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`;

// Read from kubectl 1.32: kubectl run t --image=busybox --restart=Never --env=A=1 --port=80 --labels=a=b --dry-run=client -o json -- sleep 10
const SLEEPER_JSON = `{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "t",
        "labels": {
            "a": "b"
        }
    },
    "spec": {
        "containers": [
            {
                "name": "t",
                "image": "busybox",
                "args": [
                    "sleep",
                    "10"
                ],
                "ports": [
                    {
                        "containerPort": 80
                    }
                ],
                "env": [
                    {
                        "name": "A",
                        "value": "1"
                    }
                ],
                "resources": {}
            }
        ],
        "restartPolicy": "Never",
        "dnsPolicy": "ClusterFirst"
    },
    "status": {}
}
`;

// Read from kubectl 1.32: kubectl run p --image=busybox:1.36 --command --privileged --image-pull-policy=Never
//   --annotations=team=x --annotations=a=b=c -n tools --restart=OnFailure --env=B=2 --env=A=1 --dry-run=client -o json -- sleep 3600
const COMMAND_JSON = `{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "p",
        "namespace": "tools",
        "labels": {
            "run": "p"
        },
        "annotations": {
            "a": "b=c",
            "team": "x"
        }
    },
    "spec": {
        "containers": [
            {
                "name": "p",
                "image": "busybox:1.36",
                "command": [
                    "sleep",
                    "3600"
                ],
                "env": [
                    {
                        "name": "B",
                        "value": "2"
                    },
                    {
                        "name": "A",
                        "value": "1"
                    }
                ],
                "resources": {},
                "imagePullPolicy": "Never",
                "securityContext": {
                    "privileged": true
                }
            }
        ],
        "restartPolicy": "OnFailure",
        "dnsPolicy": "ClusterFirst"
    },
    "status": {}
}
`;

// Read from kubectl 1.32: kubectl run web --image=nginx -it --attach=false --dry-run=client -o yaml
const STDIN_YAML = `apiVersion: v1
kind: Pod
metadata:
  labels:
    run: web
  name: web
spec:
  containers:
  - image: nginx
    name: web
    resources: {}
    stdin: true
    stdinOnce: true
    tty: true
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`;

describe('kubectl run --dry-run=client: the pod as kubectl builds it', () => {
  it('prints the bare pod as YAML, JSON in Go field order, or its name', () => {
    expect(run('kubectl run web --image=nginx --dry-run=client -o yaml')).toEqual({ exitCode: 0, stdout: WEB_YAML, stderr: '' });
    expect(run('kubectl run t --image=busybox --restart=Never --env=A=1 --port=80 --labels=a=b --dry-run=client -o json -- sleep 10').stdout).toBe(SLEEPER_JSON);
    // Read from kubectl 1.32.
    expect(run('kubectl run web --image=nginx --dry-run=client').stdout).toBe('pod/web created (dry run)\n');
    expect(run('kubectl run web --image=nginx --dry-run=client -o name').stdout).toBe('pod/web\n');
    expect(run("kubectl run web --image=nginx --dry-run=client -o jsonpath='{.metadata.labels.run}'").stdout).toBe('web');
  });

  it('--command, --privileged, --image-pull-policy, --annotations, --env in order, and -n in the metadata', () => {
    const line =
      'kubectl run p --image=busybox:1.36 --command --privileged --image-pull-policy=Never --annotations=team=x --annotations=a=b=c ' +
      '-n tools --restart=OnFailure --env=B=2 --env=A=1 --dry-run=client -o json -- sleep 3600';
    expect(run(line).stdout).toBe(COMMAND_JSON);
  });

  it('--labels replaces run=NAME; an empty --labels keeps it', () => {
    // Read from kubectl 1.32: kubectl run web --image=nginx --labels=app=web,tier=front --dry-run=client -o yaml
    expect(run('kubectl run web --image=nginx --labels=app=web,tier=front --dry-run=client -o yaml').stdout).toBe(WEB_YAML.replace('    run: web\n', '    app: web\n    tier: front\n'));
    expect(run("kubectl run web --image=nginx -l '' --dry-run=client -o yaml").stdout).toBe(WEB_YAML);
  });

  it('-i and -t with --attach=false only set the container fields; --leave-stdin-open drops stdinOnce', () => {
    expect(run('kubectl run web --image=nginx -it --attach=false --dry-run=client -o yaml').stdout).toBe(STDIN_YAML);
    expect(run('kubectl run web --image=nginx -i --leave-stdin-open --attach=false --dry-run=client -o yaml').stdout).toBe(STDIN_YAML.replace('    stdinOnce: true\n    tty: true\n', ''));
  });

  it('reads --port as Go does: a sign is fine, the value wraps to int32', () => {
    // Read from kubectl 1.32 (-o jsonpath='{.spec.containers[0].ports}').
    expect(run("kubectl run web --image=nginx --port=+80 --dry-run=client -o jsonpath='{.spec.containers[0].ports}'").stdout).toBe('[{"containerPort":80}]');
    expect(run("kubectl run web --image=nginx --port=99999999999 --dry-run=client -o jsonpath='{.spec.containers[0].ports}'").stdout).toBe('[{"containerPort":1215752191}]');
  });

  it('a lone empty --env or --annotations adds nothing (pflag reads `[]` back), one among others is refused', () => {
    // Read from kubectl 1.32.
    expect(run('kubectl run web --image=nginx --env= --dry-run=client -o yaml').stdout).toBe(WEB_YAML);
    expect(run('kubectl run web --image=nginx --annotations= --dry-run=client -o yaml').stdout).toBe(WEB_YAML);
    expect(run('kubectl run web --image=nginx --env= --env=A=1 --dry-run=client').stderr).toBe('error: invalid env: \n');
  });

  it('takes the NAME after -- too, as kubectl does (its ArgsLenAtDash check never fires)', () => {
    // Read from kubectl 1.32 and 1.33: kubectl run --image=x --dry-run=client -o jsonpath=... -- web sleep --foo
    expect(run("kubectl run --image=x --dry-run=client -o jsonpath='{.metadata.name}|{.spec.containers[0].args}' -- web sleep --foo").stdout).toBe('web|["sleep","--foo"]');
  });

  it('--record writes the command line as the change-cause, after the deprecation notice', () => {
    // Read from kubectl 1.32.
    const r = run("kubectl run web --image=nginx --record --dry-run=client -o jsonpath='{.metadata.annotations}'");
    expect(r.stdout).toBe('{"kubernetes.io/change-cause":"kubectl run web --image=nginx --record=true --dry-run=client --output=jsonpath={.metadata.annotations}"}');
    expect(r.stderr).toBe('Flag --record has been deprecated, --record will be removed in the future\n');
  });

  it('> FILE writes the manifest to an editor file that kubectl apply -f then creates', () => {
    const c = createCluster();
    const files: Record<string, string> = {};
    const host = { readFile: (n: string) => files[n], writeFile: (n: string, text: string) => void (files[n] = text) };
    expect(exec(c, 'kubectl run probe --image=busybox --dry-run=client -o yaml > probe.yaml', undefined, host)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(files['probe.yaml']).toBe(WEB_YAML.replaceAll('web', 'probe').replace('image: nginx', 'image: busybox'));
    expect(exec(c, 'kubectl apply -f probe.yaml', undefined, host).stdout).toBe('pod/probe created\n');
  });

  it('--save-config writes nothing under a client dry run', () => {
    expect(run('kubectl run web --image=nginx --save-config --dry-run=client -o yaml').stdout).toBe(WEB_YAML);
  });
});

describe('kubectl run: the pod is created, scheduled and started', () => {
  it('prints pod/NAME created; the pods run on the nodes once time moves', () => {
    const c = withNodes();
    expect(exec(c, 'kubectl run web --image=nginx')).toEqual({ exitCode: 0, stdout: 'pod/web created\n', stderr: '' });
    expect(exec(c, 'kubectl run test --image=busybox --restart=Never -- sleep 3600').stdout).toBe('pod/test created\n');
    expect(c.store.get('Pod', 'default', 'web')?.status?.phase).toBe('Pending');
    exec(c, 'sim advance 1m');
    for (const name of ['web', 'test']) {
      const pod = c.store.get('Pod', 'default', name) as Pod;
      expect(pod.status?.phase, name).toBe('Running');
      expect(pod.spec.nodeName, name).toMatch(/^node-[12]$/);
    }
    const test = c.store.get('Pod', 'default', 'test') as Pod;
    expect(test.spec.restartPolicy).toBe('Never');
    expect(test.spec.containers[0]).toMatchObject({ name: 'test', image: 'busybox', args: ['sleep', '3600'] });
    expect(test.metadata.labels).toEqual({ run: 'test' });
  });

  it('sends what kubectl create -f of the same pod sends: the API server defaults it', () => {
    const c = withNodes();
    exec(c, 'kubectl run web --image=nginx');
    const viaCreate = createCluster();
    exec(viaCreate, 'sim node add node-1 node-2');
    exec(viaCreate, 'sim settle');
    exec(viaCreate, 'kubectl create -f -', run('kubectl run web --image=nginx --dry-run=client -o yaml').stdout);
    const stored = c.store.get('Pod', 'default', 'web') as Pod;
    const created = viaCreate.store.get('Pod', 'default', 'web') as Pod;
    expect(stored.spec).toEqual(created.spec);
    expect(exec(c, "kubectl get pod web -o jsonpath='{.spec.containers[0].terminationMessagePath}'").stdout).toBe('/dev/termination-log');
  });

  it('-o json prints the server\'s answer as a typed object: Go field order', () => {
    const c = withNodes();
    const r = exec(c, 'kubectl run web --image=nginx -o json');
    expect(r.exitCode).toBe(0);
    const pod = JSON.parse(r.stdout) as Pod;
    expect(Object.keys(pod)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(Object.keys(pod.metadata)).toEqual(['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp', 'labels']);
    expect(Object.keys(pod.spec).slice(0, 4)).toEqual(['volumes', 'containers', 'restartPolicy', 'terminationGracePeriodSeconds']);
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });

  it('--overrides with a nodeSelector pins the pod to that node', () => {
    const c = withNodes();
    for (const name of ['a', 'b', 'c']) {
      const r = exec(c, `kubectl run ${name} --image=nginx --overrides='{"spec":{"nodeSelector":{"kubernetes.io/hostname":"node-2"}}}'`);
      expect(r.stdout).toBe(`pod/${name} created\n`);
    }
    exec(c, 'sim advance 1m');
    expect(exec(c, "kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}={.spec.nodeName} {end}'").stdout).toBe('a=node-2 b=node-2 c=node-2 ');
  });

  it('--dry-run=server lets the API server default the pod and stores nothing', () => {
    const c = withNodes();
    expectUnchanged(c, () => {
      expect(exec(c, 'kubectl run web --image=nginx --dry-run=server')).toEqual({ exitCode: 0, stdout: 'pod/web created (server dry run)\n', stderr: '' });
      expect(exec(c, "kubectl run web --image=nginx --dry-run=server -o jsonpath='{.spec.schedulerName}'").stdout).toBe('default-scheduler');
    });
  });

  it('--save-config stores the typed object as the last-applied annotation, its other annotations kept', () => {
    const c = withNodes();
    exec(c, 'kubectl create namespace tools');
    const line = `kubectl run web --image=nginx --save-config --labels=b=2,a=1 --annotations=z=1 --overrides='{"spec":{"nodeSelector":{"x":"y"}}}' -n tools`;
    expect(exec(c, line).stdout).toBe('pod/web created\n');
    // Read from kubectl 1.33: the body it POSTs for this line (with --dry-run=server), less the zero creationTimestamp.
    expect(c.store.get('Pod', 'tools', 'web')?.metadata.annotations).toEqual({
      'kubectl.kubernetes.io/last-applied-configuration':
        '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web","labels":{"a":"1","b":"2"},"annotations":{"z":"1"}},' +
        '"spec":{"containers":[{"name":"web","image":"nginx","resources":{}}],"restartPolicy":"Always","dnsPolicy":"ClusterFirst","nodeSelector":{"x":"y"}},' +
        '"status":{}}\n',
      z: '1',
    });
  });

  it('an existing pod is AlreadyExists; an invalid name is the API server\'s Invalid; neither changes anything', () => {
    const c = withNodes();
    exec(c, 'kubectl run web --image=nginx');
    expectUnchanged(c, () => {
      expect(exec(c, 'kubectl run web --image=busybox')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (AlreadyExists): pods "web" already exists\n' });
      expect(exec(c, 'kubectl run p --image=nginx --port=-5').stderr).toBe(
        'The Pod "p" is invalid: spec.containers[0].ports[0].containerPort: Invalid value: -5: must be between 1 and 65535, inclusive\n',
      );
      expect(exec(c, 'kubectl run web --image=nginx -n missing').stderr).toBe('Error from server (NotFound): namespaces "missing" not found\n');
    });
  });

  it('is logged on the timeline and replays to the same cluster, byte for byte', () => {
    const live = createCluster({ seed: 11 });
    const timeline = new Timeline(live);
    const lines = [
      'sim node add node-1 node-2',
      'kubectl run web --image=nginx --labels=app=web',
      "kubectl run pinned --image=busybox --restart=Never --overrides='{\"spec\":{\"nodeName\":\"node-2\"}}' -- sleep 3600",
      'kubectl run probe --image=busybox --dry-run=client -o yaml',
      'sim advance 45s',
      'kubectl run late --image=nginx --save-config',
      'sim advance 10s',
    ];
    for (const line of lines) expect(exec(live, line, undefined, { timeline }).exitCode, line).toBe(0);
    expect(timeline.entries.map((e) => e.line)).toEqual(lines);
    const fresh = createCluster({ seed: 11 });
    for (const e of timeline.entries) replayEntry(fresh, e);
    expect(snapshotJson(fresh)).toBe(snapshotJson(live));
    expect((fresh.store.get('Pod', 'default', 'pinned') as Pod).spec.nodeName).toBe('node-2');
  });
});
