import { describe, expect, it } from 'vitest';
import { addDaemonSet, addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

function running(opts: { kubelet?: boolean } = { kubelet: true }) {
  const f = fixture(opts);
  addNode(f.cluster, 'node-1');
  addPod(f.cluster, { name: 'web-1', node: 'node-1', labels: { app: 'web' } });
  addPod(f.cluster, { name: 'web-2', node: 'node-1', labels: { app: 'web' } });
  addPod(f.cluster, { name: 'db-1', node: 'node-1', labels: { app: 'db' } });
  return f;
}
const pod = (f: ReturnType<typeof fixture>, name: string, ns = 'default') => f.cluster.store.get('Pod', ns, name);

describe('kubectl delete: pods, graceful and waited for', () => {
  it('deletes a pod and waits (in virtual time) until its grace period has run out', () => {
    const f = running();
    const t0 = f.cluster.now;
    expect(f.run('kubectl delete pod web-1')).toEqual({ exitCode: 0, stdout: 'pod "web-1" deleted from default namespace\n', stderr: '' });
    expect(pod(f, 'web-1')).toBeUndefined();
    expect(f.cluster.now - t0).toBe(30_000);
  });

  it('--wait=false returns at once, leaving the pod terminating', () => {
    const f = running();
    const t0 = f.cluster.now;
    expect(f.run('kubectl delete pod web-1 --wait=false').stdout).toBe('pod "web-1" deleted from default namespace\n');
    expect(pod(f, 'web-1')?.metadata.deletionTimestamp).toBe('2026-01-01T00:00:30Z');
    expect(f.cluster.now).toBe(t0);
  });

  it('--grace-period=N shortens the wait; --now is one second', () => {
    const f = running();
    const t0 = f.cluster.now;
    f.run('kubectl delete pod web-1 --grace-period=5');
    expect(f.cluster.now - t0).toBe(5_000);
    f.run('kubectl delete pod web-2 --now');
    expect(f.cluster.now - t0).toBe(6_000);
    expect(f.run('kubectl delete pod db-1 --now --grace-period=3').stderr).toBe('error: --now and --grace-period cannot be specified together\n');
  });

  it('--force (grace 0) removes at once, warns and says force deleted', () => {
    const f = running();
    const t0 = f.cluster.now;
    const warning = 'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';
    const warned = (stdout: string) => ({ exitCode: 0, stdout, stderr: warning, output: [{ stream: 'stderr', text: warning }, { stream: 'stdout', text: stdout }] });
    expect(f.run('kubectl delete pod web-1 --force --grace-period=0')).toEqual(warned('pod "web-1" force deleted from default namespace\n'));
    expect(f.run('kubectl delete pod web-2 --force')).toEqual(warned('pod "web-2" force deleted from default namespace\n'));
    expect(pod(f, 'web-1')).toBeUndefined();
    expect(f.cluster.now).toBe(t0);
    expect(f.run('kubectl delete pod db-1 --force --grace-period=5').stderr).toBe('error: --force and --grace-period greater than 0 cannot be specified together\n');
    expect(pod(f, 'db-1')).toBeDefined();
  });

  it('--grace-period=0 without --force is one second', () => {
    const f = running();
    const t0 = f.cluster.now;
    expect(f.run('kubectl delete pod web-1 --grace-period=0').stdout).toBe('pod "web-1" deleted from default namespace\n');
    expect(f.cluster.now - t0).toBe(1_000);
  });

  it('on a dead node the pod never goes: kubectl gives up after grace + 60 s and the pod stays Terminating', () => {
    const f = running();
    f.kubelet.dead.add('node-1');
    const t0 = f.cluster.now;
    expect(f.run('kubectl delete pod web-1')).toEqual({ exitCode: 0, stdout: 'pod "web-1" deleted from default namespace\n', stderr: '' });
    expect(pod(f, 'web-1')?.metadata.deletionTimestamp).toBeDefined();
    expect(f.cluster.now - t0).toBe(90_000);
    expect(f.run('kubectl delete pod web-2 --timeout=10s')).toEqual({
      exitCode: 1,
      stdout: 'pod "web-2" deleted from default namespace\n',
      stderr: 'error: timed out waiting for the condition on pods/web-2\n',
    });
  });
});

describe('kubectl delete: choosing objects', () => {
  it('TYPE NAME..., TYPE/NAME and -n', () => {
    const f = running();
    addPod(f.cluster, { name: 'cni-node-abcde', namespace: 'kube-system' });
    expect(f.run('kubectl delete pods web-1 web-2').stdout).toBe('pod "web-1" deleted from default namespace\npod "web-2" deleted from default namespace\n');
    expect(f.run('kubectl delete -n kube-system pod/cni-node-abcde').stdout).toBe('pod "cni-node-abcde" deleted from kube-system namespace\n');
    expect(pod(f, 'cni-node-abcde', 'kube-system')).toBeUndefined();
  });

  it('-l deletes what matches; nothing matching is "No resources found"', () => {
    const f = running();
    expect(f.run('kubectl delete pods -l app=web').stdout).toBe('pod "web-1" deleted from default namespace\npod "web-2" deleted from default namespace\n');
    expect(pod(f, 'db-1')).toBeDefined();
    expect(f.run('kubectl delete pods -l app=none')).toEqual({ exitCode: 0, stdout: 'No resources found\n', stderr: '' });
  });

  it('--field-selector deletes what matches, as the API server filters a list', () => {
    const f = running();
    addNode(f.cluster, 'node-2');
    addPod(f.cluster, { name: 'web-3', node: 'node-2', labels: { app: 'web' } });
    expect(f.run('kubectl delete pods -l app=web --field-selector spec.nodeName=node-2 --wait=false').stdout).toBe('pod "web-3" deleted from default namespace\n');
    expect(pod(f, 'web-3')?.metadata.deletionTimestamp).toBeDefined();
    expect(pod(f, 'web-1')?.metadata.deletionTimestamp).toBeUndefined();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete pods --field-selector foo=bar').stderr).toBe(
        'Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "foo=bar": field label not supported: foo\n',
      );
      expect(f.run('kubectl delete pods web-1 --field-selector spec.nodeName=node-1').stderr).toBe('error: name cannot be provided when a selector is specified\n');
    });
  });

  it('--all deletes every object of the type in the namespace', () => {
    const f = running();
    f.run('kubectl delete pods --all --wait=false');
    expect(f.cluster.store.list('Pod').every((p) => p.metadata.deletionTimestamp)).toBe(true);
  });

  it('NotFound, and --ignore-not-found', () => {
    const f = running();
    expect(f.run('kubectl delete pod nope')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n' });
    expect(f.run('kubectl delete pod nope --ignore-not-found')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    const r = f.run('kubectl delete pod web-1 nope --wait=false');
    expect(r).toEqual({ exitCode: 1, stdout: 'pod "web-1" deleted from default namespace\n', stderr: 'Error from server (NotFound): pods "nope" not found\n' });
  });

  it('daemonsets and nodes are named with their kubectl kind', () => {
    const f = running();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl delete ds log-agent').stdout).toBe('daemonset.apps "log-agent" deleted from default namespace\n');
    expect(f.cluster.store.get('DaemonSet', 'default', 'log-agent')).toBeUndefined();
    expect(f.run('kubectl delete node node-1')).toEqual({ exitCode: 0, stdout: 'node "node-1" deleted\n', stderr: '' });
    addNode(f.cluster, 'node-2');
    expect(f.run('kubectl delete -n default node node-2')).toEqual({
      exitCode: 0,
      stdout: 'node "node-2" deleted\n',
      stderr: 'Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n',
      output: [
        { stream: 'stderr', text: 'Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n' },
        { stream: 'stdout', text: 'node "node-2" deleted\n' },
      ],
    });
  });

  it('--cascade: orphan keeps the dependents (without their ownerReference); bad values are refused', () => {
    const f = running();
    const ds = addDaemonSet(f.cluster);
    addPod(f.cluster, { name: 'agent-x', labels: { app: 'log-agent' }, owner: ds });
    expect(f.run('kubectl delete ds log-agent --cascade=orphan').stdout).toBe('daemonset.apps "log-agent" deleted from default namespace\n');
    f.cluster.settle('test');
    expect(f.cluster.store.get('Pod', 'default', 'agent-x')?.metadata.ownerReferences).toBeUndefined();
    expect(f.run('kubectl delete pod web-1 --cascade=bogus').stderr).toBe('error: invalid cascade value (bogus). Must be "background", "foreground", or "orphan"\n');
    expect(f.run('kubectl delete pod web-1 --cascade=false --wait=false')).toEqual({
      exitCode: 0,
      stdout: 'pod "web-1" deleted from default namespace\n',
      stderr: 'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n',
      output: [
        { stream: 'stderr', text: 'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n' },
        { stream: 'stdout', text: 'pod "web-1" deleted from default namespace\n' },
      ],
    });
  });

  it('-f - deletes what the manifest names; NotFound says where from', () => {
    const f = running();
    const manifest = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: gone\n';
    const r = f.run('kubectl delete --wait=false -f -', manifest);
    expect(r).toEqual({ exitCode: 1, stdout: 'pod "web-1" deleted from default namespace\n', stderr: 'Error from server (NotFound): error when deleting "STDIN": pods "gone" not found\n' });
  });

  it('-f with no objects is "No resources found" and success, unlike create and apply', () => {
    // Read from kubectl 1.32; v1.34 delete.go is the same (DeleteResult prints it when nothing was
    // found; there is no "no objects passed to delete", while create and apply do fail so).
    const f = running();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete -f -', '')).toEqual({ exitCode: 0, stdout: 'No resources found\n', stderr: '' });
      expect(f.run('kubectl delete -f -', '---\n# only a comment\n')).toEqual({ exitCode: 0, stdout: 'No resources found\n', stderr: '' });
      expect(f.run('kubectl create -f -', '')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: no objects passed to create\n' });
    });
  });

  it('-o name and --dry-run', () => {
    const f = running();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete pod web-1 --dry-run=client').stdout).toBe('pod "web-1" deleted from default namespace (dry run)\n');
      expect(f.run('kubectl delete pod web-1 --dry-run=server').stdout).toBe('pod "web-1" deleted from default namespace (server dry run)\n');
    });
    expect(f.run('kubectl delete pod web-1 -o name --wait=false').stdout).toBe('pod/web-1\n');
  });

  it('argument errors are kubectl\'s', () => {
    const f = running();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete').stderr).toBe(
        "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
      );
      expect(f.run('kubectl delete pod').stderr).toBe('error: resource(s) were provided, but no name was specified\n');
      expect(f.run('kubectl delete widget x').stderr).toBe('error: the server doesn\'t have a resource type "widget"\nThis playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n');
      expect(f.run('kubectl delete pods --all -l app=web').stderr).toBe('error: cannot set --all and --selector at the same time\n');
    });
  });
});
