/**
 * Every Event the branch shown saw since the run began, as the run watched it happen (one
 * `observe` per engine pass, from `cluster.subscribe`). Events expire from the store after an
 * hour (the API server's TTL) and repeats are folded into one object's `count`; this log keeps
 * what was seen, with how many times, so `eventSeen` never misses one that has since expired.
 *
 * For pod events matched by selector, the pod's labels are taken when the event is first seen
 * (the pod may be gone by the time the check is read).
 *
 * Rewinds: the run's cluster sits under a Timeline (src/kubectl/timeline) from `start()` on, and
 * each command it logs is `mark`ed here with the events seen while it ran. A rewind restores the
 * cluster (and replays commands into it); `follow(shown)` then makes the log what the commands of
 * the branch shown saw, so a check never passes on an event of a branch a rewind left. A command
 * a rewind cut short saw what its whole run saw up to the instant it stops.
 */
import type { KubeEvent, Labels } from '../sim/api/types.js';
import type { TraceEntry } from '../sim/engine/cluster.js';
import type { Store } from '../sim/store/store.js';
import type { LogEntry as Command } from '../kubectl/timeline/log.js';

export interface SeenEvent {
  readonly event: KubeEvent;
  /** How many occurrences this observation adds (a repeat bumps `count`). */
  readonly times: number;
  /** Labels of the involved object when the event was seen, if it still existed. */
  readonly labels: Labels | undefined;
  /** Virtual time (ms) of the engine pass that recorded it. */
  readonly time: number;
}

/** What one logged command saw, and the command logged before it (undefined: the first). */
interface Made {
  readonly after: Command | undefined;
  readonly seen: readonly SeenEvent[];
}

export class EventLog {
  private seen: SeenEvent[] = [];
  /** What was seen before the Timeline started (the setup): where every branch begins. */
  private base: readonly SeenEvent[] | undefined;
  private readonly made = new Map<Command, Made>();
  /** The last command marked or followed to, and how much of `seen` it and those before it account for. */
  private tip: Command | undefined;
  private marked = 0;
  /** The last engine pass observed; a pass whose seq does not follow it comes after a restore. */
  private last: TraceEntry | undefined;
  private restored = false;

  constructor(private readonly store: Store) {}

  get entries(): readonly SeenEvent[] {
    return this.seen;
  }

  observe(entry: TraceEntry): void {
    if (this.last && entry.seq !== this.last.seq + 1) this.restored = true;
    this.last = entry;
    for (const obj of entry.diff.added) if (obj.kind === 'Event') this.add(obj, occurrences(obj), entry.time);
    for (const [from, to] of entry.diff.updated) {
      if (to.kind !== 'Event') continue;
      const more = occurrences(to) - occurrences(from as KubeEvent);
      if (more > 0) this.add(to, more, entry.time);
    }
  }

  /** The Timeline starts now: what was seen so far is the start of every branch. */
  start(): void {
    this.base = [...this.seen];
    this.marked = this.seen.length;
  }

  /** `command` was just logged on the Timeline: the events seen since the command before are its. */
  mark(command: Command): void {
    if (command === this.tip) return;
    this.made.set(command, { after: this.tip, seen: this.seen.slice(this.marked) });
    this.tip = command;
    this.marked = this.seen.length;
  }

  /**
   * Makes the log what the branch `shown` (the Timeline's entries) saw, when a rewind moved the
   * cluster since the last call. `lastPass` is the cluster's newest trace entry: a restore empties
   * the trace, so a rewind that replayed nothing still shows.
   */
  follow(shown: readonly Command[], lastPass: TraceEntry | undefined): void {
    if (!this.base || (!this.restored && lastPass === this.last && shown.at(-1) === this.tip)) return;
    this.seen = [...this.base];
    shown.forEach((c, i) => this.seen.push(...this.seenBy(c, shown[i - 1])));
    this.tip = shown.at(-1);
    this.marked = this.seen.length;
    this.last = lastPass;
    this.restored = false;
  }

  /** What `command` (logged after `after`) saw; a command cut short saw what its whole run saw until it stopped. */
  private seenBy(command: Command, after: Command | undefined): readonly SeenEvent[] {
    const known = this.made.get(command)?.seen;
    if (known) return known;
    let seen: readonly SeenEvent[] = [];
    for (const [whole, m] of this.made) {
      if (m.after !== after || whole.line !== command.line || whole.stdin !== command.stdin || whole.start !== command.start || whole.end < command.end) continue;
      seen = m.seen.filter((s) => s.time <= command.end);
      break;
    }
    this.made.set(command, { after, seen });
    return seen;
  }

  private add(event: KubeEvent, times: number, time: number): void {
    const ref = event.involvedObject;
    const obj = ref.kind === 'Pod' || ref.kind === 'Node' || ref.kind === 'DaemonSet' ? this.store.get(ref.kind, ref.namespace ?? '', ref.name ?? '') : undefined;
    this.seen.push({ event, times, labels: obj?.metadata.labels, time });
  }
}

/** How many times an event object says it happened (core/v1 `count`, or events.k8s.io `series`). */
function occurrences(e: KubeEvent): number {
  return e.series?.count ?? e.count ?? 1;
}
