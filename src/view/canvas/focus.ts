/**
 * Where the canvas picture moves to show the cards a search found (a canvas does not scroll):
 * one card in the middle, large enough to read; several, the box around them in the middle, as
 * close as they fit. A search for a label thousands of nodes carry (`pool=b`) then shows where
 * they all are, instead of one of them four times over.
 */
import type { Box } from '../layout/grid.js';

/** The zoom at which one card's words can be read. */
export const READ_ZOOM = 4;

/** Of the view's width and height, what the box around several cards may take (a margin around it). */
const FILL = 0.9;

export interface FocusTransform {
  readonly x: number;
  readonly y: number;
  readonly k: number;
}

/** A rectangle of the canvas in its own CSS pixels: the part of it the learner sees. */
export interface ViewRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The pan and zoom (`x`, `y` the translation, `k` the scale, as d3-zoom's transform) that shows
 * `boxes` in `view`: their box in its middle, at the zoom that fits it but no closer than
 * `READ_ZOOM` (or the current zoom `k0`, when already closer) and no further out than `minK`.
 * Undefined for no boxes.
 */
export function focusTransform(boxes: Iterable<Box>, view: ViewRect, k0: number, minK: number): FocusTransform | undefined {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  if (x0 === Infinity) return undefined;
  const fits = Math.min((view.width * FILL) / (x1 - x0), (view.height * FILL) / (y1 - y0));
  const k = Math.max(minK, Math.min(Math.max(k0, READ_ZOOM), fits));
  return { x: view.x + view.width / 2 - ((x0 + x1) / 2) * k, y: view.y + view.height / 2 - ((y0 + y1) / 2) * k, k };
}

/**
 * The part of `canvas` the window and its scrolling ancestors leave in sight (the picture's
 * column scrolls, and the canvas can be taller than what shows of it), in the canvas's own CSS
 * pixels; the whole canvas when none of it is in sight.
 */
export function visibleRect(canvas: HTMLElement): ViewRect {
  const r = canvas.getBoundingClientRect();
  let top = Math.max(r.top, 0);
  let bottom = Math.min(r.bottom, window.innerHeight);
  let left = Math.max(r.left, 0);
  let right = Math.min(r.right, window.innerWidth);
  for (let e = canvas.parentElement; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const p = e.getBoundingClientRect();
    top = Math.max(top, p.top);
    bottom = Math.min(bottom, p.bottom);
    left = Math.max(left, p.left);
    right = Math.min(right, p.right);
  }
  if (bottom <= top || right <= left) return { x: 0, y: 0, width: r.width, height: r.height };
  return { x: left - r.left, y: top - r.top, width: right - left, height: bottom - top };
}
