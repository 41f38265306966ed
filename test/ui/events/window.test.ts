/**
 * The page's window on Events: the worker sends a batch's newest FEED_LIMIT Events and every
 * removal, and a whole state's newest FEED_LIMIT, and the events panel fed that way lists exactly
 * what it lists when fed every Event.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiObject, KubeEvent } from '../../../src/sim/api/types.js';
import type { TraceEntry } from '../../../src/sim/engine/cluster.js';
import { EventFeed } from '../../../src/ui/events/feed.svelte.js';
import { byFeedOrder, FEED_LIMIT, newestEvents, pageObjects, windowEvents } from '../../../src/ui/events/window.js';
import { LiveCluster } from '../../../src/ui/playground/live-cluster.svelte.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import type { DiffBatch } from '../../../src/ui/worker/protocol.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';
import type { EngineSession } from '../../../src/ui/worker/session.js';
import { APPLY_AGENT } from '../worker/agent-ds.js';
import { manualTicker } from '../worker/in-process.js';

const shown = (feed: EventFeed): string[] => feed.events.map((e) => `${e.metadata.name}@${e.metadata.resourceVersion} x${e.count ?? 1}`);
const eventWrites = (b: DiffBatch): number => b.entries.reduce((n, e) => n + e.diff.added.filter((o) => o.kind === 'Event').length + e.diff.updated.filter(([, o]) => o.kind === 'Event').length, 0);

/** A host whose batches feed one page (windowed, as the worker posts them) and, from the raw trace, another page with every Event. */
function twoPages() {
  const windowed = new LiveCluster();
  const full = new LiveCluster();
  const posted: DiffBatch[] = [];
  const host = new EngineHost({ ticker: manualTicker(), post: (m) => m.type === 'batch' && (posted.push(m.batch), windowed.apply(structuredClone(m.batch))) });
  const session = () => (host as unknown as { session: EngineSession }).session;
  host.handle({ id: 0, type: 'load', log: emptyLog() });
  full.apply({ reset: [...session().cluster.store.all()], entries: [], now: session().cluster.now });
  let raw: TraceEntry[] = [];
  let off = session().cluster.subscribe((e) => raw.push(e));
  let id = 1;
  return {
    windowed,
    full,
    posted,
    session,
    run(text: string): void {
      host.handle({ id: id++, type: 'run', text, files: {}, source: 'terminal' });
      full.apply(structuredClone({ entries: raw, now: session().cluster.now }));
      raw = [];
    },
    /** A new empty cluster in the host (and the full page's reset from the store, every Event). */
    load(): void {
      off();
      host.handle({ id: id++, type: 'load', log: emptyLog() });
      off = session().cluster.subscribe((e) => raw.push(e));
      full.apply({ reset: [...session().cluster.store.all()], entries: [], now: session().cluster.now });
    },
  };
}

describe('the events window', () => {
  it('feeds the events panel exactly what every Event would, through big batches, repeats and expiry', () => {
    const p = twoPages();
    const feeds = [new EventFeed(p.windowed), new EventFeed(p.full)] as const;
    let cut = false;
    for (const text of ['sim node add node-{1..60}', 'sim settle', 'sim image agent:1 --behaviour crash', APPLY_AGENT, 'sim advance 5m', 'sim image agent:1 --behaviour ok\nsim advance 6m', 'sim node add late-{1..3}\nsim settle', 'sim advance 50m', 'sim node add after-1\nsim settle', 'sim advance 20m', 'sim node add after-{2..50}']) {
      p.run(text);
      expect(shown(feeds[0])).toEqual(shown(feeds[1]));
      expect(eventWrites(p.posted.at(-1)!)).toBeLessThanOrEqual(FEED_LIMIT);
      cut ||= p.full.list('Event').length > p.windowed.list('Event').length;
    }
    // Repeated events (the crash loop's BackOff) were sent as updates of the Events shown.
    expect(p.posted.some((b) => b.entries.some((e) => e.diff.updated.some(([, o]) => o.kind === 'Event')))).toBe(true);
    // The big batches were cut, expiry removed Events the window had shown, and the panel is full.
    expect(p.posted.some((b) => b.entries.some((e) => e.diff.removed.some((o) => o.kind === 'Event')))).toBe(true);
    expect(cut).toBe(true);
    expect(feeds[0].events).toHaveLength(FEED_LIMIT);
    // Every other kind is mirrored in full.
    for (const kind of ['Node', 'Pod', 'DaemonSet', 'ControllerRevision'] as const) expect(p.windowed.list(kind)).toEqual(p.session().cluster.store.list(kind));
  });

  it('starts a whole state with every object but Events, and the newest Events in the panel order', () => {
    const p = twoPages();
    p.run('sim node add node-{1..60}\nsim settle');
    const all = [...p.session().cluster.store.all()];
    const events = all.filter((o): o is KubeEvent => o.kind === 'Event');
    expect(events.length).toBeGreaterThan(FEED_LIMIT);
    const page = pageObjects(p.session().cluster.store);
    expect(page.filter((o) => o.kind !== 'Event')).toEqual(all.filter((o) => o.kind !== 'Event'));
    expect(page.findIndex((o) => o.kind === 'Event')).toBe(page.length - FEED_LIMIT);
    expect(page.filter((o) => o.kind === 'Event')).toEqual(newestEvents(events));
    // A load posts it so: the panel of a page started from it lists what a page with every Event lists.
    p.load();
    p.run('sim node add node-{1..60}\nsim settle');
    expect(shown(new EventFeed(p.windowed))).toEqual(shown(new EventFeed(p.full)));
  });

  it('picks the newest Events as sorting them all would, ties and Events without a time included', () => {
    // Few distinct times, so thousands of Events share the cutoff's instant, as a fleet's do.
    const event = (second: number | undefined, rv: number): KubeEvent =>
      ({ kind: 'Event', metadata: { name: `e${rv}`, namespace: 'default', resourceVersion: String(rv) }, ...(second === undefined ? {} : { lastTimestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString().replace('.000', '') }) }) as unknown as KubeEvent;
    const seconds = fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }), { maxLength: 2 * FEED_LIMIT + 50 });
    const shuffled = seconds.chain((s) => fc.shuffledSubarray(s.map((second, i) => event(second, i + 1)), { minLength: s.length }));
    fc.assert(
      fc.property(shuffled, (events) => {
        expect(newestEvents(events)).toEqual([...events].sort(byFeedOrder).slice(-FEED_LIMIT));
      }),
      { numRuns: 40 },
    );
  });

  it('passes on a batch with no more Events than the window as it is', () => {
    const entry = (objs: ApiObject[]) => ({ diff: { added: objs, updated: [], removed: [] } });
    const p = twoPages();
    p.run('sim node add node-1');
    const entries = [entry([...p.session().cluster.store.list('Event')]), entry([...p.session().cluster.store.list('Node')])];
    const out = windowEvents(entries);
    expect(out).toHaveLength(2);
    out.forEach((e, i) => expect(e).toBe(entries[i]));
  });
});

describe('newestStoredEvents', () => {
  it("picks the store's newest Events as newestEvents does from every one, packed or whole", async () => {
    const { createCluster } = await import('../../../src/sim/index.js');
    const { exec } = await import('../../../src/kubectl/exec.js');
    const { newestStoredEvents } = await import('../../../src/ui/events/window.js');
    const cluster = createCluster({ seed: 1 });
    for (const line of ['sim node add node-{1..80}', 'sim settle']) expect(exec(cluster, line).exitCode).toBe(0);
    const all = [...cluster.store.list('Event')];
    expect(all.length).toBeGreaterThan(FEED_LIMIT);
    const picked = newestStoredEvents(cluster.store.tables('Event'));
    expect(picked.map((e) => JSON.stringify(e))).toEqual(newestEvents(all).map((e) => JSON.stringify(e)));
  });
});
