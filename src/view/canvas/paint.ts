/**
 * The canvas painter for big clusters: the same layout as the SVG cards, painted as tiles (one
 * per node) with a cell per pod. Colour is the pod's revision, so a rollout reads as a colour
 * front moving across the grid; readiness is the tile's top strip, a cordon a diagonal, the
 * current wave an outline. Names appear once the zoom makes a tile wide enough to hold one.
 *
 * Cost: one pass over the cards and their pods per paint (O(nodes + pods)), painted at most once
 * per animation frame.
 */
import type { ZoomTransform } from 'd3-zoom';
import { podOffset } from '../layout/grid.js';
import { rowInWave, slotMoment } from '../model/moment.js';
import type { NodeView, PodSlot } from '../model/node-view.js';
import { groupTitle } from '../svg/groups.js';
import type { DrawContext } from '../svg/context.js';
import type { Palette } from './palette.js';

/** Zoom factor from which node names are painted. */
export const LABEL_ZOOM = 3;

export function paint(g: CanvasRenderingContext2D, ctx: DrawContext, t: ZoomTransform, p: Palette, size: { readonly width: number; readonly height: number }): void {
  g.save();
  g.clearRect(0, 0, size.width, size.height);
  g.translate(t.x, t.y);
  g.scale(t.k, t.k);
  const m = ctx.layout.metrics;
  g.font = `${m.groupHead * 0.7}px system-ui, sans-serif`;
  g.fillStyle = p.muted;
  for (const box of ctx.layout.groups) g.fillText(groupTitle(box, ctx.model.groupBy), box.x, box.y + m.groupHead * 0.7);
  const bareRow = ctx.layout.rows - 1;
  const selectedNode = ctx.selected?.kind === 'Node' ? ctx.selected.name : undefined;
  for (const card of ctx.model.nodes()) {
    const box = ctx.layout.cards.get(card.name);
    if (!box) continue;
    const dim = ctx.matches !== undefined && !ctx.matches.has(card.name);
    g.globalAlpha = dim ? 0.25 : 1;
    paintTile(g, card, box, p);
    for (const row of card.rows) {
      const r = row.owner === '' ? bareRow : (ctx.layout.rowOf.get(row.owner) ?? bareRow);
      row.slots.forEach((slot, i) => {
        const o = podOffset(m, r, i, row.owner !== '');
        paintCell(g, slot, box.x + o.x, box.y + o.y, p, ctx);
      });
    }
    const waving = card.rows.some((row) => row.owner !== '' && rowInWave(row, ctx.daemonSet(row.owner), ctx.now));
    if (waving || card.name === selectedNode || ctx.matches?.has(card.name)) {
      g.lineWidth = 1.5 / t.k + 0.5;
      g.strokeStyle = card.name === selectedNode || ctx.matches?.has(card.name) ? p.focus : p.accent;
      g.strokeRect(box.x - 1, box.y - 1, box.w + 2, box.h + 2);
    }
    if (t.k >= LABEL_ZOOM) {
      g.fillStyle = p.fg;
      g.font = `${Math.max(2, 8 / t.k) * 1.2}px system-ui, sans-serif`;
      g.fillText(card.name, box.x, box.y - 1, box.w * 3);
    }
  }
  g.globalAlpha = 1;
  g.restore();
}

function paintTile(g: CanvasRenderingContext2D, card: NodeView, box: { x: number; y: number; w: number; h: number }, p: Palette): void {
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

function paintCell(g: CanvasRenderingContext2D, slot: PodSlot, x: number, y: number, p: Palette, ctx: DrawContext): void {
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
  const ds = pod.owner ? ctx.daemonSet(pod.owner) : undefined;
  if (pod.group === 'ready' && slotMoment(slot, ds, ctx.now).available) {
    g.fillStyle = p.surface;
    g.fillRect(x - 0.5, y - 0.5, 1, 1);
  }
  g.globalAlpha = base;
}
