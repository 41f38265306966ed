/**
 * `kubectl apply --force` (kubectl `pkg/cmd/apply/patcher.go` `Patcher.Patch`, `deleteAndCreate`;
 * apply.go `applyOneObject`, which prints the object as `configured` and wraps the errors as
 * patch errors whose patch is the whole manifest). Expected outputs are read from that source:
 * it needs a server, so kubectl 1.32 cannot record them offline.
 */
import { describe, expect, it } from 'vitest';
import type { DaemonSet, Pod } from '../../../src/sim/api/types.js';
import { createCluster } from '../../../src/sim/index.js';
import { exec } from '../../../src/kubectl/exec.js';
import { DS_YAML, fixture, type Fixture } from './mutating-fixture.js';

const LAST = 'kubectl.kubernetes.io/last-applied-configuration';
/** The DaemonSet with another selector (and template labels to match): a change the API server refuses. */
const RESELECTED = DS_YAML.replaceAll('app: log-agent', 'app: log-agent-2');
const ds = (f: Fixture) => f.cluster.store.get('DaemonSet', 'default', 'log-agent') as DaemonSet | undefined;

/** What GetModifiedConfiguration encodes for RESELECTED: keys sorted, the annotation inside, a newline at the end. */
const ANNOTATION =
  '{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"annotations":{},"name":"log-agent","namespace":"default"},' +
  '"spec":{"selector":{"matchLabels":{"app":"log-agent-2"}},"template":{"metadata":{"labels":{"app":"log-agent-2"}},' +
  '"spec":{"containers":[{"image":"registry.example/log-agent:1.0","name":"agent"}]}}}}\n';
const MODIFIED = `${JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { annotations: { [LAST]: ANNOTATION }, name: 'log-agent', namespace: 'default' },
  spec: {
    selector: { matchLabels: { app: 'log-agent-2' } },
    template: { metadata: { labels: { app: 'log-agent-2' } }, spec: { containers: [{ image: 'registry.example/log-agent:1.0', name: 'agent' }] } },
  },
})}\n`;
const INFO = 'Resource: "apps/v1, Resource=daemonsets", GroupVersionKind: "apps/v1, Kind=DaemonSet"\nName: "log-agent", Namespace: "default"';

describe('kubectl apply --force: a refused patch becomes a delete and a create', () => {
  it('without --force, the immutable selector is the API server\'s Invalid error', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const r = f.run('kubectl apply -f -', RESELECTED);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^The DaemonSet "log-agent" is invalid: spec\.selector: Invalid value: .*: field is immutable\n$/);
    expect(ds(f)?.spec.selector.matchLabels).toEqual({ app: 'log-agent' });
  });

  it('with --force, the DaemonSet is created anew from the manifest and printed as configured', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const oldUid = ds(f)!.metadata.uid;
    expect(f.run('kubectl apply -f - --force', RESELECTED)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent configured\n', stderr: '' });
    const now = ds(f)!;
    expect(now.metadata.uid).not.toBe(oldUid);
    expect(now.spec.selector.matchLabels).toEqual({ app: 'log-agent-2' });
    expect(now.metadata.annotations?.[LAST]).toBe(ANNOTATION);
  });

  it('-o name prints the recreated object\'s name', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expect(f.run('kubectl apply -f - --force -o name', RESELECTED).stdout).toBe('daemonset.apps/log-agent\n');
  });

  it('a patch the API server accepts is a patch, --force or not', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const uid = ds(f)!.metadata.uid;
    expect(f.run('kubectl apply -f - --force', DS_YAML.replace(':1.0', ':1.1')).stdout).toBe('daemonset.apps/log-agent configured\n');
    expect(ds(f)!.metadata.uid).toBe(uid);
  });

  it('the old pods are garbage-collected and the new DaemonSet runs its own', () => {
    const c = createCluster({ seed: 1 });
    for (const line of ['sim node add node-1 node-2', 'sim settle']) exec(c, line);
    exec(c, 'kubectl apply -f -', DS_YAML);
    exec(c, 'sim settle');
    const uid = () => (c.store.get('DaemonSet', 'default', 'log-agent') as DaemonSet).metadata.uid;
    const owners = () => c.store.list('Pod', 'default').map((p) => `${p.metadata.ownerReferences?.[0]?.uid === uid() ? 'new' : 'old'}:${p.metadata.labels?.app}`);
    expect(owners()).toEqual(['new:log-agent', 'new:log-agent']);
    expect(exec(c, 'kubectl apply -f - --force', RESELECTED).stdout).toBe('daemonset.apps/log-agent configured\n');
    exec(c, 'sim settle');
    expect(owners()).toEqual(['new:log-agent-2', 'new:log-agent-2']);
  });
});

describe('kubectl apply --force: waiting for the old object to be gone', () => {
  it('by default it looks once: an owner kept by --cascade=foreground ends the apply, deleted and not created again', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const r = f.run('kubectl apply -f - --force --cascade=foreground', RESELECTED);
    expect(r).toEqual({ exitCode: 1, stdout: '', stderr: `error: error when applying patch:\n${MODIFIED}\nto:\n${INFO}\nfor: "STDIN": context deadline exceeded\n` });
    expect(ds(f)?.metadata.deletionTimestamp).toBeDefined();
    expect(ds(f)?.spec.selector.matchLabels).toEqual({ app: 'log-agent' });
  });

  it('--timeout waits, second by second on the virtual clock, until the garbage collector is done', () => {
    const c = createCluster({ seed: 1 });
    for (const line of ['sim node add node-1', 'sim settle']) exec(c, line);
    exec(c, 'kubectl apply -f -', DS_YAML);
    exec(c, 'sim settle');
    const before = c.now;
    expect(exec(c, 'kubectl apply -f - --force --cascade=foreground --timeout=2m', RESELECTED).stdout).toBe('daemonset.apps/log-agent configured\n');
    const waited = c.now - before;
    // The pod's 30 s grace period, then the garbage collector; polled once a second.
    expect(waited % 1000).toBe(0);
    expect(waited).toBeGreaterThanOrEqual(30_000);
    expect(waited).toBeLessThan(120_000);
    expect((c.store.get('DaemonSet', 'default', 'log-agent') as DaemonSet).spec.selector.matchLabels).toEqual({ app: 'log-agent-2' });
  });

  it('a pod in its grace period: --grace-period=0 deletes it at once, so it is created again', () => {
    const f = fixture({ kubelet: true });
    const pod = (cmd: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: tool\nspec:\n  nodeName: node-1\n  containers:\n  - name: main\n    image: registry.example/app:1.0\n    command: [${cmd}]\n`;
    f.run('kubectl apply -f -', pod('a'));
    const uid = f.cluster.store.get('Pod', 'default', 'tool')!.metadata.uid;
    expect(f.run('kubectl apply -f - --force --grace-period=0', pod('b'))).toEqual({ exitCode: 0, stdout: 'pod/tool configured\n', stderr: '' });
    const now = f.cluster.store.get('Pod', 'default', 'tool') as Pod;
    expect(now.metadata.uid).not.toBe(uid);
    expect(now.spec.containers[0]?.command).toEqual(['b']);
  });
});

describe('kubectl apply --force: when the create fails', () => {
  it('the old object is created again and the create\'s error is the apply\'s', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const oldUid = ds(f)!.metadata.uid;
    // A new selector the template labels do not match: refused as an update, then as a create.
    const r = f.run('kubectl apply -f - --force', DS_YAML.replace('      app: log-agent\n  template', '      app: other\n  template'));
    expect(r).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'The DaemonSet "log-agent" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"log-agent"}: `selector` does not match template `labels`\n',
    });
    const restored = ds(f)!;
    expect(restored.metadata.uid).not.toBe(oldUid);
    expect(restored.spec.selector.matchLabels).toEqual({ app: 'log-agent' });
  });
});
