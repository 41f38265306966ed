/**
 * Automatic checkpoints: snapshots of the cluster after some logged commands, so that a rewind
 * restores the nearest one at or before the moment wanted and replays only the commands after it.
 *
 * Which moments to keep is a strategy behind the small `CheckpointStore` interface, so that the
 * memory a session spends on them can be bounded differently (a 5,000-node cluster wants fewer,
 * cheaper ones) without touching the timeline. The timeline itself always keeps the start.
 *
 * A checkpoint belongs to the branch it was taken on: it is usable for a branch whose entry at
 * its position is the very entry it was taken after (entries are compared by identity).
 */
import type { ClusterSnapshot } from '../../sim/engine/cluster.js';
import type { LogEntry } from './log.js';

export interface Checkpoint {
  /** How many entries of its branch had run. */
  readonly count: number;
  /** The last of them, which marks the branch; undefined for the start. */
  readonly last: LogEntry | undefined;
  /** Virtual time of the snapshot. */
  readonly time: number;
  readonly snapshot: ClusterSnapshot;
}

export interface CheckpointStore {
  /**
   * Offered after each logged command: the entries of `branch` have run (the last is the command
   * that just did) and it is `time`. The store decides whether to keep the moment (calling
   * `take` for its snapshot) and which older ones to drop.
   */
  offer(branch: readonly LogEntry[], time: number, take: () => ClusterSnapshot): void;
  /** The latest kept checkpoint that `branch` passes through, at or before `count` entries. */
  nearest(branch: readonly LogEntry[], count: number): Checkpoint | undefined;
}

/** Whether `branch` passes through checkpoint `c`. */
export function onBranch(c: Checkpoint, branch: readonly LogEntry[]): boolean {
  return c.count <= branch.length && (c.count === 0 || branch[c.count - 1] === c.last);
}

export interface SparseOptions {
  /** Keep a moment once this many commands ran since the last kept one... */
  readonly everyCommands?: number;
  /** ...or this much virtual time passed (ms). */
  readonly everyMs?: number;
  /** At most this many kept; past it the two closest merge (the later one goes). */
  readonly max?: number;
}

/**
 * The default strategy: a checkpoint every 16 commands or 10 virtual minutes, at most 32, thinned
 * by dropping the one closest (in commands) to its predecessor, so that old moments stay
 * reachable with a longer replay and recent ones with a short one.
 */
export class SparseCheckpoints implements CheckpointStore {
  private readonly kept: Checkpoint[] = [];
  private readonly everyCommands: number;
  private readonly everyMs: number;
  private readonly max: number;

  constructor(opts: SparseOptions = {}) {
    this.everyCommands = opts.everyCommands ?? 16;
    this.everyMs = opts.everyMs ?? 10 * 60_000;
    this.max = opts.max ?? 32;
  }

  offer(branch: readonly LogEntry[], time: number, take: () => ClusterSnapshot): void {
    const count = branch.length;
    const prev = this.nearest(branch, count);
    const due = !prev || count - prev.count >= this.everyCommands || time - prev.time >= this.everyMs;
    if (!due) return;
    this.kept.push({ count, last: branch[count - 1], time, snapshot: take() });
    if (this.kept.length > this.max) this.thin();
  }

  nearest(branch: readonly LogEntry[], count: number): Checkpoint | undefined {
    let best: Checkpoint | undefined;
    for (const c of this.kept) if (c.count <= count && onBranch(c, branch) && (!best || c.count > best.count)) best = c;
    return best;
  }

  /** How many moments are kept (for tests and the scale work's measurements). */
  get size(): number {
    return this.kept.length;
  }

  /** Drops the kept moment (never the newest) that is closest, in commands, to the one kept before it. */
  private thin(): void {
    let drop = 1;
    let gap = Infinity;
    for (let i = 1; i < this.kept.length - 1; i++) {
      const g = Math.abs(this.kept[i]!.count - this.kept[i - 1]!.count);
      if (g < gap) {
        gap = g;
        drop = i;
      }
    }
    this.kept.splice(drop, 1);
  }
}
