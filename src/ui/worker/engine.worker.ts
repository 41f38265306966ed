/**
 * The engine in a Web Worker: one per playground. It only wires the worker's message port and
 * its animation frames (Play advances the clock once per frame) to an EngineHost.
 */
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

const host = new EngineHost({ post: (msg: WorkerMessage) => postMessage(msg), ticker });
addEventListener('message', (ev: MessageEvent<Request>) => host.handle(ev.data));
