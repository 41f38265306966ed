/**
 * `rewind5000`: an hour of a 5,000-node fleet kept scrubbable, and what it costs.
 *
 * The session (bench-rewind-steps.ts, which the browser bench's page plays too) runs through a
 * `Timeline` with the default checkpoint store (the one the page's scrubber keeps): 5,000 nodes
 * and one DaemonSet (maxSurge 10%), settled, then an hour in which the image changes every five
 * virtual minutes and time moves a minute per command, as a learner pressing Play would move it.
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
import { heapAfterGC, megabytes } from './bench-harness.js';
import { playHour, rewindAround, type Session } from './bench-rewind-steps.js';

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

/** The process's CPU milliseconds so far (user and system, the collector's threads included). */
function processCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
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
  const { restoreMs, restoreCpuMs = {}, replayed } = rewindAround(session, hour, processCpuMs);
  const withTimeline = heapAfterGC();
  const { kept, compacted, estimatedMB, worstReplay } = countKept(session);
  session.timeline = undefined;
  session.checkpoints = undefined;
  const alone = heapAfterGC();
  if (session.cluster.store.count('Node') !== nodes) throw new Error('the cluster lost nodes');
  return { buildMs, hourMs, extraMB: megabytes(withTimeline - alone), restoreMs, restoreCpuMs, replayed, checkpoints: kept, compacted, estimatedMB, worstReplay };
}
