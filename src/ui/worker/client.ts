/**
 * The page's side of an engine worker: requests and their replies, matched by id, and the stream
 * of batches handed to one listener. The port is injected (a real Worker in the page, an
 * in-process host in tests), so nothing here is a module singleton.
 */
import type { DiffBatch, Reply, Request, WorkerMessage } from './protocol.js';

/** The part of a Worker the client uses. */
export interface EnginePort {
  postMessage(msg: Request): void;
  addEventListener(type: 'message', fn: (ev: { data: WorkerMessage }) => void): void;
  addEventListener(type: 'error', fn: (ev: { message?: string }) => void): void;
  terminate(): void;
}

/** A request without its id (the client numbers them). */
export type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class EngineClient {
  private nextId = 1;
  private readonly pending = new Map<number, (r: Reply) => void>();

  constructor(
    private readonly port: EnginePort,
    onBatch: (b: DiffBatch) => void,
    /** The worker itself failed (it could not load, or threw outside a request). */
    onCrash: (message: string) => void,
  ) {
    port.addEventListener('message', (ev) => {
      const msg = ev.data;
      if (msg.type === 'batch') return onBatch(msg.batch);
      const resolve = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      resolve?.(msg);
    });
    port.addEventListener('error', (ev) => {
      const message = `the engine worker failed: ${ev.message ?? 'it could not start'}`;
      for (const [id, resolve] of this.pending) resolve({ id, type: 'failed', message });
      this.pending.clear();
      onCrash(message);
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
