/**
 * The pod marks of one node card, joined by pod uid. Fill = the pod's ControllerRevision (a
 * `rev-N` class); shape = its phase group; a dashed outer ring when misscheduled; one ring that
 * runs for the clock (NoExecute countdown, termination grace, minReadySeconds soak). A pod that
 * leaves a node with a NoExecute taint is pushed away from the taint (repelled), others fade.
 */
import type { Selection } from 'd3-selection';
import { podOffset } from '../layout/grid.js';
import type { NodeView, PodSlot } from '../model/node-view.js';
import { slotMoment } from '../model/moment.js';
import { slotWords } from '../model/words.js';
import type { DrawContext } from './context.js';
import { arcPath, tickPath, zigzagPath } from './shapes.js';
import { animateOut, animateTo, moved, revive } from './transition.js';

const R = 7;

interface Placed {
  readonly slot: PodSlot;
  readonly x: number;
  readonly y: number;
}

type Holder = SVGGElement & { __slot?: PodSlot; __rev?: number };

function place(card: NodeView, ctx: DrawContext): Placed[] {
  const m = ctx.layout.metrics;
  const bareRow = ctx.layout.rows - 1;
  return card.rows.flatMap((row) => {
    const r = row.owner === '' ? bareRow : (ctx.layout.rowOf.get(row.owner) ?? bareRow);
    return row.slots.map((slot, i) => ({ slot, ...podOffset(m, r, i, row.owner !== '') }));
  });
}

/** Each pod row's DaemonSet name, after its marks, so a learner can tell the rows apart. */
function rowLabels(card: NodeView, ctx: DrawContext): { owner: string; x: number; y: number; text: string }[] {
  const m = ctx.layout.metrics;
  return card.rows
    .filter((row) => row.owner !== '')
    .map((row) => {
      const r = ctx.layout.rowOf.get(row.owner) ?? ctx.layout.rows - 1;
      const last = podOffset(m, r, Math.max(0, row.slots.length - 1), true);
      return { owner: row.owner, x: last.x + R + 6, y: m.cardHead + r * m.rowH + m.rowH / 2 + 4, text: ctx.daemonSet(row.owner)?.name ?? '' };
    });
}

export function joinPods(cardG: Selection<SVGGElement, NodeView, null, undefined>, card: NodeView, ctx: DrawContext, repel: boolean): void {
  const layer = cardG.selectAll<SVGGElement, null>('g.pods').data([null]).join('g').attr('class', 'pods');
  layer
    .selectAll<SVGTextElement, { owner: string; x: number; y: number; text: string }>('text.row-label')
    .data(rowLabels(card, ctx), (d) => d.owner)
    .join('text')
    .attr('class', 'row-label')
    .attr('x', (d) => d.x)
    .attr('y', (d) => d.y)
    .text((d) => d.text);
  layer
    .selectAll<SVGGElement, Placed>('g.pod')
    .data(place(card, ctx), (d) => d.slot.pod.uid)
    .join(
      (enter) =>
        enter
          .append('g')
          .attr('transform', (d) => `translate(${d.x},${d.y}) scale(0.1)`)
          .attr('opacity', 0)
          .each(function (d) { moved(this, d); })
          .call((g) => animateTo(g, ctx.reducedMotion, { transform: (d) => `translate(${d.x},${d.y})`, opacity: 1 })),
      (update) => {
        const to = { transform: (d: Placed) => `translate(${d.x},${d.y})`, opacity: 1 };
        revive(update, ctx.reducedMotion, to);
        animateTo(update.filter(function (d) { return moved(this, d); }), ctx.reducedMotion, to);
        return update;
      },
      (exit) => animateOut(exit, ctx.reducedMotion, { transform: (d) => `translate(${d.x + (repel ? 18 : 0)},${d.y - (repel ? 26 : 0)}) scale(${repel ? 1 : 0.3})`, opacity: 0 }),
    )
    .each(function (d) {
      const g = this as Holder;
      if (g.__slot === d.slot && g.__rev === ctx.revisionsVersion) return;
      g.__slot = d.slot;
      g.__rev = ctx.revisionsVersion;
      drawMark(g, d.slot, ctx);
    });
}

/** Draws one pod mark from scratch (only when its slot changed). */
function drawMark(el: SVGGElement, slot: PodSlot, ctx: DrawContext): void {
  const { pod } = slot;
  const rev = ctx.revisionOf(pod);
  const sel = ctx.selected?.kind === 'Pod' && ctx.selected.name === pod.name && (ctx.selected.namespace ?? 'default') === pod.namespace;
  el.setAttribute('class', ['pod', `g-${pod.group}`, rev ? `rev-${rev.slot}` : 'rev-none', slot.misscheduled ? 'misscheduled' : '', slot.surge ? 'surge' : '', slot.eviction ? 'evicting' : '', sel ? 'selected' : ''].filter(Boolean).join(' '));
  el.setAttribute('data-pod', `${pod.namespace}/${pod.name}`);
  while (el.firstChild) el.removeChild(el.firstChild);
  const add = (tag: string, attrs: Record<string, string | number>): SVGElement => {
    const n = el.ownerDocument.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    el.appendChild(n);
    return n;
  };
  add('title', {}).textContent = slotWords(slot, ctx);
  if (slot.misscheduled) add('circle', { class: 'mis', r: R + 4 });
  if (pod.group === 'failing') add('path', { class: 'zigzag', d: zigzagPath(R) });
  add('circle', { class: 'body', r: R });
  if (pod.group === 'ready') add('path', { class: 'tick', d: tickPath(R) });
  add('path', { class: 'ring' });
  updateRing(el, slot, ctx);
}

/** The clock-driven ring of one mark: countdown, grace or soak (called every frame for timed pods). */
export function updateRing(el: SVGGElement, slot: PodSlot, ctx: DrawContext): void {
  const ring = el.querySelector('path.ring');
  if (!ring) return;
  const ds = slot.pod.owner ? ctx.daemonSet(slot.pod.owner) : undefined;
  let d = '';
  let kind = '';
  if (slot.eviction) {
    const total = slot.eviction.fireAt - slot.eviction.createdAt;
    d = arcPath(R + 3, total > 0 ? (slot.eviction.fireAt - ctx.now) / total : 0);
    kind = 'countdown';
  } else {
    const m = slotMoment(slot, ds, ctx.now);
    if (m.graceFraction !== undefined) {
      d = arcPath(R + 3, m.graceFraction);
      kind = 'grace';
    } else if (m.soak !== undefined) {
      d = arcPath(R + 3, m.soak);
      kind = 'soak';
    }
  }
  ring.setAttribute('d', d);
  ring.setAttribute('class', `ring ${kind}`);
}

/** Whether a slot's drawing depends on the clock (its ring runs). */
export function isTimed(slot: PodSlot): boolean {
  return slot.eviction !== undefined || slot.pod.deletionAt !== undefined || (slot.pod.group === 'ready' && Number.isFinite(slot.pod.readySince));
}
