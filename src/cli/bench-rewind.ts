/**
 * `rewind5000`: an hour of a 5,000-node fleet kept scrubbable, and what it costs.
 *
 * The session runs through a `Timeline` with the default checkpoint store (the one the page's
 * scrubber keeps): 5,000 nodes and one DaemonSet (maxSurge 10%), settled, then an hour in which
 * the image changes every five virtual minutes and time moves a minute per command, as a
 * learner pressing Play would move it.
 * - extraMB: the heap held by the cluster with its timeline less the cluster alone, after a
 *   full collection (the checkpoints, the start and the log), both at the newest moment after
 *   the rewinds below (a restore starts the trace afresh, so neither holds one);
 * - restoreMs: wall milliseconds of `rewindTo` a few moments of the hour (the nearest
 *   checkpoint restored, then the commands after it replayed), and back to the newest moment;
 * - restoreCpuMs: the process's CPU milliseconds for each (user and system, the collector's
 *   threads included), which a busy machine inflates less than wall time;
 * - replayed: how many commands each of those rewinds replayed;
 * - checkpoints: how many moments the default store kept by the end (the start not counted),
 *   and compacted: how many of them hold the pods only they hold as rows (compact.ts), which
 *   the rewinds above rebuild;
 * - estimatedMB: what the store reckoned its kept moments hold apart from each other
 *   (`bytesApart`, which its budget bounds), to compare with extraMB;
 * - worstReplay: of the moments after each command of the session, the one whose rewind would
 *   replay the most API writes from the nearest kept checkpoint (the start for none), with the
 *   commands it would replay: how well the checkpoints are placed, beyond the few moments timed.
 */
import { performance } from 'node:perf_hooks';
import { exec } from '../kubectl/exec.js';
import { SparseCheckpoints } from '../kubectl/timeline/checkpoints.js';
import { Timeline } from '../kubectl/timeline/timeline.js';
import { createCluster, type Cluster } from '../sim/index.js';
import { heapAfterGC, megabytes } from './bench-harness.js';
import { agentDaemonSet, round } from './bench-fleet-steps.js';

export interface RewindFigures {
  readonly buildMs: number;
  readonly hourMs: number;
  readonly extraMB: number;
  /** Each moment restored (minutes into the hour, or `newest`) and its wall milliseconds. */
  readonly restoreMs: Record<string, number>;
  readonly restoreCpuMs: Record<string, number>;
  readonly replayed: Record<string, number>;
  readonly checkpoints: number;
  readonly compacted: number;
  readonly estimatedMB: number;
  readonly worstReplay: WorstReplay;
}

/** The moment after `afterCommand` commands, whose rewind replays `commands` making `writes` API writes. */
export interface WorstReplay {
  readonly afterCommand: number;
  readonly commands: number;
  readonly writes: number;
}

const MINUTE = 60_000;
/** The moments restored, in minutes into the hour; the last is the newest. */
const MOMENTS = [7.5, 22.5, 37.5, 52.5, 60];

/**
 * The session: the cluster, held apart from its timeline so that dropping the timeline frees
 * everything only it holds (nothing else, not even a stack slot of a caller, points at it).
 */
interface Session {
  readonly cluster: Cluster;
  timeline: Timeline | undefined;
  /** The timeline's checkpoint store (the default one), held to count what it kept; dropped with it. */
  checkpoints: SparseCheckpoints | undefined;
  /** The cluster's API writes (its resourceVersion) after each command: `writes[k]` after the first k. */
  readonly writes: number[];
}

/** Runs one line that must succeed, logged in the session's timeline. */
function go(s: Session, line: string, stdin?: string): void {
  const r = exec(s.cluster, line, stdin, { timeline: s.timeline });
  if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
  s.writes.push(s.cluster.store.resourceVersion);
}

/** Builds the fleet and plays the hour; returns the session, the virtual time the hour started and the wall times. */
function playHour(nodes: number): { session: Session; hour: number; buildMs: number; hourMs: number } {
  const cluster = createCluster({ seed: 1 });
  const checkpoints = new SparseCheckpoints();
  const session: Session = { cluster, timeline: new Timeline(cluster, checkpoints), checkpoints, writes: [cluster.store.resourceVersion] };
  const t0 = performance.now();
  go(session, `sim node add node-{1..${nodes}}`);
  go(session, 'sim settle');
  go(session, 'kubectl apply -f -', agentDaemonSet('agent', '{maxSurge: 10%, maxUnavailable: 0}'));
  go(session, 'sim settle --timeout=1h');
  const t1 = performance.now();
  const hour = cluster.now;
  for (let rollout = 1; rollout <= 12; rollout++) {
    go(session, `kubectl set image daemonset/agent agent=registry.example/agent:1.${rollout}`);
    for (let minute = 0; minute < 5; minute++) go(session, 'sim advance 1m');
  }
  return { session, hour, buildMs: round(t1 - t0), hourMs: round(performance.now() - t1) };
}

/** Rewinds to each moment of the hour, the newest last; their wall times and replays. */
function rewindAround(session: Session, hour: number): { restoreMs: Record<string, number>; restoreCpuMs: Record<string, number>; replayed: Record<string, number> } {
  const timeline = session.timeline!;
  const head = timeline.entries;
  const restoreMs: Record<string, number> = {};
  const restoreCpuMs: Record<string, number> = {};
  const replayed: Record<string, number> = {};
  for (const at of MOMENTS) {
    const name = at === 60 ? 'newest' : String(at);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const r = timeline.rewindTo(hour + at * MINUTE, head);
    restoreMs[name] = round(performance.now() - start);
    const used = process.cpuUsage(cpu);
    restoreCpuMs[name] = round((used.user + used.system) / 1000);
    if ('error' in r) throw new Error(r.error);
    replayed[name] = r.replayed;
  }
  if (timeline.entries.length !== head.length) throw new Error('the last rewind did not return to the newest moment');
  return { restoreMs, restoreCpuMs, replayed };
}

/**
 * What the session's checkpoint store kept, read in a frame of its own: a temporary of the
 * caller's that held the store would keep every checkpoint alive through the heap measured
 * without it.
 */
function countKept(session: Session): { kept: number; compacted: number; estimatedMB: number; worstReplay: WorstReplay } {
  const store = session.checkpoints!;
  const head = session.timeline!.entries;
  let worst: WorstReplay = { afterCommand: 0, commands: 0, writes: 0 };
  for (let count = 1; count <= head.length; count++) {
    const from = store.nearest(head, count);
    const writes = session.writes[count]! - (from?.writes ?? session.writes[0]!);
    if (writes > worst.writes) worst = { afterCommand: count, commands: count - (from?.count ?? 0), writes };
  }
  return { kept: store.size, compacted: store.compacted, estimatedMB: megabytes(store.heldBytes()), worstReplay: worst };
}

/** The figures for `nodes` nodes (5,000 in the bench). */
export function measureRewind(nodes: number): RewindFigures {
  const { session, hour, buildMs, hourMs } = playHour(nodes);
  const { restoreMs, restoreCpuMs, replayed } = rewindAround(session, hour);
  const withTimeline = heapAfterGC();
  const { kept, compacted, estimatedMB, worstReplay } = countKept(session);
  session.timeline = undefined;
  session.checkpoints = undefined;
  const alone = heapAfterGC();
  if (session.cluster.store.count('Node') !== nodes) throw new Error('the cluster lost nodes');
  return { buildMs, hourMs, extraMB: megabytes(withTimeline - alone), restoreMs, restoreCpuMs, replayed, checkpoints: kept, compacted, estimatedMB, worstReplay };
}
