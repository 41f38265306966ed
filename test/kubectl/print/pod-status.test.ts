import { describe, expect, test } from 'vitest';
import type { ContainerStatus, Pod } from '../../../src/sim/api/types.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { podSummary } from '../../../src/kubectl/print/tables/pod.js';
import { at, pod, running } from '../verbs/fixtures.js';

const now = EPOCH_MS;

function withStatus(p: Pod, status: Partial<Pod['status']>): Pod {
  return { ...p, status: { ...p.status, ...status } };
}

function waiting(reason: string, restartCount = 0, lastFinished?: number): ContainerStatus {
  return {
    ...running('agent', -100, restartCount, false),
    state: { waiting: { reason } },
    lastState: lastFinished === undefined ? {} : { terminated: { exitCode: 1, reason: 'Error', startedAt: at(lastFinished - 5), finishedAt: at(lastFinished) } },
  };
}

function terminated(reason: string | undefined, exitCode: number): ContainerStatus {
  return { ...running('agent', -100, 0, false), state: { terminated: { exitCode, ...(reason ? { reason } : {}), startedAt: at(-100), finishedAt: at(-50) } } };
}

describe('printPod STATUS, READY and RESTARTS', () => {
  test('an unscheduled pod is Pending with no ready containers', () => {
    expect(podSummary(pod('p', { phase: 'Pending' }), now)).toEqual({ ready: '0/1', status: 'Pending', restarts: '0' });
  });

  test('a waiting container shows its reason (ContainerCreating, ErrImagePull, ImagePullBackOff)', () => {
    for (const reason of ['ContainerCreating', 'ErrImagePull', 'ImagePullBackOff']) {
      const p = pod('p', { node: 'n', phase: 'Pending', statuses: [waiting(reason)] });
      expect(podSummary(p, now).status).toBe(reason);
    }
  });

  test('a ready running container is Running and counts as ready', () => {
    expect(podSummary(pod('p', { node: 'n', statuses: [running('agent', -100)] }), now)).toEqual({ ready: '1/1', status: 'Running', restarts: '0' });
  });

  test('CrashLoopBackOff with restarts shows how long ago the last one ended', () => {
    const p = pod('p', { node: 'n', statuses: [waiting('CrashLoopBackOff', 3, -25)] });
    expect(podSummary(p, now)).toEqual({ ready: '0/1', status: 'CrashLoopBackOff', restarts: '3 (25s ago)' });
  });

  test('restarts without a recorded termination print the bare count', () => {
    expect(podSummary(pod('p', { node: 'n', statuses: [running('agent', -100, 2)] }), now).restarts).toBe('2');
  });

  test('terminated containers: Completed, Error, and ExitCode:N without a reason', () => {
    expect(podSummary(pod('p', { node: 'n', phase: 'Succeeded', statuses: [terminated('Completed', 0)] }), now).status).toBe('Completed');
    expect(podSummary(pod('p', { node: 'n', phase: 'Failed', statuses: [terminated('Error', 1)] }), now).status).toBe('Error');
    expect(podSummary(pod('p', { node: 'n', phase: 'Failed', statuses: [terminated(undefined, 2)] }), now).status).toBe('ExitCode:2');
  });

  test('a deleted pod that is not terminal is Terminating; a terminal one keeps its reason', () => {
    expect(podSummary(pod('p', { node: 'n', deleting: true, statuses: [running('agent', -100)] }), now).status).toBe('Terminating');
    expect(podSummary(pod('p', { node: 'n', deleting: true, phase: 'Succeeded', statuses: [terminated('Completed', 0)] }), now).status).toBe('Completed');
  });

  test('a deleted pod on a lost node is Unknown', () => {
    expect(podSummary(pod('p', { node: 'n', deleting: true, reason: 'NodeLost', statuses: [running('agent', -100)] }), now).status).toBe('Unknown');
  });

  test('init containers: Init:i/n while initializing, Init:<reason> when one fails', () => {
    const base = pod('p', { node: 'n', phase: 'Pending', statuses: [waiting('PodInitializing')] });
    const withInit: Pod = { ...base, spec: { ...base.spec, initContainers: [{ name: 'setup', image: 'busybox' }] } };
    const init = (s: ContainerStatus) => withStatus(withInit, {
        initContainerStatuses: [{ ...s, name: 'setup' }],
        conditions: [{ type: 'Initialized', status: 'False' }],
      } as Partial<Pod['status']>);
    expect(podSummary(init(waiting('PodInitializing')), now).status).toBe('Init:0/1');
    expect(podSummary(init(waiting('CrashLoopBackOff')), now).status).toBe('Init:CrashLoopBackOff');
    expect(podSummary(init(terminated('Error', 1)), now).status).toBe('Init:Error');
    expect(podSummary(init(terminated(undefined, 3)), now).status).toBe('Init:ExitCode:3');
  });

  test('the first container with a waiting reason decides STATUS', () => {
    const p = pod('p', { node: 'n', statuses: [waiting('ImagePullBackOff'), { ...running('side', -100), name: 'side' }] });
    const two: Pod = { ...p, spec: { ...p.spec, containers: [...p.spec.containers, { name: 'side', image: 'x' }] } };
    expect(podSummary(two, now)).toEqual({ ready: '1/2', status: 'ImagePullBackOff', restarts: '0' });
  });
});
