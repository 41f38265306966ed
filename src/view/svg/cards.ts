/**
 * Node cards joined by node uid. A joining node slides in (hatched while NotReady, solid once
 * Ready); a removed node fades out with its pods, and comes back whole if it is written again
 * before it is gone (`revive`); a moved card glides to its new place. A card's
 * body is redrawn only when its projection changed; `tickCards` updates what the clock moves
 * (rings, the current-wave outline) on the cards that have any, and what a callout lights.
 */
import { select, type Selection } from 'd3-selection';
import type { Box } from '../layout/grid.js';
import { isLit } from '../model/callouts.js';
import { nodeWaves } from '../model/moment.js';
import type { NodeView, PodSlot } from '../model/node-view.js';
import { nodeWords } from '../model/words.js';
import type { DrawContext } from './context.js';
import { isTimed, joinPods, updateRing } from './pods.js';
import { taintPath } from './shapes.js';
import { animateOut, animateTo, moved, revive } from './transition.js';

type CardEl = SVGGElement & { __card?: NodeView; __rev?: number; __sel?: boolean };

const SVG = 'http://www.w3.org/2000/svg';

export function joinCards(layer: Selection<SVGGElement, unknown, null, undefined>, cards: readonly NodeView[], ctx: DrawContext): void {
  const boxOf = (n: NodeView): Box => ctx.layout.cards.get(n.name) ?? { x: 0, y: 0, w: 0, h: 0 };
  layer
    .selectAll<SVGGElement, NodeView>('g.node')
    .data(cards, (d) => d.uid)
    .join(
      (enter) =>
        enter
          .append('g')
          .attr('class', 'node')
          .attr('tabindex', -1)
          .attr('transform', (d) => `translate(${boxOf(d).x - 40},${boxOf(d).y})`)
          .attr('opacity', 0)
          .each(function (d) { moved(this, boxOf(d)); })
          .call((g) => animateTo(g, ctx.reducedMotion, { transform: (d) => `translate(${boxOf(d).x},${boxOf(d).y})`, opacity: 1 })),
      (update) => {
        const to = { transform: (d: NodeView) => `translate(${boxOf(d).x},${boxOf(d).y})`, opacity: 1 };
        revive(update, ctx.reducedMotion, to);
        animateTo(update.filter(function (d) { return moved(this, boxOf(d)); }), ctx.reducedMotion, to);
        return update;
      },
      (exit) => animateOut(exit, ctx.reducedMotion, { opacity: 0 }),
    )
    .each(function (d) {
      const el = this as CardEl;
      const selected = ctx.selected?.kind === 'Node' && ctx.selected.name === d.name;
      if (el.__card !== d || el.__rev !== ctx.revisionsVersion || el.__sel !== selected) {
        const repel = d.taints.some((t) => t.effect === 'NoExecute');
        drawBody(el, d, boxOf(d), ctx, selected);
        el.__card = d;
        el.__rev = ctx.revisionsVersion;
        el.__sel = selected;
        joinPods(select<SVGGElement, NodeView>(this as SVGGElement), d, ctx, repel);
      }
      tickCard(el, d, ctx);
    });
}

/** Updates the clock-driven parts of every card (called each frame while time runs). */
export function tickCards(layer: Selection<SVGGElement, unknown, null, undefined>, ctx: DrawContext): void {
  layer.selectAll<SVGGElement, NodeView>('g.node').each(function (d) {
    tickCard(this as CardEl, d, ctx);
  });
}

function tickCard(el: CardEl, card: NodeView, ctx: DrawContext): void {
  const inWave = nodeWaves(card, (uid) => ctx.daemonSet(uid), ctx.now).length > 0;
  el.classList.toggle('wave', inWave);
  el.classList.toggle('match', ctx.matches?.has(card.name) ?? false);
  el.classList.toggle('dim', ctx.matches !== undefined && !ctx.matches.has(card.name));
  el.classList.toggle('lit', ctx.lit.nodes.has(card.name));
  const title = el.querySelector(':scope > title');
  if (title) title.textContent = nodeWords(card, ctx);
  for (const pod of el.querySelectorAll<SVGGElement & { __slot?: PodSlot }>('g.pod')) {
    if (!pod.__slot) continue;
    if (isTimed(pod.__slot)) updateRing(pod, pod.__slot, ctx);
    pod.classList.toggle('lit', isLit(pod.__slot, ctx.lit));
  }
}

/** The static parts of a card: frame, readiness strip and word, name, taint badges, capacity. */
function drawBody(el: CardEl, card: NodeView, box: Box, ctx: DrawContext, selected: boolean): void {
  el.setAttribute('class', ['node', `r-${card.readiness.toLowerCase()}`, card.cordoned ? 'cordoned' : '', card.controlPlane ? 'control-plane' : '', selected ? 'selected' : ''].filter(Boolean).join(' '));
  el.setAttribute('data-node', card.name);
  for (const old of el.querySelectorAll(':scope > .body')) old.remove();
  const body = el.ownerDocument.createElementNS(SVG, 'g');
  body.setAttribute('class', 'body');
  el.insertBefore(body, el.firstChild);
  const add = (parent: Element, tag: string, attrs: Record<string, string | number>, text?: string): SVGElement => {
    const n = el.ownerDocument.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    parent.appendChild(n);
    return n;
  };
  if (!el.querySelector(':scope > title')) el.insertBefore(el.ownerDocument.createElementNS(SVG, 'title'), el.firstChild);
  add(body, 'rect', { class: 'frame', width: box.w, height: box.h, rx: 6 });
  if (card.readiness !== 'Ready') add(body, 'rect', { class: 'hatch', width: box.w, height: box.h, rx: 6 });
  if (card.cordoned) add(body, 'rect', { class: 'cordon', width: box.w, height: box.h, rx: 6 });
  add(body, 'rect', { class: 'wave-outline', x: -3, y: -3, width: box.w + 6, height: box.h + 6, rx: 8 });
  add(body, 'rect', { class: 'callout-outline', x: -6, y: -6, width: box.w + 12, height: box.h + 12, rx: 10 });
  add(body, 'rect', { class: 'strip', width: 5, height: box.h, rx: 2 });
  add(body, 'text', { class: 'name', x: 12, y: 16 }, card.name);
  add(body, 'text', { class: 'status', x: box.w - 8, y: 16, 'text-anchor': 'end' }, card.status.replace(',SchedulingDisabled', ''));
  if (card.cordoned) add(body, 'text', { class: 'cordon-word', x: box.w - 8, y: 29, 'text-anchor': 'end' }, 'SchedulingDisabled');
  card.taints.forEach((t, i) => {
    const g = add(body, 'g', { class: `taint ${t.effect} ${t.condition ? 'condition' : ''}`, transform: `translate(${18 + i * 16},28)` });
    add(g, 'title', {}, t.text);
    add(g, 'path', { d: taintPath(t.effect, 5.5) });
  });
  drawCapacity(body, card, box, add);
}

function drawCapacity(body: Element, card: NodeView, box: Box, add: (p: Element, tag: string, a: Record<string, string | number>, text?: string) => SVGElement): void {
  const cores = Math.max(1, Math.ceil(card.cpu.allocatableMilli / 1000));
  const perCell = Math.ceil(cores / 12);
  const cells = Math.ceil(cores / perCell);
  const used = card.cpu.requestedMilli / (1000 * perCell);
  const cap = add(body, 'g', { class: 'capacity', transform: 'translate(12,40)' });
  add(cap, 'title', {}, `cpu ${card.cpu.requestedMilli}m of ${card.cpu.allocatableMilli}m requested; memory ${mi(card.memory.requested)} of ${mi(card.memory.allocatable)}`);
  for (let i = 0; i < cells; i++) {
    add(cap, 'rect', { class: 'cpu-cell', x: i * 8, width: 6, height: 8 });
    const fill = Math.max(0, Math.min(1, used - i));
    if (fill > 0) add(cap, 'rect', { class: 'cpu-used', x: i * 8, width: 6 * fill, height: 8 });
  }
  const mx = cells * 8 + 6;
  const mw = Math.max(20, box.w - 24 - mx);
  add(cap, 'rect', { class: 'mem', x: mx, width: mw, height: 8, rx: 2 });
  const frac = card.memory.allocatable > 0 ? Math.min(1, card.memory.requested / card.memory.allocatable) : 0;
  if (frac > 0) add(cap, 'rect', { class: 'mem-used', x: mx, width: mw * frac, height: 8, rx: 2 });
}

function mi(bytes: number): string {
  return `${Math.round(bytes / 1048576)}Mi`;
}
