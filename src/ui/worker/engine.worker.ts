/**
 * The engine in a Web Worker: one per playground. It only wires the worker's message port and
 * its animation frames (Play advances the clock once per frame) to an EngineHost, through the
 * queue that loads what a request needs first (on-demand.ts: the parts of the command language a
 * first picture does not need, the field docs, the lesson runtime, the bigger queries, each a
 * chunk of its own). Requests are handled one after another, so one waiting for a chunk never
 * lets a later one go first.
 */
import { EngineHost } from './host.js';
import { OnDemand, serveInOrder } from './on-demand.js';
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

// The engine's modules are evaluated: the landing e2e prints this mark in the page's timeline.
performance.mark('everynode:worker-evaluated');
const onDemand = new OnDemand();
const host = new EngineHost({ post: (msg: WorkerMessage) => postMessage(msg), ticker, later: (fn) => setTimeout(fn, 0), ...onDemand.env });
const serve = serveInOrder(onDemand, host);
addEventListener('message', (ev: MessageEvent<Request>) => serve(ev.data));
