import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../src/sim/api/types.js';
import { imageID, normalizeImage } from '../../../../src/sim/controllers/kubelet/images.js';
import { containerStatus, generatePodStatus, podPhase } from '../../../../src/sim/controllers/kubelet/podstatus.js';
import type { ContainerRuntime, PodRuntime } from '../../../../src/sim/controllers/kubelet/state.js';

function c(phase: ContainerRuntime['phase'], extra: Partial<ContainerRuntime> = {}): ContainerRuntime {
  return { name: 'c', image: 'i', phase, restartCount: 0, ready: false, imageResolved: true, ...extra };
}
const ended = (exitCode: number) => ({ exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: 0, finishedAt: 1, containerId: 'x' });

describe('getPhase', () => {
  it('is Pending while a container has never run, Running once all started and one runs', () => {
    expect(podPhase('Always', [c('waiting')], false)).toBe('Pending');
    expect(podPhase('Always', [c('running'), c('waiting')], false)).toBe('Pending');
    expect(podPhase('Always', [c('running'), c('waiting', { last: ended(1) })], false)).toBe('Running');
  });

  it('keeps restartable pods Running when everything stopped, and ends others by restart policy', () => {
    const failed = c('terminated', { finished: ended(1) });
    const done = c('terminated', { finished: ended(0) });
    expect(podPhase('Always', [failed], false)).toBe('Running');
    expect(podPhase('Never', [failed], false)).toBe('Failed');
    expect(podPhase('Never', [done], false)).toBe('Succeeded');
    expect(podPhase('OnFailure', [failed], false)).toBe('Running');
    expect(podPhase('OnFailure', [done], false)).toBe('Succeeded');
    expect(podPhase('Never', [failed, c('running')], false)).toBe('Running');
  });

  it('a pod finished by termination is terminal whatever its restart policy', () => {
    expect(podPhase('Always', [c('terminated', { finished: ended(137) })], true)).toBe('Failed');
    expect(podPhase('Always', [c('terminated', { finished: ended(0) })], true)).toBe('Succeeded');
    expect(podPhase('Always', [c('waiting')], true)).toBe('Failed');
  });

  it('init containers: Pending while one runs or has not run, Failed under Never once one failed', () => {
    const app = c('waiting');
    const done = c('terminated', { finished: ended(0) });
    expect(podPhase('Always', [app], false, [c('waiting')])).toBe('Pending');
    expect(podPhase('Always', [app], false, [c('running')])).toBe('Pending');
    expect(podPhase('Always', [app], false, [done, c('waiting')])).toBe('Pending');
    // failed and waiting to restart: not pending, but the regular containers still wait
    expect(podPhase('Always', [app], false, [c('waiting', { last: ended(1) })])).toBe('Pending');
    expect(podPhase('OnFailure', [app], false, [c('terminated', { finished: ended(1) })])).toBe('Pending');
    expect(podPhase('Never', [app], false, [c('terminated', { finished: ended(1) })])).toBe('Failed');
    expect(podPhase('Always', [c('running')], false, [done])).toBe('Running');
    // a sidecar counts as a running container once started
    expect(podPhase('Always', [c('running')], false, [c('running', { sidecar: true })])).toBe('Running');
    expect(podPhase('Always', [c('running')], false, [c('waiting', { sidecar: true })])).toBe('Pending');
  });
});

describe('the Ready and ContainersReady message', () => {
  it('names the unready sidecars, then the unready containers, in order', () => {
    const slot = fc.record({ name: fc.constantFrom('a', 'b', 'web', 'log'), ready: fc.boolean(), sidecar: fc.boolean() });
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 4 }), fc.option(fc.array(slot, { maxLength: 3 }), { nil: undefined }), (regular, inits) => {
        const containers = regular.map((x) => c('running', { name: x.name, ready: x.ready }));
        const initRuntimes = inits?.map((x) => c('running', { name: x.name, ready: x.ready, ...(x.sidecar ? { sidecar: true } : {}) }));
        const rt = { namespace: 'default', name: 'p', uid: 'u', node: 'n', stage: 'Running', admittedAt: 0, sandbox: true, mountFailures: 0, cursor: 0, containers, ...(initRuntimes ? { inits: initRuntimes } : {}) } as PodRuntime;
        const pod = { metadata: { name: 'p', namespace: 'default', uid: 'u' }, spec: { containers: [] }, status: {} } as unknown as Pod;
        const ready = generatePodStatus(pod, rt, { machine: 0, now: 0 }).conditions!.find((x) => x.type === 'Ready')!;
        const unready = [...(initRuntimes ?? []).filter((x) => x.sidecar && !x.ready), ...containers.filter((x) => !x.ready)].map((x) => x.name);
        if (ready.status === 'True') expect(unready).toEqual([]);
        else expect(ready.message).toBe(`containers with unready status: [${unready.join(' ')}]`);
      }),
    );
  });
});

describe('containerStatus: shared states', () => {
  it('a container waiting without a message shows {waiting: {reason}}, one object per reason for all containers', () => {
    const reasons = fc.constantFrom(undefined, 'ContainerCreating', 'PodInitializing', 'CrashLoopBackOff', 'ImagePullBackOff');
    fc.assert(
      fc.property(reasons, reasons, (a, b) => {
        const x = containerStatus(c('waiting', a === undefined ? {} : { reason: a }));
        const y = containerStatus(c('waiting', b === undefined ? {} : { reason: b }));
        expect(x.state).toEqual({ waiting: { reason: a ?? 'ContainerCreating' } });
        expect(x.state === y.state).toBe((a ?? 'ContainerCreating') === (b ?? 'ContainerCreating'));
      }),
    );
    // With a message the state is the container's own.
    const m = containerStatus(c('waiting', { reason: 'ErrImagePull', message: 'pull failed' }));
    expect(m.state).toEqual({ waiting: { reason: 'ErrImagePull', message: 'pull failed' } });
  });
});

describe('containerStatus: containers not yet created', () => {
  const fields = fc.record({
    name: fc.constantFrom('a', 'b'),
    image: fc.constantFrom('nginx', 'busybox'),
    imageResolved: fc.boolean(),
    reason: fc.constantFrom('ContainerCreating', 'PodInitializing'),
    restartCount: fc.constantFrom(0, 1),
    ready: fc.boolean(),
  });

  it('share one entry while every field is the same, and one list for a one-container pod', () => {
    fc.assert(
      fc.property(fields, fields, (a, b) => {
        const first = c('waiting', a);
        const x = containerStatus(first);
        const y = containerStatus(c('waiting', b));
        expect(x === y).toBe(JSON.stringify(a) === JSON.stringify(b));
        const image = a.imageResolved ? normalizeImage(a.image) : a.image;
        const imageId = a.imageResolved ? imageID(a.image) : '';
        expect(x).toEqual({ name: a.name, image, imageID: imageId, ready: a.ready, started: false, restartCount: a.restartCount, state: { waiting: { reason: a.reason } }, lastState: {} });
      }),
    );
    const rt = (uid: string): PodRuntime => ({ namespace: 'default', name: uid, uid, node: 'n', stage: 'Pending.Pulling', admittedAt: 0, sandbox: true, cursor: 0, containers: [c('waiting', { reason: 'ContainerCreating', imageResolved: false })] }) as PodRuntime;
    const pod = { metadata: { name: 'p', namespace: 'default', uid: 'u' }, spec: { containers: [] }, status: { phase: 'Pending' } } as unknown as Pod;
    const one = generatePodStatus(pod, rt('u1'), { machine: 0, now: 0 }).containerStatuses!;
    const other = generatePodStatus(pod, rt('u2'), { machine: 1, now: 0 }).containerStatuses!;
    expect(other).toBe(one);
    // A created container (it has an ID) gets entries of its own.
    const started = (uid: string): PodRuntime => ({ ...rt(uid), containers: [c('running', { containerId: `containerd://${uid}`, startedAt: 0 })] }) as PodRuntime;
    expect(generatePodStatus(pod, started('u1'), { machine: 0, now: 0 }).containerStatuses).not.toBe(generatePodStatus(pod, started('u1'), { machine: 0, now: 0 }).containerStatuses);
  });
});

describe('generatePodStatus: the status as one literal', () => {
  const written = ['phase', 'qosClass', 'conditions', 'hostIP', 'hostIPs', 'podIP', 'podIPs', 'startTime', 'containerStatuses'];
  const container = fc.record({
    phase: fc.constantFrom<ContainerRuntime['phase']>('waiting', 'running'),
    ready: fc.boolean(),
    containerId: fc.option(fc.constantFrom('containerd://a', 'containerd://b'), { nil: undefined }),
  });
  const stored = fc.record({
    keys: fc.constantFrom(3, 9),
    phase: fc.constantFrom('Pending', 'Running'),
    qosClass: fc.option(fc.constantFrom('Burstable', 'BestEffort'), { nil: undefined }),
    podIP: fc.constantFrom('10.244.0.2', '10.244.0.3'),
  });

  /** A bound pod's stored status with the first `keys` of the keys the kubelet writes, in their order. */
  function storedStatus(s: { keys: number; phase: string; qosClass: string | undefined; podIP: string }): Record<string, unknown> {
    const all: Record<string, unknown> = {
      phase: s.phase,
      qosClass: s.qosClass,
      conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' }],
      hostIP: '10.0.0.2',
      hostIPs: [{ ip: '10.0.0.2' }],
      podIP: s.podIP,
      podIPs: [{ ip: s.podIP }],
      startTime: '2026-01-01T00:00:00Z',
      containerStatuses: [],
    };
    return Object.fromEntries(written.slice(0, s.keys).map((k) => [k, all[k]]));
  }

  it('has the keys, order and values of the stored status copied with the kubelet fields written over it', () => {
    fc.assert(
      fc.property(stored, fc.array(container, { minLength: 1, maxLength: 3 }), fc.boolean(), (s, cs, final) => {
        const containers = cs.map((x, i) => c(x.phase, { name: `c${i}`, ready: x.ready, containerId: x.containerId, startedAt: 1000 }));
        const rt = { namespace: 'default', name: 'p', uid: 'u', node: 'n', stage: 'Running', admittedAt: 0, sandbox: true, podIP: '10.244.0.2', cursor: 0, containers } as PodRuntime;
        const status = storedStatus(s);
        const pod = { metadata: { name: 'p', namespace: 'default', uid: 'u' }, spec: { containers: [] }, status } as unknown as Pod;
        // A key the kubelet does not write, last: the status is copied and written over instead.
        const other = { ...pod, status: { ...status, nominatedNodeName: 'n' } } as unknown as Pod;
        const inputs = { machine: 0, now: 5000, final };
        const fast = generatePodStatus(pod, rt, inputs);
        const copied: Record<string, unknown> = { ...generatePodStatus(other, rt, inputs) };
        expect(copied.nominatedNodeName).toBe('n');
        delete copied.nominatedNodeName;
        expect(Object.keys(fast)).toEqual(written);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(copied));
        expect(fast.qosClass).toBe(s.qosClass);
      }),
    );
  });
});
