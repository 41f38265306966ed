import { describe, expect, it } from 'vitest';
import { normalizeImage, pullErrorMessage } from '../../../../src/sim/controllers/kubelet/images.js';
import { at, bootNodes, condition, container, createPod, eventObjects, eventsOf, newCluster, pod, T0 } from './fixture.js';

const IMG = 'registry.example/log-agent:1.1';
const ERR = `rpc error: code = NotFound desc = failed to pull and unpack image "${IMG}": failed to resolve reference "${IMG}": ${IMG}: not found`;

describe('images', () => {
  it('normalises references the way containerd reports them', () => {
    expect(normalizeImage('nginx')).toBe('docker.io/library/nginx:latest');
    expect(normalizeImage('nginx:1.27')).toBe('docker.io/library/nginx:1.27');
    expect(normalizeImage('fluent/fluent-bit:2.2')).toBe('docker.io/fluent/fluent-bit:2.2');
    expect(normalizeImage('quay.io/prometheus/node-exporter:v1.7.0')).toBe('quay.io/prometheus/node-exporter:v1.7.0');
    expect(normalizeImage('localhost:5000/x')).toBe('localhost:5000/x:latest');
    expect(pullErrorMessage(IMG)).toBe(ERR);
  });
});

describe('kubelet: pull-error images', () => {
  it('reports ErrImagePull, then ImagePullBackOff one relist later, and retries after 10s doubling to 300s', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour(IMG, { behaviour: 'pull-error' });
    createPod(f, 'agent', { image: IMG });
    at(f, 15);
    expect(container(f, 'agent')!.state).toEqual({ waiting: { reason: 'ErrImagePull', message: ERR } });
    expect(f.kubelet.podStage('default', 'agent')).toBe('Pending.ErrImagePull');
    expect(eventsOf(f, 'agent')).toEqual(['Pulling: Pulling image "registry.example/log-agent:1.1"', `Failed: Failed to pull image "${IMG}": ${ERR}`, 'Failed: Error: ErrImagePull']);
    at(f, 16);
    expect(container(f, 'agent')!.state).toEqual({ waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${IMG}": ErrImagePull: ${ERR}` } });
    expect(f.kubelet.podStage('default', 'agent')).toBe('Pending.ImagePullBackOff');
    expect(eventsOf(f, 'agent').slice(3)).toEqual([`BackOff: Back-off pulling image "${IMG}"`, 'Failed: Error: ImagePullBackOff']);
    expect(pod(f, 'agent')!.status.phase).toBe('Pending');
    expect(condition(f, 'agent', 'Ready')!.status).toBe('False');

    // attempts start at 10, then 10/20/40/80/160/300 s after each failure (each pull takes 5 s)
    const pulls: number[] = [10];
    let count = 1;
    for (;;) {
      const next = f.c.nextWakeup();
      if (next === undefined || next > T0 + 700_000) break;
      f.c.advanceTo(next);
      const n = eventObjects(f, 'agent', 'Pulling')[0]!.count ?? 0;
      if (n !== count) {
        pulls.push((f.c.now - T0) / 1000);
        count = n;
      }
    }
    expect(pulls).toEqual([10, 25, 50, 95, 180, 345, 650]);
    // Seven back-offs, but the event spam filter (25 events per pod, then one per 5 minutes) has
    // dropped the last two: each retry records Pulling, Failed x2, BackOff and Failed.
    expect(eventObjects(f, 'agent', 'BackOff')[0]!.count).toBe(5);
  });

  it('a tag that pulls fine again (behaviour ok) starts on the next retry', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour(IMG, { behaviour: 'pull-error' });
    createPod(f, 'agent', { image: IMG });
    at(f, 20);
    f.kubelet.setImageBehaviour(IMG, { behaviour: 'ok' });
    at(f, 30); // retry pulls 25..30
    at(f, 31);
    expect(pod(f, 'agent')!.status.phase).toBe('Running');
    expect(f.kubelet.podStage('default', 'agent')).toBe('Running.Ready');
  });
});

describe('kubelet: never-ready images', () => {
  it('runs but never passes readiness, with an Unhealthy event every probe period', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/stuck:1', { behaviour: 'never-ready' });
    createPod(f, 'stuck', { image: 'registry.example/stuck:1', readinessProbe: { httpGet: { port: 8080 }, initialDelaySeconds: 10, periodSeconds: 5 } });
    at(f, 25.999);
    expect(eventObjects(f, 'stuck', 'Unhealthy')).toEqual([]);
    at(f, 26);
    const [ev] = eventObjects(f, 'stuck', 'Unhealthy');
    expect(ev).toMatchObject({ type: 'Warning', message: 'Readiness probe failed: HTTP probe failed with statuscode: 503', count: 1 });
    at(f, 56);
    expect(eventObjects(f, 'stuck', 'Unhealthy')[0]!.count).toBe(7);
    expect(pod(f, 'stuck')!.status.phase).toBe('Running');
    expect(condition(f, 'stuck', 'Ready')!.status).toBe('False');
    expect(f.kubelet.podStage('default', 'stuck')).toBe('Running.NotReady');
  });

  it('without a probe it is never Ready and schedules nothing (the cluster settles)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/stuck:1', { behaviour: 'never-ready' });
    createPod(f, 'stuck', { image: 'registry.example/stuck:1' });
    at(f, 100);
    expect(condition(f, 'stuck', 'Ready')!.status).toBe('False');
    expect(eventObjects(f, 'stuck', 'Unhealthy')).toEqual([]);
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('words tcpSocket and grpc probe failures as the prober does', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/stuck:1', { behaviour: 'never-ready' });
    createPod(f, 'tcp', { image: 'registry.example/stuck:1', readinessProbe: { tcpSocket: { port: 9102 }, periodSeconds: 10 } });
    createPod(f, 'grpc', { image: 'registry.example/stuck:1', readinessProbe: { grpc: { port: 9090 }, periodSeconds: 10 } });
    at(f, 30);
    expect(eventObjects(f, 'tcp', 'Unhealthy')[0]!.message).toBe(`Readiness probe failed: dial tcp ${pod(f, 'tcp')!.status.podIP}:9102: connect: connection refused`);
    expect(eventObjects(f, 'grpc', 'Unhealthy')[0]!.message).toBe('Readiness probe failed: service unhealthy (responded with "NOT_SERVING")');
  });
});
