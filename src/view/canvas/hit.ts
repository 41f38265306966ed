/**
 * Hit-testing for the canvas: a d3-quadtree of card centres, rebuilt with the layout; a point in
 * picture coordinates finds its card, then the pod cell under it, if any.
 */
import { quadtree, type Quadtree } from 'd3-quadtree';
import { podOffset, type Box, type Layout } from '../layout/grid.js';
import type { PictureModel } from '../model/picture-model.js';
import type { Selected } from '../svg/context.js';

interface Entry {
  readonly name: string;
  readonly box: Box;
  readonly cx: number;
  readonly cy: number;
}

export class HitIndex {
  private readonly tree: Quadtree<Entry>;
  private readonly reach: number;

  constructor(private readonly layout: Layout) {
    const entries: Entry[] = [];
    for (const [name, box] of layout.cards) entries.push({ name, box, cx: box.x + box.w / 2, cy: box.y + box.h / 2 });
    this.tree = quadtree<Entry>()
      .x((e) => e.cx)
      .y((e) => e.cy)
      .addAll(entries);
    const first = entries[0]?.box;
    this.reach = first ? Math.hypot(first.w, first.h) : 0;
  }

  /** The node card at (x, y), in picture coordinates. */
  node(x: number, y: number): string | undefined {
    const e = this.tree.find(x, y, this.reach);
    if (!e) return undefined;
    const b = e.box;
    return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h ? e.name : undefined;
  }

  /** The pod cell or the node card at (x, y). */
  at(x: number, y: number, model: PictureModel): Selected | undefined {
    const name = this.node(x, y);
    if (!name) return undefined;
    const box = this.layout.cards.get(name)!;
    const card = model.node(name);
    const m = this.layout.metrics;
    for (const row of card?.rows ?? []) {
      const r = row.owner === '' ? this.layout.rows - 1 : (this.layout.rowOf.get(row.owner) ?? this.layout.rows - 1);
      for (let i = row.slots.length - 1; i >= 0; i--) {
        const o = podOffset(m, r, i, row.owner !== '');
        if (Math.abs(box.x + o.x - x) <= m.podStep / 2 && Math.abs(box.y + o.y - y) <= m.rowH / 2) {
          const pod = row.slots[i]!.pod;
          return { kind: 'Pod', namespace: pod.namespace, name: pod.name };
        }
      }
    }
    return { kind: 'Node', name };
  }
}
