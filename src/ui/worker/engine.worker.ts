/**
 * The engine in a Web Worker: one per playground. It only wires the worker's message port and
 * its animation frames (Play advances the clock once per frame) to an EngineHost.
 *
 * The field docs of `kubectl explain` are a chunk of their own (build/field-docs-plugin.ts), fetched
 * the first time a script mentions explain. Requests are handled one after another, so one
 * waiting for that chunk never lets a later one go first.
 */
import type { FieldDocs } from '../../kubectl/explain/field-docs.js';
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

const host = new EngineHost({ post: (msg: WorkerMessage) => postMessage(msg), ticker, fieldDocs: () => fieldDocs });
let queue: Promise<void> = Promise.resolve();
addEventListener('message', (ev: MessageEvent<Request>) => {
  queue = queue.then(() => docsFor(ev.data)).then(() => host.handle(ev.data));
});
