/**
 * The worker side of a playground, free of any worker global so it runs in Node tests too: it
 * serves the page's requests against one EngineSession and streams what changed.
 *
 * Invariants:
 * - Every request gets exactly one reply, after the batch of what it changed: when a `run`
 *   resolves in the page, the page's LiveCluster already shows its effect.
 * - A batch is posted only when something changed (a settled cluster sends nothing); the first
 *   batch after a (re)load carries every object as `reset`.
 */
import type { TraceEntry } from '../../sim/engine/cluster.js';
import type { ApiObject } from '../../sim/api/types.js';
import type { Reply, Request, WorkerMessage } from './protocol.js';
import { QUERIES } from './queries.js';
import { EngineSession } from './session.js';
import { emptyLog } from './session-log.js';

export interface HostEnv {
  post(msg: WorkerMessage): void;
}

export class EngineHost {
  private session: EngineSession;
  private entries: TraceEntry[] = [];
  private resetPending = true;
  private unsubscribe: () => void = () => {};

  constructor(private readonly env: HostEnv) {
    this.session = this.attach(new EngineSession(emptyLog()));
  }

  handle(req: Request): void {
    let reply: Reply;
    try {
      reply = this.serve(req);
    } catch (e) {
      reply = { id: req.id, type: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
    this.flush();
    this.env.post(reply);
  }

  /** Posts what changed since the last batch, if anything did. */
  flush(): void {
    if (!this.resetPending && this.entries.length === 0) return;
    const entries = this.entries;
    this.entries = [];
    const reset = this.resetPending ? everyObject(this.session) : undefined;
    this.resetPending = false;
    this.env.post({ type: 'batch', batch: { ...(reset ? { reset } : {}), entries: reset ? [] : entries, now: this.session.cluster.now } });
  }

  private serve(req: Request): Reply {
    switch (req.type) {
      case 'run': {
        const out = this.session.run(req.text, req.files);
        return 'error' in out ? { id: req.id, type: 'script-error', error: out } : { id: req.id, type: 'results', results: out };
      }
      case 'query': {
        const q = Object.hasOwn(QUERIES, req.query) ? QUERIES[req.query] : undefined;
        if (!q) return { id: req.id, type: 'failed', message: `unknown query "${req.query}"` };
        return { id: req.id, type: 'answer', value: q(this.session, req.args) };
      }
      case 'load':
        this.session = this.attach(new EngineSession(req.log));
        return { id: req.id, type: 'results', results: [] };
    }
  }

  private attach(session: EngineSession): EngineSession {
    this.unsubscribe();
    this.entries = [];
    this.resetPending = true;
    this.unsubscribe = session.cluster.subscribe((e) => this.entries.push(e));
    return session;
  }
}

/** Every stored object of the session's cluster, kind by kind. */
function everyObject(session: EngineSession): ApiObject[] {
  const out: ApiObject[] = [];
  for (const byNamespace of session.cluster.store.snapshot().objects.values()) {
    for (const names of byNamespace.values()) for (const obj of names.values()) out.push(obj);
  }
  return out;
}
