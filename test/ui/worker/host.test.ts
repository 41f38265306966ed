/**
 * The worker side of a playground: each request gets one reply after the batch of what it
 * changed; a settled cluster streams nothing; bad requests change nothing and say why.
 */
import { describe, expect, it, vi } from 'vitest';
import { SparseCheckpoints } from '../../../src/kubectl/timeline/checkpoints.js';
import { checkLessonsQuery } from '../../../src/ui/worker/queries/check-lessons.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import { manualTicker } from './in-process.js';
import { APPLY_AGENT } from './agent-ds.js';
import type { DiffBatch, Reply, WorkerMessage } from '../../../src/ui/worker/protocol.js';
import { emptyLog, type SessionLog } from '../../../src/ui/worker/session-log.js';
import type { Query } from '../../../src/ui/worker/queries.js';

function host(): { host: EngineHost; posted: WorkerMessage[] } {
  const posted: WorkerMessage[] = [];
  return { host: new EngineHost({ ticker: manualTicker(), post: (m) => posted.push(m) }), posted };
}

const batches = (posted: WorkerMessage[]): DiffBatch[] => posted.flatMap((m) => (m.type === 'batch' ? [m.batch] : []));
const replies = (posted: WorkerMessage[]): Reply[] => posted.filter((m): m is Reply => m.type !== 'batch');

describe('EngineHost', () => {
  it('answers a load with every object as a reset batch, then the reply', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'load', log: { ...emptyLog(), commands: [{ line: 'sim node add node-1' }] } });
    expect(h.posted.map((m) => m.type)).toEqual(['batch', 'timeline', 'results']);
    const [b] = batches(h.posted);
    expect(b!.entries).toEqual([]);
    expect(b!.reset!.filter((o) => o.kind === 'Node').map((o) => o.metadata.name)).toEqual(['node-1']);
    expect(b!.reset!.some((o) => o.kind === 'Namespace' && o.metadata.name === 'default')).toBe(true);
  });

  it('streams the trace entries of a command before its reply, and nothing when nothing changed', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'load', log: emptyLog() });
    h.posted.length = 0;
    h.host.handle({ id: 2, type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    expect(h.posted.map((m) => m.type)).toEqual(['batch', 'timeline', 'results']);
    const [b] = batches(h.posted);
    expect(b!.reset).toBeUndefined();
    expect(b!.entries.flatMap((e) => e.diff.added).some((o) => o.kind === 'Node' && o.metadata.name === 'node-1')).toBe(true);
    expect(b!.entries.every((e) => e.cause === 'sim node add node-1')).toBe(true);

    h.posted.length = 0;
    h.host.handle({ id: 3, type: 'run', text: 'kubectl get nodes', files: {}, source: 'terminal' });
    expect(h.posted.map((m) => m.type)).toEqual(['timeline', 'results']);
    h.host.handle({ id: 4, type: 'query', query: 'log', args: undefined });
    expect(h.posted.map((m) => m.type)).toEqual(['timeline', 'results', 'answer']);
  });

  it('answers with the editor files a script wrote, which its later lines read, and logs what they read', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'load', log: emptyLog() });
    const text = 'sim node add node-1\nkubectl get node node-1 -o yaml > node.yaml\nkubectl get nodes -o name >> names\nkubectl apply -f node.yaml';
    h.host.handle({ id: 2, type: 'run', text, files: { names: 'first\n', other: 'kept' }, source: 'terminal' });
    const r = replies(h.posted).at(-1)!;
    expect(r).toMatchObject({ type: 'results', written: { 'node.yaml': expect.stringContaining('name: node-1'), names: 'first\nnode/node-1\n' } });
    if (r.type !== 'results') throw new Error('no results');
    expect(Object.keys(r.written!).sort()).toEqual(['names', 'node.yaml']);
    expect(r.results.at(-1)).toMatchObject({ exitCode: 0, stdout: 'node/node-1 configured\n' });
    h.host.handle({ id: 3, type: 'query', query: 'log', args: undefined });
    const log = (replies(h.posted).at(-1) as { value: SessionLog }).value;
    expect(log.commands.at(-1)).toMatchObject({ line: 'kubectl apply -f node.yaml', files: { 'node.yaml': r.written!['node.yaml'] } });
    h.host.handle({ id: 4, type: 'run', text: 'kubectl get nodes', files: {}, source: 'terminal' });
    expect(replies(h.posted).at(-1)).not.toHaveProperty('written');
  });

  it('reports a script that does not parse, runs none of it and logs nothing', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'run', text: "sim node add a\nsim node add 'b", files: {}, source: 'terminal' });
    const r = replies(h.posted).at(-1)!;
    expect(r).toEqual({ id: 1, type: 'script-error', error: { error: expect.stringContaining('line 2'), line: 2 } });
    h.host.handle({ id: 2, type: 'query', query: 'log', args: undefined });
    expect(replies(h.posted).at(-1)).toMatchObject({ type: 'answer', value: { commands: [] } });
  });

  it('rewinds with a batch of how that moment differs and the timeline, and refuses a position it lacks', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'run', text: 'sim node add a\nsim node add b', files: {}, source: 'terminal' });
    h.posted.length = 0;
    h.host.handle({ id: 2, type: 'rewind', to: 1 });
    expect(h.posted.map((m) => m.type)).toEqual(['batch', 'timeline', 'results']);
    const { diff } = batches(h.posted)[0]!.moved!;
    expect(diff.removed.filter((o) => o.kind === 'Node').map((o) => o.metadata.name)).toEqual(['b']);
    expect([...diff.added, ...diff.updated.map(([, o]) => o)].filter((o) => o.kind === 'Node')).toEqual([]);
    expect(h.posted[1]).toMatchObject({ timeline: { length: 2, position: 1 } });
    h.host.handle({ id: 3, type: 'rewind', to: 7 });
    expect(replies(h.posted).at(-1)).toEqual({ id: 3, type: 'failed', message: 'the branch has moments after 0 to 2 commands, not 7' });
  });

  it('follows sim rewind --to typed in the terminal: a batch of how that moment differs, and the scrubber shows it', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'run', text: 'sim node add a\nsim advance 1m\nsim node add b\nsim advance 1m', files: {}, source: 'terminal' });
    h.posted.length = 0;
    h.host.handle({ id: 2, type: 'run', text: 'sim rewind --to 1m', files: {}, source: 'terminal' });
    expect(h.posted.map((m) => m.type)).toEqual(['batch', 'timeline', 'results']);
    expect(replies(h.posted).at(-1)).toMatchObject({ type: 'results', results: [{ exitCode: 0 }] });
    // As the scrubber's rewinds: how the moment differs from what the page holds (test/ui/worker/moved.test.ts).
    expect(batches(h.posted)[0]!.reset).toBeUndefined();
    expect(batches(h.posted)[0]!.moved!.diff.updated.map(([, o]) => o.metadata.name)).toContain('a');
    expect(h.posted[1]).toMatchObject({ timeline: { length: 4, position: 3, branches: [] } });
    h.host.handle({ id: 3, type: 'rewind', to: 4 });
    expect(h.posted.at(-2)).toMatchObject({ timeline: { length: 4, position: 4 } });
    h.host.handle({ id: 4, type: 'query', query: 'log', args: undefined });
    const log = (replies(h.posted).at(-1) as { value: SessionLog }).value;
    expect(log.commands.map((c) => c.line)).toEqual(['sim node add a', 'sim advance 1m', 'sim node add b', 'sim advance 1m']);
  });

  it('sends nothing of the cluster for sim checkpoint and sim checkpoints, which leave it as it is', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'run', text: 'sim node add a', files: {}, source: 'terminal' });
    h.posted.length = 0;
    h.host.handle({ id: 2, type: 'run', text: 'sim checkpoint first\nsim checkpoints', files: {}, source: 'terminal' });
    expect(h.posted.map((m) => m.type)).toEqual(['timeline', 'results']);
    expect(replies(h.posted).at(-1)).toMatchObject({ type: 'results', results: [{ exitCode: 0 }, { exitCode: 0, stdout: expect.stringContaining('first') }] });
    // Commands with them in one script still send what they changed, as entries.
    h.posted.length = 0;
    h.host.handle({ id: 3, type: 'run', text: 'sim checkpoint second\nsim node add b', files: {}, source: 'terminal' });
    const [b] = batches(h.posted);
    expect(b!.reset).toBeUndefined();
    expect(b!.entries.flatMap((e) => e.diff.added).some((o) => o.kind === 'Node' && o.metadata.name === 'b')).toBe(true);
  });

  it('sends each new moment with its engine facts: a load, a move on the timeline and a typed sim rewind', () => {
    const h = host();
    const surge = "kubectl patch ds agent --type merge -p '{\"spec\":{\"updateStrategy\":{\"rollingUpdate\":{\"maxSurge\":1,\"maxUnavailable\":0}}}}'";
    const script = ['sim node add a', 'sim node add b', APPLY_AGENT, 'sim settle', surge, 'kubectl set image ds/agent agent=agent:2', 'sim settle'];
    h.host.handle({ id: 1, type: 'run', text: script.join('\n'), files: {}, source: 'terminal' });
    h.posted.length = 0;
    h.host.handle({ id: 2, type: 'query', query: 'log', args: undefined });
    const log = (replies(h.posted).at(-1) as { value: SessionLog }).value;
    h.posted.length = 0;
    h.host.handle({ id: 3, type: 'load', log });
    const loaded = batches(h.posted)[0]!;
    const uid = loaded.reset!.find((o) => o.kind === 'DaemonSet')!.metadata.uid;
    // Settled on the new image: nothing surges.
    expect(loaded.facts?.budgets[uid]).toMatchObject({ maxSurge: 1, maxUnavailable: 0, desiredNumberScheduled: 2, numSurge: 0 });
    h.posted.length = 0;
    // Right after the image changed, one node runs a new pod beside its old one.
    h.host.handle({ id: 4, type: 'rewind', to: 6 });
    const moved = batches(h.posted)[0]!;
    expect(moved.moved).toBeDefined();
    expect(moved.facts?.budgets[uid]).toMatchObject({ numSurge: 1 });
    h.posted.length = 0;
    h.host.handle({ id: 5, type: 'run', text: 'sim rewind --to 0s', files: {}, source: 'terminal' });
    const rewound = batches(h.posted)[0]!;
    expect(rewound.moved).toBeDefined();
    // Back before the patch and the boot: the budget of the strategy as applied, for no node yet.
    expect(rewound.facts?.budgets[uid]).toEqual({ maxSurge: 0, maxUnavailable: 1, desiredNumberScheduled: 0, numUnavailable: 0 });
    // A command's batch brings the facts of what it leaves; a Play frame's none (the page asks, at most every 250 ms).
    h.posted.length = 0;
    h.host.handle({ id: 6, type: 'run', text: 'sim node add c', files: {}, source: 'terminal' });
    expect(batches(h.posted)[0]!.facts?.budgets[uid]).toMatchObject({ maxSurge: 0, maxUnavailable: 1 });
  });

  it('sends no engine facts with a Play frame, and a command given during Play sends those of what it leaves', () => {
    const posted: WorkerMessage[] = [];
    const ticker = manualTicker();
    const h = new EngineHost({ ticker, post: (m) => posted.push(m) });
    h.handle({ id: 1, type: 'run', text: `sim node add a\n${APPLY_AGENT}\nsim settle`, files: {}, source: 'terminal' });
    h.handle({ id: 2, type: 'run', text: 'kubectl set image ds/agent agent=agent:2', files: {}, source: 'terminal' });
    h.handle({ id: 3, type: 'play', speed: 1 });
    posted.length = 0;
    ticker.advance(1000);
    ticker.advance(1000);
    const frames = batches(posted);
    expect(frames).toHaveLength(2);
    expect(frames.every((b) => b.facts === undefined)).toBe(true);
    posted.length = 0;
    h.handle({ id: 4, type: 'run', text: 'sim node add b', files: {}, source: 'terminal' });
    const command = batches(posted).at(-1)!;
    expect(command.entries.flatMap((e) => e.diff.added).some((o) => o.kind === 'Node' && o.metadata.name === 'b')).toBe(true);
    expect(Object.values(command.facts!.budgets)).toEqual([expect.objectContaining({ maxUnavailable: 1, maxSurge: 0 })]);
  });

  it("does the timeline's checkpoint bookkeeping once the reply is out, in a task of its own, or before the next command", () => {
    // The bookkeeping of a kept moment (measuring it, compacting older ones), spied on where it runs.
    const books = vi.spyOn(SparseCheckpoints.prototype as unknown as { booksOfNewest(): void }, 'booksOfNewest');
    try {
      const queued: (() => void)[] = [];
      const booksAtReply: number[] = [];
      const h = new EngineHost({
        ticker: manualTicker(),
        post: (m) => {
          if (m.type === 'results') booksAtReply.push(books.mock.calls.length);
        },
        later: (fn) => queued.push(fn),
      });
      h.handle({ id: 1, type: 'load', log: emptyLog() });
      for (const fn of queued.splice(0)) fn();
      books.mockClear();
      booksAtReply.length = 0;
      // The first command keeps its moment: its reply goes out before the bookkeeping, queued once.
      h.handle({ id: 2, type: 'run', text: 'sim node add node-{1..3}', files: {}, source: 'terminal' });
      expect(booksAtReply).toEqual([0]);
      expect(queued).toHaveLength(1);
      // A command that comes first has it done before its own moment is offered.
      h.handle({ id: 3, type: 'run', text: 'sim advance 11m', files: {}, source: 'terminal' });
      expect(booksAtReply).toEqual([0, 1]);
      expect(queued).toHaveLength(1);
      queued.shift()!();
      expect(books).toHaveBeenCalledTimes(2);
      // Without a way to run it later, the host does it right after the reply.
      const now = new EngineHost({ ticker: manualTicker(), post: (m) => m.type === 'results' && booksAtReply.push(books.mock.calls.length) });
      books.mockClear();
      booksAtReply.length = 0;
      now.handle({ id: 1, type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
      expect(booksAtReply).toEqual([0]);
      expect(books).toHaveBeenCalledTimes(1);
    } finally {
      books.mockRestore();
    }
  });

  it('refuses an unknown query and a log of another format, keeping the session', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    h.host.handle({ id: 2, type: 'query', query: 'nope', args: undefined });
    expect(replies(h.posted).at(-1)).toEqual({ id: 2, type: 'failed', message: 'unknown query "nope"' });
    h.host.handle({ id: 3, type: 'load', log: { ...emptyLog(), format: 99 } });
    expect(replies(h.posted).at(-1)).toEqual({ id: 3, type: 'failed', message: 'this session log has format 99; this page reads formats 1 and 2' });
    h.host.handle({ id: 4, type: 'query', query: 'log', args: undefined });
    expect(replies(h.posted).at(-1)).toMatchObject({ value: { commands: [{ line: 'sim node add node-1' }] } });
  });

  it('answers checkLessons only once the worker has loaded it (a chunk of its own), as an unknown query before', () => {
    const posted: WorkerMessage[] = [];
    let loaded: Record<string, Query> = {};
    const h = new EngineHost({ ticker: manualTicker(), post: (m) => posted.push(m), loadedQueries: () => loaded });
    h.handle({ id: 1, type: 'query', query: 'checkLessons', args: { files: {} } });
    expect(replies(posted).at(-1)).toEqual({ id: 1, type: 'failed', message: 'unknown query "checkLessons"' });
    loaded = { checkLessons: checkLessonsQuery };
    h.handle({ id: 2, type: 'query', query: 'checkLessons', args: { files: {} } });
    expect(replies(posted).at(-1)).toEqual({ id: 2, type: 'answer', value: { lines: [], failed: 0, folders: [] } });
  });

  it('answers a lesson request without the lesson runtime loaded with why, keeping the session', () => {
    const h = host();
    h.host.handle({ id: 1, type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    h.host.handle({ id: 2, type: 'lesson', action: { do: 'hint' } });
    expect(replies(h.posted).at(-1)).toEqual({ id: 2, type: 'failed', message: 'the lesson runtime could not be loaded' });
    expect(h.posted.some((m) => m.type === 'lesson')).toBe(false);
    h.host.handle({ id: 3, type: 'query', query: 'log', args: undefined });
    expect(replies(h.posted).at(-1)).toMatchObject({ value: { commands: [{ line: 'sim node add node-1' }] } });
  });
});
