/**
 * The page's Timeline scrubber and branch switcher over the session's `Timeline`
 * (src/kubectl/timeline), the one command log: the scrubber spans one branch (`head`) and
 * shows how far into it the cluster is; moving it rewinds the Timeline to the moment after that
 * many commands (from the nearest checkpoint, never from the start). `sim rewind` typed in the
 * terminal moves the same Timeline, so the scrubber shows where it went.
 *
 * Invariants:
 * - The branch shown leads into `head`: the scrubber's position is how many of head's commands
 *   it has (the last perhaps cut short); a command given there starts a branch, and `head`, the
 *   old future, stays reachable in the switcher (the Timeline keeps it among its branches).
 * - The log never contains a rewind: the Timeline never logs one.
 */
import { leadsInto, type LogEntry } from '../../kubectl/timeline/log.js';
import type { Timeline } from '../../kubectl/timeline/timeline.js';

/** What the page's Timeline shows. */
export interface TimelineView {
  /** Commands of the branch the scrubber spans. */
  readonly length: number;
  /** Commands of it applied now (`length` at its newest moment). */
  readonly position: number;
  /** Set when the last of them was cut short: the moment is partway through command `position`. */
  readonly partial?: true;
  /** Each command's line, for the scrubber's words. */
  readonly lines: readonly string[];
  /** The other futures: how many commands each has and its last one. */
  readonly branches: readonly { readonly length: number; readonly last: string }[];
}

export class Scrubber {
  private head: readonly LogEntry[];

  constructor(private readonly timeline: Timeline) {
    this.head = timeline.entries;
  }

  /** Whether the moment shown is before the newest of the branch spanned. */
  get rewound(): boolean {
    const shown = this.timeline.entries;
    return shown.length < this.span().length || shown.at(-1)?.cut === true;
  }

  view(): TimelineView {
    const head = this.span();
    const shown = this.timeline.entries;
    return {
      length: head.length,
      position: shown.length,
      ...(shown.at(-1)?.cut ? { partial: true as const } : {}),
      lines: head.map((e) => e.line),
      branches: this.others(head).map((b) => ({ length: b.length, last: b.at(-1)?.line ?? '' })),
    };
  }

  /** Shows the moment after `to` commands of the branch spanned (its length: the newest moment). */
  rewind(to: number): void {
    const r = this.timeline.rewindAfter(to, this.span());
    if ('error' in r) throw new Error(r.error);
  }

  /** Shows branch `index` of the switcher at its newest moment; the one shown stays a branch. */
  switchTo(index: number): void {
    const others = this.others(this.span());
    const branch = others[index];
    if (!branch) throw new Error(`there is no branch ${index} (${others.length} branches)`);
    const r = this.timeline.switchTo(branch);
    if ('error' in r) throw new Error(r.error);
    this.head = branch;
  }

  /**
   * The branch spanned: `head` while it is kept and the branch shown leads into it; else the
   * newest kept branch the shown one leads into (a rewind typed in the terminal), else the shown.
   */
  private span(): readonly LogEntry[] {
    const shown = this.timeline.entries;
    const kept = [shown, ...this.timeline.branches];
    if (!(leadsInto(shown, this.head) && kept.some((b) => same(b, this.head)))) {
      this.head = [...this.timeline.branches].reverse().find((b) => leadsInto(shown, b)) ?? shown;
    }
    return this.head;
  }

  /** The Timeline's branches but the one spanned. */
  private others(head: readonly LogEntry[]): readonly (readonly LogEntry[])[] {
    return this.timeline.branches.filter((b) => !same(b, head));
  }
}

/** Whether two branches are the same one (entries compare by identity). */
function same(a: readonly LogEntry[], b: readonly LogEntry[]): boolean {
  return a.length === b.length && leadsInto(a, b);
}
