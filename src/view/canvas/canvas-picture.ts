/**
 * The canvas picture for big clusters: `paint` on a canvas sized to its box and the device pixel
 * ratio, with d3-zoom for pan and zoom (wheel, drag, double-click; + - 0 and arrows from the
 * keyboard), a quadtree for hit-testing clicks and hover, and the hovered node's words as the
 * canvas's tooltip.
 */
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import type { Box, Layout } from '../layout/grid.js';
import { nodeWords } from '../model/words.js';
import type { DrawContext } from '../svg/context.js';
import { focusTransform, visibleRect } from './focus.js';
import { HitIndex } from './hit.js';
import { LABEL_ZOOM, paintAll, paintNotes, paintSome } from './paint.js';
import { readPalette, type Palette } from './palette.js';

/** How far the picture zooms out and in. */
const MIN_ZOOM = 0.2;
const MAX_ZOOM = 16;

export class CanvasPicture {
  private transform: ZoomTransform = zoomIdentity;
  private readonly behaviour: ZoomBehavior<HTMLCanvasElement, unknown>;
  private ctx: DrawContext | undefined;
  private hits: HitIndex | undefined;
  private hitsFor: Layout | undefined;
  private palette: Palette;
  private size = { width: 0, height: 0 };
  /** Whether the canvas holds a full paint for the current transform and size. */
  private painted = false;
  /** Cards whose look depends on the clock, as of the last paint. */
  private timed = new Set<string>();
  /** The canvas's CSS size, kept by a ResizeObserver (reading it per frame would force a layout). */
  private readonly resize: ResizeObserver;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.palette = readPalette(canvas);
    this.behaviour = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([MIN_ZOOM, MAX_ZOOM])
      .on('zoom', (ev: { transform: ZoomTransform }) => {
        this.transform = ev.transform;
        this.repaint();
      });
    select(canvas).call(this.behaviour);
    canvas.addEventListener('click', (ev) => this.onClick(ev));
    canvas.addEventListener('mousemove', (ev) => this.onHover(ev));
    canvas.addEventListener('keydown', (ev) => this.onKey(ev));
    const rect = canvas.getBoundingClientRect();
    this.size = { width: Math.max(1, Math.round(rect.width)), height: Math.max(1, Math.round(rect.height)) };
    this.resize = new ResizeObserver(([entry]) => {
      if (!entry) return;
      this.size = { width: Math.max(1, Math.round(entry.contentRect.width)), height: Math.max(1, Math.round(entry.contentRect.height)) };
      this.repaint();
    });
    this.resize.observe(canvas);
  }

  /**
   * Paints after a change: only the `dirty` cards when nothing else moved since the last full
   * paint (same layout, zoom, size, selection and search), else everything in view.
   */
  draw(ctx: DrawContext, dirty?: ReadonlySet<string>): void {
    const last = this.ctx;
    this.ctx = ctx;
    if (this.hitsFor !== ctx.layout) {
      this.hits = new HitIndex(ctx.layout);
      this.hitsFor = ctx.layout;
    }
    const same = last !== undefined && this.painted && last.layout === ctx.layout && last.selected === ctx.selected && last.matches === ctx.matches && last.lit.key === ctx.lit.key && this.transform.k < LABEL_ZOOM;
    if (dirty && same) this.repaintSome(dirty);
    else this.repaint();
  }

  /** The clock moved: repaint the cards whose look depends on it (soaking pods, the wave). */
  tick(ctx: DrawContext): void {
    this.ctx = ctx;
    if (this.painted && this.timed.size > 0) this.repaintSome([...this.timed]);
  }

  /** Reads the colours again (after a theme change). */
  refreshPalette(): void {
    this.palette = readPalette(this.canvas);
    this.repaint();
  }

  /** Pans and zooms to show the cards of `names` in the part of the canvas in sight (`focusTransform`): one large enough to read, several all at once. */
  focusNodes(names: Iterable<string>): void {
    const cards = this.ctx?.layout.cards;
    if (!cards) return;
    const boxes: Box[] = [];
    for (const name of names) {
      const box = cards.get(name);
      if (box) boxes.push(box);
    }
    const f = focusTransform(boxes, visibleRect(this.canvas), this.transform.k, MIN_ZOOM);
    if (f) select(this.canvas).call(this.behaviour.transform, zoomIdentity.translate(f.x, f.y).scale(f.k));
  }

  destroy(): void {
    this.resize.disconnect();
    select(this.canvas).on('.zoom', null);
  }

  private repaint(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const ratio = globalThis.devicePixelRatio || 1;
    const { width, height } = this.size;
    if (this.canvas.width !== width * ratio || this.canvas.height !== height * ratio) {
      this.canvas.width = width * ratio;
      this.canvas.height = height * ratio;
    }
    const g = this.canvas.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.timed = paintAll(g, ctx, this.transform, this.palette, this.size);
    paintNotes(g, ctx, this.transform, this.palette);
    this.painted = true;
  }

  private repaintSome(names: Iterable<string>): void {
    const ctx = this.ctx;
    const g = this.canvas.getContext('2d');
    if (!ctx || !g) return;
    const ratio = globalThis.devicePixelRatio || 1;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    const list = [...names];
    const still = paintSome(g, ctx, this.transform, this.palette, list);
    paintNotes(g, ctx, this.transform, this.palette);
    for (const n of list) if (!still.has(n)) this.timed.delete(n);
    for (const n of still) this.timed.add(n);
  }

  private pointAt(ev: MouseEvent): [number, number] {
    const rect = this.canvas.getBoundingClientRect();
    return this.transform.invert([ev.clientX - rect.left, ev.clientY - rect.top]);
  }

  private onClick(ev: MouseEvent): void {
    if (!this.ctx || !this.hits) return;
    const [x, y] = this.pointAt(ev);
    const sel = this.hits.at(x, y, this.ctx.model);
    if (sel) this.ctx.select(sel);
  }

  private onHover(ev: MouseEvent): void {
    if (!this.ctx || !this.hits) return;
    const [x, y] = this.pointAt(ev);
    const name = this.hits.node(x, y);
    const card = name ? this.ctx.model.node(name) : undefined;
    this.canvas.title = card ? nodeWords(card, this.ctx) : '';
  }

  private onKey(ev: KeyboardEvent): void {
    const sel = select(this.canvas);
    const pan: Record<string, [number, number]> = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] };
    if (ev.key === '+' || ev.key === '=') this.behaviour.scaleBy(sel, 1.5);
    else if (ev.key === '-') this.behaviour.scaleBy(sel, 1 / 1.5);
    else if (ev.key === '0') this.behaviour.transform(sel, zoomIdentity);
    else if (ev.key in pan) this.behaviour.translateBy(sel, pan[ev.key]![0] / this.transform.k, pan[ev.key]![1] / this.transform.k);
    else return;
    ev.preventDefault();
  }
}
