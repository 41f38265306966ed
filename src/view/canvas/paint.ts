/**
 * The canvas painter for big clusters: the same layout as the SVG cards, painted as tiles (one
 * per node) with a cell per pod. Colour is the pod's revision, so a rollout reads as a colour
 * front moving across the grid; readiness is the tile's top strip, a cordon a diagonal, the
 * current wave an outline. Names appear once the zoom makes a tile wide enough to hold one.
 *
 * Cost: a full paint is one pass over the cards (O(nodes)) painting only the tiles inside the
 * viewport; after a batch only the changed cards are repainted in place, and when only the clock
 * moved only the cards whose look depends on it. Nothing is allocated per pod. A lesson step's
 * callouts ring their cards and pods in the accent colour, their notes painted on top.
 */
import type { ZoomTransform } from 'd3-zoom';
import { rowInWave } from '../model/moment.js';
import type { NodeView, PodSlot } from '../model/node-view.js';
import { availableSince } from '../../sim/controllers/daemonset/pod-conditions.js';
import { groupTitle } from '../svg/groups.js';
import type { DrawContext } from '../svg/context.js';
import type { Palette } from './palette.js';
import { isLit } from '../model/callouts.js';
import { noteLine } from '../svg/callouts.js';

/** Zoom factor from which node names are painted. */
export const LABEL_ZOOM = 3;

type Size = { readonly width: number; readonly height: number };
type Box = { readonly x: number; readonly y: number; readonly w: number; readonly h: number };

/**
 * Paints every tile in view. Returns the names of the cards whose look depends on the clock
 * (soaking pods, the current wave), which `paintSome` can repaint alone when only time moved.
 */
export function paintAll(g: CanvasRenderingContext2D, ctx: DrawContext, t: ZoomTransform, p: Palette, size: Size): Set<string> {
  const timed = new Set<string>();
  g.save();
  g.clearRect(0, 0, size.width, size.height);
  g.translate(t.x, t.y);
  g.scale(t.k, t.k);
  const m = ctx.layout.metrics;
  g.font = `${m.groupHead * 0.7}px system-ui, sans-serif`;
  g.fillStyle = p.muted;
  for (const box of ctx.layout.groups) g.fillText(groupTitle(box, ctx.model.groupBy), box.x, box.y + m.groupHead * 0.7);
  // The viewport in picture coordinates: tiles outside it are skipped.
  const x0 = -t.x / t.k - m.cardW;
  const y0 = -t.y / t.k - m.cardW;
  const x1 = (size.width - t.x) / t.k + m.cardW;
  const y1 = (size.height - t.y) / t.k + m.cardW;
  for (const card of ctx.model.nodes()) {
    const box = ctx.layout.cards.get(card.name);
    if (!box || box.x > x1 || box.y > y1 || box.x + box.w < x0 || box.y + box.h < y0) continue;
    if (paintCard(g, card, box, ctx, t, p)) timed.add(card.name);
  }
  g.restore();
  return timed;
}

/**
 * Repaints only the named cards, in place (the transform and the layout must be those of the
 * last `paintAll`). Returns which of them still depend on the clock.
 */
export function paintSome(g: CanvasRenderingContext2D, ctx: DrawContext, t: ZoomTransform, p: Palette, names: Iterable<string>): Set<string> {
  const timed = new Set<string>();
  g.save();
  g.translate(t.x, t.y);
  g.scale(t.k, t.k);
  for (const name of names) {
    const box = ctx.layout.cards.get(name);
    if (!box) continue;
    g.clearRect(box.x - 2, box.y - 2, box.w + 4, box.h + 4);
    const card = ctx.model.node(name);
    if (card && paintCard(g, card, box, ctx, t, p)) timed.add(name);
  }
  g.restore();
  return timed;
}

/** One tile and its pod cells; true when its look depends on the clock. */
function paintCard(g: CanvasRenderingContext2D, card: NodeView, box: Box, ctx: DrawContext, t: ZoomTransform, p: Palette): boolean {
  const m = ctx.layout.metrics;
  const bareRow = ctx.layout.rows - 1;
  const match = ctx.matches?.has(card.name) ?? false;
  g.globalAlpha = ctx.matches !== undefined && !match ? 0.25 : 1;
  paintTile(g, card, box, p);
  let timed = false;
  for (const row of card.rows) {
    const r = row.owner === '' ? bareRow : (ctx.layout.rowOf.get(row.owner) ?? bareRow);
    const stacked = row.owner !== '';
    for (let i = 0; i < row.slots.length; i++) {
      const cy = m.cardHead + r * m.rowH + m.rowH / 2;
      const x = stacked ? m.podInset + i * m.stack : m.podInset + i * m.podStep;
      if (paintCell(g, row.slots[i]!, box.x + x, box.y + (stacked ? cy - i * m.stack : cy), p, ctx)) timed = true;
    }
  }
  if (ctx.lit.nodes.has(card.name)) {
    g.lineWidth = 3 / t.k + 1;
    g.strokeStyle = p.accent;
    g.strokeRect(box.x - 3, box.y - 3, box.w + 6, box.h + 6);
  }
  const selected = ctx.selected?.kind === 'Node' && ctx.selected.name === card.name;
  const waving = card.rows.some((row) => row.owner !== '' && rowInWave(row, ctx.daemonSet(row.owner), ctx.now));
  if (waving) timed = true;
  if (waving || selected || match) {
    g.lineWidth = 1.5 / t.k + 0.5;
    g.strokeStyle = selected || match ? p.focus : p.accent;
    g.strokeRect(box.x - 1, box.y - 1, box.w + 2, box.h + 2);
  }
  if (t.k >= LABEL_ZOOM) {
    g.fillStyle = p.fg;
    g.font = `${Math.max(2, 8 / t.k) * 1.2}px system-ui, sans-serif`;
    g.fillText(card.name, box.x, box.y - 1, box.w * 3);
  }
  g.globalAlpha = 1;
  return timed;
}

function paintTile(g: CanvasRenderingContext2D, card: NodeView, box: Box, p: Palette): void {
  g.fillStyle = p.surface;
  g.fillRect(box.x, box.y, box.w, box.h);
  g.strokeStyle = p.border;
  g.lineWidth = 0.5;
  g.strokeRect(box.x, box.y, box.w, box.h);
  g.fillStyle = card.readiness === 'Ready' ? p.ok : card.readiness === 'NotReady' ? p.warn : p.bad;
  g.fillRect(box.x, box.y, box.w, 3);
  if (card.readiness !== 'Ready' || card.cordoned) {
    g.strokeStyle = card.cordoned ? p.muted : p.warn;
    g.beginPath();
    for (let d = -box.h; d < box.w; d += 5) {
      g.moveTo(box.x + Math.max(0, d), box.y + Math.max(0, -d) + 3);
      g.lineTo(box.x + Math.min(box.w, d + box.h), box.y + Math.min(box.h, box.w - d));
    }
    g.stroke();
  }
  if (card.taints.some((t) => !t.condition)) {
    g.fillStyle = p.bad;
    g.fillRect(box.x + box.w - 4, box.y + 3, 4, 3);
  }
}

/** One pod cell; true while it is Ready but still soaking (its dot appears with time). */
function paintCell(g: CanvasRenderingContext2D, slot: PodSlot, x: number, y: number, p: Palette, ctx: DrawContext): boolean {
  const { pod } = slot;
  const rev = ctx.revisionOf(pod);
  const colour = rev ? p.revisions[rev.slot]! : p.muted;
  const s = 5;
  const base = g.globalAlpha;
  if (pod.group === 'terminating') g.globalAlpha = base * 0.4;
  if (pod.group === 'pending' || pod.group === 'creating') {
    g.strokeStyle = colour;
    g.lineWidth = 1;
    g.strokeRect(x - s / 2, y - s / 2, s, s);
  } else {
    g.fillStyle = colour;
    g.fillRect(x - s / 2, y - s / 2, s, s);
  }
  if (pod.group === 'failing' || slot.misscheduled || slot.eviction) {
    g.strokeStyle = pod.group === 'failing' || slot.eviction ? p.bad : p.fg;
    g.setLineDash(slot.misscheduled ? [1, 1] : []);
    g.lineWidth = 0.8;
    g.strokeRect(x - s / 2 - 1, y - s / 2 - 1, s + 2, s + 2);
    g.setLineDash([]);
  }
  if (isLit(slot, ctx.lit)) {
    g.strokeStyle = p.accent;
    g.lineWidth = 1.5;
    g.strokeRect(x - s / 2 - 2, y - s / 2 - 2, s + 4, s + 4);
  }
  const ds = pod.owner ? ctx.daemonSet(pod.owner) : undefined;
  const available = pod.group === 'ready' && availableSince(pod.readySince, ds?.minReadySeconds ?? 0, ctx.now);
  if (available) {
    g.fillStyle = p.surface;
    g.fillRect(x - 0.5, y - 0.5, 1, 1);
  }
  g.globalAlpha = base;
  return pod.group === 'ready' && !available;
}

/**
 * The callouts' notes beside their cards, in screen space (readable at any zoom), painted over
 * the tiles after every paint: a partial paint that cleared a card under a note paints it again.
 */
export function paintNotes(g: CanvasRenderingContext2D, ctx: DrawContext, t: ZoomTransform, p: Palette): void {
  if (ctx.lit.nodes.size === 0) return;
  g.save();
  g.font = '12px system-ui, sans-serif';
  for (const [name, notes] of ctx.lit.nodes) {
    const box = ctx.layout.cards.get(name);
    if (!box) continue;
    const [x, y] = t.apply([box.x + box.w, box.y + box.h]);
    const lines = notes.map(noteLine);
    const w = Math.max(...lines.map((l) => g.measureText(l).width)) + 12;
    g.fillStyle = p.surface;
    g.strokeStyle = p.accent;
    g.lineWidth = 1.5;
    g.fillRect(x + 4, y + 4, w, lines.length * 15 + 6);
    g.strokeRect(x + 4, y + 4, w, lines.length * 15 + 6);
    g.fillStyle = p.fg;
    lines.forEach((l, i) => g.fillText(l, x + 10, y + 18 + i * 15));
  }
  g.restore();
}
