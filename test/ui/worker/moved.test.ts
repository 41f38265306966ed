/**
 * A move on the timeline (the scrubber, a branch switch) reaches the page as how the moment
 * differs from what the page holds, not as every object: a page fed those batches shows exactly
 * what a page fed each moment whole shows (the mirror, the picture, the events panel, the live
 * region's words), and the batches carry only what the move changed.
 */
import { describe, expect, it } from 'vitest';
import { EventFeed } from '../../../src/ui/events/feed.svelte.js';
import { pageObjects } from '../../../src/ui/events/window.js';
import { LiveCluster } from '../../../src/ui/playground/live-cluster.svelte.js';
import { describeBatch } from '../../../src/ui/status/announce.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import type { DiffBatch, Request } from '../../../src/ui/worker/protocol.js';
import type { EngineSession } from '../../../src/ui/worker/session.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';
import { PictureModel } from '../../../src/view/model/picture-model.js';
import { APPLY_AGENT } from './agent-ds.js';
import { manualTicker } from './in-process.js';

/** A request as sent, before the host numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

const KINDS = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'PriorityClass', 'Event'] as const;

/** A page's readers, fed one stream of batches. */
function page() {
  const live = new LiveCluster();
  const picture = new PictureModel();
  const words: (string | undefined)[] = [];
  live.onBatch((b) => {
    picture.apply(b);
    words.push(describeBatch(b));
  });
  return { live, picture, words, feed: new EventFeed(live) };
}

/** A host whose batches feed one page as posted, and another the same batches with each move sent whole (every object of the moment). */
function twoPages() {
  const cut = page();
  const whole = page();
  const moves: DiffBatch[] = [];
  let session = (): EngineSession => undefined as never;
  const host = new EngineHost({
    ticker: manualTicker(),
    post: (m) => {
      if (m.type !== 'batch') return;
      cut.live.apply(structuredClone(m.batch));
      if (!m.batch.moved) return whole.live.apply(structuredClone(m.batch));
      moves.push(m.batch);
      whole.live.apply(structuredClone({ reset: pageObjects(session().cluster.store), facts: m.batch.facts, entries: [], now: m.batch.now }));
    },
  });
  session = () => (host as unknown as { session: EngineSession }).session;
  let id = 1;
  const send = (req: Unnumbered<Request>): void => host.handle({ ...req, id: id++ } as Request);
  return { cut, whole, moves, session, send, run: (text: string) => send({ type: 'run', text, files: {}, source: 'terminal' }) };
}

describe('a move on the timeline', () => {
  it('shows the page exactly what the whole moment shows, sending only what the move changed', () => {
    const p = twoPages();
    p.send({ type: 'load', log: emptyLog() });
    for (const text of ['sim node add node-{1..30}', 'sim settle', APPLY_AGENT, 'sim settle', 'kubectl set image ds/agent agent=agent:2', 'sim advance 1m', 'sim advance 1m', 'sim node remove node-3', 'sim advance 10m', 'kubectl label node node-1 pool=a']) p.run(text);
    const check = () => {
      for (const kind of KINDS) {
        expect(p.cut.live.list(kind)).toEqual(p.whole.live.list(kind));
        if (kind !== 'Event') expect(p.cut.live.list(kind)).toEqual(p.session().cluster.store.list(kind));
      }
      expect(p.cut.feed.events).toEqual(p.whole.feed.events);
      expect(p.cut.words.at(-1)).toBe(p.whole.words.at(-1));
      expect(p.cut.picture.nodes()).toEqual(p.whole.picture.nodes());
      expect(p.cut.picture.pending()).toEqual(p.whole.picture.pending());
      expect(p.cut.picture.daemonSets()).toEqual(p.whole.picture.daemonSets());
    };
    // Back past the removal and the rollout, forward into it, back to the newest moment.
    for (const to of [4, 5, 6, 2, 10]) {
      p.send({ type: 'rewind', to });
      check();
    }
    // A command at an earlier moment starts a branch; switching back shows the old future, where
    // node-1's write of the same resourceVersion is another one.
    p.send({ type: 'rewind', to: 9 });
    p.run('kubectl label node node-1 pool=b');
    check();
    p.send({ type: 'branch', index: 0 });
    check();
    expect(p.cut.live.get('Node', undefined, 'node-1')?.metadata.labels?.['pool']).toBe('a');
    // A position the timeline lacks changes nothing, and its batch says so.
    p.send({ type: 'rewind', to: 99 });
    check();
    const last = p.moves.at(-1)!.moved!.diff;
    expect(last.added.length + last.updated.length + last.removed.length).toBe(0);

    // From the settled fleet to the image change: a few objects, not the fleet.
    const step = p.moves[1]!.moved!.diff;
    const fleet = p.session().cluster.store.count('Node') + p.session().cluster.store.count('Pod');
    expect(step.added.length + step.updated.length + step.removed.length).toBeLessThan(fleet / 4);
    expect(p.moves.every((b) => b.reset === undefined && b.entries.length === 0)).toBe(true);
    // Objects the page holds an older write of arrive without the parts that write shares with
    // it, for the page to fill in (the check above saw them whole).
    const held = p.moves.flatMap((b) => b.moved!.diff.updated.filter(([, , paths]) => paths !== undefined));
    expect(held.length).toBeGreaterThan(0);
    for (const [, o, paths] of held) for (const path of paths!) expect(path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o)).toBeUndefined();
  });

  it('reaches the page the same way for a sim rewind typed in the terminal, alone or in a script, and across branches', () => {
    const p = twoPages();
    p.send({ type: 'load', log: emptyLog() });
    for (const text of ['sim node add node-{1..20}', APPLY_AGENT, 'sim settle', 'sim checkpoint built', 'kubectl set image ds/agent agent=agent:2', 'sim advance 1m', 'sim node remove node-4']) p.run(text);
    const check = () => {
      for (const kind of KINDS) {
        expect(p.cut.live.list(kind)).toEqual(p.whole.live.list(kind));
        if (kind !== 'Event') expect(p.cut.live.list(kind)).toEqual(p.session().cluster.store.list(kind));
      }
      expect(p.cut.feed.events).toEqual(p.whole.feed.events);
      expect(p.cut.picture.nodes()).toEqual(p.whole.picture.nodes());
      expect(p.cut.picture.daemonSets()).toEqual(p.whole.picture.daemonSets());
    };
    const before = p.moves.length;
    p.run('sim rewind --to 30s');
    check();
    // A script that writes, rewinds and writes again: what the page held before it, to the end.
    p.run('sim node add extra\nsim rewind built\nkubectl label node node-2 pool=b');
    check();
    // Back to the newest moment of the branch the first rewind left: another branch.
    p.send({ type: 'branch', index: 0 });
    check();
    p.run('sim rewind built');
    check();
    expect(p.moves.length - before).toBeGreaterThanOrEqual(4);
  });
});
