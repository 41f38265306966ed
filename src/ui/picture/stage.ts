/**
 * Drives one drawing (SVG cards or canvas tiles) from the picture state: at most one paint per
 * animation frame, a full join only after the model changed, and otherwise only the parts the
 * clock moves. The layout is made again only when nodes joined, left or regrouped, the width
 * changed, or DaemonSets came or went (their rows).
 */
import { layoutGrid, type Layout, type Metrics } from '../../view/layout/grid.js';
import type { Changed, PictureModel } from '../../view/model/picture-model.js';
import type { LitCallouts } from '../../view/model/callouts.js';
import { drawContext, type DrawContext, type Selected } from '../../view/svg/context.js';

export interface Painter {
  /** Draws after a change; `dirty` names the only nodes that changed, when that is all. */
  draw(ctx: DrawContext, dirty?: ReadonlySet<string>): void;
  /** Only the clock moved. */
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
  /** The lesson's callouts, resolved against the model (a change of what they light asks for a full draw). */
  lit(): LitCallouts;
  select(sel: Selected): void;
}

export class Stage {
  private layout: Layout | undefined;
  private layoutKey = '';
  private frame = 0;
  private full = true;
  /** Nodes changed since the last paint (a partial draw), unless `full`. */
  private dirty = new Set<string>();

  constructor(
    private readonly input: StageInput,
    private readonly painter: Painter,
  ) {}

  /**
   * Asks for a paint on the next frame: `true` redraws everything (selection, search, size), a
   * `Changed` redraws what it touched, `false` only what the clock moves.
   */
  request(what: boolean | Changed): void {
    if (what === true) this.full = true;
    else if (what !== false) {
      if (what.layout || what.revisions || what.marks) this.full = true;
      else for (const n of what.nodes) this.dirty.add(n);
    }
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.run());
  }

  /** The current layout (made on demand). */
  currentLayout(): Layout {
    const { model, metrics } = this.input;
    const owners = model.daemonSets().map((d) => d.uid);
    const bare = model.hasBarePods();
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
      lit: i.lit(),
      select: (s) => i.select(s),
    });
    if (this.full) this.painter.draw(ctx);
    else if (this.dirty.size > 0) this.painter.draw(ctx, this.dirty);
    else this.painter.tick(ctx);
    this.full = false;
    this.dirty = new Set();
  }
}
