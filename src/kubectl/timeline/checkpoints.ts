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
import type { ApiObject } from '../../sim/api/types.js';
import type { ClusterSnapshot } from '../../sim/engine/cluster.js';
import { bytesApart, expiredEventBytes, type EventTables } from './apart.js';
import type { PodRuntime } from '../../sim/controllers/kubelet/state.js';
import { compactTable, expandTable, type CompactTable } from './compact.js';
import type { LogEntry } from './log.js';
import { RUNTIME_TEMPLATES, runtimesOf, withRuntimes, type RuntimeTable } from './runtimes.js';
import { SUBJECT_TEMPLATES, subjectsOf, withSubjects, type SubjectTable } from './subjects.js';
import type { Subject } from '../../sim/engine/host-subjects.js';

export interface Checkpoint {
  /** How many entries of its branch had run. */
  readonly count: number;
  /** The last of them, which marks the branch; undefined for the start. */
  readonly last: LogEntry | undefined;
  /** Virtual time of the snapshot. */
  readonly time: number;
  /** What the cluster had done then (`Moment`); zero when the host gave none. */
  readonly writes: number;
  readonly snapshot: ClusterSnapshot;
}

/**
 * How much the cluster has done at an offered moment, so a store can place and weigh checkpoints
 * by cost rather than by command count alone: `writes`, the API writes since the cluster began
 * (its resourceVersion), so the difference between two moments of one branch is the work a
 * replay from one to the other redoes.
 */
export interface Moment {
  readonly writes: number;
  /**
   * The live store's Event tables (`Store.tables('Event')`) when asked, to tell the Events only
   * kept moments still hold (`expiredEventBytes`); without it they are not counted.
   */
  readonly events?: () => EventTables;
  /**
   * The live store's Pod tables (`Store.tables('Pod')`) when asked, so that a kept moment that
   * is no longer the newest can compact the pods only it holds (compact.ts).
   */
  readonly pods?: () => PodTables;
  /**
   * The live recorder's kubelet subjects (`Cluster.eventSubjects`) when asked: those a kept moment
   * shares with the live cluster are not its own.
   */
  readonly subjects?: () => SubjectTable;
}

/** Name tables of stored pods, by namespace (`Store.tables('Pod')`). */
export type PodTables = ReadonlyMap<string, ReadonlyMap<string, ApiObject>>;

export interface CheckpointStore {
  /**
   * Offered after each logged command: the entries of `branch` have run (the last is the command
   * that just did) and it is `time`; `moment` says what the cluster has done and holds (a
   * host that gives none leaves the store to count commands and time). The store decides
   * whether to keep the moment (calling `take` for its snapshot) and which older ones to drop.
   * With `always`, the moment is one a rewind is about to leave (the newest moment of a branch,
   * which a scrubber returns to): the store keeps it unless it holds it already, and keeps the
   * last such moment until another one comes.
   */
  offer(branch: readonly LogEntry[], time: number, take: () => ClusterSnapshot, moment?: Moment, always?: boolean): void;
  /** The latest kept checkpoint that `branch` passes through, at or before `count` entries. */
  nearest(branch: readonly LogEntry[], count: number): Checkpoint | undefined;
  /**
   * Does the bookkeeping an offer left for later, if any (a store that defers it: the worker's,
   * which calls this once the command's reply is out). A store that defers does it too before
   * anything that reads what it keeps, so what it keeps never depends on when this ran.
   */
  tidy(): void;
}

/** Whether `branch` passes through checkpoint `c`. */
export function onBranch(c: Checkpoint, branch: readonly LogEntry[]): boolean {
  return c.count <= branch.length && (c.count === 0 || branch[c.count - 1] === c.last);
}

export interface SparseOptions {
  /** Keep a moment once this many commands ran since the last kept one... */
  readonly everyCommands?: number;
  /** ...or this much virtual time passed (ms)... */
  readonly everyMs?: number;
  /** ...or the cluster made this many API writes (a replay redoes them). */
  readonly everyWrites?: number;
  /** At most this many kept; past it one is dropped (`thin`). */
  readonly max?: number;
  /**
   * What the kept moments hold apart from each other, about, in bytes (`bytesApart`), stays
   * within this, thinned the same way.
   */
  readonly maxBytes?: number;
  /**
   * Leave the bookkeeping of a moment kept (measuring what each kept moment holds of its own,
   * compacting older ones, thinning) to `tidy`, rather than doing it in the offer: on a
   * 5,000-node fleet it takes tens of milliseconds to a tenth of a second a command (about
   * 200 ms over the fleet's build), which the worker then spends while the page draws what the
   * command did rather than before its reply.
   */
  readonly deferTidy?: boolean;
}

/**
 * How far apart two moments are, in API writes: what a replay from one to the other redoes.
 * A command counts as this many writes besides its own (parsing it, settling), so that on a small
 * cluster, where commands write little, the distance is about the commands between them.
 */
const COMMAND_WRITES = 50;

/** What a compacted kept moment's snapshot holds in place of a Pod table it compacted. */
const COMPACTED: ReadonlyMap<string, ApiObject> = new Map();

/** A Pod table is compacted once at most one in this many of its pods is held elsewhere. */
const HELD_AT_MOST = 8;

/**
 * How many objects of `table` `elsewhere` says are held elsewhere. With `forEach`: a for-of over
 * a 5,000-entry table, run once per offer and not optimised, makes an entry and a result per entry.
 */
function heldElsewhere<T>(table: ReadonlyMap<string, T>, elsewhere: (name: string, obj: T) => boolean): number {
  let n = 0;
  table.forEach((obj, name) => {
    if (elsewhere(name, obj)) n++;
  });
  return n;
}

/** The compact form of Pod tables already compacted, by table: kept moments that share a table share its rows. */
const compactedTables = new WeakMap<ReadonlyMap<string, ApiObject>, CompactTable | null>();

/** What a compacted kept moment's kubelet state holds in place of the pod runtimes it compacted. */
const COMPACTED_RUNTIMES: RuntimeTable = new Map();

/** What a compacted kept moment's recorder state holds in place of the kubelets' subjects it compacted. */
const COMPACTED_SUBJECTS: SubjectTable = new Map();

/** A kept moment, in the store's order, with what it holds of its own. */
class Kept implements Checkpoint {
  /**
   * About how many bytes of its snapshot no other kept moment holds: measured against the one
   * kept before it, or for the first against the one after it (the start is kept apart from the
   * store, and what the first shares with the second is not its own).
   */
  bytes = 0;
  /**
   * Kept in place of a busy moment once the command after it was quiet (`settled`): the moment a
   * rollout settled, which saves every moment after it the replay of the busy stretch.
   */
  settled = false;
  /** The Pod tables it holds compacted (`compact`), by namespace; `held` has `COMPACTED` in their place. */
  compacted: ReadonlyMap<string, CompactTable> | undefined;
  /**
   * The kubelet's pod runtimes it holds compacted (`compact`; `held`'s kubelet state has
   * `COMPACTED_RUNTIMES` in their place), or null once it found none to compact.
   */
  runtimes: CompactTable<PodRuntime> | null | undefined;
  /**
   * The kubelets' correlator subjects it holds compacted (`compact`; `held`'s recorder state has
   * `COMPACTED_SUBJECTS` in their place), or null once it found none to compact.
   */
  subjects: CompactTable<Subject> | null | undefined;

  constructor(
    readonly count: number,
    readonly last: LogEntry | undefined,
    readonly time: number,
    readonly writes: number,
    /** The snapshot as kept: its compacted Pod tables are `COMPACTED`. */
    public held: ClusterSnapshot,
  ) {}

  /** The snapshot taken, its compacted pods, pod runtimes and kubelet event subjects built again (new objects, the same state). */
  get snapshot(): ClusterSnapshot {
    const { compacted, runtimes, subjects } = this;
    let held = this.held;
    if (runtimes) held = withRuntimes(held, expandTable(runtimes));
    if (subjects) held = withSubjects(held, expandTable(subjects));
    if (!compacted) return held;
    const objects = new Map(held.store.objects);
    const pods = new Map<string, Map<string, ApiObject>>();
    for (const [ns, t] of held.store.objects.get('Pod')!) {
      const c = compacted.get(ns);
      pods.set(ns, c ? expandTable(c) : (t as Map<string, ApiObject>));
    }
    objects.set('Pod', pods);
    return { ...held, store: { ...held.store, objects } };
  }

  /**
   * Compacts what it holds that neither the live cluster nor the newest kept moment holds: once
   * a rollout replaced a generation, only the moments before it hold that generation's pods and
   * their kubelet runtimes, and a row of their differences holds less. `live` is the live
   * store's Pod tables; `newest` the newest kept moment's snapshot.
   */
  compact(live: PodTables, newest: ClusterSnapshot): boolean {
    const runtimes = this.compactRuntimes(runtimesOf(newest));
    const subjects = this.compactSubjects(subjectsOf(newest));
    return this.compactPods(live, newest.store.objects.get('Pod') ?? new Map()) || runtimes || subjects;
  }

  /**
   * Compacts the kubelets' correlator subjects it holds that `newest` (the newest kept moment's)
   * does not, once its pod runtimes are compacted: a rollout replaced their generation, and its
   * pods' subjects went with it (its nodes' stay shared with every moment, as they are).
   */
  private compactSubjects(newest: SubjectTable): boolean {
    const table = subjectsOf(this.held);
    if (this.subjects !== undefined || !this.runtimes || table === newest) return false;
    this.subjects = compactTable(table, (uid, s) => newest.get(uid) === s, SUBJECT_TEMPLATES) ?? null;
    if (!this.subjects) return false;
    this.held = withSubjects(this.held, COMPACTED_SUBJECTS);
    return true;
  }

  /**
   * Compacts the kubelet's pod runtimes it holds once `newest` (the newest kept moment's) holds
   * at most one in `HELD_AT_MOST` of them; the live kubelet's are not told, and a record it shares
   * with an old moment alone (after a rewind) is only held twice for a while.
   */
  private compactRuntimes(newest: RuntimeTable | undefined): boolean {
    const table = runtimesOf(this.held);
    if (!table || this.runtimes !== undefined || table === newest) return false;
    const elsewhere = (key: string, rt: PodRuntime) => newest?.get(key) === rt;
    if (heldElsewhere(table, elsewhere) * HELD_AT_MOST > table.size) return false;
    this.runtimes = compactTable(table, elsewhere, RUNTIME_TEMPLATES) ?? null;
    if (!this.runtimes) return false;
    this.held = withRuntimes(this.held, COMPACTED_RUNTIMES);
    return true;
  }

  /** Compacts the pods it holds that neither `live` nor `newest` (Pod tables) holds. */
  private compactPods(live: PodTables, newest: PodTables): boolean {
    const tables = this.held.store.objects.get('Pod');
    if (!tables) return false;
    const compacted = new Map<string, CompactTable>(this.compacted);
    for (const [ns, table] of tables) {
      const a = live.get(ns);
      const b = newest.get(ns);
      if (table === COMPACTED || table === a || table === b) continue;
      let c = compactedTables.get(table);
      if (c === undefined) {
        const elsewhere = (name: string, obj: ApiObject) => a?.get(name) === obj || b?.get(name) === obj;
        // Not yet, while others still hold much of it (a rollout under way): a later offer does it.
        if (heldElsewhere(table, elsewhere) * HELD_AT_MOST > table.size) continue;
        c = compactTable(table, elsewhere) ?? null;
        compactedTables.set(table, c);
      }
      if (c) compacted.set(ns, c);
    }
    if (compacted.size === (this.compacted?.size ?? 0)) return false;
    const pods = new Map(tables);
    for (const ns of compacted.keys()) pods.set(ns, COMPACTED as Map<string, ApiObject>);
    const objects = new Map(this.held.store.objects);
    objects.set('Pod', pods);
    this.held = { ...this.held, store: { ...this.held.store, objects } };
    this.compacted = compacted;
    return true;
  }

  /**
   * About how many bytes it holds that neither `other` (a neighbour) nor the live cluster (its
   * Pod tables `live`, its recorder's kubelet subjects `liveSubjects`) does: `bytesApart` and its rows.
   */
  bytesApartFrom(other: Kept | undefined, live: PodTables | undefined, liveSubjects: SubjectTable | undefined): number {
    const held: Iterable<object> = live && liveSubjects ? [...live.values(), ...liveSubjects.values()] : (live?.values() ?? liveSubjects?.values() ?? []);
    let bytes = bytesApart(this.held, other?.held, held);
    if (this.compacted) for (const [ns, c] of this.compacted) if (other?.compacted?.get(ns) !== c) bytes += c.bytes;
    if (this.runtimes) bytes += this.runtimes.bytes;
    if (this.subjects) bytes += this.subjects.bytes;
    return bytes;
  }
}

/**
 * The bytes the kept moments may hold by default (`heldBytes`: what each holds apart from its
 * neighbour, and the Events only they still hold), so that what a timeline adds stays within
 * 100 MB of Node's heap on the 5,000-node fleet of `npm run bench -- rewind`. The estimate runs
 * close to the heap it stands for, so the budget is the target itself: with the pods and the
 * kubelet's pod runtimes of moments no longer the newest compacted (`Kept.compact`) and the live
 * cluster's pods not counted, the hour keeps fourteen moments (one after each rollout, twelve
 * compacted), 93.5 MB estimated for 95.5 MB held (ten, 95.7 MB for 85.1 MB, before). Past the hour
 * the Events the kept moments hold expire from the live cluster an hour after their last write,
 * and the budget bounds them too.
 */
export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * The default strategy. A moment is kept every 16 commands, every 10 virtual minutes, or after
 * 10,000 API writes. A command that did that much work alone (a rolling update's first minute
 * on a big fleet) is busy: its moment is kept only until the next command, and if that one is
 * quiet (fewer writes than that) and moved the clock (the busy stretch's tail ran in it), its
 * moment is kept instead (`settled`). So the moments of the quiet stretch after a rollout replay
 * nothing busy (the rollout's tail included), and the moment kept holds one generation of pods
 * rather than the overlap of two. A quiet command at the busy moment's own instant (a kubectl
 * verb: `kubectl set image` after the settle that built a fleet) starts something new rather
 * than ending the busy stretch, so the busy moment, at rest, stays: rewinding to it replays
 * nothing (replacing it made that rewind replay the fleet's settle). Past 64 kept moments,
 * or once the kept moments hold more than `DEFAULT_MAX_BYTES` (`heldBytes`: on a 5,000-node
 * fleet a moment after a rollout holds its generation of pods and the kubelet's runtimes of
 * them, about 6 MB once compacted, and once the live cluster let the Events of an hour before
 * expire, the kept moments hold those; a quiet moment of a small cluster a few kilobytes, so
 * there the 64 bound), a kept moment is dropped (`thin`), at any offer: of those not kept where
 * a rollout settled, then of all, the one whose removal lengthens the replay through it least.
 * Old moments stay reachable with a longer replay.
 */
export class SparseCheckpoints implements CheckpointStore {
  private readonly kept: Kept[] = [];
  private readonly everyCommands: number;
  private readonly everyMs: number;
  private readonly everyWrites: number;
  private readonly max: number;
  private readonly maxBytes: number;
  /** The last moment offered with `always`: never thinned. */
  private pinned: Checkpoint | undefined;
  /** The moment last offered (kept or not), to tell how much the command after it wrote. */
  private offered: { readonly count: number; readonly last: LogEntry | undefined; readonly writes: number } | undefined;
  /** The newest kept moment, if a busy command led to it: the next quiet one replaces it (`settled`). */
  private busy: Kept | undefined;
  /** The live store's Event tables, as the last offer gave them (`Moment.events`). */
  private events: (() => EventTables) | undefined;
  /** The branch the last offer was on: the live cluster's (`heldBytes`). */
  private branch: readonly LogEntry[] = [];
  /** The live store's Pod tables, as the last offer gave them (`Moment.pods`). */
  private pods: PodTables | undefined;
  /** The live recorder's kubelet subjects, as the last offer gave them (`Moment.subjects`). */
  private subjects: SubjectTable | undefined;
  private readonly deferTidy: boolean;
  /** Whether the last offer kept a moment and left its bookkeeping for `tidy` (`deferTidy`). */
  private untidy = false;
  /** Whether the newest kept moment is still to be measured (`booksOfNewest`). */
  private newestUnmeasured = false;

  constructor(opts: SparseOptions = {}) {
    this.everyCommands = opts.everyCommands ?? 16;
    this.everyMs = opts.everyMs ?? 10 * 60_000;
    this.everyWrites = opts.everyWrites ?? 10_000;
    this.max = opts.max ?? 64;
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    this.deferTidy = opts.deferTidy ?? false;
  }

  offer(branch: readonly LogEntry[], time: number, take: () => ClusterSnapshot, moment: Moment = { writes: 0 }, always = false): void {
    this.tidy();
    this.events = moment.events;
    this.branch = branch;
    this.pods = moment.pods?.();
    this.subjects = moment.subjects?.();
    if (!this.keepIfDue(branch, time, take, moment, always) || !this.deferTidy) {
      this.settleBooks();
      return;
    }
    // Left for `tidy`, which must see the live store as it is now. The snapshot just taken made
    // the store's tables shared, so the live store copies a table before it next writes to it:
    // the tables stay as they are, and only the maps of them need a copy. (The branch, which the
    // next command extends, keeps the entries it has.)
    const events = moment.events?.();
    const frozen = events && new Map(events);
    this.events = frozen && (() => frozen);
    this.pods = this.pods && new Map(this.pods);
    this.subjects = this.subjects && new Map(this.subjects);
    this.untidy = true;
  }

  tidy(): void {
    if (!this.untidy) return;
    this.untidy = false;
    this.settleBooks();
  }

  /**
   * The bookkeeping after an offer: the moment just kept (if it was) measured against its
   * neighbours and the older ones compacted (`booksOfNewest`), then moments dropped while the
   * kept ones are too many or hold too much (`thin`).
   */
  private settleBooks(): void {
    if (this.newestUnmeasured) this.booksOfNewest();
    while ((this.kept.length > this.max || (this.kept.length > 1 && this.heldBytes() > this.maxBytes)) && this.thin());
  }

  /**
   * Keeps the moment offered if it is due (`offer`), in place of a busy one it settles; whether
   * it kept it (its bookkeeping is then `booksOfNewest`'s).
   */
  private keepIfDue(branch: readonly LogEntry[], time: number, take: () => ClusterSnapshot, moment: Moment, always: boolean): boolean {
    const count = branch.length;
    const wrote = this.wroteLast(branch, moment.writes);
    this.offered = { count, last: branch[count - 1], writes: moment.writes };
    const busy = this.busy;
    this.busy = undefined;
    const prev = this.nearest(branch, count);
    if (prev?.count === count) {
      if (always) this.pinned = prev;
      return false;
    }
    const settled = !always && busy === prev && prev?.count === count - 1 && time > prev.time && wrote !== undefined && wrote < this.everyWrites;
    const due = always || settled || !prev || count - prev.count >= this.everyCommands || time - prev.time >= this.everyMs || moment.writes - prev.writes >= this.everyWrites;
    if (!due) return false;
    if (settled && busy !== this.pinned) this.remove(this.kept.indexOf(busy!));
    const kept = new Kept(count, branch[count - 1], time, moment.writes, take());
    kept.settled = settled;
    this.kept.push(kept);
    this.newestUnmeasured = true;
    if (always) this.pinned = kept;
    else if (wrote !== undefined && wrote >= this.everyWrites) this.busy = kept;
    return true;
  }

  /** Measures the newest kept moment and those its keeping changed, and compacts the older ones. */
  private booksOfNewest(): void {
    this.newestUnmeasured = false;
    const n = this.kept.length;
    this.measure(n - 1);
    // The one kept before it may have shared its pods with the live cluster, which moved on since:
    // measured again (and the first, measured against the second).
    if (n > 1) this.measure(n - 2);
    if (n === 3) this.measure(0);
    if (this.pods) this.compactOlder(this.pods);
  }

  nearest(branch: readonly LogEntry[], count: number): Checkpoint | undefined {
    this.tidy();
    let best: Checkpoint | undefined;
    for (const c of this.kept) if (c.count <= count && onBranch(c, branch) && (!best || c.count > best.count)) best = c;
    return best;
  }

  /**
   * The API writes of the command that led to this offer of `branch`, if the moment before it
   * was the one offered last; undefined otherwise (a rewind moved the cluster in between).
   */
  private wroteLast(branch: readonly LogEntry[], writes: number): number | undefined {
    const o = this.offered;
    const count = branch.length;
    if (!o || o.count !== count - 1 || (o.count > 0 && branch[o.count - 1] !== o.last)) return undefined;
    return writes - o.writes;
  }

  /** How many moments are kept (for tests and the scale work's measurements). */
  get size(): number {
    this.tidy();
    return this.kept.length;
  }

  /** How many kept moments hold compacted pods (for tests and the scale work's measurements). */
  get compacted(): number {
    this.tidy();
    return this.kept.filter((c) => c.compacted).length;
  }

  /** How many kept moments hold the kubelet's pod runtimes compacted (for tests and measurements). */
  get compactedRuntimes(): number {
    this.tidy();
    return this.kept.filter((c) => c.runtimes).length;
  }

  /** How many kept moments hold kubelet event subjects compacted (for tests). */
  get compactedSubjects(): number {
    this.tidy();
    return this.kept.filter((c) => c.subjects).length;
  }

  /**
   * What the kept moments hold apart from each other and from the live cluster, about, in bytes:
   * what each holds apart from its neighbour (`bytesApart`), and, if the last offer told the
   * live store's Event tables, the Events the live cluster does not hold (`expiredEventBytes`):
   * those it let expire. While the live cluster is not on the latest kept moment's branch at or
   * after it (a cluster rewound to an earlier moment, which has not written the later moments'
   * Events yet), the latest kept moment counts as a holder too, so that its Events do not look
   * expired. Once the live cluster went past it, an Event it holds and the live cluster does not
   * has expired: counted at the offer where the cluster let it go, so the store thins then,
   * rather than at the next moment it keeps (a rewind's first, which `keepShown` makes).
   */
  heldBytes(): number {
    this.tidy();
    let sum = 0;
    let latest: Kept | undefined;
    for (const c of this.kept) {
      sum += c.bytes;
      if (!latest || c.time >= latest.time) latest = c;
    }
    const events = this.events;
    if (!events || !latest) return sum;
    const holders = [events()];
    if (!onBranch(latest, this.branch)) holders.push(latest.held.store.objects.get('Event') ?? new Map());
    return sum + expiredEventBytes(this.snapshots(), holders);
  }

  private *snapshots(): Iterable<ClusterSnapshot> {
    for (const c of this.kept) yield c.held;
  }

  /** Measures kept moment `i` against its neighbours (`bytes`). */
  private measure(i: number): void {
    const c = this.kept[i]!;
    c.bytes = c.bytesApartFrom(this.kept[i - 1] ?? this.kept[i + 1], this.pods, this.subjects);
  }

  /**
   * Compacts the pods of the kept moments before the newest that only they hold (`Kept.compact`),
   * measuring again those that shrank and their neighbours.
   */
  private compactOlder(live: PodTables): void {
    const n = this.kept.length;
    const newest = this.kept[n - 1]!.held;
    for (let i = 0; i < n - 1; i++) {
      if (!this.kept[i]!.compact(live, newest)) continue;
      this.measure(i);
      this.measure(i + 1);
      if (i === 1) this.measure(0);
    }
  }

  /** Drops kept moment `i`, measuring again those it was a neighbour of. */
  private remove(i: number): void {
    this.kept.splice(i, 1);
    if (i < this.kept.length) this.measure(i);
    if (i === 1) this.measure(0);
  }

  /**
   * Drops the kept moment (never the newest nor the pinned one) whose removal lengthens the
   * replay through it least (returns false when there is none to drop):
   * the one whose neighbours (the start before the first) are closest together, in writes with
   * `COMMAND_WRITES` per command. Kept moments end up spread evenly over the work done, so
   * the longest replay stays as short as their number allows. The moments where a rollout
   * settled go last (`Kept.settled`): one after each rollout keeps every quiet moment from
   * replaying a rollout, which even spacing by writes does not.
   */
  private thin(): boolean {
    return this.thinAmong(false) || this.thinAmong(true);
  }

  /** `thin` among the kept moments that are not `settled` ones, or, with `includeSettled`, among all. */
  private thinAmong(includeSettled: boolean): boolean {
    let drop = -1;
    let gap = Infinity;
    for (let i = 0; i < this.kept.length - 1; i++) {
      const c = this.kept[i]!;
      if (c === this.pinned || (c.settled && !includeSettled)) continue;
      const before = this.kept[i - 1];
      const after = this.kept[i + 1]!;
      const g = Math.abs(after.writes - (before?.writes ?? 0)) + Math.abs(after.count - (before?.count ?? 0)) * COMMAND_WRITES;
      if (g < gap) {
        gap = g;
        drop = i;
      }
    }
    if (drop < 0) return false;
    this.remove(drop);
    return true;
  }
}
