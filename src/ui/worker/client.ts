/** The page's side of the engine worker: request/response over postMessage, by id. */
import type { CommandResult } from '../../kubectl/session.js';
import type { Request, Response } from './protocol.js';
import EngineWorker from './engine.worker.ts?worker';

type Pending = { resolve: (r: Response) => void };
type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class EngineClient {
  private readonly worker = new EngineWorker();
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor() {
    this.worker.addEventListener('message', (ev: MessageEvent<Response>) => {
      const p = this.pending.get(ev.data.id);
      if (!p) return;
      this.pending.delete(ev.data.id);
      p.resolve(ev.data);
    });
  }

  /** Runs script text (one or more commands) against the page's cluster. */
  async run(text: string): Promise<{ results: readonly CommandResult[] } | { error: string; line?: number }> {
    const r = await this.send({ type: 'script', text });
    return r.type === 'results' ? { results: r.results } : { error: r.message, ...(r.line !== undefined ? { line: r.line } : {}) };
  }

  async reset(seed: number): Promise<void> {
    await this.send({ type: 'reset', seed });
  }

  private send(body: RequestBody): Promise<Response> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }
}
