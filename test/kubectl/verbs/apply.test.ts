import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../../../src/sim/api/types.js';
import { DS_YAML, contents, expectUnchanged, fixture } from './mutating-fixture.js';

const LAST = 'kubectl.kubernetes.io/last-applied-configuration';
const ds = (f: ReturnType<typeof fixture>, name = 'log-agent', ns = 'default') => f.cluster.store.get('DaemonSet', ns, name) as DaemonSet | undefined;
const withReplicas = DS_YAML.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector');

describe('kubectl apply: create, unchanged, configured', () => {
  it('creates a DaemonSet with the last-applied annotation kubectl writes', () => {
    const f = fixture();
    const r = f.run('kubectl apply -f -', DS_YAML);
    expect(r).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent created\n', stderr: '' });
    expect(ds(f)?.metadata.annotations?.[LAST]).toBe(
      '{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"annotations":{},"name":"log-agent","namespace":"default"},' +
        '"spec":{"selector":{"matchLabels":{"app":"log-agent"}},"template":{"metadata":{"labels":{"app":"log-agent"}},' +
        '"spec":{"containers":[{"image":"registry.example/log-agent:1.0","name":"agent"}]}}}}\n',
    );
  });

  it('prints unchanged and writes nothing when the manifest is applied again', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f -', DS_YAML)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent unchanged\n', stderr: '' });
    });
  });

  it('prints configured and stores the change when the manifest changes', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const r = f.run('kubectl apply -f -', DS_YAML.replace(':1.0', ':1.1'));
    expect(r).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent configured\n', stderr: '' });
    expect(ds(f)?.spec.template.spec.containers[0]?.image).toBe('registry.example/log-agent:1.1');
    expect(ds(f)?.metadata.annotations?.[LAST]).toContain('log-agent:1.1');
  });

  it('is a three-way merge: keeps what others set, removes what the last apply set and this one drops', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML.replace('spec:\n  selector', 'spec:\n  minReadySeconds: 5\n  selector'));
    expect(f.run('kubectl label ds log-agent team=infra').exitCode).toBe(0);
    expect(f.run('kubectl apply -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent configured\n');
    const stored = ds(f)!;
    expect(stored.spec.minReadySeconds).toBeUndefined();
    expect(stored.metadata.labels).toEqual({ team: 'infra' });
  });

  it('re-applying after kubectl set image puts the manifest image back', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    f.run('kubectl set image ds/log-agent agent=registry.example/log-agent:2.0');
    expect(f.run('kubectl apply -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent configured\n');
    expect(ds(f)?.spec.template.spec.containers[0]?.image).toBe('registry.example/log-agent:1.0');
  });

  it('warns about and patches in the annotation of an object made by kubectl create', () => {
    const f = fixture();
    f.run('kubectl create -f -', DS_YAML);
    const r = f.run('kubectl apply -f -', DS_YAML);
    expect(r.stdout).toBe('daemonset.apps/log-agent configured\n');
    expect(r.stderr).toBe(
      `Warning: resource daemonsets/log-agent is missing the ${LAST} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`,
    );
    expect(ds(f)?.metadata.annotations?.[LAST]).toBeDefined();
  });

  it('applies several documents in order (a Namespace, then a DaemonSet in it)', () => {
    const f = fixture();
    const text = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: logging\n---\n${DS_YAML.replace('name: log-agent\n', 'name: log-agent\n  namespace: logging\n')}`;
    expect(f.run('kubectl apply -f -', text)).toEqual({ exitCode: 0, stdout: 'namespace/logging created\ndaemonset.apps/log-agent created\n', stderr: '' });
    expect(ds(f, 'log-agent', 'logging')).toBeDefined();
  });

  it('puts objects without a namespace into -n', () => {
    const f = fixture();
    expect(f.run('kubectl apply -n kube-system -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent created\n');
    expect(ds(f, 'log-agent', 'kube-system')).toBeDefined();
    expect(ds(f)).toBeUndefined();
  });
});

describe('kubectl apply: strict decoding (--validate)', () => {
  it('rejects an unknown field on create and stores nothing', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f -', withReplicas)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr:
          'Error from server (BadRequest): error when creating "STDIN": DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas"\n',
      });
    });
  });

  // The patch handler (applyPatchToObject) decodes live+patch with the unstructured converter
  // and answers an Invalid error without kind or name on the field "patch", whose bad value is
  // the patch map as Go's %+v prints it; kubectl prints it as "The request is invalid: ...".
  it('rejects an unknown field on an existing object with the patch handler\'s Invalid error', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const annotation =
      '{\\"apiVersion\\":\\"apps/v1\\",\\"kind\\":\\"DaemonSet\\",\\"metadata\\":{\\"annotations\\":{},\\"name\\":\\"log-agent\\",\\"namespace\\":\\"default\\"},' +
      '\\"spec\\":{\\"replicas\\":3,\\"selector\\":{\\"matchLabels\\":{\\"app\\":\\"log-agent\\"}},\\"template\\":{\\"metadata\\":{\\"labels\\":{\\"app\\":\\"log-agent\\"}},' +
      '\\"spec\\":{\\"containers\\":[{\\"image\\":\\"registry.example/log-agent:1.0\\",\\"name\\":\\"agent\\"}]}}}}\\n';
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f -', withReplicas)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: `The request is invalid: patch: Invalid value: "map[metadata:map[annotations:map[${LAST}:${annotation}]] spec:map[replicas:3]]": strict decoding error: unknown field "spec.replicas"\n`,
      });
    });
  });

  it('reports unknown fields of a patch sorted, and a wrongly typed value with the converter\'s error', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const twoUnknown = withReplicas.replace('image: registry.example/log-agent:1.0', 'image: registry.example/log-agent:1.0\n        imagee: x');
    expect(f.run('kubectl apply -f -', twoUnknown).stderr).toMatch(/: strict decoding error: unknown field "spec\.replicas", unknown field "spec\.template\.spec\.containers\[0\]\.imagee"\n$/);
    const quoted = DS_YAML.replace('spec:\n  selector', 'spec:\n  minReadySeconds: "10"\n  selector');
    expect(f.run('kubectl apply -f -', quoted).stderr).toMatch(/^The request is invalid: patch: Invalid value: "map\[.* spec:map\[minReadySeconds:10\]\]": unrecognized type: int32\n$/);
  });

  it('keys written twice in the YAML are not an error: the last one wins, as kubectl\'s YAML-to-JSON step keeps it', () => {
    const f = fixture();
    const twice = DS_YAML.replace('spec:\n  selector', 'spec:\n  minReadySeconds: 5\n  minReadySeconds: 7\n  selector');
    expect(f.run('kubectl apply -f -', twice)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent created\n', stderr: '' });
    expect(ds(f)?.spec.minReadySeconds).toBe(7);
  });

  it('--validate=warn applies without the field and prints a warning; the annotation keeps it', () => {
    const f = fixture();
    const r = f.run('kubectl apply --validate=warn -f -', withReplicas);
    // The server's warning comes with its answer, before kubectl prints the object.
    expect(r).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/log-agent created\n',
      stderr: 'Warning: unknown field "spec.replicas"\n',
      output: [
        { stream: 'stderr', text: 'Warning: unknown field "spec.replicas"\n' },
        { stream: 'stdout', text: 'daemonset.apps/log-agent created\n' },
      ],
    });
    expect((ds(f)?.spec as unknown as Record<string, unknown>).replicas).toBeUndefined();
    expect(ds(f)?.metadata.annotations?.[LAST]).toContain('"replicas":3');
  });

  it.each(['ignore', 'false'])('--validate=%s applies silently', (mode) => {
    const f = fixture();
    expect(f.run(`kubectl apply --validate=${mode} -f -`, withReplicas)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent created\n', stderr: '' });
  });

  it('--validate=true is strict; an unknown value is kubectl\'s error', () => {
    const f = fixture();
    expect(f.run('kubectl apply --validate=true -f -', withReplicas).exitCode).toBe(1);
    expect(f.run('kubectl apply --validate=maybe -f -', DS_YAML)).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: invalid - validate option "maybe"; must be one of: strict (or true), warn, ignore (or false)\n',
    });
  });

  it('a wrongly typed value is rejected even with --validate=ignore', () => {
    const f = fixture();
    const r = f.run('kubectl apply --validate=ignore -f -', DS_YAML.replace('spec:\n  selector', 'spec:\n  minReadySeconds: soon\n  selector'));
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^Error from server \(BadRequest\): error when creating "STDIN": DaemonSet in version "v1" cannot be handled as a DaemonSet: json: cannot unmarshal string/);
    expect(ds(f)).toBeUndefined();
  });
});

describe('kubectl apply: bad input changes nothing', () => {
  it('a YAML syntax error in the only document applies nothing', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  bad: [\n');
      expect(r).toEqual({ exitCode: 1, stdout: '', stderr: "error: error parsing STDIN: error converting YAML to JSON: yaml: line 5: did not find expected node content\n" });
    });
  });

  // kubectl's StreamVisitor stops at the broken chunk; ApplyOptions.Run still applies the objects
  // read before it, and go-yaml numbers lines from the chunk's first line.
  it('a YAML syntax error in a later document applies no document (lines count from the chunk)', () => {
    const f = fixture();
    const r = f.run('kubectl apply -f -', `${DS_YAML}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  bad: [\n---\n${DS_YAML.replace('name: log-agent', 'name: never')}`);
    expect(r).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: "error: error parsing STDIN: error converting YAML to JSON: yaml: line 5: did not find expected node content\n",
    });
    expect(ds(f)).toBeUndefined();
    expect(ds(f, 'never')).toBeUndefined();
    expect(f.cluster.store.get('Pod', 'default', 'x')).toBeUndefined();
  });

  it('an invalid spec is the API server\'s Invalid error, in kubectl\'s words', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -f -', DS_YAML.replace('app: log-agent\n  template', 'app: other\n  template'));
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/^The DaemonSet "log-agent" is invalid: spec\.template\.metadata\.labels: Invalid value: .*`selector` does not match template `labels`\n$/);
    });
  });

  it('a changed selector on an existing DaemonSet is immutable (lesson L1)', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -f -', DS_YAML.replace(/app: log-agent/g, 'app: agent'));
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^The DaemonSet "log-agent" is invalid: spec\.selector: Invalid value: .*: field is immutable\n$/);
    });
  });

  it('an unknown kind is the REST mapping error', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f -', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n')).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'error: resource mapping not found for name: "web" namespace: "" from "STDIN": no matches for kind "Deployment" in version "apps/v1"\nensure CRDs are installed first\n',
      });
    });
  });

  it('a missing namespace is NotFound', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f -', DS_YAML.replace('name: log-agent\n', 'name: log-agent\n  namespace: foo\n'))).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'Error from server (NotFound): error when creating "STDIN": namespaces "foo" not found\n',
      });
    });
  });

  it('a namespace that contradicts -n is refused', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -n b -f -', DS_YAML.replace('name: log-agent\n', 'name: log-agent\n  namespace: a\n'));
      expect(r.stderr).toBe(
        `error: the namespace from the provided object "a" does not match the namespace "b". You must pass '--namespace=a' to perform this operation.\n`,
      );
      expect(r.exitCode).toBe(1);
    });
  });
});

describe('kubectl apply: one failing object does not stop the others', () => {
  it('creates the good document and reports the bad one, exit 1', () => {
    const f = fixture();
    const bad = DS_YAML.replace(/log-agent/g, 'bad').replace('app: bad\n  template', 'app: other\n  template');
    const r = f.run('kubectl apply -f -', `${bad}---\n${DS_YAML}`);
    expect(r.stdout).toBe('daemonset.apps/log-agent created\n');
    expect(r.stderr).toMatch(/^The DaemonSet "bad" is invalid: /);
    expect(r.exitCode).toBe(1);
    expect(ds(f)).toBeDefined();
    expect(ds(f, 'bad')).toBeUndefined();
  });

  it('prints several errors one per line, as an aggregate', () => {
    const f = fixture();
    const r = f.run('kubectl apply -f -', `${withReplicas}---\n${DS_YAML.replace('name: log-agent\n', 'name: log-agent\n  namespace: foo\n')}`);
    expect(r.stderr).toBe(
      'Error from server (BadRequest): error when creating "STDIN": DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas"\n' +
        'Error from server (NotFound): error when creating "STDIN": namespaces "foo" not found\n',
    );
  });
});

describe('kubectl apply: the patcher\'s own failures', () => {
  it('a list item without its merge key cannot be patched: the patcher\'s and apply\'s wrappers, Go\'s map in the cause', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -f -', DS_YAML.replace('- name: agent\n        image', '- image'));
      expect(r.exitCode).toBe(1);
      // patcher.go patchSimple: the OpenAPI v3 and v2 attempts fail first, each only a warning.
      const cause = 'map: map[image:registry.example/log-agent:1.0] does not contain declared merge key: name';
      expect(r.stderr.startsWith(`warning: error calculating patch from openapi v3 spec: ${cause}\nwarning: error calculating patch from openapi spec: ${cause}\n`)).toBe(true);
      expect(r.stderr.replace(/^(warning: .*\n){2}/, '')).toMatch(
        /^error: error when applying patch:\n\nto:\nResource: "apps\/v1, Resource=daemonsets", GroupVersionKind: "apps\/v1, Kind=DaemonSet"\nName: "log-agent", Namespace: "default"\nfor: "STDIN": error when patching "STDIN": creating patch with:\noriginal:\n\{.*\}\n\nmodified:\n\{.*\}\n\ncurrent:\n\{.*\}\n\nfor: map: map\[image:registry.example\/log-agent:1.0\] does not contain declared merge key: name\n$/,
      );
    });
  });

  it('warns about an object that is being deleted, after patching it', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    f.run('kubectl delete ds log-agent --cascade=foreground --wait=false');
    expect(f.run('kubectl apply -f -', DS_YAML)).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/log-agent unchanged\n',
      stderr: 'Warning: Detected changes to resource log-agent which is currently being deleted.\n',
      // WarnIfDeleting writes before the printer does.
      output: [
        { stream: 'stderr', text: 'Warning: Detected changes to resource log-agent which is currently being deleted.\n' },
        { stream: 'stdout', text: 'daemonset.apps/log-agent unchanged\n' },
      ],
    });
  });
});

describe('kubectl apply: other kinds', () => {
  it('registers a Node like KWOK: kubelet labels added, reported capacity kept', () => {
    const f = fixture();
    const r = f.run('kubectl apply -f -', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: node-9\n  labels:\n    disk: ssd\nstatus:\n  capacity:\n    cpu: "2"\n    memory: 4Gi\n    pods: "110"\n');
    expect(r).toEqual({ exitCode: 0, stdout: 'node/node-9 created\n', stderr: '' });
    const node = f.cluster.store.get('Node', '', 'node-9')!;
    expect(node.metadata.labels).toEqual({ disk: 'ssd', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': 'node-9', 'kubernetes.io/os': 'linux' });
    expect(node.status.capacity).toEqual({ cpu: '2', memory: '4Gi', pods: '110' });
    expect(node.status.allocatable).toEqual({ cpu: '2', memory: '4Gi', pods: '110' });
    expect(node.metadata.annotations?.[LAST]).not.toContain('kubernetes.io/os');
  });

  it('keeps the labels a Node manifest sets itself', () => {
    const f = fixture();
    f.run('kubectl apply -f -', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: arm-1\n  labels:\n    kubernetes.io/arch: arm64\n');
    expect(f.cluster.store.get('Node', '', 'arm-1')?.metadata.labels?.['kubernetes.io/arch']).toBe('arm64');
  });

  it('names a PriorityClass with its group', () => {
    const f = fixture();
    const r = f.run('kubectl apply -f -', 'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: high\nvalue: 1000\n');
    expect(r).toEqual({ exitCode: 0, stdout: 'priorityclass.scheduling.k8s.io/high created\n', stderr: '' });
  });

  it('creates a Pod', () => {
    const f = fixture();
    const r = f.run('kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\nspec:\n  containers:\n  - name: web\n    image: nginx\n');
    expect(r.stdout).toBe('pod/web-1 created\n');
    expect(f.cluster.store.get('Pod', 'default', 'web-1')).toBeDefined();
  });
});

describe('kubectl apply: flags and input', () => {
  it('--dry-run=client and --dry-run=server store nothing and say so', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply --dry-run=client -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent created (dry run)\n');
      expect(f.run('kubectl apply --dry-run=server -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent created (server dry run)\n');
    });
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply --dry-run=server -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent unchanged (server dry run)\n');
      expect(f.run('kubectl apply --dry-run=server -f -', DS_YAML.replace(':1.0', ':2.0')).stdout).toBe('daemonset.apps/log-agent configured (server dry run)\n');
      expect(f.run('kubectl apply --dry-run=client -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent configured (dry run)\n');
    });
  });

  it('--dry-run=server still runs validation', () => {
    const f = fixture();
    const r = f.run('kubectl apply --dry-run=server -f -', DS_YAML.replace('app: log-agent\n  template', 'app: other\n  template'));
    expect(r.stderr).toMatch(/^The DaemonSet "log-agent" is invalid/);
  });

  it('refuses --server-side with a clear error', () => {
    const f = fixture();
    const r = f.run('kubectl apply --server-side -f -', DS_YAML);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: --server-side is not available/);
    expect(ds(f)).toBeUndefined();
  });

  it('knows no files but stdin; needs -f; needs objects', () => {
    const f = fixture();
    const before = contents(f.cluster);
    expect(f.run('kubectl apply -f ds.yaml')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: the path "ds.yaml" does not exist\n' });
    // A URL, as the kubernetes.io pages write them: there is no network to fetch it from.
    const url = 'https://k8s.io/examples/controllers/daemonset.yaml';
    const noNetwork = `error: unable to read URL "${url}": this playground has no network; paste the manifest into the editor and use its file, or into a heredoc (-f - <<EOF)\n`;
    expect(f.run(`kubectl apply -f ${url}`)).toEqual({ exitCode: 1, stdout: '', stderr: noNetwork });
    expect(f.run(`kubectl delete -f ${url}`).stderr).toBe(noNetwork);
    expect(f.run(`kubectl replace --force -f ${url}`).stderr).toBe(noNetwork);
    expect(f.run('kubectl apply')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: must specify one of -f and -k\n' });
    expect(f.run('kubectl apply -f -', '# nothing\n')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: no objects passed to apply\n' });
    expect(contents(f.cluster)).toBe(before);
  });
});
