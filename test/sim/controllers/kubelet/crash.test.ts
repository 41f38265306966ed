import { describe, expect, it } from 'vitest';
import { at, bootNodes, condition, container, createPod, eventObjects, newCluster, pod, sec, T0, type Fixture } from './fixture.js';

/** Advances timer by timer up to `untilSec`, noting each time the restart count changes. */
function restartTimes(f: Fixture, name: string, untilSec: number): number[] {
  const out: number[] = [];
  let last = container(f, name)?.restartCount ?? 0;
  for (;;) {
    const next = f.c.nextWakeup();
    if (next === undefined || next > T0 + untilSec * 1000) break;
    f.c.advanceTo(next);
    const rc = container(f, name)?.restartCount ?? 0;
    if (rc !== last) {
      out.push((f.c.now - T0) / 1000);
      last = rc;
    }
  }
  return out;
}

describe('kubelet: crash behaviour and CrashLoopBackOff', () => {
  it('exits with code 1 after crashAfterSeconds, restarts at once the first time, then backs off 10s doubling to 300s', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/crash:1', { behaviour: 'crash' });
    createPod(f, 'crash', { image: 'registry.example/crash:1' });
    // pull 10..15, running at 16, exits at 19
    at(f, 18.999);
    expect(container(f, 'crash')!.state.running).toBeDefined();
    at(f, 19);
    expect(container(f, 'crash')!.state.terminated).toMatchObject({ exitCode: 1, reason: 'Error', startedAt: '2026-01-01T00:00:16Z', finishedAt: '2026-01-01T00:00:19Z' });
    expect(f.kubelet.podStage('default', 'crash')).toBe('Running.Error');
    expect(pod(f, 'crash')!.status.phase).toBe('Running');
    expect(condition(f, 'crash', 'Ready')!.status).toBe('False');
    // one PLEG relist later (20) the first restart needs no back-off; running 1 s later
    at(f, 21);
    expect(container(f, 'crash')).toMatchObject({ restartCount: 1, state: { running: { startedAt: '2026-01-01T00:00:21Z' } } });
    expect(container(f, 'crash')!.lastState.terminated).toMatchObject({ exitCode: 1, finishedAt: '2026-01-01T00:00:19Z' });
    // second exit at 24 -> CrashLoopBackOff 10 s
    at(f, 25);
    const uid = pod(f, 'crash')!.metadata.uid;
    expect(container(f, 'crash')!.state).toEqual({
      waiting: { reason: 'CrashLoopBackOff', message: `back-off 10s restarting failed container=app pod=crash_default(${uid})` },
    });
    expect(f.kubelet.podStage('default', 'crash')).toBe('Running.CrashLoopBackOff');
    expect(container(f, 'crash')!.restartCount).toBe(1);
    expect(eventObjects(f, 'crash', 'BackOff')[0]).toMatchObject({ type: 'Warning', message: `Back-off restarting failed container app in pod crash_default(${uid})` });

    // restarts begin 10, 20, 40, 80, 160, 300, 300 s after each exit (+1 s to run)
    expect(restartTimes(f, 'crash', 1300)).toEqual([35, 59, 103, 187, 351, 655, 959, 1263]);
    expect(container(f, 'crash')!.restartCount).toBe(9);
    // Back-offs follow exits 2..10, but the kubelet's event spam filter (25 events per pod, then
    // one every 5 minutes) has used up its burst by the 6th exit: only 24, 38, 62, 106 and 190
    // are recorded; each refill goes to the restart's "already present" Pulled event.
    expect(eventObjects(f, 'crash', 'BackOff')[0]!.count).toBe(5);
    expect(eventObjects(f, 'crash', 'Pulled').find((e) => e.message.includes('already present'))!.count).toBe(9);
  });

  it('with --after, runs and passes readiness until D after each start (Ready resets at every exit)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/late:1', { behaviour: 'crash', afterMs: 20_000 });
    createPod(f, 'late', { image: 'registry.example/late:1', readinessProbe: { httpGet: { port: 80 }, initialDelaySeconds: 5, periodSeconds: 5 } });
    at(f, 21);
    expect(condition(f, 'late', 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: '2026-01-01T00:00:21Z' });
    at(f, 35.999);
    expect(condition(f, 'late', 'Ready')!.status).toBe('True');
    at(f, 36);
    expect(condition(f, 'late', 'Ready')).toMatchObject({ status: 'False', lastTransitionTime: '2026-01-01T00:00:36Z' });
    // the sync at 37 restarts it without back-off; running at 38, ready again at 43
    at(f, 42);
    expect(container(f, 'late')!.restartCount).toBe(1);
    expect(condition(f, 'late', 'Ready')!.status).toBe('False');
    at(f, 43);
    expect(condition(f, 'late', 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: '2026-01-01T00:00:43Z' });
  });

  it('a crashing container with a readiness delay longer than its life is never Ready', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/log-agent:1.1', { behaviour: 'crash' });
    createPod(f, 'agent', { image: 'registry.example/log-agent:1.1', readinessProbe: { httpGet: { port: 2020 }, initialDelaySeconds: 5, periodSeconds: 5 } });
    let everReady = false;
    for (let t = 10; t <= 200; t++) {
      at(f, t);
      if (condition(f, 'agent', 'Ready')?.status === 'True') everReady = true;
    }
    expect(everReady).toBe(false);
    expect(container(f, 'agent')!.restartCount).toBeGreaterThanOrEqual(4);
  });

  it('restartPolicy Never: the pod fails and nothing is scheduled any more', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/job:1', { behaviour: 'crash' });
    createPod(f, 'job', { image: 'registry.example/job:1', restartPolicy: 'Never' });
    at(f, 19);
    expect(pod(f, 'job')!.status.phase).toBe('Failed');
    expect(f.kubelet.podStage('default', 'job')).toBe('Failed');
    expect(container(f, 'job')!.state.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(condition(f, 'job', 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady' });
    expect(f.c.nextWakeup()).toBeUndefined();
  });

  it('forgets the back-off after a container ran longer than twice the maximum (restarts at once again)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/slow:1', { behaviour: 'crash', afterMs: 11 * 60_000 });
    createPod(f, 'slow', { image: 'registry.example/slow:1' });
    // start 16, exit 676, restart immediately (running 678), exit 1338, restart at once again (1340)
    const times = restartTimes(f, 'slow', 2100);
    expect(times).toEqual([678, 1340, 2002]);
    expect(eventObjects(f, 'slow', 'BackOff')).toEqual([]);
  });

  it('changing an image behaviour applies from the next start', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'web', { image: 'registry.example/web:1' });
    at(f, 16);
    f.kubelet.setImageBehaviour('registry.example/web:1', { behaviour: 'crash' });
    at(f, 120);
    expect(container(f, 'web')!.restartCount).toBe(0);
    expect(sec(container(f, 'web')!.state.running!.startedAt)).toBe(16);
  });
});
