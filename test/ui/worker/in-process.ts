/**
 * An engine "worker" in the test process: an EngineHost behind an EnginePort, with messages
 * structured-cloned and delivered on a later microtask, as postMessage does. It records every
 * message the host posted so tests can assert what was streamed.
 */
import type { EnginePort } from '../../../src/ui/worker/client.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import { LessonDesk } from '../../../src/ui/worker/lesson-desk.js';
import type { Ticker } from '../../../src/ui/worker/play-loop.js';
import type { Request, WorkerMessage } from '../../../src/ui/worker/protocol.js';
import type { Query } from '../../../src/ui/worker/queries.js';
import { checkLessonsQuery } from '../../../src/ui/worker/queries/check-lessons.js';
import { completeQuery } from '../../../src/ui/worker/queries/complete.js';
import { validateQuery } from '../../../src/ui/worker/queries/validate.js';
import { whyMatrixQuery } from '../../../src/ui/worker/queries/why-matrix.js';
import { whyQuery } from '../../../src/ui/worker/queries/why.js';

/**
 * The queries the real worker loads on demand (src/ui/worker/on-demand.ts), here from the start,
 * as every part of the command language is (test/setup-verbs.ts).
 */
export const ON_DEMAND_QUERIES: Readonly<Record<string, Query>> = {
  validate: validateQuery,
  why: whyQuery,
  whyMatrix: whyMatrixQuery,
  complete: completeQuery,
  checkLessons: checkLessonsQuery,
};

/** Real time and frames under the test's control: `frame(ms)` moves time on and runs one frame. */
export interface ManualTicker extends Ticker {
  /** Advances real time by `ms` and runs the frame callbacks waiting then; returns how many ran. */
  advance(ms: number): number;
  /** Frame callbacks waiting. */
  readonly waiting: number;
}

export function manualTicker(): ManualTicker {
  let now = 0;
  let queue: (() => void)[] = [];
  return {
    now: () => now,
    frame(fn) {
      queue.push(fn);
      return () => (queue = queue.filter((f) => f !== fn));
    },
    advance(ms) {
      now += ms;
      const run = queue;
      queue = [];
      for (const fn of run) fn();
      return run.length;
    },
    get waiting() {
      return queue.length;
    },
  };
}

export interface InProcessEngine extends EnginePort {
  readonly host: EngineHost;
  readonly ticker: ManualTicker;
  /** Every message the host posted, in order. */
  readonly posted: WorkerMessage[];
  terminated: boolean;
}

export function inProcessEngine(): InProcessEngine {
  const listeners: ((ev: { data: WorkerMessage }) => void)[] = [];
  const posted: WorkerMessage[] = [];
  const ticker = manualTicker();
  const host = new EngineHost({
    ticker,
    lessonDesk: () => new LessonDesk(),
    loadedQueries: () => ON_DEMAND_QUERIES,
    post: (msg) => {
      const data = structuredClone(msg);
      posted.push(data);
      queueMicrotask(() => {
        for (const fn of listeners) fn({ data });
      });
    },
  });
  const engine: InProcessEngine = {
    host,
    ticker,
    posted,
    terminated: false,
    postMessage(msg: Request) {
      const copy = structuredClone(msg);
      queueMicrotask(() => host.handle(copy));
    },
    addEventListener(type: 'message' | 'error', fn: (ev: never) => void) {
      if (type === 'message') listeners.push(fn as (ev: { data: WorkerMessage }) => void);
    },
    terminate() {
      engine.terminated = true;
    },
  };
  return engine;
}
