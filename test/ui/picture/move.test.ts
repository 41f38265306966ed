/**
 * A move on the timeline reaches the picture as its `changes` (LiveCluster's AppliedBatch): the
 * picture keeps the card and the pod views of every node the move did not change, projects only
 * the rest again, and ends up drawing what a picture built from the moment whole draws, across
 * branches too, where the same uid names another object.
 */
import { describe, expect, it } from 'vitest';
import type { ApiObject } from '../../../src/sim/api/types.js';
import { LiveCluster, type AppliedBatch } from '../../../src/ui/playground/live-cluster.svelte.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import type { Request } from '../../../src/ui/worker/protocol.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';
import { PictureModel } from '../../../src/view/model/picture-model.js';
import { APPLY_AGENT } from '../worker/agent-ds.js';
import { manualTicker } from '../worker/in-process.js';

/** A request as sent, before the host numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

const KINDS = ['Node', 'Pod', 'DaemonSet', 'ControllerRevision'] as const;

function playground() {
  const live = new LiveCluster();
  const picture = new PictureModel();
  const batches: AppliedBatch[] = [];
  live.onBatch((b) => {
    batches.push(b);
    picture.apply(b);
  });
  const host = new EngineHost({ ticker: manualTicker(), post: (m) => m.type === 'batch' && live.apply(structuredClone(m.batch)) });
  let id = 1;
  const send = (req: Unnumbered<Request>): AppliedBatch => {
    const before = batches.length;
    host.handle({ ...req, id: id++ } as Request);
    expect(batches.length).toBe(before + 1);
    return batches.at(-1)!;
  };
  send({ type: 'load', log: emptyLog() });
  /** A picture built from every object the page holds now, as a reset would build it (with the engine facts the last batch brought). */
  const whole = (): PictureModel => {
    const m = new PictureModel();
    m.apply({ reset: KINDS.flatMap((k) => [...live.list(k)]), facts: batches.at(-1)!.facts, entries: [], now: live.now });
    return m;
  };
  return { live, picture, send, run: (text: string) => send({ type: 'run', text, files: {}, source: 'terminal' }), whole };
}

/** The nodes a move's changes touch: changed Nodes, and the nodes of changed Pods, before and after. */
function touchedNodes(b: AppliedBatch): Set<string> {
  const nodes = new Set<string>();
  const note = (o: ApiObject | undefined): void => {
    if (o?.kind === 'Node') nodes.add(o.metadata.name);
    if (o?.kind === 'Pod') nodes.add(o.spec.nodeName ?? '');
  };
  for (const o of [...b.changes!.added, ...b.changes!.removed]) note(o);
  for (const [old, o] of b.changes!.updated) (note(old), note(o));
  return nodes;
}

describe('the picture after a move on the timeline', () => {
  it('keeps the cards and pod views the move did not change, and draws the moment as a reset would', () => {
    const p = playground();
    for (const text of ['sim node add node-{1..40}', 'sim settle', APPLY_AGENT, 'sim settle', 'kubectl set image ds/agent agent=agent:2', 'sim advance 20s']) p.run(text);
    const cards = new Map(p.picture.nodes().map((c) => [c.name, c]));
    const move = p.send({ type: 'rewind', to: 4 });
    expect(move.reset).toBeDefined();
    const touched = touchedNodes(move);
    expect(touched.size).toBeGreaterThan(0);
    expect(touched.size).toBeLessThan(cards.size / 2);
    for (const card of p.picture.nodes()) {
      if (touched.has(card.name)) continue;
      expect(card).toBe(cards.get(card.name));
    }
    expect(p.picture.nodes()).toEqual(p.whole().nodes());
    expect(p.picture.daemonSets()).toEqual(p.whole().daemonSets());
    expect(p.picture.pending()).toEqual(p.whole().pending());
  });

  it('applies removals before additions where another branch reuses a uid', () => {
    const p = playground();
    for (const text of ['sim node add node-{1..6}', 'sim settle', APPLY_AGENT, 'sim settle', 'sim node add node-7', 'sim settle']) p.run(text);
    // Back before node-7, then a branch that adds other nodes: their pods take the uids node-7's pod had.
    p.send({ type: 'rewind', to: 4 });
    p.run('sim node add node-8 node-9');
    p.run('sim settle');
    for (const to of [{ type: 'branch', index: 0 } as const, { type: 'branch', index: 1 } as const, { type: 'rewind', to: 2 } as const]) {
      const move = p.send(to);
      expect(move.changes).toBeDefined();
      expect(p.picture.nodes()).toEqual(p.whole().nodes());
      expect(p.picture.daemonSets()).toEqual(p.whole().daemonSets());
      expect(p.picture.pending()).toEqual(p.whole().pending());
      for (const card of p.picture.nodes()) for (const row of card.rows) for (const slot of row.slots) expect(p.picture.podObject(slot.pod.uid)?.spec.nodeName).toBe(card.name);
    }
  });
});
