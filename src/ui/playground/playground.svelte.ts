/**
 * One playground: an engine worker, the page's mirror of its cluster, the terminal transcript and
 * history, the editor files, the selection the views share, and its two machines (session and
 * playback). A page may hold several (a docs widget puts more than one on a page): nothing here is
 * a module singleton, and `id` keeps their storage keys and Monaco model URIs apart.
 */
import { createActor, fromPromise, type Actor } from 'xstate';
import type { CommandResult } from '../../kubectl/session.js';
import { splitArgs } from '../../kubectl/script.js';
import { playback } from '../../machines/playback.js';
import { session, type SessionSource } from '../../machines/session.js';
import { PlaygroundStorage, type StorageLike } from '../persist.js';
import { CommandHistory } from '../terminal/history.svelte.js';
import { Transcript } from '../terminal/transcript.svelte.js';
import { EngineClient, type EnginePort } from '../worker/client.js';
import type { CommandSource, Reply, TimeMessage } from '../worker/protocol.js';
import { emptyLog, type SessionLog } from '../worker/session-log.js';
import type { TimelineView } from '../worker/scrubber.js';
import { KEEPS_PLAY, type LessonAction, type LessonMessage, type LessonReplies } from '../worker/lesson-protocol.js';
import type { Callout } from '../../tutorial/model.js';
import { ActorState } from './actor-state.svelte.js';
import { SessionKeeper } from './keeper.svelte.js';
import { LiveCluster } from './live-cluster.svelte.js';
import { openingNotice } from './opening-notice.js';

export interface Selection {
  readonly kind: 'Node' | 'Pod';
  readonly name: string;
  readonly namespace?: string;
}

export interface RunOptions {
  /** Editor files for `-f NAME` (the playground's own `files` when absent). */
  readonly files?: Readonly<Record<string, string>>;
  readonly source?: CommandSource;
}

export type RunOutcome = readonly CommandResult[] | { readonly error: string; readonly line: number };

export interface PlaygroundOptions {
  /** Where the work is kept across reloads (the page's localStorage); nothing is kept without. */
  readonly storage?: StorageLike;
  /**
   * A lesson page: the lesson's run brings the cluster (the lesson column opens it once the
   * session is Ready), so opening replays no saved session log and no starter, only the editor
   * files kept under this playground's own id come back.
   */
  readonly lesson?: boolean;
}

export class Playground {
  readonly cluster = new LiveCluster();
  readonly terminal = new Transcript();
  readonly history: CommandHistory;
  /** Editor files the worker's `-f NAME` hook reads; kept current by the editor. */
  files = $state<Record<string, string>>({});
  selection = $state<Selection | undefined>();
  /** Commands sent and not yet answered. */
  pending = $state(0);
  /** The log's length, the moment shown and the other branches (the Timeline scrubber). */
  timeline = $state.raw<TimelineView>({ length: 0, position: 0, lines: [], branches: [] });
  /** The open lesson as the worker last posted it (src/ui/lesson renders it); undefined without one. */
  lesson = $state.raw<LessonMessage | undefined>();
  /**
   * The current lesson step's callouts: the lesson column sets them when the step changes, the
   * picture lights their targets and the aria-live region reads them out. Empty without a lesson.
   */
  callouts = $state.raw<readonly Callout[]>([]);
  /** The active editor tab's machine state (`idle.dirty`), set by the editor, drawn by the lifecycle view. */
  editorState = $state<string | undefined>();
  readonly session: ActorState<Actor<typeof session>>;
  readonly playback: ActorState<Actor<typeof playback>>;
  /** Saves and restores the work; `keeper.error` says when saving failed. */
  readonly keeper: SessionKeeper;
  /** This playground's own saved entries (the editor keeps its tab state here, by name). */
  readonly storage: PlaygroundStorage;
  /**
   * A place in an editor file to show, set by `revealLine` (the Why panel's links to the YAML line
   * behind a verdict). The editor watches it: it opens that file's tab and reveals and highlights
   * the 1-based line. `seq` grows with every call, so asking for the same line again counts.
   */
  reveal = $state<{ readonly file: string; readonly line: number; readonly seq: number } | undefined>();
  /**
   * The files the last command that wrote any wrote (`CMD > FILE`), by name, numbered like
   * `reveal`: the editor opens or updates a tab for each. `files` already holds them.
   */
  written = $state<{ readonly files: Readonly<Record<string, string>>; readonly seq: number } | undefined>();
  private readonly engine: EngineClient;
  /** The newest position asked for while a rewind was running (a drag sends many). */
  private rewindWanted: number | undefined;
  private rewinding = false;
  private readonly lessonPage: boolean;

  /**
   * @param id unique per instance on a page and stable across reloads (storage keys, model URIs).
   * @param port a fresh engine worker (`spawnEngine()`), or an in-process host in tests.
   */
  constructor(
    readonly id: string,
    port: EnginePort,
    options: PlaygroundOptions = {},
  ) {
    this.storage = new PlaygroundStorage(options.storage, id);
    this.lessonPage = options.lesson === true;
    this.keeper = new SessionKeeper(
      this.storage,
      () => this.query<SessionLog>('log'),
      () => $state.snapshot(this.files),
    );
    this.history = new CommandHistory(this.keeper.history(), (entries) => this.keeper.saveHistory(entries));
    this.engine = new EngineClient(port, {
      batch: (b) => this.cluster.apply(b),
      time: (t) => this.onTime(t),
      timeline: (view) => (this.timeline = view),
      lesson: (view) => this.onLesson(view),
      crash: (error) => this.session.actor.send({ type: 'CRASH', error }),
    });
    this.session = new ActorState(createActor(this.sessionMachine()));
    this.playback = new ActorState(createActor(this.playbackMachine()));
  }

  /** Opens the session (the saved one, or the starter) and starts taking commands. */
  start(): void {
    this.session.actor.start();
    this.playback.actor.start();
  }

  /**
   * "New cluster" starts the open lesson's own cluster again (its setup; the learner stays on the
   * lesson and keeps what they finished) instead of replacing it: a lesson page with its lesson open.
   */
  get restartsLesson(): boolean {
    return this.lessonPage && this.lesson !== undefined;
  }

  /**
   * The engine is working for the page: a command sent and not yet answered, or a cluster being
   * built (a first visit's starter, a restored session, a new cluster). The terminal's log says
   * so (`aria-busy`), so a screen reader, or a test, waits for the cluster a command will act on.
   */
  get busy(): boolean {
    return this.pending > 0 || this.session.snapshot.matches('Loading');
  }

  /** What failed in the engine, while the session is Failed. */
  get failure(): string | undefined {
    return this.session.snapshot.context.error;
  }

  /** Replaces the cluster with `log` replayed into a fresh one (an empty cluster by default). */
  async load(log: SessionLog = emptyLog()): Promise<void> {
    const r = await this.engine.request({ type: 'load', log });
    if (r.type === 'failed') throw new Error(r.message);
  }

  /** Runs script text in the worker as logged commands; the terminal echoes them. */
  async run(text: string, opts: RunOptions = {}): Promise<RunOutcome> {
    const source = opts.source ?? 'terminal';
    const echo = this.terminal.running(text, source);
    this.pending += 1;
    let r: Reply;
    try {
      r = await this.engine.request({ type: 'run', text, files: $state.snapshot(opts.files ?? this.files), source });
    } catch (e) {
      this.terminal.showError(text, { error: e instanceof Error ? e.message : String(e) }, source, echo);
      throw e;
    } finally {
      this.pending -= 1;
    }
    if (source !== 'time') this.followTimeline();
    this.saveSoon();
    if (r.type === 'results') {
      if (r.written) this.wrote(r.written);
      this.terminal.show(r.results, source, echo);
      this.followWhy(r.results);
      return r.results;
    }
    const error = r.type === 'script-error' ? r.error : { error: r.type === 'failed' ? r.message : 'unexpected reply', line: 0 };
    if (r.type === 'failed') this.session.actor.send({ type: 'CRASH', error: r.message });
    this.terminal.showError(text, error, source, echo);
    return error;
  }

  /**
   * Shows the moment after `to` commands (`sim rewind --to`); never logged. While one rewind
   * runs, only the newest position asked for runs next, so dragging the scrubber stays light.
   */
  async rewind(to: number): Promise<void> {
    this.rewindWanted = to;
    if (this.rewinding) return;
    this.rewinding = true;
    try {
      while (this.rewindWanted !== undefined) {
        const next = this.rewindWanted;
        this.rewindWanted = undefined;
        const r = await this.engine.request({ type: 'rewind', to: next });
        if (r.type === 'failed') this.terminal.showError(`(Timeline: back to after command ${next})`, { error: r.message }, 'time');
      }
    } finally {
      this.rewinding = false;
    }
  }

  /** Shows another branch of the timeline (the one shown now stays reachable as a branch). */
  async switchBranch(index: number): Promise<void> {
    const r = await this.engine.request({ type: 'branch', index });
    if (r.type === 'failed') this.terminal.showError(`(Timeline: branch ${index + 1})`, { error: r.message }, 'time');
    this.saveSoon();
  }

  /** A lesson action in the worker (src/ui/worker/lesson-protocol.ts), answered as that action is. */
  async lessonAction<A extends LessonAction>(action: A): Promise<LessonReplies[A['do']]> {
    // The worker ends Play before an action that changes the cluster: the time bar pauses with it.
    if (!KEEPS_PLAY.has(action.do) && this.playback.snapshot.value === 'Playing') this.playback.actor.send({ type: 'PAUSE' });
    const r = await this.engine.request({ type: 'lesson', action });
    this.followTimeline();
    if (r.type === 'answer') return r.value as LessonReplies[A['do']];
    throw new Error(r.type === 'failed' ? r.message : `lesson ${action.do}: unexpected reply`);
  }

  /** An unlogged, read-only question to the worker (validate, why, log, ...). */
  async query<T>(type: string, args?: unknown): Promise<T> {
    const r = await this.engine.request({ type: 'query', query: type, args });
    if (r.type === 'answer') return r.value as T;
    throw new Error(r.type === 'failed' ? r.message : `query ${type}: unexpected reply`);
  }

  /** The report to copy when something failed: what failed and the session log that led there. */
  report(): string {
    return JSON.stringify({ error: this.failure ?? null, page: 'everynode', log: this.keeper.lastLog ?? null }, null, 2);
  }

  /** The editor's files changed: save them a moment later (while the session is Ready). */
  changed(): void {
    if (this.ready) this.keeper.schedule();
  }

  /** Writes what is waiting to be saved, synchronously (the page is being hidden). */
  flush(): void {
    if (this.ready) this.keeper.flush();
  }

  private get ready(): boolean {
    return this.session.actor.getSnapshot().matches('Ready');
  }

  /** A command changed the log: save it now. */
  private saveSoon(): void {
    if (this.ready) void this.keeper.save();
  }

  /** Commands wrote editor files: keep them, and ask the editor to show them (see `written`). */
  private wrote(files: Readonly<Record<string, string>>): void {
    for (const [name, text] of Object.entries(files)) this.files[name] = text;
    this.written = { files, seq: (this.written?.seq ?? 0) + 1 };
  }

  /** Asks the editor to show `line` (1-based) of the file `file` (see `reveal`). */
  revealLine(file: string, line: number): void {
    this.reveal = { file, line, seq: (this.reveal?.seq ?? 0) + 1 };
  }

  /** Stops the machines and the worker (the playground is gone from the page). */
  close(): void {
    this.keeper.cancel();
    this.playback.actor.stop();
    this.session.actor.stop();
    this.engine.close();
  }

  private sessionMachine() {
    return session.provide({
      actors: {
        load: fromPromise<void, { preset: SessionSource | undefined }>(async ({ input }) => {
          if (input.preset !== undefined && this.restartsLesson) {
            await this.lessonAction({ do: 'new-cluster' });
            return;
          }
          const lessonOpens = this.lessonPage && input.preset === undefined;
          const start = this.keeper.opening(input.preset, lessonOpens);
          if (!lessonOpens) await this.load(start.log);
          this.files = { ...start.files };
          this.selection = undefined;
          const notice = lessonOpens ? undefined : openingNotice(input.preset, start.restored, start.log.commands.length);
          if (notice !== undefined) this.terminal.note(notice);
          if (input.preset !== undefined) await this.keeper.save();
        }),
      },
      actions: {
        keepPrevious: () => {
          // A lesson keeps its own progress; there is no playground session to restore.
          if (this.restartsLesson) return;
          const files = $state.snapshot(this.files);
          void this.query<SessionLog>('log').then((log) => this.keeper.keepPrevious({ log, files }));
        },
      },
    });
  }

  private playbackMachine() {
    return playback.provide({
      actions: {
        startClock: ({ context }) => void this.engine.request({ type: 'play', speed: context.speed }),
        stopClock: () => void this.engine.request({ type: 'pause' }),
        rewind: (_, params) => void this.rewind(params.to),
        returnToHead: () => void this.rewind(this.timeline.length),
      },
      actors: {
        step: fromPromise<void, { wave: boolean }>(async ({ input }) => {
          await this.run(input.wave ? 'sim step --wave' : 'sim step', { source: 'time' });
        }),
      },
    });
  }

  /**
   * After a command, the playback machine follows the Timeline as the worker posted it (before
   * the reply): Rewound where a `sim rewind` typed in the terminal went, as a drag would leave
   * it; otherwise the command ran at the newest moment (from Rewound, it started a branch).
   */
  private followTimeline(): void {
    const t = this.timeline;
    this.playback.actor.send(t.position < t.length || t.partial ? { type: 'REWOUND', to: t.position } : { type: 'COMMAND' });
  }

  /** The worker posted the lesson's view (a subclass may watch it: the widget's `check-passed`). */
  protected onLesson(view: LessonMessage | undefined): void {
    this.lesson = view;
  }

  /** A Play segment ended: echo its `sim advance D`; Play stopped by itself when settled. */
  private onTime(t: TimeMessage): void {
    if (t.result) this.terminal.show([t.result], 'time');
    if (t.result) this.saveSoon();
    if (t.settled) this.playback.actor.send({ type: 'SETTLED' });
  }

  /** `sim why NODE` that succeeded selects that node, so every view shows the same one. */
  private followWhy(results: readonly CommandResult[]): void {
    for (const r of results) {
      if (r.exitCode !== 0) continue;
      const words = splitArgs(r.command);
      if (!Array.isArray(words) || words[0] !== 'sim' || words[1] !== 'why') continue;
      const node = words.slice(2).find((w) => !w.startsWith('-'));
      if (node) this.selection = { kind: 'Node', name: node };
    }
  }
}
