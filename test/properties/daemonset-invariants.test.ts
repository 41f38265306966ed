/**
 * Property tests of the DaemonSet invariants. They drive the real engine through
 * `exec` with random histories: node joins (random labels, taints, capacity) and removals,
 * label changes, NoSchedule/NoExecute/PreferNoSchedule taints, cordons, node failures and
 * recoveries, node conditions, template changes (image, nodeSelector, required node affinity,
 * tolerations, rollout restart and undo), image behaviours (ok, pull-error, crash, never-ready),
 * strategies (maxUnavailable int/percent, maxSurge with maxUnavailable 0, OnDelete), pod
 * deletions and time steps of 1 s to 5 min, on one or two DaemonSets.
 *
 * What is checked, and why each bound is what upstream Kubernetes allows, is written down in
 * monitor.ts (invariants 1-3, at every engine pass / write) and checks.ts (invariant 4, after
 * every command); model.ts recomputes everything from upstream behaviour without engine code.
 * A failure names the broken invariant and prints the shrunk history as a script for
 * `npx everynode run -`.
 *
 * Invariant 5 (once healed and settled, exactly the eligible nodes run one up-to-date ready
 * pod) and the 1 s bound on how long status.numberAvailable may lag the recount found a stalled
 * surge rollout with minReadySeconds: the controller dropped a later delayed requeue when an
 * earlier one was pending. The controller now keeps every distinct wake (`requeueAfter`).
 *
 * Fixed fast-check seeds keep CI reproducible. Nothing is printed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { holds, runScenario, scenarios, type RunResult } from './harness.js';
import { InvariantMonitor } from './monitor.js';
import { createCluster } from '../../src/sim/index.js';

describe('DaemonSet invariants under random cluster histories', () => {
  it('1: a node never holds more daemon pods than the strategy allows, after every engine pass', () => {
    fc.assert(
      fc.property(fc.oneof(scenarios('surge'), scenarios('any')), (s) => holds(s, { monitor: { podsPerNode: true } })),
      { seed: 42, numRuns: 100 },
    );
  });

  it('2: a new pod beside an available old one keeps the surging nodes within maxSurge', () => {
    fc.assert(
      fc.property(scenarios('surge'), (s) => holds(s, { monitor: { surgeBudget: true } })),
      { seed: 42, numRuns: 100 },
    );
  });

  it('3: an available old pod is deleted only within maxUnavailable or once replaced', () => {
    fc.assert(
      fc.property(fc.oneof(scenarios('unavailable'), scenarios('surge'), scenarios('any')), (s) => holds(s, { monitor: { deletionBudget: true } })),
      { seed: 42, numRuns: 100 },
    );
  });

  it('4 (exact): after every command numberAvailable lags the recount by at most 1 s', () => {
    fc.assert(
      fc.property(scenarios('any'), (s) => holds(s, { monitor: { statusWrites: true }, statusAvailableLagMs: 1000 })),
      { seed: 42, numRuns: 200 },
    );
  });

  it('5: once healed and settled, exactly the eligible nodes run one up-to-date ready pod', () => {
    fc.assert(
      fc.property(scenarios('any'), (s) => holds(s, { converge: true })),
      { seed: 42, numRuns: 100 },
    );
  });

  it('4: the DaemonSet status is a recount of the store at every write and after every command', () => {
    fc.assert(
      fc.property(scenarios('any'), (s) => holds(s, { monitor: { statusWrites: true }, statusAvailableLagMs: Number.POSITIVE_INFINITY })),
      { seed: 42, numRuns: 80 },
    );
  });

  it('6: the same script and seed give byte-identical output, pods and traces', () => {
    fc.assert(
      fc.property(scenarios('any'), fc.integer({ min: 0, max: 1_000_000 }), (s, seed) => {
        const a = runScenario(s, { seed });
        const b = runScenario(s, { seed });
        const pods = (r: RunResult) => r.driver.run('kubectl get pods -o json').stdout;
        expect(b.driver.ran).toEqual(a.driver.ran);
        expect(pods(b)).toBe(pods(a));
        expect(b.monitor.passes).toBe(a.monitor.passes);
        expect(b.driver.cluster.traceEntries().at(-1)?.seq).toBe(a.driver.cluster.traceEntries().at(-1)?.seq);
      }),
      { seed: 42, numRuns: 40 },
    );
  });

  it('1-4 together on longer histories of bigger clusters', () => {
    fc.assert(
      fc.property(scenarios('any', 60, 8), (s) =>
        holds(s, {
          monitor: { podsPerNode: true, surgeBudget: true, deletionBudget: true, statusWrites: true },
          statusAvailableLagMs: Number.POSITIVE_INFINITY,
          maxNodes: 12,
        }),
      ),
      { seed: 42, numRuns: 50 },
    );
  });

  it('the generated histories reach every check (the properties are not vacuous)', () => {
    const total = { budgetedCreations: 0, allowedNewCreations: 0, judgedDeletions: 0, j1: 0, j2: 0, j3: 0, j4: 0, surgingPairs: 0, statusWrites: 0 };
    for (const s of fc.sample(fc.oneof(scenarios('surge'), scenarios('unavailable'), scenarios('any')), { seed: 42, numRuns: 100 })) {
      const cluster = createCluster({ seed: 1 });
      const monitor = new InvariantMonitor(cluster, { podsPerNode: true, surgeBudget: true, deletionBudget: true, statusWrites: true });
      new Driver(cluster, 8, s.daemonSets.length).scenario(s);
      expect(monitor.violation).toBeUndefined();
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += monitor.stats[k];
    }
    // About half of what seed 42 reaches today, so that a generator change that starves a check fails here.
    expect(total.budgetedCreations).toBeGreaterThanOrEqual(20);
    expect(total.allowedNewCreations).toBeGreaterThanOrEqual(6);
    expect(total.judgedDeletions).toBeGreaterThanOrEqual(30);
    expect(total.j4).toBeGreaterThanOrEqual(25);
    expect(total.j1 + total.j2).toBeGreaterThanOrEqual(10);
    expect(total.surgingPairs).toBeGreaterThanOrEqual(100);
    expect(total.statusWrites).toBeGreaterThanOrEqual(350);
  });
});
