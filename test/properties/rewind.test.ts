/**
 * Rewinding is exact: a moment restored from the timeline (the nearest checkpoint, then the log
 * replayed up to it, a command still running then cut there) is byte for byte the cluster a
 * fresh replay of the same log gives. Random histories of node joins and removals, taints,
 * labels, applies, image changes and behaviours, and advances; rewinds to random moments (on
 * command boundaries and inside commands), and a new branch after each rewind, rewound again.
 *
 * And advancing in pieces equals advancing at once, the property that makes cutting a command
 * at a moment exact: the same history followed by one `sim advance` or by the same span in
 * random pieces leaves the same state.
 *
 * And every checkpoint is restored exactly: with one kept after every command, rewinding to any
 * of them (nothing replayed) and moving on from there gives what a fresh replay gives.
 *
 * Fixed fast-check seeds keep CI reproducible. Nothing is printed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exec } from '../../src/kubectl/exec.js';
import { SparseCheckpoints } from '../../src/kubectl/timeline/checkpoints.js';
import { replayEntry } from '../../src/kubectl/timeline/log.js';
import { Timeline } from '../../src/kubectl/timeline/timeline.js';
import { EPOCH_MS, formatDuration } from '../../src/sim/engine/time.js';
import { createCluster } from '../../src/sim/index.js';
import { snapshotJson } from '../kubectl/timeline/snapshot-json.js';
import { Driver, scriptText } from './driver.js';
import { actionArb, scenarioArb, type Scenario } from './generators.js';

/** A moment of `timeline`'s branch: a command boundary, or a fraction of the way from start to now. */
function momentOf(timeline: Timeline, pick: { boundary: boolean; at: number }): number {
  const entries = timeline.entries;
  const now = timeline.cluster.now;
  if (pick.boundary && entries.length > 0) {
    const e = entries[Math.floor(pick.at * entries.length) % entries.length]!;
    return pick.at * entries.length - Math.floor(pick.at * entries.length) < 0.5 ? e.start : e.end;
  }
  return timeline.origin + Math.floor(pick.at * (now - timeline.origin));
}

/** The state a fresh cluster reaches by replaying the timeline's log. */
function freshReplay(timeline: Timeline): string {
  const fresh = createCluster({ seed: 1 });
  for (const e of timeline.entries) replayEntry(fresh, e);
  return snapshotJson(fresh);
}

const pickArb = fc.record({ boundary: fc.boolean(), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) });

describe('rewinding a session', () => {
  it('restores any moment exactly as a fresh replay of the same commands gives it, branch after branch', () => {
    fc.assert(
      fc.property(scenarioArb({ maxActions: 12, maxInitialNodes: 4 }), pickArb, fc.array(actionArb, { maxLength: 4 }), pickArb, (s: Scenario, first, branchActions, second) => {
        const cluster = createCluster({ seed: 1 });
        // Checkpoints every few commands, so rewinds start from one and replay a few commands.
        const timeline = new Timeline(cluster, new SparseCheckpoints({ everyCommands: 3, max: 4 }));
        const driver = new Driver(cluster, 8, s.daemonSets.length, undefined, { timeline });
        driver.scenario(s);
        const history = scriptText(driver.ran);

        const t1 = momentOf(timeline, first);
        const r1 = exec(cluster, `sim rewind --to ${formatDuration(t1 - EPOCH_MS)}`, undefined, { timeline });
        expect(r1.exitCode, `${r1.stderr}\n${history}`).toBe(0);
        expect(cluster.now).toBe(t1);
        expect(snapshotJson(cluster), `rewind to +${formatDuration(t1 - EPOCH_MS)} of:\n${history}`).toBe(freshReplay(timeline));

        // A new branch from there, then back into it (or into the old branch's shared past).
        const brancher = new Driver(cluster, 8, s.daemonSets.length, undefined, { timeline });
        for (const a of branchActions) brancher.apply(a);
        const t2 = momentOf(timeline, second);
        expect(timeline.rewindTo(t2)).not.toHaveProperty('error');
        expect(snapshotJson(cluster), `second rewind to +${formatDuration(t2 - EPOCH_MS)}`).toBe(freshReplay(timeline));
      }),
      { seed: 42, numRuns: 60 },
    );
  });

  it('restores every checkpoint exactly, however the cluster changed after it was taken', () => {
    // A checkpoint after every command: each rewind below restores one and replays nothing, so
    // a checkpoint that shared a table the live cluster later wrote to would show here.
    const countArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(scenarioArb({ maxActions: 10, maxInitialNodes: 4 }), countArb, fc.array(actionArb, { maxLength: 4 }), (s: Scenario, picks, branchActions) => {
        const cluster = createCluster({ seed: 1 });
        const timeline = new Timeline(cluster, new SparseCheckpoints({ everyCommands: 1, max: 1000 }));
        const driver = new Driver(cluster, 8, s.daemonSets.length, undefined, { timeline });
        driver.scenario(s);
        const history = scriptText(driver.ran);
        const head = timeline.entries;
        for (const pick of picks) {
          const count = Math.floor(pick * (head.length + 1));
          const r = timeline.rewindAfter(count, head);
          expect(r, history).toMatchObject({ replayed: 0 });
          expect(snapshotJson(cluster), `rewind to after ${count} commands of:\n${history}`).toBe(freshReplay(timeline));
          // Move the restored cluster on (new writes to the tables it shares with its checkpoint).
          const brancher = new Driver(cluster, 8, s.daemonSets.length, undefined, { timeline });
          for (const a of branchActions) brancher.apply(a);
          expect(snapshotJson(cluster), `a branch after ${count} commands of:\n${history}`).toBe(freshReplay(timeline));
        }
      }),
      { seed: 7, numRuns: 40 },
    );
  });

  it('advancing in pieces equals advancing at once, across rollouts', () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxActions: 10, maxInitialNodes: 4 }),
        fc.array(fc.integer({ min: 1, max: 240 }), { minLength: 2, maxLength: 8 }),
        (s: Scenario, pieces) => {
          const run = (advances: readonly number[]): string => {
            const cluster = createCluster({ seed: 1 });
            const driver = new Driver(cluster, 8, s.daemonSets.length);
            driver.scenario(s);
            driver.run('kubectl set image ds/agent-0 agent=reg.example/agent:3');
            for (const seconds of advances) driver.run(`sim advance ${seconds}s`);
            return snapshotJson(cluster, { withoutTraceCount: true });
          };
          const total = pieces.reduce((a, b) => a + b, 0);
          expect(run(pieces)).toBe(run([total]));
        },
      ),
      { seed: 42, numRuns: 40 },
    );
  });
});
