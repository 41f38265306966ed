import { describe, expect, it } from 'vitest';
import type { DaemonSet, Pod } from '../../../src/sim/api/types.js';
import { exec } from '../../../src/kubectl/exec.js';
import { toYaml } from '../../../src/kubectl/print/object-output.js';
import { addDaemonSet, addNode, addPod, DS_YAML, expectUnchanged, fixture, type Fixture } from './mutating-fixture.js';

const LAST = 'kubectl.kubernetes.io/last-applied-configuration';
const ds = (f: Fixture, name = 'log-agent') => f.cluster.store.get('DaemonSet', 'default', name) as DaemonSet | undefined;
/** DS_YAML with lines added under `metadata:` (two-space indented, newline-terminated). */
const withMeta = (lines: string, yaml = DS_YAML) => yaml.replace('metadata:\n  name: log-agent\n', `metadata:\n  name: log-agent\n${lines}`);
const withSpec = (lines: string, yaml = DS_YAML) => yaml.replace('spec:\n  selector', `spec:\n${lines}  selector`);
const NAMESPACE = (name: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n`;
const DEPLOYMENT = (name: string) => `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\n`;
const POD = (image: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  nodeName: node-1\n  containers:\n  - name: web\n    image: ${image}\n`;

describe('kubectl replace: a PUT of the whole object', () => {
  it('needs the object to exist, naming the source', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl replace -f -', DS_YAML)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'Error from server (NotFound): error when replacing "STDIN": daemonsets.apps "log-agent" not found\n',
      });
      const files = { readFile: (p: string) => (p === 'ds.yaml' ? DS_YAML : undefined) };
      expect(exec(f.cluster, 'kubectl replace -f ds.yaml', undefined, files).stderr).toBe(
        'Error from server (NotFound): error when replacing "ds.yaml": daemonsets.apps "log-agent" not found\n',
      );
      expect(exec(f.cluster, 'kubectl replace -f nope.yaml', undefined, files).stderr).toBe('error: the path "nope.yaml" does not exist\n');
    });
  });

  it('drops what the manifest leaves out, keeps status and identity, prunes omitempty zeros', () => {
    const f = fixture();
    f.run('kubectl apply -f -', withSpec('  minReadySeconds: 5\n', withMeta('  labels:\n    team: obs\n')));
    f.run('kubectl label ds log-agent tier=node');
    const before = ds(f)!;
    f.cluster.api.updateStatus({ ...before, status: { ...before.status, desiredNumberScheduled: 3 } });
    const live = ds(f)!;
    const r = f.run('kubectl replace -f -', DS_YAML.replace('      containers:', '      hostNetwork: false\n      containers:').replace(':1.0', ':2.0'));
    expect(r).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent replaced\n', stderr: '' });
    const after = ds(f)!;
    expect(after.metadata.labels).toBeUndefined();
    expect(after.metadata.annotations?.[LAST]).toBeUndefined();
    expect(after.spec.minReadySeconds).toBeUndefined();
    expect(after.spec.template.spec.hostNetwork).toBeUndefined();
    expect(after.spec.template.spec.containers[0]?.image).toBe('registry.example/log-agent:2.0');
    expect(after.status.desiredNumberScheduled).toBe(3);
    expect(after.metadata.uid).toBe(live.metadata.uid);
    expect(after.metadata.creationTimestamp).toBe(live.metadata.creationTimestamp);
    expect(after.metadata.generation).toBe((live.metadata.generation ?? 0) + 1);
    expect(Number(after.metadata.resourceVersion)).toBeGreaterThan(Number(live.metadata.resourceVersion));
  });

  it('takes back its own `kubectl get -o yaml` output, status and all', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    const yaml = toYaml(ds(f)).replace(':1.0', ':1.1');
    expect(f.run('kubectl replace -f -', yaml)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent replaced\n', stderr: '' });
    expect(ds(f)?.spec.template.spec.containers[0]?.image).toBe('registry.example/log-agent:1.1');
    // the same text again: its resourceVersion is now stale
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl replace -f -', yaml).stderr).toBe(
        'Error from server (Conflict): error when replacing "STDIN": Operation cannot be fulfilled on daemonsets.apps "log-agent": the object has been modified; please apply your changes to the latest version and try again\n',
      );
    });
  });

  it('is unconditional without a resourceVersion, or with "0"', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl replace -f -', withMeta('  resourceVersion: "0"\n')).exitCode).toBe(0);
    const rv = ds(f)!.metadata.resourceVersion;
    expect(f.run('kubectl replace -f -', withMeta(`  resourceVersion: "${rv}"\n`, DS_YAML.replace(':1.0', ':3.0'))).stdout).toBe('daemonset.apps/log-agent replaced\n');
  });

  it('a uid in the manifest is a storage precondition, checked before NotFound', () => {
    const f = fixture();
    const uid = addDaemonSet(f.cluster).metadata.uid;
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl replace -f -', withMeta('  uid: abc\n')).stderr).toBe(
        `Error from server (Conflict): error when replacing "STDIN": Operation cannot be fulfilled on daemonsets.apps "log-agent": StorageError: invalid object, Code: 4, Key: /registry/daemonsets/default/log-agent, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: abc, UID in object meta: ${uid}\n`,
      );
      expect(f.run('kubectl replace -f -', withMeta('  uid: abc\n').replaceAll('log-agent', 'other')).stderr).toBe(
        'Error from server (Conflict): error when replacing "STDIN": Operation cannot be fulfilled on daemonsets.apps "other": StorageError: invalid object, Code: 4, Key: /registry/daemonsets/default/other, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: abc, UID in object meta: \n',
      );
    });
    expect(f.run('kubectl replace -f -', withMeta(`  uid: ${uid}\n`)).exitCode).toBe(0);
  });

  it('an immutable field is the Invalid error apply prints for the same change', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const changed = DS_YAML.replaceAll('app: log-agent', 'app: logs');
    expectUnchanged(f.cluster, () => {
      const replaced = f.run('kubectl replace -f -', changed);
      const applied = f.run('kubectl apply -f -', changed);
      expect(replaced.exitCode).toBe(1);
      expect(replaced.stderr).toMatch(/^The DaemonSet "log-agent" is invalid: spec\.selector: Invalid value: .*: field is immutable\n$/);
      expect(replaced.stderr).toBe(applied.stderr);
    });
  });

  it('bad input gives the error texts of apply and create, and changes nothing', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      for (const input of [`${DS_YAML}---\nkind: [\n`, DEPLOYMENT('web')]) {
        const replaced = f.run('kubectl replace -f -', input);
        expect(replaced.exitCode).toBe(1);
        expect(replaced.stderr).toBe(f.run('kubectl apply -f -', input).stderr);
      }
      for (const input of [withSpec('  replicas: 3\n'), DS_YAML.replace('image: registry.example/log-agent:1.0', 'image: 1')]) {
        const replaced = f.run('kubectl replace -f -', input);
        expect(replaced.exitCode).toBe(1);
        expect(replaced.stderr).toBe(f.run('kubectl create -f -', input.replaceAll('log-agent', 'fresh')).stderr.replace('creating', 'replacing'));
      }
    });
  });

  it('an object without a name is refused before anything is sent', () => {
    const f = fixture();
    expect(f.run('kubectl replace -f -', DS_YAML.replace('  name: log-agent\n', '  generateName: log-agent-\n')).stderr).toBe(
      'error: error when replacing "STDIN": resource name may not be empty\n',
    );
  });
});

describe('kubectl replace: options', () => {
  it('--validate: strict rejects unknown fields, warn warns and drops them, ignore drops them', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    const input = withSpec('  replicas: 3\n');
    expect(f.run('kubectl replace -f -', input).stderr).toBe(
      'Error from server (BadRequest): error when replacing "STDIN": DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas"\n',
    );
    expect(f.run('kubectl replace --validate=warn -f -', input)).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/log-agent replaced\n',
      stderr: 'Warning: unknown field "spec.replicas"\n',
      output: [
        { stream: 'stderr', text: 'Warning: unknown field "spec.replicas"\n' },
        { stream: 'stdout', text: 'daemonset.apps/log-agent replaced\n' },
      ],
    });
    expect(f.run('kubectl replace --validate=ignore -f -', input)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent replaced\n', stderr: '' });
    expect(f.run('kubectl replace --validate=maybe -f -', input).stderr).toBe('error: invalid - validate option "maybe"; must be one of: strict (or true), warn, ignore (or false)\n');
  });

  it('--save-config writes the annotation; a manifest\'s own annotation is rewritten; none is added otherwise', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    f.run('kubectl replace -f -', DS_YAML);
    expect(ds(f)?.metadata.annotations?.[LAST]).toBeUndefined();
    f.run('kubectl replace --save-config -f -', DS_YAML);
    expect(ds(f)?.metadata.annotations?.[LAST]).toBe(
      '{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"annotations":{},"name":"log-agent","namespace":"default"},' +
        '"spec":{"selector":{"matchLabels":{"app":"log-agent"}},"template":{"metadata":{"labels":{"app":"log-agent"}},' +
        '"spec":{"containers":[{"image":"registry.example/log-agent:1.0","name":"agent"}]}}}}\n',
    );
    f.run('kubectl replace -f -', withMeta(`  annotations:\n    ${LAST}: stale\n`, DS_YAML.replace(':1.0', ':2.0')));
    expect(ds(f)?.metadata.annotations?.[LAST]).toContain('"image":"registry.example/log-agent:2.0"');
    expect(ds(f)?.metadata.annotations?.[LAST]).not.toContain('stale');
  });

  it('has no --record flag; a change-cause in the manifest is stored as written', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl replace --record -f -', DS_YAML).stderr).toBe("error: unknown flag: --record\nSee 'kubectl replace --help' for usage.\n");
    f.run('kubectl replace -f -', withMeta('  annotations:\n    kubernetes.io/change-cause: by hand\n'));
    expect(ds(f)?.metadata.annotations?.['kubernetes.io/change-cause']).toBe('by hand');
  });

  it('--dry-run=client sends nothing; --dry-run=server checks everything and stores nothing', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl replace --dry-run=client -f -', DS_YAML.replaceAll('log-agent', 'ghost')).stdout).toBe('daemonset.apps/ghost replaced (dry run)\n');
      expect(f.run('kubectl replace --dry-run=server -f -', DS_YAML.replace(':1.0', ':9.9')).stdout).toBe('daemonset.apps/log-agent replaced (server dry run)\n');
      expect(f.run('kubectl replace --dry-run=server -f -', DS_YAML.replaceAll('log-agent', 'ghost')).stderr).toBe(
        'Error from server (NotFound): error when replacing "STDIN": daemonsets.apps "ghost" not found\n',
      );
    });
  });

  it('-o name, -o json and -o yaml print what the server stored', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    f.run('kubectl create ns tools');
    expect(f.run('kubectl replace -o name -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent\n');
    const json = JSON.parse(f.run('kubectl replace -o json -f -', DS_YAML).stdout) as DaemonSet;
    expect(json.metadata.resourceVersion).toBe(ds(f)?.metadata.resourceVersion);
    expect(json.status).toBeDefined();
    const yaml = f.run('kubectl replace -o yaml -f -', `${DS_YAML}---\n${NAMESPACE('tools')}`).stdout;
    expect(yaml).toMatch(/^apiVersion: apps\/v1\nkind: DaemonSet\n[^]*\n---\napiVersion: v1\nkind: Namespace\n[^]*phase: Active\n$/);
    expect(f.run('kubectl replace -o wide -f -', DS_YAML).stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    );
  });

  it('objects fail independently; namespace errors in order, unknown kinds last', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    f.run('kubectl create ns tools');
    const other = withMeta('  namespace: other\n');
    const r = f.run('kubectl replace -n default -f -', [DEPLOYMENT('a'), other, NAMESPACE('nosuch'), DEPLOYMENT('b'), NAMESPACE('tools')].join('---\n'));
    expect(r.stdout).toBe('namespace/tools replaced\n');
    const mapping = (n: string) => `resource mapping not found for name: "${n}" namespace: "" from "STDIN": no matches for kind "Deployment" in version "apps/v1"\nensure CRDs are installed first`;
    expect(r.stderr).toBe(
      `the namespace from the provided object "other" does not match the namespace "default". You must pass '--namespace=other' to perform this operation.\n` +
        'Error from server (NotFound): error when replacing "STDIN": namespaces "nosuch" not found\n' +
        `[${mapping('a')}, ${mapping('b')}]\n`,
    );
    expect(r.exitCode).toBe(1);
    expect(f.run('kubectl replace -f -', [DEPLOYMENT('a'), DEPLOYMENT('b')].join('---\n')).stderr).toBe(`${mapping('a')}\n${mapping('b')}\n`);
  });

  it('flag errors, in kubectl\'s order', () => {
    const f = fixture();
    const err = (line: string) => f.run(line, DS_YAML).stderr;
    expect(err('kubectl replace')).toBe('error: must specify one of -f and -k\n');
    expect(err('kubectl replace --grace-period=0 -f -')).toBe('error: --grace-period must have --force specified\n');
    expect(err('kubectl replace --timeout=1m -f -')).toBe('error: --timeout must have --force specified\n');
    expect(err('kubectl replace --force --dry-run=server -f -')).toBe('error: --dry-run can not be used when --force is set\n');
    expect(err('kubectl replace --grace-period=x -f -')).toBe(
      'error: invalid argument "x" for "--grace-period" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee \'kubectl replace --help\' for usage.\n',
    );
    expect(err('kubectl replace --force --cascade=maybe -f -')).toBe('error: invalid cascade value (maybe). Must be "background", "foreground", or "orphan"\n');
    expect(err('kubectl replace --cascade=false')).toBe(
      'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\nerror: must specify one of -f and -k\n',
    );
    expect(err('kubectl replace --subresource=bogus -f -')).toBe('error: invalid subresource value: "bogus". Must be one of [status scale]\n');
    expect(err('kubectl replace --dry-run=maybe -f -')).toBe('error: Invalid dry-run value (maybe). Must be "none", "server", or "client".\n');
  });

  it('a template change rolls the DaemonSet out, as apply would', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    f.run('kubectl replace -f -', DS_YAML.replace(':1.0', ':2.0'));
    expect(ds(f)?.metadata.annotations?.['deprecated.daemonset.template.generation']).toBe('2');
    expect(ds(f)?.metadata.generation).toBe(2);
  });
});

describe('kubectl replace --force', () => {
  it('deletes, then creates the object anew', () => {
    const f = fixture();
    const old = addDaemonSet(f.cluster);
    const r = f.run('kubectl replace --force -f -', DS_YAML.replace(':1.0', ':2.0'));
    expect(r).toEqual({ exitCode: 0, stdout: 'daemonset.apps "log-agent" deleted from default namespace\ndaemonset.apps/log-agent replaced\n', stderr: '' });
    expect(ds(f)?.metadata.uid).not.toBe(old.metadata.uid);
    expect(ds(f)?.metadata.generation).toBe(1);
    expect(f.run('kubectl replace --force -o name -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent\ndaemonset.apps/log-agent\n');
  });

  it('an object that does not exist is just created; an empty input is no object', () => {
    const f = fixture();
    expect(f.run('kubectl replace --force -f -', DS_YAML)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent replaced\n', stderr: '' });
    expect(f.run('kubectl replace --force -f -', '')).toEqual({ exitCode: 1, stdout: 'No resources found\n', stderr: 'error: no objects passed to replace\n' });
  });

  it('waits for a pod to terminate, a second a poll', () => {
    const f = fixture({ kubelet: true });
    addNode(f.cluster, 'node-1');
    addPod(f.cluster, { name: 'web', node: 'node-1', grace: 10 });
    const start = f.cluster.now;
    expect(f.run('kubectl replace --force -f -', POD('registry.example/web:2.0')).stdout).toBe('pod "web" deleted from default namespace\npod/web replaced\n');
    expect(f.cluster.now - start).toBe(10_000);
    const pod = f.cluster.store.get('Pod', 'default', 'web') as Pod;
    expect(pod.spec.containers[0]?.image).toBe('registry.example/web:2.0');
    expect(pod.metadata.deletionTimestamp).toBeUndefined();
  });

  it('--grace-period=0 becomes 1; --timeout ends a wait that cannot end', () => {
    const f = fixture({ kubelet: true });
    addNode(f.cluster, 'node-1');
    addPod(f.cluster, { name: 'web', node: 'node-1' });
    const start = f.cluster.now;
    expect(f.run('kubectl replace --force --grace-period=0 -f -', POD('registry.example/web:2.0')).exitCode).toBe(0);
    expect(f.cluster.now - start).toBe(1_000);
    f.kubelet.dead.add('node-1');
    const r = f.run('kubectl replace --force --timeout=20s -f -', POD('registry.example/web:3.0'));
    expect(r).toEqual({ exitCode: 1, stdout: 'pod "web" deleted from default namespace\n', stderr: 'error: timed out waiting for the condition\n' });
    expect((f.cluster.store.get('Pod', 'default', 'web') as Pod).metadata.deletionTimestamp).toBeDefined();
  });

  it('a create error comes after the delete, without the source: the object is gone', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    const r = f.run('kubectl replace --force -f -', withSpec('  replicas: 3\n'));
    expect(r).toEqual({
      exitCode: 1,
      stdout: 'daemonset.apps "log-agent" deleted from default namespace\n',
      stderr: 'Error from server (BadRequest): DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas"\n',
    });
    expect(ds(f)).toBeUndefined();
  });

  it('an error while deleting stops before anything is created; stdin is read from a copy', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    const r = f.run('kubectl replace --force -f -', `${DS_YAML}---\n${DEPLOYMENT('web')}`);
    expect(r.stdout).toBe('daemonset.apps "log-agent" deleted from default namespace\n');
    expect(r.stderr).toMatch(/^error: resource mapping not found for name: "web" namespace: "" from "\/tmp\/kubectl_replace_\d+\/resource\.stdin": no matches for kind "Deployment" in version "apps\/v1"\nensure CRDs are installed first\n$/);
    expect(ds(f)).toBeUndefined();
    expect(f.run('kubectl replace --force -f -', NAMESPACE('default')).stderr).toMatch(
      /^Error from server \(Forbidden\): error when deleting "\/tmp\/kubectl_replace_\d+\/resource\.stdin": namespaces "default" is forbidden: this namespace may not be deleted\n$/,
    );
  });

  it('takes no resource arguments', () => {
    const f = fixture();
    expect(f.run('kubectl replace --force ds log-agent -f -', DS_YAML).stderr).toBe('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n');
    expect(f.run('kubectl replace --force ds/log-agent -f -', DS_YAML).stderr).toBe('error: resource/name arguments cannot be provided when a path is specified\n');
  });
});
