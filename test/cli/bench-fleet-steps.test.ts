/**
 * The fleet build both benches time (Node and Chromium): the lines a learner types, run step by
 * step, ending with every DaemonSet available on every node, or an error that says otherwise.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../src/kubectl/exec.js';
import { registerAllParts } from '../../src/kubectl/parts/all.js';
import { createCluster } from '../../src/sim/index.js';
import { fleetBuildSteps, medianRun, ROLLOUTS, run, runFleetBuild, runRollout } from '../../src/cli/bench-fleet-steps.js';

registerAllParts();

describe('the benches’ fleet build and rollouts', () => {
  it('is node add, settle, one apply per DaemonSet, settle', () => {
    const steps = fleetBuildSteps(5000, ['agent', 'logs'], '{maxSurge: 10%, maxUnavailable: 0}');
    expect(steps.map((s) => s.map((l) => l.line))).toEqual([['sim node add node-{1..5000}'], ['sim settle'], ['kubectl apply -f -', 'kubectl apply -f -'], ['sim settle --timeout=1h']]);
    expect(steps[2]![1]!.stdin).toMatch(/name: logs\n[\s\S]*rollingUpdate: \{maxSurge: 10%, maxUnavailable: 0\}/);
  });

  it('runs the steps in order and says when each ended', () => {
    const cluster = createCluster({ seed: 1 });
    let tick = 0;
    const ends = runFleetBuild(cluster, 4, ['agent', 'logs'], () => ++tick);
    expect(ends).toEqual([1, 2, 3, 4]);
    for (const name of ['agent', 'logs']) expect(cluster.store.get('DaemonSet', 'default', name)?.status.numberAvailable).toBe(4);
  });

  it('fails when a DaemonSet is not available on exactly the nodes built', () => {
    const cluster = createCluster({ seed: 1 });
    expect(exec(cluster, 'sim node add extra').exitCode).toBe(0);
    expect(() => runFleetBuild(cluster, 3, ['agent'], () => 0)).toThrow('agent: only 4 of 3 pods are available');
  });

  it('rolls the new image out to every node and says how long it took in virtual time', () => {
    const cluster = createCluster({ seed: 1 });
    runFleetBuild(cluster, 4, ['agent'], () => 0, ROLLOUTS.maxSurge10);
    const started = cluster.now;
    const virtualMs = runRollout(cluster, 4);
    expect(virtualMs).toBe(cluster.now - started);
    expect(virtualMs).toBeGreaterThan(0);
    const images = cluster.store.list('Pod').map((p) => p.spec.containers[0]!.image);
    expect(images).toEqual(Array(4).fill('registry.example/agent:1.1'));
  });

  it('fails when the rollout cannot finish, and when a line fails', () => {
    const cluster = createCluster({ seed: 1 });
    runFleetBuild(cluster, 3, ['agent'], () => 0, ROLLOUTS.maxUnavailable10);
    run(cluster, 'sim node fail node-3');
    expect(() => runRollout(cluster, 3)).toThrow('the rollout over 3 nodes did not finish within a virtual day');
    expect(() => run(cluster, 'kubectl get nosuchkind')).toThrow(/^kubectl get nosuchkind: error: /);
  });

  it('takes the median run whole, by total, and keeps every total in the order run', () => {
    const runs = [{ total: 990, apply: 1 }, { total: 1040, apply: 2 }, { total: 930, apply: 3 }, { total: 1210, apply: 4 }, { total: 975, apply: 5 }];
    expect(medianRun(runs)).toEqual({ median: { total: 990, apply: 1 }, totals: [990, 1040, 930, 1210, 975] });
    // Of an even number, the slower of the two middle ones.
    expect(medianRun(runs.slice(0, 4)).median).toEqual({ total: 1040, apply: 2 });
    expect(medianRun([{ total: 7 }]).median.total).toBe(7);
    expect(() => medianRun([])).toThrow('no runs to take the median of');
  });
});
