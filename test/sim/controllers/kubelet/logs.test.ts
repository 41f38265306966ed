/**
 * Simulated container logs derived from the container status: which instance is read
 * (validateContainerLogStatus) and its lines; nothing is stored per container.
 */
import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod } from '../../../../src/sim/api/types.js';
import { containerLog, type LogQuery } from '../../../../src/sim/controllers/kubelet/logs.js';
import { EPOCH_MS } from '../../../../src/sim/engine/time.js';

const at = (s: number) => new Date(EPOCH_MS + s * 1000).toISOString().replace('.000Z', 'Z');

function pod(status: Partial<ContainerStatus>, extra: { probe?: boolean; deleting?: boolean } = {}): Pod {
  const s: ContainerStatus = { name: 'c', image: 'img:1', imageID: '', ready: false, restartCount: 0, state: {}, lastState: {}, ...status };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', uid: 'u', ...(extra.deleting ? { deletionTimestamp: at(130), deletionGracePeriodSeconds: 30 } : {}) },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'img:1', ...(extra.probe ? { readinessProbe: { httpGet: { port: 80 }, periodSeconds: 10 } } : {}) }] },
    status: { containerStatuses: [s], podIP: '10.244.0.2' },
  } as unknown as Pod;
}

const query = (o: { previous?: boolean; behaviour?: 'never-ready'; now?: number } = {}): LogQuery => ({
  container: 'c',
  previous: o.previous ?? false,
  behaviours: o.behaviour ? { 'docker.io/library/img:1': { behaviour: o.behaviour } } : {},
  now: EPOCH_MS + (o.now ?? 100) * 1000,
});

const texts = (r: ReturnType<typeof containerLog>) => ('error' in r ? r.error : r.map((l) => `${(l.at - EPOCH_MS) / 1000} ${l.text}`));

describe('containerLog', () => {
  it('the running instance: its start line', () => {
    expect(texts(containerLog(pod({ ready: true, state: { running: { startedAt: at(5) } } }), query()))).toEqual(['5 simulated: container "c" started from image "img:1" on n1']);
  });

  it('--previous: the last terminated instance, with the crash and its exit code', () => {
    const p = pod({ state: { running: { startedAt: at(50) } }, lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: at(20), finishedAt: at(30) } } });
    expect(texts(containerLog(p, query({ previous: true })))).toEqual([
      '20 simulated: container "c" started from image "img:1" on n1',
      '30 simulated: crashing (sim image img:1 --behaviour crash), exit code 1',
    ]);
  });

  it('a terminated current instance (exit 0) is read without --previous', () => {
    expect(texts(containerLog(pod({ state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: at(1), finishedAt: at(2) } } }), query()))).toEqual([
      '1 simulated: container "c" started from image "img:1" on n1',
      '2 simulated: done, exiting with code 0',
    ]);
  });

  it('never-ready: one line per failing probe once it is past the time it would be ready; none for a ready container', () => {
    const p = pod({ state: { running: { startedAt: at(0) } } }, { probe: true });
    expect(texts(containerLog(p, query({ behaviour: 'never-ready', now: 25 })))).toEqual([
      '0 simulated: container "c" started from image "img:1" on n1',
      '0 simulated: not ready (sim image img:1 --behaviour never-ready): Readiness probe failed: HTTP probe failed with statuscode: 503',
      '10 simulated: not ready (sim image img:1 --behaviour never-ready): Readiness probe failed: HTTP probe failed with statuscode: 503',
      '20 simulated: not ready (sim image img:1 --behaviour never-ready): Readiness probe failed: HTTP probe failed with statuscode: 503',
    ]);
    expect(texts(containerLog(p, query({ now: 25 })))).toHaveLength(1);
  });

  it('a pod being deleted: the ignored SIGTERM at the deletion request', () => {
    const p = pod({ ready: true, state: { running: { startedAt: at(10) } } }, { deleting: true });
    expect(texts(containerLog(p, query({ now: 110 })))).toEqual([
      '10 simulated: container "c" started from image "img:1" on n1',
      '100 simulated: received SIGTERM, ignored: the container is killed when the grace period ends',
    ]);
  });

  it('the kubelet\'s refusals, word for word', () => {
    const waiting = (reason: string) => texts(containerLog(pod({ state: { waiting: { reason } } }), query()));
    expect(waiting('ContainerCreating')).toBe('container "c" in pod "p" is waiting to start: ContainerCreating');
    expect(waiting('ErrImagePull')).toBe('container "c" in pod "p" is waiting to start: image can\'t be pulled');
    expect(waiting('ImagePullBackOff')).toBe('container "c" in pod "p" is waiting to start: trying and failing to pull image');
    expect(texts(containerLog(pod({ state: { running: { startedAt: at(1) } } }), query({ previous: true })))).toBe('previous terminated container "c" in pod "p" not found');
    expect(texts(containerLog(pod({}), query()))).toBe('container "c" in pod "p" is waiting to start - no logs yet');
    expect(texts(containerLog(pod({}), { ...query(), container: 'x' }))).toBe('container "x" in pod "p" is not available');
  });
});
