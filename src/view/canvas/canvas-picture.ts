/**
 * The canvas picture for big clusters: `paint` on a canvas sized to its box and the device pixel
 * ratio, with d3-zoom for pan and zoom (wheel, drag, double-click; + - 0 and arrows from the
 * keyboard), a quadtree for hit-testing clicks and hover, and the hovered node's words as the
 * canvas's tooltip.
 */
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import type { Layout } from '../layout/grid.js';
import { nodeWords } from '../model/words.js';
import type { DrawContext } from '../svg/context.js';
import { HitIndex } from './hit.js';
import { paint } from './paint.js';
import { readPalette, type Palette } from './palette.js';

export class CanvasPicture {
  private transform: ZoomTransform = zoomIdentity;
  private readonly behaviour: ZoomBehavior<HTMLCanvasElement, unknown>;
  private ctx: DrawContext | undefined;
  private hits: HitIndex | undefined;
  private hitsFor: Layout | undefined;
  private palette: Palette;
  private size = { width: 0, height: 0 };

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.palette = readPalette(canvas);
    this.behaviour = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([0.2, 16])
      .on('zoom', (ev: { transform: ZoomTransform }) => {
        this.transform = ev.transform;
        this.repaint();
      });
    select(canvas).call(this.behaviour);
    canvas.addEventListener('click', (ev) => this.onClick(ev));
    canvas.addEventListener('mousemove', (ev) => this.onHover(ev));
    canvas.addEventListener('keydown', (ev) => this.onKey(ev));
  }

  draw(ctx: DrawContext): void {
    this.ctx = ctx;
    if (this.hitsFor !== ctx.layout) {
      this.hits = new HitIndex(ctx.layout);
      this.hitsFor = ctx.layout;
    }
    this.repaint();
  }

  tick(ctx: DrawContext): void {
    this.draw(ctx);
  }

  /** Reads the colours again (after a theme change). */
  refreshPalette(): void {
    this.palette = readPalette(this.canvas);
    this.repaint();
  }

  /** Pans and zooms so that `name`'s card is in the middle, large enough to read. */
  focusNode(name: string): void {
    const box = this.ctx?.layout.cards.get(name);
    if (!box) return;
    const k = Math.max(this.transform.k, 4);
    const t = zoomIdentity.translate(this.size.width / 2 - (box.x + box.w / 2) * k, this.size.height / 2 - (box.y + box.h / 2) * k).scale(k);
    select(this.canvas).call(this.behaviour.transform, t);
  }

  destroy(): void {
    select(this.canvas).on('.zoom', null);
  }

  private repaint(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const ratio = globalThis.devicePixelRatio || 1;
    const rect = this.canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(rect.width));
    const height = Math.max(1, Math.round(rect.height));
    if (this.canvas.width !== width * ratio || this.canvas.height !== height * ratio) {
      this.canvas.width = width * ratio;
      this.canvas.height = height * ratio;
    }
    this.size = { width, height };
    const g = this.canvas.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    paint(g, ctx, this.transform, this.palette, this.size);
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
