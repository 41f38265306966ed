import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeletState } from '../../../../src/sim/controllers/kubelet/state.js';
import { at, bootNodes, createPod, newCluster, type Fixture } from './fixture.js';

/** The kubelet's runtime record of pod `name`, as a snapshot holds it. */
function runtimeOf(f: Fixture, name: string): Record<string, unknown> {
  const state = f.kubelet.snapshot() as KubeletState;
  return state.pods.get(`default/${name}`) as unknown as Record<string, unknown>;
}

/** Everything the cluster shows of its pods and Events. */
function picture(f: Fixture): string {
  const pods = f.c.store.list('Pod').map((p) => [p.metadata.name, p.metadata.resourceVersion, p.metadata.deletionTimestamp, p.status]);
  const events = f.c.store.list('Event').map((e) => [e.involvedObject.name, e.involvedObject.fieldPath, e.reason, e.message, e.count, e.lastTimestamp]);
  return JSON.stringify({ pods, events, now: f.c.now });
}

const PROBE = { httpGet: { port: 80 }, initialDelaySeconds: 3, periodSeconds: 5 };

describe('kubelet runtime records', () => {
  it('a healthy running pod keeps only the fields every pod uses, all set when its records were made', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    createPod(f, 'web', { readinessProbe: PROBE });
    at(f, 60);
    const rt = runtimeOf(f, 'web');
    expect(rt['stage']).toBe('Running.Ready');
    expect(Object.keys(rt)).toEqual(['namespace', 'name', 'uid', 'node', 'stage', 'admittedAt', 'sandbox', 'podIP', 'cursor', 'pull', 'startAt', 'containers', 'mountRetryAt', 'wakeAt']);
    const c = (rt['containers'] as Record<string, unknown>[])[0]!;
    expect(Object.keys(c)).toEqual(['name', 'image', 'phase', 'reason', 'restartCount', 'ready', 'containerId', 'startedAt', 'imageResolved', 'readyAt']);
  });

  it('a failing mount and a crash loop still go through the fields kept out of a new record', () => {
    const f = newCluster();
    bootNodes(f, 'node-1');
    f.kubelet.setImageBehaviour('registry.example/crash:1', { behaviour: 'crash' });
    createPod(f, 'crash', { image: 'registry.example/crash:1' });
    createPod(f, 'nomount', { volumes: [{ name: 'v', hostPath: { path: '/missing', type: 'Directory' } }] });
    at(f, 120);
    const crash = (runtimeOf(f, 'crash')['containers'] as { restartCount: number; finished?: unknown; last?: unknown }[])[0]!;
    expect(crash.restartCount).toBeGreaterThan(0);
    expect(crash.last ?? crash.finished).toBeDefined();
    expect(runtimeOf(f, 'nomount')['mountFailures']).toBeGreaterThan(1);
  });

  it('any mix of image behaviours, probes and deletions continues after a restore exactly as without it', () => {
    const behaviours = ['ok', 'crash', 'never-ready', 'pull-error'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...behaviours), fc.boolean(), fc.integer({ min: 5, max: 200 }), fc.integer({ min: 5, max: 200 }), (behaviour, probe, deleteAt, snapAt) => {
        // With `restore`, the cluster runs on for a minute after the snapshot, then goes back to it.
        const run = (restore: boolean): string => {
          const f = newCluster();
          bootNodes(f, 'node-1');
          if (behaviour !== 'ok') f.kubelet.setImageBehaviour('registry.example/x:1', { behaviour });
          createPod(f, 'x', { image: 'registry.example/x:1', grace: 10, ...(probe ? { readinessProbe: PROBE } : {}) });
          createPod(f, 'y', { volumes: [{ name: 'v', hostPath: { path: '/data', type: 'Directory' } }] });
          const snapshotAndBack = (): void => {
            if (!restore) return;
            const snap = f.c.snapshot();
            at(f, 80 + snapAt);
            f.c.restore(snap);
          };
          const remove = (): void => void f.c.api.delete('Pod', 'default', 'x');
          const steps: [number, () => void][] = [
            [snapAt, snapshotAndBack],
            [deleteAt, remove],
          ];
          for (const [t, step] of steps.sort((a, b) => a[0] - b[0])) {
            at(f, 20 + t);
            step();
          }
          at(f, 400);
          return picture(f);
        };
        expect(run(true)).toBe(run(false));
      }),
      { numRuns: 12 },
    );
  });
});
