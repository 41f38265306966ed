/**
 * Shared by the compaction tests: a command that must succeed, and the check that rewinding a
 * timeline to each moment gives, and then goes on to give, what a fresh replay of its log does.
 */
import { expect } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { SparseCheckpoints } from '../../../src/kubectl/timeline/checkpoints.js';
import { replayEntry } from '../../../src/kubectl/timeline/log.js';
import { Timeline } from '../../../src/kubectl/timeline/timeline.js';
import { createCluster, type Cluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';
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

/**
 * A timeline that keeps every moment (seed 2) of 8 nodes, a DaemonSet whose image 3 crash-loops,
 * and three rollouts two minutes apart: each rollout leaves the moments before it the only
 * holders of a generation's pods, their kubelet runtimes and their kubelets' event subjects.
 */
export function rolloutsTimeline(): { timeline: Timeline; store: SparseCheckpoints } {
  const cluster = createCluster({ seed: 2 });
  const store = new SparseCheckpoints({ everyCommands: 1, max: 1000 });
  const timeline = new Timeline(cluster, store);
  run(cluster, 'sim image registry.example/agent:3 --behaviour crash --after 10s', undefined, timeline);
  run(cluster, 'sim node add node-{1..8}', undefined, timeline);
  run(cluster, 'kubectl apply -f -', agentYaml(), timeline);
  run(cluster, 'sim settle', undefined, timeline);
  for (const image of ['2', '3', '4']) {
    run(cluster, `kubectl set image daemonset/agent a=registry.example/agent:${image}`, undefined, timeline);
    run(cluster, 'sim advance 2m', undefined, timeline);
  }
  return { timeline, store };
}

/**
 * A settled cluster (seed 5) of 10 nodes running the agent DaemonSet at image 1, with image 2 set
 * to crash 20 s after each start: a rollout to image 2 leaves pods and their kubelet records at
 * several stages.
 */
export function crashReadyFleet(): Cluster {
  const cluster = createCluster({ seed: 5 });
  run(cluster, 'sim image registry.example/agent:2 --behaviour crash --after 20s');
  run(cluster, 'sim node add node-{1..10}');
  run(cluster, 'kubectl apply -f -', agentYaml());
  run(cluster, 'sim settle');
  return cluster;
}
