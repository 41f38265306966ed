/**
 * Messages between a playground page and its engine worker. The worker owns the cluster (a big
 * one never blocks the page); the page sends lines of the script language and read-only queries,
 * and receives what changed as a stream of `DiffBatch`es, never whole snapshots.
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { TraceEntry } from '../../sim/engine/cluster.js';
import type { PageDiff } from '../../view/model/batch.js';
import type { EngineFacts } from '../../view/model/facts.js';
import type { CommandResult } from '../../kubectl/session.js';
import type { SessionLog } from './session-log.js';
import type { Speed } from './play-loop.js';
import type { TimelineView } from './scrubber.js';
import type { LessonAction, LessonMessage } from './lesson-protocol.js';

/**
 * A trace entry as the page gets it: the pass's time, cause and diff. No intents: nothing on the
 * page reads them, and the worker's cluster records them only while `sim step --wave` watches for
 * a wave (engine/intent-log.ts). Its diff is cut to what the page reads (worker/batch-entries.ts):
 * no update's old side, and an object updated again later in the same batch only there.
 */
export type BatchEntry = Omit<TraceEntry, 'intents' | 'diff'> & { readonly diff: PageDiff };

/**
 * What changed since the previous batch; the page's LiveCluster applies these in order. Events
 * are cut to the page's window on them (events/window.ts): the newest `FEED_LIMIT`.
 */
export interface DiffBatch {
  /** Present when the whole state was replaced (start, reset, a typed `sim rewind`): every object now (of the Events, the newest). */
  readonly reset?: readonly ApiObject[];
  /**
   * Present when the cluster moved to another moment of its timeline (the scrubber, a branch
   * switch): what the page's LiveCluster turns into `reset` before any reader sees the batch.
   */
  readonly moved?: MovedBatch;
  /**
   * The engine facts of the moment the batch shows (the `pictureFacts` answer): with every `reset`
   * or `moved`, and after a request or the end of Play; a Play frame's batch has none.
   */
  readonly facts?: EngineFacts;
  /** Trace entries in order since the previous batch (of their Event writes, the newest). */
  readonly entries: readonly BatchEntry[];
  /** Virtual time after the batch (ms since the Unix epoch, the engine's clock). */
  readonly now: number;
}

/**
 * A move to another moment as the worker sends it (worker/moved.ts): how that moment's objects
 * differ from the ones the page holds, Events apart (updates as in `BatchEntry`: the new object
 * without the parts the page holds, `held`), and its newest Events, which replace the page's.
 */
export interface MovedBatch {
  readonly diff: PageDiff;
  readonly events: readonly ApiObject[];
}

/** Who asked for a command: the terminal echoes every source, the log records them all alike. */
export type CommandSource = 'terminal' | 'editor' | 'toolbox' | 'lesson' | 'time';

/** A parse error of a whole script: nothing ran. */
export interface ScriptError {
  readonly error: string;
  readonly line: number;
}

/** The page's requests; each gets exactly one `Reply` with the same id. */
export type Request =
  | { readonly id: number; readonly type: 'run'; readonly text: string; readonly files: Readonly<Record<string, string>>; readonly source: CommandSource }
  | { readonly id: number; readonly type: 'query'; readonly query: string; readonly args: unknown }
  /** A fresh cluster, then `log` replayed into it (an empty log: a new empty cluster). */
  | { readonly id: number; readonly type: 'load'; readonly log: SessionLog }
  /** Starts (or changes the speed of) Play; the clock runs in the worker, frame by frame. */
  | { readonly id: number; readonly type: 'play'; readonly speed: Speed }
  /** Ends Play; the segment is logged as `sim advance D` (a `time` message echoes it). */
  | { readonly id: number; readonly type: 'pause' }
  /** Shows the moment after `to` commands of the log (its length: the newest moment). Never logged. */
  | { readonly id: number; readonly type: 'rewind'; readonly to: number }
  /** Shows another branch of the timeline at its newest moment. */
  | { readonly id: number; readonly type: 'branch'; readonly index: number }
  /** A lesson action (lesson-protocol.ts); answered with `LessonReplies[action.do]`. */
  | { readonly id: number; readonly type: 'lesson'; readonly action: LessonAction };

export type Reply =
  /** `written`: the editor files the commands wrote (`CMD > FILE`), by name, for the page's editor. */
  | { readonly id: number; readonly type: 'results'; readonly results: readonly CommandResult[]; readonly written?: Readonly<Record<string, string>> }
  | { readonly id: number; readonly type: 'script-error'; readonly error: ScriptError }
  | { readonly id: number; readonly type: 'answer'; readonly value: unknown }
  /** The request could not be served (an unknown query, an engine exception): what failed. */
  | { readonly id: number; readonly type: 'failed'; readonly message: string };

/**
 * A Play segment ended and was logged as `sim advance D`: on pause, before a command that
 * interrupts Play, or by itself (`settled`: speed "settle" found nothing more pending).
 */
export interface TimeMessage {
  readonly type: 'time';
  /** The logged `sim advance D` and what it printed; absent when the clock did not move. */
  readonly result?: CommandResult;
  readonly settled: boolean;
}

/** Everything the worker posts: replies, Play segments, the timeline, and batches whenever the cluster changed. */
export type WorkerMessage =
  | Reply
  | TimeMessage
  | { readonly type: 'batch'; readonly batch: DiffBatch }
  | { readonly type: 'timeline'; readonly timeline: TimelineView }
  /** The open lesson's view changed. */
  | { readonly type: 'lesson'; readonly view: LessonMessage };
