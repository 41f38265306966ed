/**
 * The worker side of a playground, free of any worker global so it runs in Node tests too: it
 * serves the page's requests against one EngineSession, runs Play, and streams what changed.
 *
 * Invariants:
 * - Every request gets exactly one reply, after the batch of what it changed: when a `run`
 *   resolves in the page, the page's LiveCluster already shows its effect.
 * - A batch is posted only when something changed, the clock included (a settled, paused
 *   cluster sends nothing); the first batch after a (re)load carries every object as `reset`,
 *   and the first after a move on the timeline (the scrubber, a branch switch, a typed
 *   `sim rewind`) how the moment differs from what the page holds, as `moved` (moved.ts).
 * - A batch a request or the end of Play leaves, and every `reset` or `moved` one, carries the
 *   engine facts of what it shows (`pictureFacts`), so the picture never mixes two moments.
 * - Events reach the page only as far as its events panel shows them (events/window.ts): a
 *   batch's writes and a reset's objects carry the newest `FEED_LIMIT` Events, every removal.
 * - A batch carries what the page reads of its writes (batch-entries.ts): each update's new
 *   object only, an object updated again later in the batch only at its last update.
 * - A command that arrives during Play is logged after the Play segment before it, and Play
 *   then goes on (unless the command rewound the Timeline): the log's order is the order things
 *   happened.
 */
import type { FieldDocs } from '../../kubectl/explain/field-docs.js';
import type { EngineFacts } from '../../view/model/facts.js';
import type { TraceEntry } from '../../sim/engine/cluster.js';
import type { ApiObject } from '../../sim/api/types.js';
import { clockLine } from '../../kubectl/sim/clock.js';
import { commandResult } from '../../kubectl/session.js';
import { PlayLoop, type Speed, type Ticker } from './play-loop.js';
import type { Reply, Request, WorkerMessage } from './protocol.js';
import { batchEntries } from './batch-entries.js';
import type { LessonDesk } from './lesson-desk.js';
import { KEEPS_PLAY } from './lesson-protocol.js';
import { heldTables, movedBatch, type HeldTables } from './moved.js';
import { QUERIES, type Query } from './queries.js';
import { pictureFactsQuery } from './queries/picture-facts.js';
import { EngineSession } from './session.js';
import { emptyLog } from './session-log.js';
import { pageObjects } from '../events/window.js';

export interface HostEnv {
  post(msg: WorkerMessage): void;
  readonly ticker: Ticker;
  /** The field docs `kubectl explain` prints, once the worker has loaded them. */
  readonly fieldDocs?: () => FieldDocs | undefined;
  /** A lesson desk, once the worker has loaded the lesson runtime (a chunk of its own, lessons only). */
  readonly lessonDesk?: () => LessonDesk | undefined;
  /** Queries the worker loads on demand (each a chunk of its own), once loaded. */
  readonly loadedQueries?: () => Readonly<Record<string, Query>>;
  /**
   * Runs `fn` in a task of its own, after the messages posted so far (the worker's `setTimeout`).
   * Without it the host runs what it leaves for later at once, after the reply.
   */
  readonly later?: (fn: () => void) => void;
}

export class EngineHost {
  private session: EngineSession;
  private entries: TraceEntry[] = [];
  private resetPending = true;
  /** After a move on the timeline, the store's tables as the page holds them, and whether the move stayed in one history (until the next batch). */
  private movedFrom: { readonly held: HeldTables; readonly sameHistory: boolean } | undefined;
  private postedNow = 0;
  private unsubscribe: () => void = () => {};
  private readonly play: PlayLoop;
  private speed: Speed = 1;
  /** The lesson desk from the first lesson request on, and the view of it last posted. */
  private lesson: LessonDesk | undefined;
  private lessonPosted = '';
  /** Whether a `tidy` of the timeline is queued (`tidyLater`). */
  private tidyQueued = false;

  constructor(private readonly env: HostEnv) {
    this.session = this.attach(new EngineSession(emptyLog()));
    this.play = new PlayLoop(
      env.ticker,
      () => this.session.cluster,
      () => {
        this.flush(false);
        this.lesson?.observed();
        this.postLesson();
      },
      () => {
        this.endSegment(true);
        this.tidyLater();
      },
    );
  }

  handle(req: Request): void {
    let reply: Reply;
    try {
      reply = this.serve(req);
    } catch (e) {
      reply = { id: req.id, type: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
    this.flush(true);
    if (req.type !== 'query') this.postTimeline();
    this.postLesson();
    this.env.post(reply);
    this.tidyLater();
  }

  /**
   * The timeline's checkpoint bookkeeping a command left (`Timeline.tidy`: on a 5,000-node fleet
   * up to a tenth of a second a command), done once its reply is out, in a task of its own: the
   * page takes the batch and draws it meanwhile. A command that comes first has it done before
   * its own moment is offered.
   */
  private tidyLater(): void {
    const later = this.env.later;
    if (!later) return this.session.timeline.tidy();
    if (this.tidyQueued) return;
    this.tidyQueued = true;
    later(() => {
      this.tidyQueued = false;
      this.session.timeline.tidy();
    });
  }

  /**
   * Posts what changed since the last batch, if anything did. The batch of a new moment (reset,
   * moved) and the one a request or the end of Play leaves carry the engine facts of what they
   * show (`withFacts`); a Play frame's does not: the page asks for them at most every 250 ms of
   * real time, and a frame's answer would cost the worker more than the frame.
   */
  private flush(withFacts: boolean): void {
    const now = this.session.cluster.now;
    if (!this.resetPending && !this.movedFrom && this.entries.length === 0 && now === this.postedNow) return;
    const entries = this.entries;
    this.entries = [];
    const reset = this.resetPending ? everyObject(this.session) : undefined;
    const moved = !reset && this.movedFrom ? movedBatch(this.movedFrom.held, this.session.cluster.store, this.movedFrom.sameHistory) : undefined;
    this.resetPending = false;
    this.movedFrom = undefined;
    this.postedNow = now;
    // Asked for after the batch arrived, the facts would leave the picture showing its objects
    // with the facts of the moment before until the answer came (a surge meter at 0 after a move).
    const whole = reset ? { reset } : moved ? { moved } : undefined;
    const facts = whole || withFacts ? factsOf(this.session) : undefined;
    this.env.post({ type: 'batch', batch: { ...whole, ...facts, entries: whole ? [] : batchEntries(entries), now } });
  }

  private serve(req: Request): Reply {
    switch (req.type) {
      case 'run': {
        const playing = this.play.playing;
        if (playing) this.endSegment(false);
        const out = this.session.run(req.text, req.files, this.env.fieldDocs);
        // Play goes on after a command, unless the command rewound: the page shows that moment, Rewound.
        if (playing && !this.session.scrubber.rewound) this.play.start(this.speed);
        if ('error' in out) return { id: req.id, type: 'script-error', error: out };
        // Across branches the same resourceVersion can be another write (`sim rewind NAME` may
        // go to a checkpoint on another branch): compared by identity only.
        if (out.rewoundFrom) this.moved(out.rewoundFrom, false);
        return { id: req.id, type: 'results', results: out.results, ...(out.written ? { written: out.written } : {}) };
      }
      case 'query': {
        const loaded = this.env.loadedQueries?.() ?? {};
        const q = Object.hasOwn(QUERIES, req.query) ? QUERIES[req.query] : Object.hasOwn(loaded, req.query) ? loaded[req.query] : undefined;
        if (!q) return { id: req.id, type: 'failed', message: `unknown query "${req.query}"` };
        return { id: req.id, type: 'answer', value: q(this.session, req.args) };
      }
      case 'load': {
        const session = new EngineSession(req.log);
        this.play.stop();
        this.lesson?.close();
        this.session = this.attach(session);
        return { id: req.id, type: 'results', results: [] };
      }
      case 'play':
        if (this.play.playing) this.endSegment(false);
        this.speed = req.speed;
        this.play.start(req.speed);
        return { id: req.id, type: 'results', results: [] };
      case 'pause':
        this.endSegment(false);
        return { id: req.id, type: 'results', results: [] };
      case 'lesson': {
        if (this.play.playing && !KEEPS_PLAY.has(req.action.do)) this.endSegment(false);
        this.lesson ??= this.env.lessonDesk?.();
        if (!this.lesson) throw new Error('the lesson runtime could not be loaded');
        const out = this.lesson.handle(req.action, this.session);
        if (out.session) this.session = this.attach(out.session);
        return { id: req.id, type: 'answer', value: out.value };
      }
      case 'rewind':
      case 'branch': {
        this.endSegment(false);
        // The last batch was just posted: the store is what the page holds.
        const held = heldTables(this.session.cluster.store);
        try {
          if (req.type === 'rewind') this.session.scrubber.rewind(req.to);
          else this.session.scrubber.switchTo(req.index);
        } finally {
          this.moved(held, req.type === 'rewind');
        }
        return { id: req.id, type: 'results', results: [] };
      }
    }
  }

  /** Posts the lesson column's view when it changed (after the batch it belongs to). */
  private postLesson(): void {
    const view = this.lesson?.view();
    if (!view) return;
    const key = JSON.stringify(view);
    if (key === this.lessonPosted) return;
    this.lessonPosted = key;
    this.env.post({ type: 'lesson', view });
  }

  /** The cluster was restored to another moment: the next batch replaces the page's whole view. */
  private restored(): void {
    this.entries = [];
    this.resetPending = true;
  }

  /**
   * The cluster moved to another moment from `held`, the tables the page holds (a rewind: within
   * the history the scrubber spans): the next batch says how it differs.
   */
  private moved(held: HeldTables, sameHistory: boolean): void {
    this.entries = [];
    if (!this.resetPending) this.movedFrom = { held, sameHistory };
  }

  /** Posts the timeline as it is now (after anything that may have changed it). */
  private postTimeline(): void {
    this.env.post({ type: 'timeline', timeline: this.session.scrubber.view() });
  }

  /** Stops Play and logs the segment (if the clock moved), echoing it to the page. */
  private endSegment(settled: boolean): void {
    const segment = this.play.stop();
    const line = segment?.line;
    if (segment) {
      // As exec does after every verb, so the segment leaves what `sim advance D` would.
      this.session.cluster.settle(segment.line);
      this.session.record(segment.line, segment.start);
    }
    this.flush(true);
    this.postLesson();
    if (line === undefined && !settled) return;
    const result = line === undefined ? undefined : commandResult(line, { exitCode: 0, stdout: `now ${clockLine(this.session.cluster)}\n`, stderr: '' });
    this.env.post({ type: 'time', ...(result ? { result } : {}), settled });
    if (settled) this.postTimeline();
  }

  private attach(session: EngineSession): EngineSession {
    this.unsubscribe();
    this.restored();
    this.unsubscribe = session.cluster.subscribe((e) => this.entries.push(e));
    return session;
  }
}

/** Every stored object of the session's cluster, kind by kind, and its newest Events (events/window.ts). */
function everyObject(session: EngineSession): ApiObject[] {
  return pageObjects(session.cluster.store);
}

/**
 * The engine facts of what the session shows, for a batch; none if the query fails. The batch and
 * the request's reply go out all the same: the page, finding no facts, asks for them, and a
 * failed question leaves its last facts in place (picture.svelte.ts).
 */
function factsOf(session: EngineSession): { facts: EngineFacts } | undefined {
  try {
    return { facts: pictureFactsQuery(session) };
  } catch {
    return undefined;
  }
}
