import { describe, expect, it } from 'vitest';
import { addDaemonSet, addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

/**
 * Lesson L5 (lessons/04-automatic-tolerations): node-2 runs a log-agent DaemonSet pod and a bare
 * pod web-2.
 */
function lesson5() {
  const f = fixture({ kubelet: true });
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2');
  const ds = addDaemonSet(f.cluster);
  addPod(f.cluster, { name: 'log-agent-x7k2p', node: 'node-2', owner: ds, labels: { app: 'log-agent' } });
  addPod(f.cluster, { name: 'web-2', node: 'node-2', labels: { app: 'web' } });
  addPod(f.cluster, { name: 'web-1', node: 'node-1', labels: { app: 'web' } });
  return f;
}
const node = (f: ReturnType<typeof fixture>, name: string) => f.cluster.store.get('Node', '', name)!;
const pod = (f: ReturnType<typeof fixture>, name: string, ns = 'default') => f.cluster.store.get('Pod', ns, name);

describe('kubectl drain (lesson L5)', () => {
  it('without flags: cordons, refuses, lists why, and leaves the node cordoned', () => {
    const f = lesson5();
    const r = f.run('kubectl drain node-2');
    expect(r).toEqual({
      exitCode: 1,
      stdout: 'node/node-2 cordoned\n',
      stderr:
        'error: unable to drain node "node-2" due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/log-agent-x7k2p, ' +
        'cannot delete Pods that declare no controller (use --force to override): default/web-2], continuing command...\n' +
        'There are pending nodes to be drained:\n node-2\n' +
        'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/log-agent-x7k2p\n' +
        'cannot delete Pods that declare no controller (use --force to override): default/web-2\n',
    });
    expect(node(f, 'node-2').spec.unschedulable).toBe(true);
    expect(pod(f, 'web-2')?.metadata.deletionTimestamp).toBeUndefined();
  });

  it('a single reason is printed without brackets', () => {
    const f = lesson5();
    const r = f.run('kubectl drain node-2 --ignore-daemonsets');
    expect(r.stderr).toBe(
      'error: unable to drain node "node-2" due to error: cannot delete Pods that declare no controller (use --force to override): default/web-2, continuing command...\n' +
        'There are pending nodes to be drained:\n node-2\n' +
        'cannot delete Pods that declare no controller (use --force to override): default/web-2\n',
    );
  });

  it('with --ignore-daemonsets --force: evicts web-2, waits for it, skips the DaemonSet pod', () => {
    const f = lesson5();
    f.run('kubectl drain node-2');
    const t0 = f.cluster.now;
    const r = f.run('kubectl drain node-2 --ignore-daemonsets --force');
    expect(r).toEqual({
      exitCode: 0,
      stdout: 'node/node-2 already cordoned\nevicting pod default/web-2\npod/web-2 evicted\nnode/node-2 drained\n',
      stderr: 'Warning: ignoring DaemonSet-managed Pods: default/log-agent-x7k2p; deleting Pods that declare no controller: default/web-2\n',
      // As a terminal shows it: the filters' warning comes after cordoning, before the evictions.
      output: [
        { stream: 'stdout', text: 'node/node-2 already cordoned\n' },
        { stream: 'stderr', text: 'Warning: ignoring DaemonSet-managed Pods: default/log-agent-x7k2p; deleting Pods that declare no controller: default/web-2\n' },
        { stream: 'stdout', text: 'evicting pod default/web-2\npod/web-2 evicted\nnode/node-2 drained\n' },
      ],
    });
    expect(pod(f, 'web-2')).toBeUndefined();
    expect(pod(f, 'log-agent-x7k2p')?.metadata.deletionTimestamp).toBeUndefined();
    expect(pod(f, 'web-1')?.metadata.deletionTimestamp).toBeUndefined();
    expect(f.cluster.now - t0).toBe(30_000);
  });

  it('prints each pod as it disappears, shortest grace first', () => {
    const f = fixture({ kubelet: true });
    addNode(f.cluster, 'node-1');
    addPod(f.cluster, { name: 'a-slow', node: 'node-1', grace: 20 });
    addPod(f.cluster, { name: 'b-fast', node: 'node-1', grace: 5 });
    expect(f.run('kubectl drain node-1 --force').stdout).toBe(
      'node/node-1 cordoned\nevicting pod default/a-slow\nevicting pod default/b-fast\npod/b-fast evicted\npod/a-slow evicted\nnode/node-1 drained\n',
    );
  });

  it('--grace-period and --disable-eviction', () => {
    const f = fixture({ kubelet: true });
    addNode(f.cluster, 'node-1');
    addPod(f.cluster, { name: 'web-1', node: 'node-1' });
    const t0 = f.cluster.now;
    expect(f.run('kubectl drain node-1 --force --disable-eviction --grace-period=3').stdout).toBe('node/node-1 cordoned\npod/web-1 deleted\nnode/node-1 drained\n');
    expect(f.cluster.now - t0).toBe(3_000);
  });

  it('emptyDir pods need --delete-emptydir-data; mirror pods are skipped silently', () => {
    const f = fixture({ kubelet: true });
    addNode(f.cluster, 'node-1');
    const cache = addPod(f.cluster, { name: 'cache', node: 'node-1', volumes: [{ name: 'tmp', emptyDir: {} }] });
    // Owned by a controller (a ReplicaSet, which the playground does not run) so only local storage matters.
    f.cluster.api.updateMetadata(cache, { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'u-1', controller: true }] });
    addPod(f.cluster, { name: 'kube-proxy-node-1', namespace: 'kube-system', node: 'node-1', annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    expect(f.run('kubectl drain node-1').stderr).toBe(
      'error: unable to drain node "node-1" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache, continuing command...\n' +
        'There are pending nodes to be drained:\n node-1\ncannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache\n',
    );
    // The local-storage warning is overwritten by the next filter's verdict, as upstream: no warning.
    expect(f.run('kubectl drain node-1 --delete-emptydir-data')).toEqual({
      exitCode: 0,
      stdout: 'node/node-1 already cordoned\nevicting pod default/cache\npod/cache evicted\nnode/node-1 drained\n',
      stderr: '',
    });
    expect(pod(f, 'kube-proxy-node-1', 'kube-system')?.metadata.deletionTimestamp).toBeUndefined();
  });

  it('a pod whose DaemonSet is gone is refused, and with --force evicted', () => {
    const f = fixture({ kubelet: true });
    addNode(f.cluster, 'node-1');
    const ds = addDaemonSet(f.cluster);
    addPod(f.cluster, { name: 'log-agent-q9z4x', node: 'node-1', owner: ds });
    f.cluster.api.delete('DaemonSet', 'default', 'log-agent');
    expect(f.run('kubectl drain node-1').stderr).toContain('cannot delete daemonsets.apps "log-agent" not found: default/log-agent-q9z4x\n');
    expect(f.run('kubectl drain node-1 --force').stdout).toBe('node/node-1 already cordoned\nevicting pod default/log-agent-q9z4x\npod/log-agent-q9z4x evicted\nnode/node-1 drained\n');
  });

  it('--pod-selector limits the pods considered', () => {
    const f = lesson5();
    expect(f.run('kubectl drain node-2 --force --pod-selector=app=web').stdout).toBe('node/node-2 cordoned\nevicting pod default/web-2\npod/web-2 evicted\nnode/node-2 drained\n');
  });

  it('--timeout: pods that do not terminate fail the drain after that long', () => {
    const f = lesson5();
    f.kubelet.dead.add('node-2');
    const t0 = f.cluster.now;
    const r = f.run('kubectl drain node-2 --ignore-daemonsets --force --timeout=10s');
    const err = 'error when waiting for pod "web-2" in namespace "default" to terminate: context deadline exceeded';
    const warning = 'Warning: ignoring DaemonSet-managed Pods: default/log-agent-x7k2p; deleting Pods that declare no controller: default/web-2\n';
    const failure =
      `There are pending pods in node "node-2" when an error occurred: ${err}\npod/web-2\n` +
      `error: unable to drain node "node-2" due to error: ${err}, continuing command...\nThere are pending nodes to be drained:\n node-2\n${err}\n`;
    expect(r).toEqual({
      exitCode: 1,
      stdout: 'node/node-2 cordoned\nevicting pod default/web-2\n',
      stderr: warning + failure,
      output: [
        { stream: 'stdout', text: 'node/node-2 cordoned\n' },
        { stream: 'stderr', text: warning },
        { stream: 'stdout', text: 'evicting pod default/web-2\n' },
        { stream: 'stderr', text: failure },
      ],
    });
    expect(f.cluster.now - t0).toBe(10_000);
  });

  it('-l drains several nodes; the failed ones are listed as pending', () => {
    const f = lesson5();
    for (const n of ['node-1', 'node-2']) f.run(`kubectl label node ${n} pool=a`);
    const r = f.run('kubectl drain -l pool=a --ignore-daemonsets');
    const refused = (p: string) => `cannot delete Pods that declare no controller (use --force to override): default/${p}`;
    expect(r.stdout).toBe('node/node-1 cordoned\nnode/node-2 cordoned\n');
    expect(r.stderr).toBe(
      `error: unable to drain node "node-1" due to error: ${refused('web-1')}, continuing command...\n` +
        `error: unable to drain node "node-2" due to error: ${refused('web-2')}, continuing command...\n` +
        `There are pending nodes to be drained:\n node-1\n node-2\n${refused('web-1')}\n${refused('web-2')}\n`,
    );
    expect(r.exitCode).toBe(1);
  });

  it('--dry-run=client cordons and evicts nothing', () => {
    const f = lesson5();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl drain node-2 --ignore-daemonsets --force --dry-run=client').stdout).toBe(
        'node/node-2 cordoned (dry run)\nevicting pod default/web-2 (dry run)\nnode/node-2 drained (dry run)\n',
      );
    });
  });

  it('argument errors', () => {
    const f = lesson5();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl drain').stderr).toBe("error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples\n");
      expect(f.run('kubectl drain nope')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): nodes "nope" not found\n' });
      expect(f.run('kubectl drain node-2 --pod-selector="a in"').stderr).toBe('error: --pod-selector=<pod_selector> must be a valid label selector\n');
    });
  });
});
