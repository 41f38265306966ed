/**
 * Pure layout: node groups -> positions. Groups are stacked sections (a header, then cards
 * flowing left to right and wrapping at the width); every card of a picture has the same size,
 * with one pod row per DaemonSet in the legend's order so a DaemonSet's pods line up across the
 * fleet. The same layout serves the SVG cards and the canvas tiles; only the metrics differ.
 *
 * Cost: O(nodes), run only when nodes join, leave or regroup, or the width changes.
 */
import type { NodeGroup } from '../model/picture-model.js';

/** Sizes of one drawing mode. */
export interface Metrics {
  readonly cardW: number;
  /** Card height without pod rows. */
  readonly cardHead: number;
  readonly rowH: number;
  readonly gap: number;
  readonly groupHead: number;
  readonly groupGap: number;
  readonly pad: number;
  /** x of the first pod mark in a row, and the distance between marks. */
  readonly podInset: number;
  readonly podStep: number;
  /** How far a newer pod of the same DaemonSet sits from the one it stacks on. */
  readonly stack: number;
}

/** Cards drawn in SVG (up to about 200 nodes). */
export const CARD_METRICS: Metrics = { cardW: 184, cardHead: 54, rowH: 24, gap: 10, groupHead: 24, groupGap: 14, pad: 12, podInset: 16, podStep: 20, stack: 5 };
/** Tiles painted on canvas (above about 200 nodes). */
export const TILE_METRICS: Metrics = { cardW: 22, cardHead: 6, rowH: 8, gap: 3, groupHead: 16, groupGap: 8, pad: 8, podInset: 4, podStep: 7, stack: 2 };

/** Above this many nodes the picture paints tiles on canvas. */
export const CANVAS_THRESHOLD = 200;

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface GroupBox extends Box {
  readonly value: string;
  readonly controlPlane: boolean;
  readonly count: number;
}

export interface Layout {
  readonly metrics: Metrics;
  /** Node name -> its card. */
  readonly cards: ReadonlyMap<string, Box>;
  readonly groups: readonly GroupBox[];
  /** DaemonSet uid -> its row index in every card; pods without a DaemonSet use `rows - 1`. */
  readonly rowOf: ReadonlyMap<string, number>;
  readonly rows: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Lays out `groups` in `width` pixels. `owners` are the DaemonSet uids in legend order;
 * `bare` says whether some node runs pods without a DaemonSet (they get a last row).
 */
export function layoutGrid(groups: readonly NodeGroup[], owners: readonly string[], bare: boolean, width: number, m: Metrics): Layout {
  const rowOf = new Map(owners.map((o, i) => [o, i] as const));
  const rows = Math.max(1, owners.length + (bare ? 1 : 0));
  const cardH = m.cardHead + rows * m.rowH;
  const perLine = Math.max(1, Math.floor((width - 2 * m.pad + m.gap) / (m.cardW + m.gap)));
  const cards = new Map<string, Box>();
  const boxes: GroupBox[] = [];
  let y = m.pad;
  for (const g of groups) {
    const lines = Math.ceil(g.nodes.length / perLine);
    const h = m.groupHead + lines * (cardH + m.gap);
    boxes.push({ value: g.value, controlPlane: g.controlPlane, count: g.nodes.length, x: m.pad, y, w: width - 2 * m.pad, h });
    g.nodes.forEach((n, i) => {
      cards.set(n.name, { x: m.pad + (i % perLine) * (m.cardW + m.gap), y: y + m.groupHead + Math.floor(i / perLine) * (cardH + m.gap), w: m.cardW, h: cardH });
    });
    y += h + m.groupGap;
  }
  return { metrics: m, cards, groups: boxes, rowOf, rows, width, height: Math.max(y, 2 * m.pad) };
}

/**
 * Where a pod mark sits in its card. Pods of one DaemonSet on one node stack (a surge pod on the
 * old one it replaces, each newer one raised and shifted); pods without a DaemonSet spread out.
 */
export function podOffset(m: Metrics, row: number, index: number, stacked: boolean): { readonly x: number; readonly y: number } {
  const cy = m.cardHead + row * m.rowH + m.rowH / 2;
  if (stacked) return { x: m.podInset + index * m.stack, y: cy - index * m.stack };
  return { x: m.podInset + index * m.podStep, y: cy };
}
