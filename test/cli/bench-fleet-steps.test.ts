/**
 * The fleet build both benches time (Node and Chromium): the lines a learner types, run step by
 * step, ending with every DaemonSet available on every node, or an error that says otherwise.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../src/kubectl/exec.js';
import { registerAllParts } from '../../src/kubectl/parts/all.js';
import { createCluster } from '../../src/sim/index.js';
import { fleetBuildSteps, runFleetBuild } from '../../src/cli/bench-fleet-steps.js';

registerAllParts();

describe('the benches’ fleet build', () => {
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
});
