/** The grid layout: groups stacked, cards wrapping at the width, one row per DaemonSet. */
import { describe, expect, it } from 'vitest';
import { CARD_METRICS, layoutGrid, podOffset, TILE_METRICS } from '../../../src/view/layout/grid.js';
import type { NodeGroup } from '../../../src/view/model/picture-model.js';
import type { NodeView } from '../../../src/view/model/node-view.js';

const card = (name: string) => ({ name }) as NodeView;
const groups: NodeGroup[] = [
  { value: 'control-plane', controlPlane: true, nodes: [card('cp')] },
  { value: 'blue', controlPlane: false, nodes: ['a', 'b', 'c', 'd', 'e'].map(card) },
];

describe('layoutGrid', () => {
  it('wraps cards at the width and stacks groups without overlap', () => {
    const m = CARD_METRICS;
    const width = 2 * m.pad + 3 * m.cardW + 2 * m.gap;
    const l = layoutGrid(groups, ['ds-1', 'ds-2'], false, width, m);
    expect(l.rows).toBe(2);
    const a = l.cards.get('a')!;
    const d = l.cards.get('d')!;
    expect(d.x).toBe(a.x);
    expect(d.y).toBe(a.y + a.h + m.gap);
    expect(l.cards.get('c')!.x + m.cardW).toBeLessThanOrEqual(width - m.pad);
    expect(l.groups[1]!.y).toBeGreaterThanOrEqual(l.groups[0]!.y + l.groups[0]!.h);
    expect(a.h).toBe(m.cardHead + 2 * m.rowH);
    expect(l.height).toBeGreaterThan(d.y + d.h);
  });

  it('gives pods without a DaemonSet a last row, and stacks pods of one DaemonSet', () => {
    const l = layoutGrid(groups, ['ds-1'], true, 600, TILE_METRICS);
    expect(l.rows).toBe(2);
    expect(l.rowOf.get('ds-1')).toBe(0);
    const first = podOffset(TILE_METRICS, 0, 0, true);
    const second = podOffset(TILE_METRICS, 0, 1, true);
    expect(second.y).toBeLessThan(first.y);
    expect(podOffset(TILE_METRICS, 1, 1, false).x - podOffset(TILE_METRICS, 1, 0, false).x).toBe(TILE_METRICS.podStep);
  });
});
