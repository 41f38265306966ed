import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../../src/sim/controllers/kubelet/images.js';
import { advance, at, bootNodes, condition, container, createPod, eventsOf, newCluster, pod, sec } from './fixture.js';

const PROBE = { httpGet: { path: '/ready', port: 2020 }, initialDelaySeconds: 10, periodSeconds: 5 };

describe('kubelet: pull, start, ready', () => {
  it('pulls for imagePullSeconds, starts after containerStartSeconds and is Ready at the first probe after initialDelaySeconds', () => {
    const f = newCluster();
    bootNodes(f, 'node-1'); // t = 10 s
    createPod(f, 'web', { readinessProbe: PROBE });

    // t=10: admitted and pulling
    expect(f.kubelet.podStage('default', 'web')).toBe('Pending.Pulling');
    let p = pod(f, 'web')!;
    expect(p.status.phase).toBe('Pending');
    expect(sec(p.status.startTime)).toBe(10);
    expect(p.status.hostIP).toBe('10.0.0.2');
    expect(p.status.podIP).toBe('10.244.0.2');
    expect(p.status.podIPs).toEqual([{ ip: '10.244.0.2' }]);
    expect(p.status.hostIPs).toEqual([{ ip: p.status.hostIP }]);
    expect(f.c.store.get('Node', '', p.spec.nodeName!)!.spec.podCIDRs).toEqual(['10.244.0.0/24']);
    expect(container(f, 'web')!.state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    expect(container(f, 'web')!.image).toBe('registry.example/app:1.0');
    expect(container(f, 'web')!.imageID).toBe('');
    expect(condition(f, 'web', 'PodReadyToStartContainers')!.status).toBe('True');

    at(f, 15.999);
    expect(pod(f, 'web')!.status.phase).toBe('Pending');
    at(f, 16);
    p = pod(f, 'web')!;
    expect(p.status.phase).toBe('Running');
    expect(f.kubelet.podStage('default', 'web')).toBe('Running.NotReady');
    expect(container(f, 'web')!.state).toEqual({ running: { startedAt: '2026-01-01T00:00:16Z' } });
    expect(container(f, 'web')!.started).toBe(true);
    expect(container(f, 'web')!.ready).toBe(false);
    expect(container(f, 'web')!.imageID).toMatch(/^registry\.example\/app@sha256:[0-9a-f]{64}$/);
    expect(container(f, 'web')!.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(condition(f, 'web', 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });

    at(f, 25);
    expect(condition(f, 'web', 'Ready')!.status).toBe('False');
    at(f, 26);
    expect(f.kubelet.podStage('default', 'web')).toBe('Running.Ready');
    expect(condition(f, 'web', 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: '2026-01-01T00:00:26Z' });
    expect(condition(f, 'web', 'ContainersReady')!.status).toBe('True');
    expect(container(f, 'web')!.ready).toBe(true);
    expect(pod(f, 'web')!.status.conditions!.map((c) => c.type)).toEqual(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']);
    expect(sec(condition(f, 'web', 'Initialized')!.lastTransitionTime)).toBe(10);

    expect(eventsOf(f, 'web')).toEqual([
      'Pulling: Pulling image "registry.example/app:1.0"',
      `Pulled: Successfully pulled image "registry.example/app:1.0" in 5s (5s including waiting). Image size: ${imageSize('registry.example/app:1.0')} bytes.`,
      'Created: Created container: app',
      'Started: Started container app',
    ]);
    // a healthy pod leaves nothing scheduled: the cluster settles
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('rounds the first successful probe up to the probe period and needs successThreshold successes', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'a', { readinessProbe: { exec: { command: ['true'] }, initialDelaySeconds: 7, periodSeconds: 5, successThreshold: 2 } });
    // start at 16; first counted probe at 16+10=26; second success at 31
    at(f, 30);
    expect(condition(f, 'a', 'Ready')!.status).toBe('False');
    at(f, 31);
    expect(condition(f, 'a', 'Ready')!.status).toBe('True');
  });

  it('a container without a readiness probe is Ready as soon as it runs', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'plain');
    at(f, 16);
    expect(condition(f, 'plain', 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: '2026-01-01T00:00:16Z' });
    expect(f.kubelet.podStage('default', 'plain')).toBe('Running.Ready');
  });

  it('uses the image already on the machine, and serializes pulls per node ("including waiting")', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'first', { image: 'registry.example/a:1' });
    createPod(f, 'second', { image: 'registry.example/b:1' });
    createPod(f, 'other-node', { node: 'node-2', image: 'registry.example/b:1' });
    // first pulls 10..15, second waits for the puller and pulls 15..20
    at(f, 19);
    expect(eventsOf(f, 'second')).toEqual(['Pulling: Pulling image "registry.example/b:1"']);
    at(f, 20);
    expect(eventsOf(f, 'second')).toContain(`Pulled: Successfully pulled image "registry.example/b:1" in 5s (10s including waiting). Image size: ${imageSize('registry.example/b:1')} bytes.`);
    expect(pod(f, 'second')!.status.phase).toBe('Pending');
    at(f, 21);
    expect(pod(f, 'second')!.status.phase).toBe('Running');
    // node-2 has its own puller
    expect(eventsOf(f, 'other-node')).toContain(`Pulled: Successfully pulled image "registry.example/b:1" in 5s (5s including waiting). Image size: ${imageSize('registry.example/b:1')} bytes.`);

    createPod(f, 'third', { image: 'registry.example/a:1' });
    expect(eventsOf(f, 'third')).toEqual(['Pulled: Container image "registry.example/a:1" already present on machine']);
    advance(f, 1000);
    expect(pod(f, 'third')!.status.phase).toBe('Running');
  });

  it('pulls images with imagePullPolicy Always every time (instantly when present) and refuses Never when absent', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'latest-1', { containers: [{ name: 'c', image: 'nginx', imagePullPolicy: 'Always' }] });
    at(f, 16);
    expect(container(f, 'latest-1')!.image).toBe('docker.io/library/nginx:latest');
    createPod(f, 'latest-2', { containers: [{ name: 'c', image: 'nginx', imagePullPolicy: 'Always' }] });
    expect(eventsOf(f, 'latest-2')[1]).toBe(`Pulled: Successfully pulled image "nginx" in 0s (0s including waiting). Image size: ${imageSize('nginx')} bytes.`);

    createPod(f, 'never', { containers: [{ name: 'c', image: 'registry.example/absent:1', imagePullPolicy: 'Never' }] });
    expect(eventsOf(f, 'never')).toEqual([
      'ErrImageNeverPull: Container image "registry.example/absent:1" is not present with pull policy of Never',
      'Failed: Error: ErrImageNeverPull',
    ]);
    expect(container(f, 'never')!.state.waiting).toEqual({ reason: 'ErrImageNeverPull', message: 'Container image "registry.example/absent:1" is not present with pull policy of Never' });
    expect(f.kubelet.podStage('default', 'never')).toBe('Pending.ErrImageNeverPull');
  });

  it('gives hostNetwork pods the node IP and starts several containers in order', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'multi', {
      hostNetwork: true,
      containers: [
        { name: 'one', image: 'registry.example/one:1' },
        { name: 'two', image: 'registry.example/two:1' },
      ],
    });
    expect(pod(f, 'multi')!.status.podIP).toBe('10.0.0.2');
    at(f, 20); // two pulls of 5 s
    expect(pod(f, 'multi')!.status.phase).toBe('Pending');
    at(f, 21);
    expect(pod(f, 'multi')!.status.containerStatuses!.map((c) => [c.name, c.ready])).toEqual([
      ['one', true],
      ['two', true],
    ]);
    expect(eventsOf(f, 'multi').slice(-4)).toEqual(['Created: Created container: one', 'Started: Started container one', 'Created: Created container: two', 'Started: Started container two']);
  });

  it('does nothing for pods on nodes without a simulated machine, and keeps PodScheduled from the scheduler', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'ghost', { node: 'nowhere' });
    advance(f, 30_000);
    expect(pod(f, 'ghost')!.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    expect(f.kubelet.podStage('default', 'ghost')).toBeUndefined();
  });
});
