/**
 * The scheduling queue (`pkg/scheduler/backend/queue/scheduling_queue.go`, `PriorityQueue`),
 * simplified: an active set and an unschedulable set.
 *
 * - New pods go to the active set. A failed pod goes to the unschedulable set, remembering the
 *   cluster-event sequence number at the start of its attempt.
 * - A relevant cluster event (`moveAllToActive`: node added or changed in a way filters read, a
 *   bound pod deleted or finished) bumps the sequence; every unschedulable pod attempted before
 *   it becomes active again. Upstream asks each plugin's queueing hint; here any such event
 *   retries every pod. Pods are never retried without a new event, so nothing busy-loops.
 * - `podMaxInUnschedulablePodsDuration` (5 minutes): a pod left unschedulable that long is
 *   retried anyway (`flushUnschedulablePodsLeftover`).
 * - The backoff queue is not modelled: since v1.33 an idle scheduler pops backed-off pods
 *   straight away (SchedulerPopFromBackoffQ), which is what a playground cluster is.
 *
 * The order within the active set (`PrioritySort`) is applied by the scheduler when it pops.
 */

/** `DefaultPodMaxInUnschedulablePodsDuration`. */
export const POD_MAX_IN_UNSCHEDULABLE_MS = 5 * 60_000;

interface UnschedulableEntry {
  /** Event sequence number when the failed attempt started. */
  readonly seq: number;
  /** Virtual time the pod became unschedulable. */
  readonly since: number;
}

export interface QueueSnapshot {
  readonly active: string[];
  readonly unschedulable: [string, UnschedulableEntry][];
  readonly seq: number;
  readonly movedAt: number;
  readonly flushDue: boolean;
  readonly timers: number[];
}

export class SchedulingQueue {
  private active = new Set<string>();
  private unschedulable = new Map<string, UnschedulableEntry>();
  /** Cluster-event sequence number (`moveRequestCycle`). */
  private seq = 0;
  /** The sequence number the unschedulable set was last scanned at. */
  private movedAt = 0;
  private flushDue = false;
  /** Times a flush timer is already set for. */
  private timers = new Set<number>();

  get sequence(): number {
    return this.seq;
  }

  has(key: string): boolean {
    return this.active.has(key) || this.unschedulable.has(key);
  }

  isUnschedulable(key: string): boolean {
    return this.unschedulable.has(key);
  }

  /** A new (or changed) pending pod: attempt it at the next pop. */
  activate(key: string): void {
    this.unschedulable.delete(key);
    this.active.add(key);
  }

  delete(key: string): void {
    this.active.delete(key);
    this.unschedulable.delete(key);
  }

  /** A cluster change that may make unschedulable pods schedulable. */
  moveAllToActive(): void {
    this.seq++;
  }

  /**
   * Parks a pod that fit nowhere. Returns the time a flush timer must fire at, or undefined when
   * one is already set for it.
   */
  markUnschedulable(key: string, attemptSeq: number, now: number): number | undefined {
    this.active.delete(key);
    this.unschedulable.set(key, { seq: attemptSeq, since: now });
    const due = now + POD_MAX_IN_UNSCHEDULABLE_MS;
    if (this.timers.has(due)) return undefined;
    this.timers.add(due);
    return due;
  }

  /** A flush timer fired. */
  flushTimerFired(now: number): void {
    for (const t of this.timers) if (t <= now) this.timers.delete(t);
    this.flushDue = true;
  }

  /** Moves what is due back to active and takes the active set (unordered). */
  popAll(now: number): string[] {
    if (this.seq !== this.movedAt || this.flushDue) {
      for (const [key, e] of this.unschedulable) {
        if (e.seq < this.seq || e.since + POD_MAX_IN_UNSCHEDULABLE_MS <= now) this.activate(key);
      }
      this.movedAt = this.seq;
      this.flushDue = false;
    }
    const out = [...this.active];
    this.active.clear();
    return out;
  }

  snapshot(): QueueSnapshot {
    return {
      active: [...this.active],
      unschedulable: [...this.unschedulable],
      seq: this.seq,
      movedAt: this.movedAt,
      flushDue: this.flushDue,
      timers: [...this.timers],
    };
  }

  restore(s: QueueSnapshot): void {
    this.active = new Set(s.active);
    this.unschedulable = new Map(s.unschedulable);
    this.seq = s.seq;
    this.movedAt = s.movedAt;
    this.flushDue = s.flushDue;
    this.timers = new Set(s.timers);
  }
}
