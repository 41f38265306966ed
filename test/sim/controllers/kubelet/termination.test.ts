import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../src/sim/api/types.js';
import { at, bootNodes, condition, createPod, eventsOf, newCluster, pod, sec, type Fixture } from './fixture.js';

/** Remembers the last stored version of every pod (the final status is written just before removal). */
function watchPods(f: Fixture): Map<string, Pod> {
  const last = new Map<string, Pod>();
  f.c.store.watch((ch) => {
    if (ch.obj.kind === 'Pod' && ch.type !== 'removed') last.set(ch.obj.metadata.name, ch.obj);
  });
  return last;
}

describe('kubelet: graceful termination', () => {
  it('stops the containers when the grace period runs out (they ignore SIGTERM), then makes the final delete', () => {
    const f = newCluster();
    const seen = watchPods(f);
    bootNodes(f, 'node-1');
    createPod(f, 'web', { readinessProbe: { httpGet: { port: 80 }, periodSeconds: 5 } });
    at(f, 20);
    expect(f.c.api.delete('Pod', 'default', 'web').ok).toBe(true);
    f.c.settle();
    expect(sec(pod(f, 'web')!.metadata.deletionTimestamp)).toBe(50);
    expect(f.kubelet.podStage('default', 'web')).toBe('Terminating');
    expect(eventsOf(f, 'web').at(-1)).toBe('Killing: Stopping container app');
    at(f, 49.999);
    expect(pod(f, 'web')).toBeDefined();
    expect(condition(f, 'web', 'Ready')!.status).toBe('True'); // Ready until the containers stop
    at(f, 50);
    expect(pod(f, 'web')).toBeUndefined();
    const final = seen.get('web')!;
    expect(final.status.phase).toBe('Failed');
    expect(final.status.containerStatuses![0]!.state.terminated).toMatchObject({ exitCode: 137, reason: 'Error', finishedAt: '2026-01-01T00:00:50Z' });
    expect(f.kubelet.podStage('default', 'web')).toBeUndefined();
    const intents = f.c.traceEntries().flatMap((e) => e.intents).filter((i) => i.name === 'web' && i.verb === 'finishDeletion');
    expect(intents).toHaveLength(1);
    expect(intents[0]!.controller).toBe('kubelet');
  });

  it('honours terminationGracePeriodSeconds, and a second delete may shorten the grace', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'a', { grace: 5 });
    createPod(f, 'b', { grace: 60 });
    at(f, 20);
    f.c.api.delete('Pod', 'default', 'a');
    f.c.api.delete('Pod', 'default', 'b');
    f.c.settle();
    at(f, 24.999);
    expect(pod(f, 'a')).toBeDefined();
    at(f, 25);
    expect(pod(f, 'a')).toBeUndefined();
    at(f, 30);
    f.c.api.delete('Pod', 'default', 'b', { gracePeriodSeconds: 2 });
    f.c.settle();
    at(f, 31.999);
    expect(pod(f, 'b')).toBeDefined();
    at(f, 32);
    expect(pod(f, 'b')).toBeUndefined();
  });

  it('a pod with nothing running (still pulling) goes at once, without Killing events', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'pulling');
    f.c.api.delete('Pod', 'default', 'pulling');
    f.c.settle();
    expect(pod(f, 'pulling')).toBeUndefined();
    expect(eventsOf(f, 'pulling')).toEqual(['Pulling: Pulling image "registry.example/app:1.0"']);
  });

  it('a container that exits on its own during the grace ends the termination early', () => {
    const f = newCluster();
    const seen = watchPods(f);
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/crash:1', { behaviour: 'crash', afterMs: 10_000 });
    createPod(f, 'c', { image: 'registry.example/crash:1' });
    at(f, 20); // running since 16, exits at 26
    f.c.api.delete('Pod', 'default', 'c');
    f.c.settle();
    at(f, 25.999);
    expect(pod(f, 'c')).toBeDefined();
    at(f, 26);
    expect(pod(f, 'c')).toBeUndefined();
    expect(seen.get('c')!.status.containerStatuses![0]!.state.terminated!.exitCode).toBe(1);
  });

  it('on a node the kubelet is told is NotReady (but still runs), termination completes (F4)', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'web');
    at(f, 20);
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.c.settle();
    f.c.api.delete('Pod', 'default', 'web');
    f.c.settle();
    at(f, 50);
    expect(pod(f, 'web')).toBeUndefined();
  });

  it('on a failed node the deletion never completes (F9); the kubelet finishes it when it comes back', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    createPod(f, 'ghost', { tolerations: [{ operator: 'Exists' }] });
    at(f, 20);
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    f.c.api.delete('Pod', 'default', 'ghost');
    f.c.settle();
    at(f, 3600);
    expect(pod(f, 'ghost')!.metadata.deletionTimestamp).toBe('2026-01-01T00:00:50Z');
    expect(pod(f, 'ghost')!.status.phase).toBe('Running');
    expect(eventsOf(f, 'ghost')).not.toContain('Killing: Stopping container app');
    f.kubelet.recoverNode('node-1', f.c.now);
    f.c.settle();
    expect(eventsOf(f, 'ghost')).toContain('Killing: Stopping container app');
    at(f, 3629.999);
    expect(pod(f, 'ghost')).toBeDefined();
    at(f, 3630);
    expect(pod(f, 'ghost')).toBeUndefined();
  });
});
