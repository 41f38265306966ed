/**
 * The worker's queue loads what a request needs before serving it, in request order: a line whose
 * part is not loaded yet waits for its chunk, a query for its module; a chunk that fails to load
 * leaves a clear answer and is tried again by the next request that needs it.
 *
 * Each test starts from a fresh module graph, whose verb registry holds only what a worker starts
 * with (the other tests run with every part registered, test/setup-verbs.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartName } from '../../../src/kubectl/parts/part.js';
import type { Loaders } from '../../../src/ui/worker/on-demand.js';
import type { Reply, Request, WorkerMessage } from '../../../src/ui/worker/protocol.js';

const fresh = async () => {
  vi.resetModules();
  return {
    ...(await import('../../../src/ui/worker/on-demand.js')),
    ...(await import('../../../src/ui/worker/host.js')),
    ...(await import('../../../src/kubectl/verb-registry.js')),
    ...(await import('../../../src/ui/worker/session-log.js')),
    ...(await import('./in-process.js')),
  };
};
let m: Awaited<ReturnType<typeof fresh>>;

/** What happened, in order: each chunk loaded (`load NAME`) and each reply (`reply ID`). */
let events: string[];
let failing: Set<string>;

/** The real chunks, each load recorded in `events` and refused while its name is in `failing`. */
const watched = (chunks: Loaders): Loaders => ({
  ...chunks,
  part: async (name: PartName) => {
    events.push(`load ${name}`);
    if (failing.has(name)) throw new Error('offline');
    return chunks.part(name);
  },
  queries: Object.fromEntries(
    Object.entries(chunks.queries).map(([name, load]) => [
      name,
      async () => {
        events.push(`load ${name}`);
        if (failing.has(name)) throw new Error('offline');
        return load();
      },
    ]),
  ),
});

function worker(): { send(req: Request): Promise<Reply> } {
  const { OnDemand, CHUNKS, serveInOrder, EngineHost, manualTicker } = m;
  const onDemand = new OnDemand(watched(CHUNKS));
  const waiting = new Map<number, (r: Reply) => void>();
  const post = (m: WorkerMessage) => {
    if (m.type === 'batch' || m.type === 'timeline' || m.type === 'time' || m.type === 'lesson') return;
    events.push(`reply ${m.id}`);
    waiting.get(m.id)?.(m);
  };
  const serve = serveInOrder(onDemand, new EngineHost({ post, ticker: manualTicker(), ...onDemand.env }));
  return { send: (req) => new Promise((resolve) => (waiting.set(req.id, resolve), serve(req))) };
}

const run = (id: number, text: string): Request => ({ id, type: 'run', text, files: {}, source: 'terminal' });
const stdout = (r: Reply): string => (r.type === 'results' ? r.results.map((x) => x.stdout + x.stderr).join('') : JSON.stringify(r));

beforeEach(async () => {
  m = await fresh();
  events = [];
  failing = new Set();
});

describe('the worker loads on demand', () => {
  it('loads the queries the in-process test worker has from the start', () => {
    expect(Object.keys(m.CHUNKS.queries).sort()).toEqual(Object.keys(m.ON_DEMAND_QUERIES).sort());
  });

  it('loads a line\'s part before running it, once, and keeps the order of the requests', async () => {
    const w = worker();
    expect(m.VERBS.has('inspect')).toBe(false);
    const replies = await Promise.all([
      w.send({ id: 1, type: 'load', log: { ...m.emptyLog(), commands: [{ line: 'sim node add node-1' }] } }),
      w.send(run(2, 'kubectl describe node node-1 | grep Name:')),
      w.send(run(3, 'sim node add node-2')),
      w.send(run(4, 'kubectl -n default describe node node-2')),
    ]);
    expect(events).toEqual(['reply 1', 'load inspect', 'reply 2', 'reply 3', 'reply 4']);
    expect(stdout(replies[1]!)).toBe('Name:               node-1\n');
    expect(stdout(replies[3]!)).toContain('Name:               node-2\n');
    expect(m.VERBS.has('inspect')).toBe(true);
  });

  it('loads the parts a saved log needs before rebuilding it', async () => {
    const w = worker();
    const log = { ...m.emptyLog(), commands: [{ line: 'sim node add node-1' }, { line: 'kubectl cordon node-1' }], branches: [[{ line: 'sim why node-1' }]] };
    const r = await w.send({ id: 1, type: 'load', log });
    expect(r.type).toBe('results');
    expect(events.slice(0, 2).sort()).toEqual(['load kubectl', 'load why']);
    expect(events.at(-1)).toBe('reply 1');
  });

  it('answers with what is missing when a chunk cannot load, and tries again next time', async () => {
    const w = worker();
    failing = new Set(['help', 'complete']);
    const r = await w.send(run(1, 'kubectl get -h'));
    expect(stdout(r)).toContain('"kubectl get" is not available yet: this page could not load its help part');
    expect(await w.send({ id: 2, type: 'query', query: 'complete', args: { text: 'kubectl ', caret: 8 } })).toEqual({ id: 2, type: 'failed', message: 'unknown query "complete"' });
    failing.clear();
    expect(stdout(await w.send(run(3, 'kubectl get -h')))).toContain('Display one or many resources');
    const answer = await w.send({ id: 4, type: 'query', query: 'complete', args: { text: 'kubectl desc', caret: 12 } });
    expect(answer).toMatchObject({ type: 'answer', value: { candidates: ['describe'] } });
    expect(events.filter((e) => e.startsWith('load'))).toEqual(['load help', 'load kubectl', 'load complete', 'load help', 'load complete']);
  });

  it('loads every part for a lesson checker query, which proves lessons by running them', async () => {
    const w = worker();
    const r = await w.send({ id: 1, type: 'query', query: 'checkLessons', args: { files: {} } });
    expect(r.type).not.toBe('failed');
    expect(events.slice(0, -1).sort()).toEqual(['load checkLessons', 'load help', 'load inspect', 'load kubectl', 'load why']);
    expect(['help', 'inspect', 'kubectl', 'why'].every((p) => m.VERBS.has(p as PartName))).toBe(true);
  });
});
