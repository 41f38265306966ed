/**
 * The engine in a Web Worker: one per playground. It only wires the worker's message port and
 * its animation frames (Play advances the clock once per frame) to an EngineHost.
 *
 * Two parts load on demand, each a chunk of its own: the field docs of `kubectl explain`
 * (build/field-docs-plugin.ts), the first time a script mentions explain, and the lesson runtime
 * (the lesson parser, LessonRun and its checks), at the first lesson request, and the lesson checker
 * for an instructor's own folder (`checkLessons`, with the Markdown lexer its snippet check uses),
 * at the first request for it. Requests are handled one after another, so one waiting for a chunk
 * never lets a later one go first.
 */
import type { FieldDocs } from '../../kubectl/explain/field-docs.js';
import type { LessonDesk } from './lesson-desk.js';
import type { Query } from './queries.js';
import { EngineHost } from './host.js';
import type { Ticker } from './play-loop.js';
import type { Request, WorkerMessage } from './protocol.js';

/** Frames from the worker's requestAnimationFrame where the browser offers it, else ~60 a second. */
const ticker: Ticker = {
  now: () => performance.now(),
  frame: (fn) => {
    if (typeof requestAnimationFrame === 'function') {
      const h = requestAnimationFrame(() => fn());
      return () => cancelAnimationFrame(h);
    }
    const h = setTimeout(fn, 16);
    return () => clearTimeout(h);
  },
};

let fieldDocs: FieldDocs | undefined;

/** Loads the field docs when a script may need them; without them explain shows types alone. */
async function docsFor(req: Request): Promise<void> {
  if (fieldDocs || req.type !== 'run' || !/\bexplain\b/.test(req.text)) return;
  try {
    fieldDocs = (await import('virtual:everynode/field-docs')).default;
  } catch {
    // offline, or the chunk failed to load: explain still answers, with the types alone
  }
}

let Desk: typeof LessonDesk | undefined;

/** Loads the lesson runtime at the first lesson request; if it fails, that request says so. */
async function lessonsFor(req: Request): Promise<void> {
  if (Desk || req.type !== 'lesson') return;
  try {
    Desk = (await import('./lesson-desk.js')).LessonDesk;
  } catch {
    // offline and not cached: the host answers that the lesson runtime could not be loaded
  }
}

let checkLessons: Query | undefined;

/** Loads the lesson checker at the first request for it; if it fails, that query is unknown and says so. */
async function checkerFor(req: Request): Promise<void> {
  if (checkLessons || req.type !== 'query' || req.query !== 'checkLessons') return;
  try {
    checkLessons = (await import('./queries/check-lessons.js')).checkLessonsQuery;
  } catch {
    // offline and not cached: the host answers that it knows no such query
  }
}

// The engine's modules are evaluated: the landing e2e prints this mark in the page's timeline.
performance.mark('everynode:worker-evaluated');
const host = new EngineHost({
  post: (msg: WorkerMessage) => postMessage(msg),
  ticker,
  fieldDocs: () => fieldDocs,
  lessonDesk: () => (Desk ? new Desk() : undefined),
  loadedQueries: (): Record<string, Query> => (checkLessons ? { checkLessons } : {}),
});
let queue: Promise<void> = Promise.resolve();
addEventListener('message', (ev: MessageEvent<Request>) => {
  queue = queue.then(() => Promise.all([docsFor(ev.data), lessonsFor(ev.data), checkerFor(ev.data)])).then(() => host.handle(ev.data));
});
