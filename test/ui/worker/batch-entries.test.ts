/**
 * A batch carries each update's new object only, an object updated again later in the batch
 * only at its last update, and of an object the page holds only the parts the update changed:
 * a page fed those batches shows exactly what a page fed every write of the trace shows (the
 * mirror, the picture's pods per node in their order, the events panel, the live region's words).
 */
import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../src/sim/engine/cluster.js';
import { EventFeed } from '../../../src/ui/events/feed.svelte.js';
import { LiveCluster } from '../../../src/ui/playground/live-cluster.svelte.js';
import { describeBatch } from '../../../src/ui/status/announce.js';
import { batchEntries } from '../../../src/ui/worker/batch-entries.js';
import type { DiffBatch } from '../../../src/ui/worker/protocol.js';
import { EngineSession } from '../../../src/ui/worker/session.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';
import { ObjectIndex } from '../../../src/view/model/objects.js';
import { APPLY_AGENT } from './agent-ds.js';

const KINDS = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'PriorityClass'] as const;

/** A page's readers, fed one stream of batches. */
function page(session: EngineSession) {
  const live = new LiveCluster();
  const index = new ObjectIndex();
  const words: (string | undefined)[] = [];
  live.onBatch((b) => {
    index.apply(b);
    words.push(describeBatch(b));
  });
  live.apply({ reset: [...session.cluster.store.all()], entries: [], now: session.cluster.now });
  return { live, index, words, feed: new EventFeed(live) };
}

const updates = (entries: readonly { readonly diff: { readonly updated: readonly unknown[] } }[]): number => entries.reduce((n, e) => n + e.diff.updated.length, 0);

describe('batchEntries', () => {
  it('feeds the page exactly what every write of the trace feeds it, with fewer updates', () => {
    const session = new EngineSession(emptyLog());
    const cut = page(session);
    const every = page(session);
    let raw: TraceEntry[] = [];
    session.cluster.subscribe((e) => raw.push(e));
    let fewer = false;
    let held = false;
    let shared = false;
    for (const text of ['sim node add node-{1..40}', 'sim settle', APPLY_AGENT, 'sim settle', 'kubectl set image ds/agent agent=agent:2\nsim advance 3m', 'sim node remove node-3\nsim node add node-3\nsim settle', 'sim advance 30m', 'kubectl delete ds agent\nsim settle']) {
      session.run(text, {});
      const now = session.cluster.now;
      const entries = batchEntries(raw);
      expect(entries.every((e) => e.diff.updated.every(([from]) => from === undefined))).toBe(true);
      fewer ||= updates(entries) < updates(raw);
      const lists = entries.flatMap((e) => e.diff.updated.flatMap(([, , paths]) => (paths ? [paths] : [])));
      shared ||= new Set(lists).size < lists.length;
      held ||= entries.some((e) => e.diff.updated.some(([, to, paths]) => to.kind === 'Pod' && to.spec === undefined && paths?.some((p) => p.join('.') === 'spec') === true));
      cut.live.apply(structuredClone({ entries, now }) as DiffBatch);
      every.live.apply(structuredClone({ entries: raw, now }));
      raw = [];
      for (const kind of KINDS) {
        expect(cut.live.list(kind)).toEqual(session.cluster.store.list(kind));
        expect(every.live.list(kind)).toEqual(session.cluster.store.list(kind));
      }
      expect(cut.feed.events).toEqual(every.feed.events);
      expect(cut.words.at(-1)).toBe(every.words.at(-1));
      for (const node of ['', ...cut.live.keys('Node')]) expect([...cut.index.podsOnNode(node)]).toEqual([...every.index.podsOnNode(node)]);
    }
    expect(fewer).toBe(true);
    // Pods' status writes left their spec out of the message, for the page to fill in, and
    // updates that hold the same parts name them in one list.
    expect(held).toBe(true);
    expect(shared).toBe(true);
  });

  it('keeps an update of a name removed and added again later in the batch', () => {
    const session = new EngineSession(emptyLog());
    session.run('sim node add node-1\nsim settle', {});
    const raw: TraceEntry[] = [];
    session.cluster.subscribe((e) => raw.push(e));
    expect(session.run('kubectl label node node-1 pool=a\nsim node remove node-1\nsim node add node-1\nkubectl label node node-1 pool=b', {})).not.toHaveProperty('error');
    const written = (entries: readonly { readonly diff: DiffBatch['entries'][number]['diff'] }[]) => entries.flatMap((e) => e.diff.updated.filter(([, o]) => o.kind === 'Node').map(([, o]) => o.metadata.labels?.['pool']));
    expect(written(batchEntries(raw))).toEqual(['a', 'b']);
  });
});

describe('LiveCluster filling in held parts', () => {
  it('refuses an update whose held parts it cannot fill in (it holds no version of the object)', () => {
    const session = new EngineSession(emptyLog());
    session.run('sim node add node-1', {});
    const raw: TraceEntry[] = [];
    session.cluster.subscribe((e) => raw.push(e));
    session.run('sim settle', {});
    const entries = batchEntries(raw);
    expect(entries.some((e) => e.diff.updated.some(([, , paths]) => paths !== undefined))).toBe(true);
    const live = new LiveCluster();
    expect(() => live.apply(structuredClone({ entries, now: session.cluster.now }) as DiffBatch)).toThrow(/holds no Node node-1/);
  });
});
