/**
 * The page's side of an engine worker: requests and their replies, matched by id, and the stream
 * of batches handed to one listener. The port is injected (a real Worker in the page, an
 * in-process host in tests), so nothing here is a module singleton.
 */
import type { DiffBatch, Reply, Request, TimeMessage, WorkerMessage } from './protocol.js';
import type { TimelineView } from './scrubber.js';
import type { LessonMessage } from './lesson-protocol.js';

/** The part of a Worker the client uses. */
export interface EnginePort {
  postMessage(msg: Request): void;
  addEventListener(type: 'message', fn: (ev: { data: WorkerMessage }) => void): void;
  addEventListener(type: 'error', fn: (ev: { message?: string }) => void): void;
  terminate(): void;
}

/** What the worker streams besides replies. */
export interface EngineListeners {
  batch(b: DiffBatch): void;
  /** A Play segment ended (logged as `sim advance D`). */
  time(t: TimeMessage): void;
  /** The timeline changed (length, position shown, branches). */
  timeline(view: TimelineView): void;
  /** The open lesson's view changed (playgrounds without lessons may ignore it). */
  lesson?(view: LessonMessage): void;
  /** The worker itself failed (it could not load, or threw outside a request). */
  crash(message: string): void;
}

/** A request without its id (the client numbers them). */
export type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class EngineClient {
  private nextId = 1;
  private readonly pending = new Map<number, (r: Reply) => void>();

  constructor(
    private readonly port: EnginePort,
    listeners: EngineListeners,
  ) {
    port.addEventListener('message', (ev) => {
      const msg = ev.data;
      if (msg.type === 'batch') return listeners.batch(msg.batch);
      if (msg.type === 'time') return listeners.time(msg);
      if (msg.type === 'timeline') return listeners.timeline(msg.timeline);
      if (msg.type === 'lesson') return listeners.lesson?.(msg.view);
      const resolve = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      resolve?.(msg);
    });
    port.addEventListener('error', (ev) => {
      const message = `the engine worker failed: ${ev.message ?? 'it could not start'}`;
      for (const [id, resolve] of this.pending) resolve({ id, type: 'failed', message });
      this.pending.clear();
      listeners.crash(message);
    });
  }

  request(body: RequestBody): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.port.postMessage({ ...body, id } as Request);
    });
  }

  close(): void {
    this.port.terminate();
  }
}
