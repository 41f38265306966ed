import { describe, expect, it } from 'vitest';
import type { HostPathType } from '../../../../src/sim/api/types.js';
import { inferKind, parsePathSpec, pathTable, setUpHostPath, sharedPathTable } from '../../../../src/sim/controllers/kubelet/hostpaths.js';
import { addNode, advance, at, condition, container, createPod, eventObjects, newCluster, pod, T0 } from './fixture.js';

const CONTAINERD_PATHS = ['/var/log', '/var/log/pods', '/var/log/containers', '/proc', '/sys', '/run/containerd/containerd.sock'];

function volume(name: string, path: string, type?: HostPathType) {
  return [{ name, hostPath: { path, ...(type !== undefined ? { type } : {}) } }];
}

describe('host paths', () => {
  it('infers file types from names and accepts an explicit :Type', () => {
    expect(inferKind('/var/log')).toBe('Directory');
    expect(inferKind('/run/containerd/containerd.sock')).toBe('Socket');
    expect(inferKind('/dev/kmsg')).toBe('CharDevice');
    expect(inferKind('/dev/nvme0n1')).toBe('BlockDevice');
    expect(inferKind('/etc/machine-id')).toBe('File');
    expect(inferKind('/etc/cni/net.d')).toBe('Directory');
    expect(parsePathSpec('/var/run/docker:Socket')).toEqual({ path: '/var/run/docker', kind: 'Socket' });
    expect(parsePathSpec('var/log')).toEqual({ error: 'a host path must be absolute (start with "/")' });
    expect(parsePathSpec('/x:Pipe')).toEqual({ error: 'unknown file type "Pipe" (use one of Directory, File, Socket, CharDevice, BlockDevice)' });
  });

  it('checks each hostPath type with the v1.34 wording, and creates what ...OrCreate and untyped volumes create', () => {
    const paths = pathTable(['/var/log', '/etc/machine-id', '/run/containerd/containerd.sock', '/dev/kmsg', '/dev/sda'].map((p) => parsePathSpec(p) as { path: string; kind: 'Directory' }));
    expect(setUpHostPath(paths, '/var', 'Directory')).toBeUndefined(); // parents exist
    expect(setUpHostPath(paths, '/nope', 'Directory')).toBe('hostPath type check failed: /nope is not a directory');
    expect(setUpHostPath(paths, '/etc/machine-id', 'Directory')).toBe('hostPath type check failed: /etc/machine-id is not a directory');
    expect(setUpHostPath(paths, '/nope', 'File')).toBe('hostPath type check failed: /nope is not a file');
    expect(setUpHostPath(paths, '/var/log', 'File')).toBe('hostPath type check failed: /var/log is not a file');
    expect(setUpHostPath(paths, '/nope.sock', 'Socket')).toBe('hostPath type check failed: /nope.sock is not a socket file');
    expect(setUpHostPath(paths, '/dev/sda', 'CharDevice')).toBe('hostPath type check failed: /dev/sda is not a character device');
    expect(setUpHostPath(paths, '/dev/kmsg', 'BlockDevice')).toBe('hostPath type check failed: /dev/kmsg is not a block device');
    expect(setUpHostPath(paths, '/run/containerd/containerd.sock', 'Socket')).toBeUndefined();
    expect(setUpHostPath(paths, '/a/b/c', 'DirectoryOrCreate')).toBeUndefined();
    expect(paths['/a/b/c']).toBe('Directory');
    expect(paths['/a']).toBe('Directory');
    expect(setUpHostPath(paths, '/etc/machine-id', 'DirectoryOrCreate')).toBe('hostPath type check failed: /etc/machine-id is not a directory');
    expect(setUpHostPath(paths, '/var/log/new.lock', 'FileOrCreate')).toBeUndefined();
    expect(paths['/var/log/new.lock']).toBe('File');
    expect(setUpHostPath(paths, '/missing/x.lock', 'FileOrCreate')).toBe('open /missing/x.lock: no such file or directory');
    expect(setUpHostPath(paths, '/untyped/dir', '')).toBeUndefined();
    expect(paths['/untyped/dir']).toBe('Directory');
  });
});

describe('kubelet: hostPath volumes', () => {
  it('a typed hostPath on a missing path gives FailedMount and keeps the pod ContainerCreating, retrying on a back-off', () => {
    const f = newCluster();
    addNode(f, 'node-1', { paths: CONTAINERD_PATHS });
    createPod(f, 'collector', { volumes: volume('containers', '/var/lib/docker/containers', 'Directory') });
    const [ev] = eventObjects(f, 'collector', 'FailedMount');
    expect(ev).toMatchObject({
      type: 'Warning',
      message: 'MountVolume.SetUp failed for volume "containers" : hostPath type check failed: /var/lib/docker/containers is not a directory',
      source: { component: 'kubelet', host: 'node-1' },
      count: 1,
    });
    expect(f.kubelet.podStage('default', 'collector')).toBe('Pending.ContainerCreating');
    expect(container(f, 'collector')!.state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    expect(condition(f, 'collector', 'PodReadyToStartContainers')!.status).toBe('False');
    expect(pod(f, 'collector')!.status.podIP).toBeUndefined();
    // retries after 0.5, 1, 2, 4, ... s (operation executor back-off)
    at(f, 0.499);
    expect(eventObjects(f, 'collector', 'FailedMount')[0]!.count).toBe(1);
    at(f, 0.5);
    expect(eventObjects(f, 'collector', 'FailedMount')[0]!.count).toBe(2);
    at(f, 1.5);
    expect(eventObjects(f, 'collector', 'FailedMount')[0]!.count).toBe(3);
    at(f, 3.5);
    expect(eventObjects(f, 'collector', 'FailedMount')[0]!.count).toBe(4);
    // ... 64 s; the ninth failure (127.5 s) reaches the 2m2s cap: from then on the retries are
    // background timers, so the cluster counts as settled
    at(f, 127.499);
    expect(eventObjects(f, 'collector', 'FailedMount')[0]!.count).toBe(8);
    at(f, 127.5);
    expect(eventObjects(f, 'collector', 'FailedMount')[0]!.count).toBe(9);
    expect(f.c.hasPendingWork()).toBe(false);
    expect(f.c.nextWakeup()).toBe(T0 + 249_500);
    // never pulls, never crash-loops: only ever ContainerCreating, retrying every 2m2s
    at(f, 600);
    expect(pod(f, 'collector')!.status.phase).toBe('Pending');
    expect(f.kubelet.podStage('default', 'collector')).toBe('Pending.ContainerCreating');
    expect(eventObjects(f, 'collector', 'Pulling')).toEqual([]);
    expect(eventObjects(f, 'collector', 'FailedMount')[0]!.count).toBe(12);
  });

  it('keeps retrying a failed mount every 2m2s once the back-off is capped (operation executor maxDurationBeforeRetry), on background timers', () => {
    const f = newCluster();
    addNode(f, 'node-1', { paths: CONTAINERD_PATHS });
    createPod(f, 'collector', { volumes: volume('containers', '/var/lib/docker/containers', 'Directory') });
    // failures at 0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5, 63.5, 127.5, then every 122 s: 249.5, 371.5, 493.5, ...
    const count = () => eventObjects(f, 'collector', 'FailedMount')[0]!.count;
    at(f, 249.499);
    expect(count()).toBe(9);
    at(f, 249.5);
    expect(count()).toBe(10);
    at(f, 371.499);
    expect(count()).toBe(10);
    at(f, 371.5);
    expect(count()).toBe(11);
    expect(f.c.hasPendingWork()).toBe(false);
    // `sim settle` does not wait for them: nothing foreground is due
    expect(f.c.advanceUntil(() => !f.c.hasPendingWork(), 600_000)).toBe(true);
    expect(f.c.now).toBe(T0 + 371_500);
    // the node keeps its one stalled entry for the pod, however many retries ran
    at(f, 1000);
    expect(count()).toBe(16); // ... 615.5, 737.5, 859.5, 981.5
    expect(f.kubelet.snapshot()).toMatchObject({ stalled: { 'node-1': ['default/collector'] } });
  });

  it('a stalled pod mounts as soon as another pod creates the missing path on its node', () => {
    const f = newCluster();
    addNode(f, 'node-1', { paths: CONTAINERD_PATHS });
    createPod(f, 'waits', { volumes: volume('state', '/var/lib/agent', 'Directory') });
    at(f, 300);
    expect(f.c.hasPendingWork()).toBe(false);
    createPod(f, 'creates', { volumes: volume('state', '/var/lib/agent', 'DirectoryOrCreate') });
    expect(f.kubelet.podStage('default', 'waits')).toBe('Pending.Pulling');
    expect(eventObjects(f, 'waits', 'FailedMount')[0]!.count).toBe(10);
  });

  it('mounts an existing Directory and a missing DirectoryOrCreate / untyped path, which then exists on the node', () => {
    const f = newCluster();
    addNode(f, 'node-1', { paths: CONTAINERD_PATHS });
    createPod(f, 'ok', {
      volumes: [
        { name: 'logs', hostPath: { path: '/var/log', type: 'Directory' } },
        { name: 'state', hostPath: { path: '/var/lib/agent', type: 'DirectoryOrCreate' } },
        { name: 'root', hostPath: { path: '/' } },
        { name: 'scratch', emptyDir: {} },
      ],
    });
    expect(eventObjects(f, 'ok', 'FailedMount')).toEqual([]);
    expect(f.kubelet.podStage('default', 'ok')).toBe('Pending.Pulling');
    expect(f.kubelet.machine('node-1')!.paths['/var/lib/agent']).toBe('Directory');
    createPod(f, 'second', { volumes: volume('state', '/var/lib/agent', 'Directory') });
    expect(eventObjects(f, 'second', 'FailedMount')).toEqual([]);
    advance(f, 20_000);
    expect(pod(f, 'ok')!.status.phase).toBe('Running');
  });

  it('node-3 with the Docker directory runs the collector while containerd nodes cannot (L15)', () => {
    const f = newCluster();
    addNode(f, 'node-1', { paths: CONTAINERD_PATHS });
    addNode(f, 'node-3', { paths: [...CONTAINERD_PATHS, '/var/lib/docker/containers'] });
    createPod(f, 'c1', { node: 'node-1', volumes: volume('containers', '/var/lib/docker/containers', 'Directory') });
    createPod(f, 'c3', { node: 'node-3', volumes: volume('containers', '/var/lib/docker/containers', 'Directory') });
    f.c.advanceTo(T0 + 60_000);
    expect(pod(f, 'c1')!.status.phase).toBe('Pending');
    expect(pod(f, 'c3')!.status.phase).toBe('Running');
  });

  it('machines registered with the same paths share one table until one of them creates a path', () => {
    const f = newCluster();
    addNode(f, 'node-1', { paths: CONTAINERD_PATHS });
    addNode(f, 'node-2', { paths: CONTAINERD_PATHS });
    const shared = f.kubelet.machine('node-1')!.paths;
    expect(f.kubelet.machine('node-2')!.paths).toBe(shared);
    // Frozen here only, to show that no write reaches the shared table.
    Object.freeze(shared);
    createPod(f, 'made', { node: 'node-1', volumes: volume('state', '/var/lib/agent', 'DirectoryOrCreate') });
    expect(eventObjects(f, 'made', 'FailedMount')).toEqual([]);
    expect(f.kubelet.machine('node-1')!.paths['/var/lib/agent']).toBe('Directory');
    expect(f.kubelet.machine('node-2')!.paths).toBe(shared);
    expect(shared['/var/lib/agent']).toBeUndefined();
    expect(sharedPathTable(CONTAINERD_PATHS.map((p) => parsePathSpec(p) as { path: string; kind: 'Directory' }))).toBe(shared);
  });
});
