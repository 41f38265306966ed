/**
 * Init containers in the simulated kubelet: `computeInitContainerActions` (one at a time, in
 * order, each to completion), `getPhase`, `convertToAPIContainerStatuses` (PodInitializing,
 * initContainerStatuses), `GeneratePodInitializedCondition` and the prober manager's
 * init-container readiness, with pulls, crash loops and termination as for regular containers.
 */
import { describe, expect, it } from 'vitest';
import type { PodRuntime } from '../../../../src/sim/controllers/kubelet/state.js';
import { stopContainers } from '../../../../src/sim/controllers/kubelet/termination.js';
import { POD_TABLE, type WorkerEnv } from '../../../../src/sim/controllers/kubelet/worker.js';
import { allows } from '../../../../src/sim/machines/table.js';
import { at, bootNodes, condition, container, createPod, eventsOf, initContainer, newCluster, pod, sec, type Fixture } from './fixture.js';

const APP = { name: 'app', image: 'registry.example/app:1.0' };
const INIT = { name: 'init-config', image: 'registry.example/init:1.0' };

function stage(f: Fixture, name: string): string | undefined {
  return f.kubelet.podStage('default', name);
}

describe('kubelet: init containers', () => {
  it('runs the init container to completion before pulling and starting the regular containers', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'p', { containers: [APP], initContainers: [INIT] });
    // admitted at 10: sandbox at once, init image pulled 10..15, started 16, completes 17
    expect(stage(f, 'p')).toBe('Pending.Initializing.Pulling');
    expect(pod(f, 'p')!.status.phase).toBe('Pending');
    expect(initContainer(f, 'p')).toEqual({
      name: 'init-config',
      image: 'registry.example/init:1.0',
      imageID: '',
      ready: false,
      started: false,
      restartCount: 0,
      state: { waiting: { reason: 'PodInitializing' } },
      lastState: {},
    });
    expect(container(f, 'p')!.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(condition(f, 'p', 'Initialized')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotInitialized',
      message: 'containers with incomplete status: [init-config]',
    });
    expect(condition(f, 'p', 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });
    expect(condition(f, 'p', 'PodReadyToStartContainers')!.status).toBe('True');

    at(f, 16);
    expect(stage(f, 'p')).toBe('Pending.Initializing.Running');
    expect(initContainer(f, 'p')).toMatchObject({ ready: false, started: true, state: { running: { startedAt: '2026-01-01T00:00:16Z' } } });
    expect(initContainer(f, 'p')!.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(initContainer(f, 'p')!.imageID).toMatch(/^registry\.example\/init@sha256:[0-9a-f]{64}$/);

    at(f, 17);
    expect(stage(f, 'p')).toBe('Pending.ContainerCreating');
    expect(initContainer(f, 'p')).toMatchObject({ ready: true, started: false, state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: '2026-01-01T00:00:16Z', finishedAt: '2026-01-01T00:00:17Z' } } });
    expect(condition(f, 'p', 'Initialized')).toEqual({ type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:17Z' });
    expect(container(f, 'p')!.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(pod(f, 'p')!.status.phase).toBe('Pending');

    // the next PLEG relist (18) begins the regular pulls: 18..23, running at 24
    at(f, 22.999);
    expect(stage(f, 'p')).toBe('Pending.Pulling');
    at(f, 24);
    expect(stage(f, 'p')).toBe('Running.Ready');
    expect(pod(f, 'p')!.status.phase).toBe('Running');
    expect(condition(f, 'p', 'Initialized')!.lastTransitionTime).toBe('2026-01-01T00:00:17Z');
    expect(eventsOf(f, 'p').map((e) => e.replace(/ in \d+s.*$/, ''))).toEqual([
      'Pulling: Pulling image "registry.example/init:1.0"',
      'Pulled: Successfully pulled image "registry.example/init:1.0"',
      'Created: Created container: init-config',
      'Started: Started container init-config',
      'Pulling: Pulling image "registry.example/app:1.0"',
      'Pulled: Successfully pulled image "registry.example/app:1.0"',
      'Created: Created container: app',
      'Started: Started container app',
    ]);
    const pulling = f.c.store.list('Event').filter((e) => e.involvedObject.name === 'p' && e.reason === 'Pulling');
    expect(pulling.map((e) => sec(e.firstTimestamp))).toEqual([10, 18]);
    // the init container is never run again, and a healthy initialized pod settles
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('runs several init containers one at a time, in spec order', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'p', { containers: [APP], initContainers: [{ name: 'first', image: 'registry.example/first:1' }, { name: 'second', image: 'registry.example/second:1' }] });
    at(f, 17);
    expect(initContainer(f, 'p', 0)!.state.terminated?.reason).toBe('Completed');
    expect(initContainer(f, 'p', 1)!.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(stage(f, 'p')).toBe('Pending.Initializing.Creating');
    expect(condition(f, 'p', 'Initialized')!.message).toBe('containers with incomplete status: [second]');
    // second: pulled 18..23, runs 24..25; app: pulled 26..31, running 32
    at(f, 24);
    expect(initContainer(f, 'p', 1)!.state.running).toBeDefined();
    expect(eventsOf(f, 'p').filter((e) => e.startsWith('Started'))).toEqual(['Started: Started container first', 'Started: Started container second']);
    at(f, 25);
    expect(condition(f, 'p', 'Initialized')!.status).toBe('True');
    at(f, 32);
    expect(stage(f, 'p')).toBe('Running.Ready');
    expect(eventsOf(f, 'p').filter((e) => e.startsWith('Started'))).toEqual(['Started: Started container first', 'Started: Started container second', 'Started: Started container app']);
  });

  it('a crashing init container: Error, then CrashLoopBackOff with the usual back-off; the regular containers never start', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/init:1.0', { behaviour: 'crash' });
    createPod(f, 'p', { containers: [APP], initContainers: [INIT] });
    at(f, 19);
    expect(stage(f, 'p')).toBe('Pending.Initializing.Error');
    expect(initContainer(f, 'p')!.state.terminated).toMatchObject({ exitCode: 1, reason: 'Error', finishedAt: '2026-01-01T00:00:19Z' });
    expect(pod(f, 'p')!.status.phase).toBe('Pending');
    // restarted at once at the relist (20), running at 21, exits at 24, back-off 10 s
    at(f, 21);
    expect(stage(f, 'p')).toBe('Pending.Initializing.Running');
    expect(initContainer(f, 'p')).toMatchObject({ restartCount: 1, lastState: { terminated: { exitCode: 1, reason: 'Error' } } });
    at(f, 25);
    expect(stage(f, 'p')).toBe('Pending.Initializing.CrashLoopBackOff');
    const uid = pod(f, 'p')!.metadata.uid;
    expect(initContainer(f, 'p')!.state).toEqual({ waiting: { reason: 'CrashLoopBackOff', message: `back-off 10s restarting failed container=init-config pod=p_default(${uid})` } });
    expect(eventsOf(f, 'p')).toContain(`BackOff: Back-off restarting failed container init-config in pod p_default(${uid})`);
    at(f, 35);
    expect(initContainer(f, 'p')!.restartCount).toBe(2);
    at(f, 300);
    expect(initContainer(f, 'p')!.restartCount).toBe(5);
    expect(pod(f, 'p')!.status.phase).toBe('Pending');
    expect(container(f, 'p')).toMatchObject({ restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } });
    expect(condition(f, 'p', 'Initialized')!.status).toBe('False');
    expect(eventsOf(f, 'p').some((e) => e.includes('app'))).toBe(false);
  });

  it('with restartPolicy Never a failed init container fails the pod', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/init:1.0', { behaviour: 'crash' });
    createPod(f, 'p', { containers: [APP], initContainers: [INIT], restartPolicy: 'Never' });
    at(f, 19);
    expect(stage(f, 'p')).toBe('Failed');
    expect(pod(f, 'p')!.status.phase).toBe('Failed');
    expect(initContainer(f, 'p')!.state.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(condition(f, 'p', 'Initialized')!.message).toBe('containers with incomplete status: [init-config]');
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('an init image that cannot be pulled: ErrImagePull, ImagePullBackOff, and a retry after the back-off', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/init:1.0', { behaviour: 'pull-error' });
    createPod(f, 'p', { containers: [APP], initContainers: [INIT] });
    at(f, 15);
    expect(stage(f, 'p')).toBe('Pending.Initializing.ErrImagePull');
    expect(initContainer(f, 'p')!.state.waiting?.reason).toBe('ErrImagePull');
    at(f, 16);
    expect(stage(f, 'p')).toBe('Pending.Initializing.ImagePullBackOff');
    expect(initContainer(f, 'p')!.state.waiting?.reason).toBe('ImagePullBackOff');
    expect(container(f, 'p')!.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    // the sim image changes to ok: the retry at 25 pulls (no wait: the node already tried), starts at 26
    f.kubelet.setImageBehaviour('registry.example/init:1.0', { behaviour: 'ok' });
    at(f, 25);
    expect(stage(f, 'p')).toBe('Pending.Initializing.Pulling');
    at(f, 40);
    expect(stage(f, 'p')).toBe('Running.Ready');
  });

  it('an init image absent under imagePullPolicy Never: ErrImageNeverPull', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'p', { containers: [APP], initContainers: [{ ...INIT, imagePullPolicy: 'Never' }] });
    expect(stage(f, 'p')).toBe('Pending.Initializing.ErrImageNeverPull');
    expect(initContainer(f, 'p')!.state.waiting).toEqual({ reason: 'ErrImageNeverPull', message: 'Container image "registry.example/init:1.0" is not present with pull policy of Never' });
  });

  it('a never-ready init container runs and never exits, and lets the cluster settle', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/init:1.0', { behaviour: 'never-ready' });
    createPod(f, 'p', { containers: [APP], initContainers: [INIT] });
    at(f, 1000);
    expect(stage(f, 'p')).toBe('Pending.Initializing.Running');
    expect(initContainer(f, 'p')!.state.running).toBeDefined();
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('deleting a pod during init stops the running init container (Killing) after the grace period', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/init:1.0', { behaviour: 'never-ready' });
    createPod(f, 'p', { containers: [APP], initContainers: [INIT], grace: 5 });
    at(f, 20);
    f.c.api.delete('Pod', 'default', 'p');
    f.c.settle();
    expect(stage(f, 'p')).toBe('Terminating');
    at(f, 24.999);
    expect(pod(f, 'p')!.status.phase).toBe('Pending');
    at(f, 25);
    expect(pod(f, 'p')).toBeUndefined();
    const killing = f.c.store.list('Event').filter((e) => e.involvedObject.name === 'p' && e.reason === 'Killing');
    expect(killing.map((e) => [e.message, sec(e.firstTimestamp)])).toEqual([['Stopping container init-config', 20]]);
  });

  it('an init container that completes within the grace period exits 0; nothing more is started', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'p', { containers: [APP], initContainers: [INIT] });
    at(f, 16.5);
    f.c.api.delete('Pod', 'default', 'p');
    f.c.settle();
    at(f, 16.999);
    expect(pod(f, 'p')).toBeDefined();
    at(f, 17);
    expect(pod(f, 'p')).toBeUndefined();
    // what stopContainers recorded for it: a completion, not a kill
    const rt: Partial<PodRuntime> = {
      containers: [{ name: 'app', image: 'a', phase: 'waiting', restartCount: 0, ready: false, imageResolved: false }],
      inits: [{ name: 'i', image: 'i', phase: 'running', restartCount: 0, ready: false, imageResolved: true, startedAt: 1, completeAt: 2, containerId: 'x' }],
    };
    stopContainers({ rt: rt as PodRuntime, transition: () => {}, finish: () => {} } as unknown as WorkerEnv, 2);
    expect(rt.inits![0]).toMatchObject({ phase: 'terminated', ready: true, finished: { exitCode: 0, reason: 'Completed', finishedAt: 2 } });
    expect(rt.containers![0]!.phase).toBe('waiting');
  });

  it('a sidecar (restartPolicy Always) counts as initialized once running and keeps running', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    const sidecar = { name: 'proxy', image: 'registry.example/proxy:1', restartPolicy: 'Always' } as (typeof APP) & { restartPolicy: string };
    createPod(f, 'p', { containers: [APP], initContainers: [sidecar, INIT] });
    // proxy pulled 10..15, running at 16; init pulled 17..22, runs 23..24; app pulled 25..30, running 31
    at(f, 16);
    expect(initContainer(f, 'p', 0)).toMatchObject({ ready: true, started: true, state: { running: {} } });
    expect(stage(f, 'p')).toBe('Pending.Initializing.Creating');
    at(f, 31);
    expect(stage(f, 'p')).toBe('Running.Ready');
    expect(initContainer(f, 'p', 0)!.state.running).toBeDefined();
    expect(initContainer(f, 'p', 1)!.state.terminated?.reason).toBe('Completed');
    expect(condition(f, 'p', 'Ready')!.status).toBe('True');
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('drives every init stage only along the pod machine, and pods without init containers get no init fields', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/crash:1', { behaviour: 'crash' });
    f.kubelet.setImageBehaviour('registry.example/gone:1', { behaviour: 'pull-error' });
    createPod(f, 'ok', { containers: [APP], initContainers: [INIT] });
    createPod(f, 'crash', { containers: [APP], initContainers: [{ name: 'i', image: 'registry.example/crash:1' }] });
    createPod(f, 'gone', { containers: [APP], initContainers: [{ name: 'i', image: 'registry.example/gone:1' }] });
    createPod(f, 'never', { containers: [APP], initContainers: [{ name: 'i', image: 'registry.example/absent:1', imagePullPolicy: 'Never' }] });
    createPod(f, 'plain', { containers: [APP] });
    at(f, 60);
    for (const name of ['crash', 'gone', 'never']) f.c.api.delete('Pod', 'default', name);
    f.c.settle();
    for (const t of f.transitions) expect(allows(POD_TABLE, t.from, t.event, t.to), `${t.pod}: ${t.from} --${t.event}--> ${t.to}`).toBe(true);
    const visited = new Set(f.transitions.flatMap((t) => [t.from, t.to]).filter((s) => s.startsWith('Pending.Initializing.')));
    expect([...visited].sort()).toEqual(Object.keys(POD_TABLE.on).filter((s) => s.startsWith('Pending.Initializing.')).sort());
    expect('initContainerStatuses' in pod(f, 'plain')!.status).toBe(false);
    expect(condition(f, 'plain', 'Initialized')).toEqual({ type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:10Z' });
    const runtime = (f.kubelet.snapshot() as { pods: Map<string, object> }).pods.get('default/plain')!;
    expect(Object.keys(runtime).filter((k) => k.startsWith('init'))).toEqual([]);
  });
});
