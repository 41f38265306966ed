/**
 * The session's timeline: the commands of the branch shown, the position the Timeline scrubber
 * shows, and the other futures kept as branches. Rewinding rebuilds the cluster as it was after
 * `to` commands; a command given there starts a branch (the old future stays reachable); the log
 * never contains rewinds, it is the branch being shown.
 *
 * This is the page's own small module until the command log with checkpoints of
 * src/kubectl/timeline (`sim rewind --to`) lands; rewinding replays the prefix meanwhile.
 *
 * Invariants:
 * - The cluster is the replay of `commands[0, position)`; at the newest moment, of all of them.
 * - Every command a branch ever had is in exactly one of `commands` and `branches`'s futures.
 */
import type { Cluster, ClusterSnapshot } from '../../sim/engine/cluster.js';
import { replay, type LoggedCommand, type SessionLog } from './session-log.js';

/** What the page's Timeline shows. */
export interface TimelineView {
  /** Commands of the branch shown. */
  readonly length: number;
  /** Commands applied now (`length` at the newest moment). */
  readonly position: number;
  /** Each command's line, for the scrubber's words. */
  readonly lines: readonly string[];
  /** The other futures: how many commands each has and its last one. */
  readonly branches: readonly { readonly length: number; readonly last: string }[];
}

export class Timeline {
  private commands: LoggedCommand[];
  private branches: LoggedCommand[][];
  private position: number | undefined;
  /** The newest moment's state, kept while rewound so returning costs nothing. */
  private head: ClusterSnapshot | undefined;

  constructor(
    private readonly base: SessionLog,
    private readonly cluster: Cluster,
  ) {
    this.commands = [...base.commands];
    this.branches = (base.branches ?? []).map((b) => [...b]);
  }

  get rewound(): boolean {
    return this.position !== undefined;
  }

  /** The log of the branch shown, with the other branches. */
  get log(): SessionLog {
    const { format, engine, seed } = this.base;
    return { format, engine, seed, commands: [...this.commands], ...(this.branches.length > 0 ? { branches: this.branches.map((b) => [...b]) } : {}) };
  }

  view(): TimelineView {
    return {
      length: this.commands.length,
      position: this.position ?? this.commands.length,
      lines: this.commands.map((c) => c.line),
      branches: this.branches.map((b) => ({ length: b.length, last: b.at(-1)?.line ?? '' })),
    };
  }

  /** Before a command runs: if rewound, the future becomes a branch and this moment the newest. */
  beforeCommand(): void {
    if (this.position === undefined) return;
    if (this.position < this.commands.length) this.branches.push(this.commands);
    this.commands = this.commands.slice(0, this.position);
    this.position = undefined;
    this.head = undefined;
  }

  record(cmd: LoggedCommand): void {
    this.commands.push(cmd);
  }

  /** Shows the moment after `to` commands (`commands.length`: the newest moment). */
  rewind(to: number): void {
    if (!Number.isInteger(to) || to < 0 || to > this.commands.length) throw new Error(`the timeline has positions 0 to ${this.commands.length}, not ${to}`);
    if (to === this.commands.length) {
      if (this.head) this.cluster.restore(this.head);
      this.position = undefined;
      this.head = undefined;
      return;
    }
    this.head ??= this.cluster.snapshot();
    this.cluster.restore(replay({ ...this.base, commands: this.commands.slice(0, to) }).snapshot());
    this.position = to;
  }

  /** Shows branch `index` at its newest moment; the branch shown now becomes a branch. */
  switchTo(index: number): void {
    const other = this.branches[index];
    if (!other) throw new Error(`there is no branch ${index} (${this.branches.length} branches)`);
    this.branches[index] = this.commands;
    this.commands = other;
    this.cluster.restore(replay({ ...this.base, commands: other }).snapshot());
    this.position = undefined;
    this.head = undefined;
  }
}
