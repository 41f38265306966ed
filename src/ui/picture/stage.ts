/**
 * Drives one drawing (SVG cards or canvas tiles) from the picture state: at most one paint per
 * animation frame, a full join only after the model changed, and otherwise only the parts the
 * clock moves. The layout is made again only when nodes joined, left or regrouped, the width
 * changed, or DaemonSets came or went (their rows).
 */
import { layoutGrid, type Layout, type Metrics } from '../../view/layout/grid.js';
import type { PictureModel } from '../../view/model/picture-model.js';
import { drawContext, type DrawContext, type Selected } from '../../view/svg/context.js';

export interface Painter {
  draw(ctx: DrawContext): void;
  tick(ctx: DrawContext): void;
  destroy(): void;
}

export interface StageInput {
  readonly model: PictureModel;
  readonly metrics: Metrics;
  width(): number;
  now(): number;
  selected(): Selected | undefined;
  matches(): ReadonlySet<string> | undefined;
  revisionsVersion(): number;
  reducedMotion(): boolean;
  select(sel: Selected): void;
}

export class Stage {
  private layout: Layout | undefined;
  private layoutKey = '';
  private frame = 0;
  private full = true;

  constructor(
    private readonly input: StageInput,
    private readonly painter: Painter,
  ) {}

  /** Asks for a paint on the next frame; `full` after the model or selection changed. */
  request(full: boolean): void {
    this.full ||= full;
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.run());
  }

  /** The current layout (made on demand). */
  currentLayout(): Layout {
    const { model, metrics } = this.input;
    const owners = model.daemonSets().map((d) => d.uid);
    const bare = model.nodes().some((n) => n.rows.some((r) => r.owner === ''));
    const key = `${model.layoutVersion}|${this.input.width()}|${owners.join(',')}|${bare}`;
    if (!this.layout || key !== this.layoutKey) {
      this.layout = layoutGrid(model.groups(), owners, bare, this.input.width(), metrics);
      this.layoutKey = key;
    }
    return this.layout;
  }

  destroy(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.painter.destroy();
  }

  private run(): void {
    this.frame = 0;
    const i = this.input;
    const ctx = drawContext(i.model, this.currentLayout(), {
      now: i.now(),
      reducedMotion: i.reducedMotion(),
      selected: i.selected(),
      matches: i.matches(),
      revisionsVersion: i.revisionsVersion(),
      select: (s) => i.select(s),
    });
    if (this.full) this.painter.draw(ctx);
    else this.painter.tick(ctx);
    this.full = false;
  }
}
