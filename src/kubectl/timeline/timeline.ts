/**
 * A session's timeline: the cluster, the log of the commands that made it (log.ts), named and
 * automatic checkpoints (checkpoints.ts), and rewinding to any past moment. Pure: the CLI's
 * runner and the page's worker can each hold one; `exec` records every command it runs into the
 * timeline passed in its options, and `sim checkpoint` / `sim rewind` reach it from there.
 *
 * - Rewinding to a moment restores the nearest checkpoint at or before it and replays the log up
 *   to it, cutting a command that was still running then (`sim advance`, `sim settle`, `rollout
 *   status`, a drain...) at that instant. For that to be exact, advancing in pieces must equal
 *   advancing at once, which the engine guarantees.
 * - After a rewind the log is the branch up to that moment; later commands extend it. The future
 *   left behind is kept in `branches` (whole logs from the start), so a page can offer it again
 *   (`rewindTo(time, branch)`, `switchTo(branch)`). The log never holds a rewind or a checkpoint
 *   command: it is the branch being shown.
 * - The start (the cluster as the timeline found it) is always a checkpoint.
 *
 * The API a host builds on (the page's Timeline scrubber, docs/timeline.md):
 * - `entries`: the branch shown, each with `start`/`end` virtual times (ms); `origin` is where it
 *   starts and `cluster.now` where it is now. A scrubber's range is `origin` to the last `end`.
 * - `record(entry)`: `exec` calls it; a host that moves time itself (Play) logs the segment as the
 *   line it stands for (`sim advance 12s`) through `exec` or `record`.
 * - `rewindTo(time, branch?)`: show moment `time` of the branch shown, or of one of `branches`.
 * - `rewindAfter(count, branch?)`: show the moment right after its first `count` commands.
 * - `switchTo(branch)`: show the newest moment of one of `branches`.
 * - `append(entry)`: run a saved entry again at the present and log it (rebuilding a saved
 *   session, a cut entry included).
 * - `checkpoint(name)`, `checkpoints()`, `rewindToCheckpoint(name)`: the named moments.
 * Every method that moves the cluster leaves it where a fresh replay of `entries` would.
 */
import type { Cluster, ClusterSnapshot } from '../../sim/engine/cluster.js';
import { SparseCheckpoints, type CheckpointStore, type Moment } from './checkpoints.js';
import type { ExecResult } from '../result.js';
import { leadsInto, prefixAt, replayEntry, type LogEntry } from './log.js';

/** What `cluster` has done now, its Event and Pod tables and its kubelets' event subjects, for the checkpoint store to weigh and compact moments by. */
function momentOf(cluster: Cluster): Moment {
  return { writes: cluster.store.resourceVersion, events: () => cluster.store.tables('Event'), pods: () => cluster.store.tables('Pod'), subjects: () => cluster.eventSubjects() };
}

/** A checkpoint a learner named (`sim checkpoint NAME`): the moment and the branch that led to it. */
interface Named {
  readonly time: number;
  readonly snapshot: ClusterSnapshot;
  readonly log: readonly LogEntry[];
}

/** What a rewind did: the moment it restored and how many commands it replayed to get there. */
export interface Rewound {
  readonly time: number;
  readonly replayed: number;
  /** How many commands of the branch left behind came after the point the new one leaves it. */
  readonly leftBehind: number;
}

export class Timeline {
  /** Virtual time when the log starts. */
  readonly origin: number;
  private log: LogEntry[] = [];
  private readonly left: (readonly LogEntry[])[] = [];
  private readonly start: ClusterSnapshot;
  private readonly named = new Map<string, Named>();
  /**
   * The cluster's clock, resourceVersion and log length when it was last exactly where a replay
   * of the log leaves it (after a record or a rewind), and whether that was the newest moment of
   * the branches kept (no branch left behind goes on from it). A host may move time itself
   * before it logs the segment (Play): then the cluster is past the log, and its moment is no
   * checkpoint.
   */
  private settledAt: { readonly now: number; readonly writes: number; readonly count: number; readonly newest: boolean } | undefined;

  constructor(
    readonly cluster: Cluster,
    private readonly store: CheckpointStore = new SparseCheckpoints(),
  ) {
    this.origin = cluster.now;
    this.start = cluster.snapshot();
  }

  /** The commands of the branch being shown, oldest first (a copy). */
  get entries(): readonly LogEntry[] {
    return [...this.log];
  }

  /** The futures rewinds left behind, oldest first; each is a whole branch from the start. */
  get branches(): readonly (readonly LogEntry[])[] {
    return [...this.left];
  }

  /** Appends a command that just ran (`exec` calls this); may keep a checkpoint of the moment. */
  record(entry: LogEntry): void {
    this.log.push(entry);
    this.store.offer(this.log, this.cluster.now, () => this.cluster.snapshot(), momentOf(this.cluster));
    this.markSettled(true);
  }

  /**
   * Does the checkpoint bookkeeping the last command left for later, if its checkpoint store
   * defers it (`SparseOptions.deferTidy`): the worker's, once the command's reply is out.
   */
  tidy(): void {
    this.store.tidy();
  }

  /**
   * Runs `entry` again at the present (reading its recorded files, cut at its `end` if it was cut;
   * a command that only reads is not run: `replayEntry`) and logs it with the times it took now:
   * how a host rebuilds a saved session's timeline.
   */
  append(entry: LogEntry): void {
    const start = this.cluster.now;
    replayEntry(this.cluster, entry);
    const { line, stdin, files, cut } = entry;
    this.record({ line, ...(stdin !== undefined ? { stdin } : {}), ...(files ? { files } : {}), start, end: this.cluster.now, ...(cut ? { cut } : {}) });
  }

  /** Names the present moment; a name given again moves to it. Returns whether it replaced one. */
  checkpoint(name: string): boolean {
    const had = this.named.has(name);
    this.named.set(name, { time: this.cluster.now, snapshot: this.cluster.snapshot(), log: [...this.log] });
    return had;
  }

  /** The named checkpoints, in time order (then by name). */
  checkpoints(): { readonly name: string; readonly time: number }[] {
    return [...this.named].map(([name, c]) => ({ name, time: c.time })).sort((a, b) => a.time - b.time || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Restores a named checkpoint; later commands start a new branch from it. */
  rewindToCheckpoint(name: string): Rewound | { error: string } {
    const c = this.named.get(name);
    if (!c) return { error: `no checkpoint named "${name}"` };
    this.keepShown();
    this.cluster.restore(c.snapshot);
    return this.become([...c.log], c.time, 0);
  }

  /**
   * Restores moment `time` of `branch` (the current one by default, or one of `branches`):
   * the nearest checkpoint at or before it, then the log replayed up to it.
   */
  rewindTo(time: number, branch: readonly LogEntry[] = this.log): Rewound | { error: string } {
    if (time < this.origin) return { error: 'that is before the session log starts' };
    const end = branch.length > 0 ? branch[branch.length - 1]!.end : this.origin;
    if (time > end) return { error: 'that is later than the session has reached: rewind goes back in time only' };
    return this.show(prefixAt(branch, time));
  }

  /**
   * Restores the moment right after the first `count` commands of `branch` (the current one by
   * default): a scrubber that moves command by command, which tells apart commands that ran at
   * the same instant.
   */
  rewindAfter(count: number, branch: readonly LogEntry[] = this.log): Rewound | { error: string } {
    if (!Number.isInteger(count) || count < 0 || count > branch.length) return { error: `the branch has moments after 0 to ${branch.length} commands, not ${count}` };
    return this.show(branch.slice(0, count));
  }

  /** Shows the newest moment of `branch` (one of `branches`); the one shown before is kept. */
  switchTo(branch: readonly LogEntry[]): Rewound | { error: string } {
    return this.rewindTo(branch.length > 0 ? branch[branch.length - 1]!.end : this.origin, branch);
  }

  /** Restores the moment after the commands of `target`: the nearest checkpoint, then a replay. */
  private show(target: LogEntry[]): Rewound {
    this.keepShown();
    const from = this.store.nearest(target, target.length) ?? { count: 0, snapshot: this.start };
    this.cluster.restore(from.snapshot);
    for (const e of target.slice(from.count)) replayEntry(this.cluster, e);
    return this.become(target, this.cluster.now, target.length - from.count);
  }

  /**
   * Offers the moment shown, if a rewind is about to leave the newest moment of a branch, as a
   * checkpoint the store keeps: with what snapshots share it costs little more than what changed
   * since the last one, and a scrubber that returns to it (the newest moment of its span) then
   * restores it instead of replaying up to it.
   */
  private keepShown(): void {
    const at = this.settledAt;
    const { cluster } = this;
    if (!at?.newest || at.now !== cluster.now || at.writes !== cluster.store.resourceVersion || at.count !== this.log.length) return;
    this.store.offer(this.log, cluster.now, () => cluster.snapshot(), momentOf(cluster), true);
  }

  private markSettled(newest: boolean): void {
    this.settledAt = { now: this.cluster.now, writes: this.cluster.store.resourceVersion, count: this.log.length, newest };
  }

  /** Makes `log` the branch shown, keeping the one it replaces if it is not part of it. */
  private become(log: LogEntry[], time: number, replayed: number): Rewound {
    const old = this.log;
    this.log = log;
    // A kept branch that is now shown (or only leads into it) is no longer a future left behind.
    for (let i = this.left.length - 1; i >= 0; i--) if (leadsInto(this.left[i]!, log)) this.left.splice(i, 1);
    if (leadsInto(old, log)) {
      this.markSettled(!this.left.some((b) => leadsInto(log, b)));
      return { time, replayed, leftBehind: 0 };
    }
    if (!this.left.some((b) => leadsInto(old, b))) {
      for (let i = this.left.length - 1; i >= 0; i--) if (leadsInto(this.left[i]!, old)) this.left.splice(i, 1);
      this.left.push(old);
    }
    this.markSettled(!this.left.some((b) => leadsInto(log, b)));
    let shared = 0;
    while (shared < old.length && old[shared] === log[shared]) shared++;
    return { time, replayed, leftBehind: old.length - shared };
  }
}
