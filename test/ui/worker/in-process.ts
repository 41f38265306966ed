/**
 * An engine "worker" in the test process: an EngineHost behind an EnginePort, with messages
 * structured-cloned and delivered on a later microtask, as postMessage does. It records every
 * message the host posted so tests can assert what was streamed.
 */
import type { EnginePort } from '../../../src/ui/worker/client.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import type { Request, WorkerMessage } from '../../../src/ui/worker/protocol.js';

export interface InProcessEngine extends EnginePort {
  readonly host: EngineHost;
  /** Every message the host posted, in order. */
  readonly posted: WorkerMessage[];
  terminated: boolean;
}

export function inProcessEngine(): InProcessEngine {
  const listeners: ((ev: { data: WorkerMessage }) => void)[] = [];
  const posted: WorkerMessage[] = [];
  const host = new EngineHost({
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
