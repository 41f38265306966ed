// @vitest-environment jsdom
/**
 * The SVG joins over real cluster states: one card per node keyed by uid, pod marks shaped by
 * phase and filled by revision, words in every title, and removed nodes leaving (for good, even
 * while the picture redraws).
 */
import { describe, expect, it } from 'vitest';
import { CARD_METRICS, layoutGrid } from '../../../src/view/layout/grid.js';
import { PictureModel } from '../../../src/view/model/picture-model.js';
import { drawContext, type Selected } from '../../../src/view/svg/context.js';
import { SvgPicture } from '../../../src/view/svg/picture.js';
import { DAEMONSET, Stream } from '../stream.js';

function setup() {
  const s = new Stream().run(`sim node add node-1\nsim node add node-2\nsim node add node-3 --taints maint=now:NoSchedule\n${DAEMONSET()}sim settle\n`);
  const m = new PictureModel();
  m.apply(s.reset());
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const root = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  svg.appendChild(root);
  document.body.appendChild(svg);
  const picture = new SvgPicture(root, 'frame-clip');
  const selections: Selected[] = [];
  let version = 0;
  const draw = (reducedMotion = true) => {
    const layout = layoutGrid(m.groups(), m.daemonSets().map((d) => d.uid), false, 800, CARD_METRICS);
    picture.draw(drawContext(m, layout, { now: s.cluster.now, reducedMotion, selected: undefined, matches: undefined, revisionsVersion: version++, select: (x) => selections.push(x) }));
  };
  draw();
  return { s, m, root, draw, selections };
}

describe('SvgPicture', () => {
  it('draws a card per node with its pods, badges and words', () => {
    const { root } = setup();
    const cards = [...root.querySelectorAll('g.node')];
    expect(cards.map((c) => c.getAttribute('data-node'))).toEqual(['node-1', 'node-2', 'node-3']);
    const pods = root.querySelectorAll('g.pod');
    expect(pods).toHaveLength(2);
    expect(pods[0]!.getAttribute('class')).toContain('g-ready');
    expect(pods[0]!.getAttribute('class')).toContain('rev-0');
    expect(pods[0]!.querySelector('path.tick')).not.toBeNull();
    expect(pods[0]!.querySelector('title')!.textContent).toMatch(/^agent-\w{5} Running, revision 1, ready$/);
    const badge = cards[2]!.querySelector('g.taint');
    expect(badge!.getAttribute('class')).toContain('NoSchedule');
    expect(badge!.querySelector('title')!.textContent).toBe('maint=now:NoSchedule');
    expect(cards[0]!.querySelector(':scope > title')!.textContent).toMatch(/^node-1, Ready, no taints, pods: agent-/);
  });

  it('clips the cards (not the callout notes) to the frame the host sizes', () => {
    const { root } = setup();
    expect(root.querySelector('g.cards')!.getAttribute('clip-path')).toBe('url(#frame-clip)');
    expect(root.querySelector('g.callout-notes')!.hasAttribute('clip-path')).toBe(false);
  });

  it('redraws only what changed, and removes a removed node (at once under reduced motion)', () => {
    const { s, m, root, draw } = setup();
    const before = root.querySelector('g.node[data-node="node-2"] g.pod');
    m.apply(s.run('kubectl set image ds/agent agent=registry.example/agent:2.0').next());
    draw();
    const terminating = root.querySelectorAll('g.pod.g-terminating');
    expect(terminating.length).toBeGreaterThan(0);
    m.apply(s.run('sim settle').next());
    draw();
    const marks = [...root.querySelectorAll('g.pod:not(.leaving)')];
    expect(marks.every((p) => p.getAttribute('class')!.includes('rev-1'))).toBe(true);
    expect(marks).not.toContain(before);
    m.apply(s.run('sim node remove node-1\nsim settle').next());
    draw();
    expect(root.querySelector('g.node[data-node="node-1"]')).toBeNull();
    expect(root.querySelectorAll('g.node')).toHaveLength(2);
  });

  it('removes a leaving node after its exit transition even while the picture keeps redrawing', async () => {
    const { s, m, root, draw } = setup();
    // The last card goes, so no other card moves (jsdom cannot interpolate an SVG transform).
    m.apply(s.run('sim node remove node-3\nsim settle').next());
    draw(false);
    const leaving = root.querySelector('g.node[data-node="node-3"]');
    expect(leaving?.getAttribute('class')).toContain('leaving');
    // Redraw every 20 ms (Play streams a batch a frame), far more often than the 300 ms exit.
    for (let waited = 0; leaving!.isConnected && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      draw(false);
    }
    expect(leaving!.isConnected).toBe(false);
    expect([...root.querySelectorAll('g.node')].map((c) => c.getAttribute('data-node'))).toEqual(['node-1', 'node-2']);
  });

  it('keeps a leaving node that comes back within its exit (a move away and back), with no redraw after', async () => {
    const { s, m, root, draw } = setup();
    const earlier = s.reset();
    const card = root.querySelector('g.node[data-node="node-3"]')!;
    // The last card goes, so no other card moves (jsdom cannot interpolate an SVG transform).
    m.apply(s.run('sim node remove node-3\nsim settle').next());
    draw(false);
    expect(card.getAttribute('class')).toContain('leaving');
    // The moment before, as a Timeline move sends it: node-3 again, under the same uid.
    m.apply(earlier);
    draw(false);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(card.isConnected).toBe(true);
    expect(card.getAttribute('class')).not.toContain('leaving');
    expect(card.getAttribute('opacity')).toBe('1');
    expect([...root.querySelectorAll('g.node')]).toEqual([...root.querySelectorAll('g.node:not(.leaving)')]);
    expect([...root.querySelectorAll('g.node')].map((c) => c.getAttribute('data-node'))).toEqual(['node-1', 'node-2', 'node-3']);
  });

  it('selects what is clicked and moves through cards with the keyboard', () => {
    const { root, selections } = setup();
    (root.querySelector('g.pod circle.body') as SVGElement).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(selections[0]).toMatchObject({ kind: 'Pod', namespace: 'default' });
    const first = root.querySelector('g.node') as SVGGElement;
    expect(first.getAttribute('tabindex')).toBe('0');
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(root.querySelector('g.node[data-node="node-2"]')!.getAttribute('tabindex')).toBe('0');
    root.querySelector('g.node[data-node="node-2"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(selections.at(-1)).toEqual({ kind: 'Node', name: 'node-2' });
  });
});
