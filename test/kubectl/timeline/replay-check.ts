/**
 * Shared by the compaction tests: a command that must succeed, and the check that rewinding a
 * timeline to each moment gives, and then goes on to give, what a fresh replay of its log does.
 */
import { expect } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { replayEntry } from '../../../src/kubectl/timeline/log.js';
import type { Timeline } from '../../../src/kubectl/timeline/timeline.js';
import { createCluster, type Cluster } from '../../../src/sim/index.js';
import { snapshotJson } from './snapshot-json.js';

/** Runs one line, through the timeline when given; a failing command fails the test. */
export function run(cluster: Cluster, line: string, stdin?: string, timeline?: Timeline): void {
  const r = exec(cluster, line, stdin, timeline ? { timeline } : {});
  if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
}

/**
 * Rewinds to the moment after each command of the timeline's log, and compares the restored
 * cluster with a fresh one (seeded `seed`) that replayed the same commands, byte for byte, and
 * again after both move on a minute.
 */
export function expectEveryMomentMatchesReplay(timeline: Timeline, seed: number): void {
  const head = timeline.entries;
  for (let count = 1; count < head.length; count++) {
    timeline.rewindAfter(count, head);
    const fresh = createCluster({ seed });
    for (const e of timeline.entries) replayEntry(fresh, e);
    expect(snapshotJson(timeline.cluster), `after ${count} commands`).toBe(snapshotJson(fresh));
    run(timeline.cluster, 'sim advance 1m');
    run(fresh, 'sim advance 1m');
    expect(snapshotJson(timeline.cluster), `a minute after ${count} commands`).toBe(snapshotJson(fresh));
  }
}
