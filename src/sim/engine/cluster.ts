/**
 * The simulated cluster: store, API server, virtual clock, seeded RNG, the control loops and the
 * trace of what happened.
 *
 * Assumptions:
 * - Writes from outside (kubectl, sim verbs) go through `api` and are followed by `settle`.
 * - Controllers only write through their ControllerClient and only enqueue in `observe`.
 * Invariants:
 * - Commands take zero virtual time: `settle` runs every controller to quiescence at `now`.
 * - Time moves only in `advanceTo`, from timer to timer; each timer instant is settled in turn.
 * - Advancing in pieces equals advancing at once: `advanceTo(b)` after `advanceTo(a)` leaves the
 *   same state as `advanceTo(b)` alone (only the trace's grouping of event expiries differs).
 * - Each settle pass that changed something appends exactly one TraceEntry (one diff).
 * - Same seed and same calls give the same store, byte for byte.
 */
import type { ApiObject } from '../api/types.js';
import { ApiServer } from '../apiserver/apiserver.js';
import type { Change, Diff, Watcher } from '../store/store.js';
import { Store } from '../store/store.js';
import { changeCount } from '../store/pending-diff.js';
import { ControllerClient, type Intent } from './client.js';
import type { Controller, ControllerContext } from './controller.js';
import { SIM_DEFAULTS, type SimDefaults } from './defaults.js';
import { EventRecorder, type RecorderState } from './events.js';
import type { Subject } from './host-subjects.js';
import { EventsV1Recorder, type EventsV1State } from './events-v1.js';
import { IntentLog } from './intent-log.js';
import { copyPlain } from './plain-copy.js';
import { newRngState, reseed, type RngState } from './rng.js';
import { EPOCH_MS } from './time.js';
import { cancelTimers, hasForegroundTimer, newTimerHeap, nextForegroundTimer, peekTimer, popTimer, pushTimer, type TimerHeap } from './timers.js';
import type { StoreData } from '../store/store.js';

/**
 * One engine pass that changed something: its diff and the intents (with reasons) behind it,
 * when they were recorded (`ClusterOptions.intents`, `subscribe`); else none.
 */
export interface TraceEntry {
  readonly seq: number;
  /** Virtual time of the pass. */
  readonly time: number;
  /** What started it: the command line, or `time` for a timer. */
  readonly cause: string;
  readonly diff: Diff;
  readonly intents: readonly Intent[];
}

export interface ClusterOptions {
  readonly seed?: number;
  readonly defaults?: Partial<SimDefaults>;
  /** How many trace entries to keep (oldest dropped first). */
  readonly traceLimit?: number;
  /**
   * How many changes (added, updated and removed objects, and intents when they are recorded) the
   * kept entries may hold together, 25,000 unless given; older entries are dropped past it, the
   * newest always kept. A pass on a small cluster changes a few objects, so this only bites on a
   * big one, where one pass can change thousands and the trace would otherwise hold every old
   * version of every object written in the last 2,000 passes (a whole fleet's build). It was
   * 50,000 while every write's intent counted too: a settled fleet of 10,000 nodes kept about what
   * it keeps now (its newest passes), and 11 MB more once intents stopped counting.
   */
  readonly traceChangeLimit?: number;
  /**
   * Whether every trace entry keeps the intents behind its pass (tests, and tools that read
   * `traceEntries()`). Without it they are recorded only while a subscriber that asked for them
   * is subscribed (`subscribe(fn, { intents: true })`): nothing else reads them (intent-log.ts).
   */
  readonly intents?: boolean;
  /** Builds the control loops, in the order each pass runs them. */
  readonly controllers?: (cluster: Cluster) => Controller[];
}

/** Everything needed to put a cluster back exactly as it was. Plain data. */
export interface ClusterSnapshot {
  readonly now: number;
  readonly rng: RngState;
  readonly timers: TimerHeap;
  readonly store: StoreData;
  readonly controllers: Record<string, unknown>;
  readonly recorder: RecorderState;
  /** The events.k8s.io/v1 recorder (absent in snapshots older than it). */
  readonly recorderV1?: EventsV1State;
  readonly traceSeq: number;
}

/**
 * A controller's context as the cluster keeps it: `now` is a field it sets whenever virtual time
 * moves (`moveTo`). A getter returning the cluster's time boxed a new number on every read that
 * was not inlined (about 50,000 reads, 0.8 MB, per 5,000-node build: every pod sync and node
 * monitor reads it); a field's number is read in place.
 */
type LoopContext = Omit<ControllerContext, 'now'> & { now: number };

/** A pass limit that only a controller bug (two loops undoing each other) can reach. */
const MAX_PASSES = 10_000;

/**
 * The control loops' informers, as the store's one watcher: every change but an Event's (no
 * control loop here watches Events, nor does any upstream one these model, and on a big cluster
 * they are half of all writes: they go to the trace but not to the informers).
 */
class Informers implements Watcher {
  constructor(
    private readonly controllers: readonly Controller[],
    private readonly recorder: EventRecorder,
  ) {}

  observe(change: Change): void {
    // Indexed: this runs on every write, and an unoptimised for-of allocates per element.
    const controllers = this.controllers;
    for (let i = 0; i < controllers.length; i++) controllers[i]!.observe(change);
    // A deleted object's kubelet entries go with it (events.ts `forget`).
    if (change.type === 'removed') this.recorder.forget(change.obj.metadata.uid);
  }
}

export class Cluster {
  readonly store: Store;
  readonly api: ApiServer;
  readonly defaults: SimDefaults;
  private nowMs = EPOCH_MS;
  /** Virtual time cannot pass this instant (see `withHorizon`). */
  private horizonMs = Infinity;
  private rngState: RngState;
  private timers: TimerHeap = newTimerHeap();
  private readonly controllers: Controller[];
  private readonly byName = new Map<string, Controller>();
  private readonly recorder: EventRecorder;
  private readonly recorderV1: EventsV1Recorder;
  private readonly recorderV1Initial: EventsV1State;
  private readonly trace: TraceEntry[] = [];
  private readonly traceLimit: number;
  private readonly traceChangeLimit: number;
  /** The changes the kept trace entries hold together (see `traceChangeLimit`). */
  private traceChanges = 0;
  private traceSeq = 0;
  /** The current pass's intents, while anyone reads them. */
  private readonly intentLog: IntentLog;
  private readonly subscribers = new Set<(e: TraceEntry) => void>();
  private readonly contexts = new Map<string, LoopContext>();

  constructor(opts: ClusterOptions = {}) {
    this.defaults = { ...SIM_DEFAULTS, ...opts.defaults };
    this.rngState = newRngState(opts.seed ?? 1);
    this.traceLimit = opts.traceLimit ?? 2_000;
    this.traceChangeLimit = opts.traceChangeLimit ?? 25_000;
    this.intentLog = new IntentLog(opts.intents === true);
    this.store = new Store();
    this.api = new ApiServer(this.store, { now: () => this.nowMs, rng: this.rngState });
    this.recorder = new EventRecorder(this.store, this.defaults.eventTTLSeconds);
    this.recorderV1 = new EventsV1Recorder(this.store, this.recorder, this.nowMs, this.defaults.eventTTLSeconds);
    this.recorderV1Initial = this.recorderV1.snapshot();
    this.controllers = opts.controllers ? opts.controllers(this) : [];
    for (const c of this.controllers) this.byName.set(c.name, c);
    this.store.watch(new Informers(this.controllers, this.recorder), ['Event']);
  }

  get now(): number {
    return this.nowMs;
  }

  get rng(): RngState {
    return this.rngState;
  }

  /** Reseeds the RNG (`sim seed N`): later names and uids follow the new seed. */
  seed(n: number): void {
    reseed(this.rngState, n);
  }

  /** The control loop with this component name, for queries such as `sim why`. */
  controller<T extends Controller>(name: string): T | undefined {
    return this.byName.get(name) as T | undefined;
  }

  /** A client whose writes are intents coming from `who` (e.g. `kubectl`, `sim`), while they are recorded. */
  clientFor(who: string): ControllerClient {
    return new ControllerClient(this.api, this.recorder, who, () => this.nowMs, this.intentLog, this.recorderV1);
  }

  /** The component on each of `hosts` restarted (a kubelet): its event correlator starts afresh (EventRecorder.restartSources). */
  restartEventSources(component: string, hosts: readonly string[]): void {
    this.recorder.restartSources(hosts.map((host) => ({ component, host })));
  }

  /** The kubelets' event correlator entries by object uid, as they are now (events.ts `subjectsNow`): read only. */
  eventSubjects(): ReadonlyMap<string, Subject> {
    return this.recorder.subjectsNow;
  }

  /** Records an event from outside the controllers (e.g. the kubelet of a `sim` node). */
  recordEvent(obj: ApiObject, type: 'Normal' | 'Warning', reason: string, message: string, component: string, host?: string): void {
    this.recorder.record(this.nowMs, obj, type, reason, message, host ? { component, host } : { component });
  }

  /** Runs every controller, pass after pass, until a pass changes nothing. */
  settle(cause = 'command'): void {
    this.recorder.expire(this.nowMs);
    this.recorderV1.expire(this.nowMs);
    this.flushTrace(cause);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let worked = false;
      for (const c of this.controllers) {
        if (c.reconcile(this.contextFor(c))) worked = true;
      }
      this.flushTrace(cause);
      if (!worked) return;
    }
    throw new Error(`the cluster did not settle after ${MAX_PASSES} passes at ${new Date(this.nowMs).toISOString()}`);
  }

  /** The earliest pending timer, if any. */
  nextWakeup(): number | undefined {
    return peekTimer(this.timers)?.at;
  }

  /** When something is next due: the earliest timer with real work (not a background resync). */
  nextDue(): number | undefined {
    return nextForegroundTimer(this.timers)?.at;
  }

  /**
   * Runs `fn` with virtual time unable to pass `at`: every advance stops there, as if the command
   * running in `fn` had been interrupted at that instant. Replaying a command that a rewind cut
   * short uses it (kubectl/timeline).
   */
  withHorizon<T>(at: number, fn: () => T): T {
    const outer = this.horizonMs;
    this.horizonMs = Math.min(outer, at);
    try {
      return fn();
    } finally {
      this.horizonMs = outer;
    }
  }

  /** Whether some controller still expects to act later (background resyncs do not count). */
  hasPendingWork(): boolean {
    return hasForegroundTimer(this.timers);
  }

  /** Moves virtual time forward to `target` (or the horizon), firing and settling every timer on the way. */
  advanceTo(to: number): void {
    const target = Math.min(to, this.horizonMs);
    for (;;) {
      const next = peekTimer(this.timers);
      if (!next || next.at > target) break;
      this.moveTo(Math.max(this.nowMs, next.at));
      while (peekTimer(this.timers) && peekTimer(this.timers)!.at <= this.nowMs) {
        const t = popTimer(this.timers)!;
        this.byName.get(t.controller)?.wake(t.key);
      }
      this.settle('time');
    }
    this.moveTo(Math.max(this.nowMs, target));
    this.recorder.expire(this.nowMs);
    this.recorderV1.expire(this.nowMs);
    this.flushTrace('time');
  }

  /**
   * Advances timer by timer until `done()` holds or `limitMs` has passed; returns whether it held.
   * `onStep` runs after every instant (rollout status prints from it).
   */
  advanceUntil(done: () => boolean, limitMs: number, onStep?: () => void): boolean {
    const deadline = Math.min(this.nowMs + limitMs, this.horizonMs);
    if (done()) return true;
    for (;;) {
      const next = this.nextWakeup();
      if (next === undefined || next > deadline) {
        this.advanceTo(deadline);
        return done();
      }
      this.advanceTo(next);
      onStep?.();
      if (done()) return true;
    }
  }

  /**
   * Hands every new trace entry to `fn`; returns the unsubscribe function. With `intents`, the
   * entries carry the intents behind their passes until then (else only if the cluster keeps them
   * always: `ClusterOptions.intents`).
   */
  subscribe(fn: (e: TraceEntry) => void, opts: { readonly intents?: boolean } = {}): () => void {
    this.subscribers.add(fn);
    const release = opts.intents ? this.intentLog.addReader() : undefined;
    return () => {
      this.subscribers.delete(fn);
      release?.();
    };
  }

  /** The kept trace entries, oldest first. */
  traceEntries(): readonly TraceEntry[] {
    return this.trace;
  }

  snapshot(): ClusterSnapshot {
    const controllers: Record<string, unknown> = {};
    for (const c of this.controllers) controllers[c.name] = c.sharesSnapshots ? c.snapshot() : copyPlain(c.snapshot());
    return {
      now: this.nowMs,
      rng: { ...this.rngState },
      timers: { items: [...this.timers.items], seq: this.timers.seq },
      store: this.store.snapshot(),
      controllers,
      recorder: this.recorder.snapshot(),
      recorderV1: this.recorderV1.snapshot(),
      traceSeq: this.traceSeq,
    };
  }

  restore(s: ClusterSnapshot): void {
    this.moveTo(s.now);
    this.rngState.s = s.rng.s;
    this.timers = { items: [...s.timers.items], seq: s.timers.seq };
    this.store.restore(s.store);
    for (const c of this.controllers) c.restore(c.sharesSnapshots ? s.controllers[c.name] : copyPlain(s.controllers[c.name]));
    this.recorder.restore(s.recorder);
    this.recorderV1.restore(s.recorderV1 ?? this.recorderV1Initial);
    this.traceSeq = s.traceSeq;
    this.intentLog.clear();
    this.trace.length = 0;
    this.traceChanges = 0;
  }

  /** Sets virtual now, and the `now` of every controller's context with it. */
  private moveTo(ms: number): void {
    this.nowMs = ms;
    for (const ctx of this.contexts.values()) ctx.now = ms;
  }

  private contextFor(c: Controller): ControllerContext {
    let ctx = this.contexts.get(c.name);
    if (!ctx) {
      const cluster = this;
      const client = this.clientFor(c.name);
      ctx = {
        now: this.nowMs,
        store: this.store,
        client,
        get rng() {
          return cluster.rngState;
        },
        defaults: this.defaults,
        after: (delayMs: number, key: string, opts?: { readonly background?: boolean }) =>
          pushTimer(this.timers, this.nowMs + Math.max(0, delayMs), c.name, key, opts?.background ?? false),
        cancel: (key: string) => cancelTimers(this.timers, c.name, key),
      };
      this.contexts.set(c.name, ctx);
    }
    return ctx;
  }

  private flushTrace(cause: string): void {
    const diff = this.store.takeDiff();
    if (!diff && this.intentLog.size === 0) return;
    const entry: TraceEntry = {
      seq: ++this.traceSeq,
      time: this.nowMs,
      cause,
      diff: diff ?? { added: [], updated: [], removed: [] },
      intents: this.intentLog.take(),
    };
    this.trace.push(entry);
    this.traceChanges += changesOf(entry);
    let drop = Math.max(0, this.trace.length - this.traceLimit);
    for (let i = 0; i < drop; i++) this.traceChanges -= changesOf(this.trace[i]!);
    while (drop < this.trace.length - 1 && this.traceChanges > this.traceChangeLimit) this.traceChanges -= changesOf(this.trace[drop++]!);
    if (drop > 0) this.trace.splice(0, drop);
    for (const fn of this.subscribers) fn(entry);
  }
}

/** What a trace entry holds, counted for `traceChangeLimit`. */
function changesOf(e: TraceEntry): number {
  return changeCount(e.diff) + e.intents.length;
}
