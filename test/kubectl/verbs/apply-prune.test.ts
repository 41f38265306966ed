/**
 * `kubectl apply --prune` (kubectl `pkg/cmd/apply/prune.go` `pruner.pruneAll`/`prune`,
 * `pkg/util/prune/prune.go` `GetRESTMappings`, apply.go `Run` and `PrintAndPrunePostProcessor`).
 * Expected outputs are read from that source: pruning needs a server, so kubectl 1.32 cannot
 * record them offline. The klog line's text and place (after the applied objects, before the
 * pruned ones) are those kubectl prints (kubernetes/kubernetes#127541 quotes one).
 */
import { describe, expect, it } from 'vitest';
import type { DaemonSet, Pod } from '../../../src/sim/api/types.js';
import { addPod, expectUnchanged, fixture, type Fixture } from './mutating-fixture.js';

/** GetRESTMappings' warning, with klog's header at the fixture's virtual time. */
const KLOG =
  'W0101 00:00:00.000000   48213 prune.go:71] Deprecated: kubectl apply will no longer prune non-namespaced resources by default when used with the --namespace flag in a future release. To preserve the current behaviour, list the resources you want to target explicitly in the --prune-allowlist flag.\n';

function dsYaml(name: string, opts: { labels?: string; namespace?: string } = {}): string {
  return `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${name}
${opts.namespace ? `  namespace: ${opts.namespace}\n` : ''}  labels:
    ${opts.labels ?? 'tier: agents'}
spec:
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
      - name: agent
        image: registry.example/agent:1.0
`;
}

function podYaml(name: string, extra = ''): string {
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  labels:\n    tier: agents\nspec:\n${extra}  containers:\n  - name: main\n    image: registry.example/app:1.0\n`;
}

const nsYaml = (name: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n`;

const ds = (f: Fixture, name: string, ns = 'default') => f.cluster.store.get('DaemonSet', ns, name) as DaemonSet | undefined;

/** A cluster where `kubectl apply` made the DaemonSets a and b (tier=agents). */
function applied(): Fixture {
  const f = fixture();
  expect(f.run('kubectl apply -f -', `${dsYaml('a')}---\n${dsYaml('b')}`).exitCode).toBe(0);
  return f;
}

describe('kubectl apply --prune: what is deleted, and what is printed', () => {
  it('deletes what an earlier apply made, -l matches and the manifest no longer lists, after the applied lines and the klog warning', () => {
    const f = applied();
    expect(f.run('kubectl apply -f - --prune -l tier=agents', dsYaml('a'))).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/a unchanged\ndaemonset.apps/b pruned\n',
      stderr: KLOG,
      output: [
        { stream: 'stdout', text: 'daemonset.apps/a unchanged\n' },
        { stream: 'stderr', text: KLOG },
        { stream: 'stdout', text: 'daemonset.apps/b pruned\n' },
      ],
    });
    expect(ds(f, 'a')).toBeDefined();
    expect(ds(f, 'b')).toBeUndefined();
  });

  it('klog\'s header carries the virtual clock (UTC, to the microsecond) and a fixed process id', () => {
    const f = fixture();
    expect(f.run('sim advance 1513h4m5.25s').exitCode).toBe(0);
    expect(f.run('kubectl apply -f - --prune --all', dsYaml('a')).stderr).toBe(KLOG.replace('W0101 00:00:00.000000', 'W0305 01:04:05.250000'));
  });

  it('--all prunes whatever the labels', () => {
    const f = fixture();
    f.run('kubectl apply -f -', dsYaml('other', { labels: 'tier: web' }));
    expect(f.run('kubectl apply -f - --prune --all', dsYaml('a')).stdout).toBe('daemonset.apps/a created\ndaemonset.apps/other pruned\n');
    expect(ds(f, 'other')).toBeUndefined();
  });

  it('leaves objects without the last-applied annotation, objects -l does not match, and namespaces the manifest does not use', () => {
    const f = fixture();
    f.run('kubectl create -f -', dsYaml('made-by-create'));
    f.run('kubectl apply -f -', dsYaml('web', { labels: 'tier: web' }));
    f.run('kubectl create namespace tools');
    f.run('kubectl apply -f -', dsYaml('elsewhere', { namespace: 'tools' }));
    expect(f.run('kubectl apply -f - --prune -l tier=agents', dsYaml('a'))).toEqual({ exitCode: 0, stdout: 'daemonset.apps/a created\n', stderr: KLOG });
    expect([ds(f, 'made-by-create'), ds(f, 'web'), ds(f, 'elsewhere', 'tools')].every((x) => x !== undefined)).toBe(true);
  });

  it('-n adds its namespace to those visited, even when the manifest holds no object of it', () => {
    const f = fixture();
    f.run('kubectl create namespace tools');
    f.run('kubectl apply -f -', dsYaml('elsewhere', { namespace: 'tools' }));
    const r = f.run('kubectl apply -n tools -f - --prune --all --prune-allowlist=apps/v1/DaemonSet', nsYaml('extra'));
    expect(r).toEqual({ exitCode: 0, stdout: 'namespace/extra created\ndaemonset.apps/elsewhere pruned\n', stderr: '' });
  });

  it('goes namespace by namespace in name order, pods before DaemonSets, then the cluster-scoped kinds', () => {
    const f = fixture();
    f.run('kubectl apply -f -', nsYaml('zz'));
    f.run('kubectl create namespace ns-a');
    f.run('kubectl create namespace ns-b');
    f.run('kubectl apply -f -', dsYaml('x', { namespace: 'ns-b' }));
    f.run('kubectl apply -n ns-a -f -', `${dsYaml('z')}---\n${podYaml('pod-y')}`);
    const r = f.run('kubectl apply -f - --prune --all', `${dsYaml('keep', { namespace: 'ns-b' })}---\n${dsYaml('keep', { namespace: 'ns-a' })}`);
    expect(r.stdout).toBe(
      'daemonset.apps/keep created\ndaemonset.apps/keep created\npod/pod-y pruned\ndaemonset.apps/z pruned\ndaemonset.apps/x pruned\nnamespace/zz pruned\n',
    );
    expect(r.stderr).toBe(KLOG);
    // The namespace controller would empty it; the API server marks it Terminating.
    expect(f.cluster.store.get('Namespace', '', 'zz')?.metadata.deletionTimestamp).toBeDefined();
  });

  it('--prune-allowlist limits the kinds, and without the default list kubectl logs nothing', () => {
    const f = applied();
    f.run('kubectl apply -f -', podYaml('p1'));
    expect(f.run('kubectl apply -f - --prune -l tier=agents --prune-allowlist=core/v1/Pod', dsYaml('a'))).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/a unchanged\npod/p1 pruned\n',
      stderr: '',
    });
    expect(ds(f, 'b')).toBeDefined();
    expect(f.cluster.store.get('Pod', 'default', 'p1')).toBeUndefined();
  });

  it('several allowlist entries are pruned in the order given', () => {
    const f = applied();
    f.run('kubectl apply -f -', podYaml('p1'));
    const r = f.run('kubectl apply -f - --prune -l tier=agents --prune-allowlist=apps/v1/DaemonSet --prune-allowlist=core/v1/Pod', dsYaml('a'));
    expect(r.stdout).toBe('daemonset.apps/a unchanged\ndaemonset.apps/b pruned\npod/p1 pruned\n');
  });
});

describe('kubectl apply --prune: dry runs and output formats', () => {
  it('--dry-run=client prints "(dry run)" and deletes nothing', () => {
    const f = applied();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f - --prune -l tier=agents --dry-run=client', dsYaml('a')).stdout).toBe(
        'daemonset.apps/a configured (dry run)\ndaemonset.apps/b pruned (dry run)\n',
      );
    });
  });

  it('--dry-run=server asks the API server to delete without storing anything', () => {
    const f = applied();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl apply -f - --prune -l tier=agents --dry-run=server', dsYaml('a')).stdout).toBe(
        'daemonset.apps/a unchanged (server dry run)\ndaemonset.apps/b pruned (server dry run)\n',
      );
    });
  });

  it('-o name prints TYPE/NAME for the pruned objects too', () => {
    const f = applied();
    expect(f.run('kubectl apply -f - --prune -l tier=agents -o name', dsYaml('a')).stdout).toBe('daemonset.apps/a\ndaemonset.apps/b\n');
  });

  it('-o yaml prints the applied object, then each pruned one as listed, each by a printer of its own (no ---)', () => {
    const f = applied();
    const a = f.run('kubectl get ds a -o yaml').stdout;
    const b = f.run('kubectl get ds b -o yaml').stdout;
    expect(f.run('kubectl apply -f - --prune -l tier=agents -o yaml', dsYaml('a')).stdout).toBe(a + b);
  });
});

describe('kubectl apply --prune: when it does not run, and when it stops', () => {
  it('does not prune when an object could not be applied', () => {
    const f = applied();
    const r = f.run('kubectl apply -f - --prune -l tier=agents', `${dsYaml('a')}---\n${dsYaml('bad', { namespace: 'missing' })}`);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('daemonset.apps/a unchanged\n');
    expect(r.stderr).toBe('Error from server (NotFound): error when creating "STDIN": namespaces "missing" not found\n');
    expect(ds(f, 'b')).toBeDefined();
  });

  it('a delete the API server refuses stops the pruning, after what it already pruned', () => {
    const f = applied();
    // Applying kube-system gives it the annotation; the API server never deletes it.
    f.run('kubectl apply -f -', nsYaml('kube-system'));
    f.run('kubectl apply -f -', nsYaml('scratch'));
    const r = f.run('kubectl apply -f - --prune --all', dsYaml('a'));
    expect(r).toEqual({
      exitCode: 1,
      stdout: 'daemonset.apps/a unchanged\ndaemonset.apps/b pruned\n',
      stderr: `${KLOG}error: error pruning nonNamespaced object /v1, Kind=Namespace: namespaces "kube-system" is forbidden: this namespace may not be deleted\n`,
      output: [
        { stream: 'stdout', text: 'daemonset.apps/a unchanged\n' },
        { stream: 'stderr', text: KLOG },
        { stream: 'stdout', text: 'daemonset.apps/b pruned\n' },
        {
          stream: 'stderr',
          text: 'error: error pruning nonNamespaced object /v1, Kind=Namespace: namespaces "kube-system" is forbidden: this namespace may not be deleted\n',
        },
      ],
    });
    // Namespaces are listed by name: scratch comes after kube-system, and is never reached.
    expect(f.cluster.store.get('Namespace', '', 'scratch')?.metadata.deletionTimestamp).toBeUndefined();
  });
});

describe('kubectl apply --prune: the deletion flags', () => {
  it('--cascade=orphan leaves the pruned DaemonSet\'s pods without their owner', () => {
    const f = applied();
    addPod(f.cluster, { name: 'b-pod', owner: ds(f, 'b')! });
    expect(f.run('kubectl apply -f - --prune -l tier=agents --cascade=orphan', dsYaml('a')).exitCode).toBe(0);
    expect(ds(f, 'b')).toBeUndefined();
    expect(f.cluster.store.get('Pod', 'default', 'b-pod')?.metadata.ownerReferences).toBeUndefined();
  });

  it('--grace-period is the pruned pods\' grace period, and --wait does not wait for them', () => {
    const f = fixture({ kubelet: true });
    f.run('kubectl apply -f -', podYaml('p1', '  nodeName: node-1\n'));
    const before = f.cluster.now;
    const r = f.run('kubectl apply -f - --prune -l tier=agents --grace-period=5 --wait', dsYaml('a'));
    expect(r.stdout).toBe('daemonset.apps/a created\npod/p1 pruned\n');
    const pod = f.cluster.store.get('Pod', 'default', 'p1') as Pod | undefined;
    expect(pod?.metadata.deletionGracePeriodSeconds).toBe(5);
    expect(f.cluster.now).toBe(before);
  });
});
