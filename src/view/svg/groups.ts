/** Group headers (one per value of the grouping label), joined by value. */
import type { Selection } from 'd3-selection';
import type { GroupBox } from '../layout/grid.js';
import { animateTo } from './transition.js';

/** The header's words: `pool=blue · 3 nodes`, `control-plane`, `no pool label`. */
export function groupTitle(g: Pick<GroupBox, 'value' | 'controlPlane' | 'count'>, label: string): string {
  const name = g.controlPlane ? 'control-plane' : g.value === '' ? `no ${label} label` : `${label}=${g.value}`;
  return `${name} · ${g.count} node${g.count === 1 ? '' : 's'}`;
}

export function joinGroups(layer: Selection<SVGGElement, unknown, null, undefined>, groups: readonly GroupBox[], label: string, reducedMotion: boolean): void {
  layer
    .selectAll<SVGTextElement, GroupBox>('text.group')
    .data(groups, (d) => `${d.controlPlane}:${d.value}`)
    .join(
      (enter) => enter.append('text').attr('class', 'group').attr('x', (d) => d.x).attr('y', (d) => d.y + 15),
      (update) => update.call((t) => animateTo(t, reducedMotion, { x: (d) => d.x, y: (d) => d.y + 15 })),
      (exit) => exit.remove(),
    )
    .text((d) => groupTitle(d, label));
}
