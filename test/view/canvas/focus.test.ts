import { describe, expect, it } from 'vitest';
import { focusTransform, READ_ZOOM } from '../../../src/view/canvas/focus.js';

const view = { x: 0, y: 0, width: 850, height: 330 };
const card = (x: number, y: number) => ({ x, y, w: 22, h: 30 });
/** The point of the layout a transform puts in the middle of the view. */
const middle = (f: { x: number; y: number; k: number }) => ({ x: (view.width / 2 - f.x) / f.k, y: (view.height / 2 - f.y) / f.k });

describe('focusTransform: where a search moves the canvas picture', () => {
  it('one card: in the middle, large enough to read, or as close as the view already was', () => {
    const f = focusTransform([card(100, 40)], view, 1, 0.2)!;
    expect(f.k).toBe(READ_ZOOM);
    expect(middle(f)).toEqual({ x: 111, y: 55 });
    expect(focusTransform([card(100, 40)], view, 8, 0.2)!.k).toBe(8);
    // Closer than the card fits (0.9 of the view's height over its 30): as close as it fits.
    expect(focusTransform([card(100, 40)], view, 16, 0.2)!.k).toBeCloseTo((330 * 0.9) / 30);
  });

  it('cards close together: large enough to read, their box in the middle', () => {
    const f = focusTransform([card(0, 0), card(25, 0)], view, 1, 0.2)!;
    expect(f.k).toBe(READ_ZOOM);
    expect(middle(f)).toEqual({ x: 23.5, y: 15 });
  });

  it('cards far apart (a label thousands of nodes carry): all of them at once, never further out than the zoom allows', () => {
    const spread = [card(0, 0), card(978, 0), card(0, 970), card(978, 970)];
    const f = focusTransform(spread, view, 4, 0.2)!;
    expect(f.k).toBeCloseTo((330 * 0.9) / 1000);
    expect(middle(f).x).toBeCloseTo(500);
    expect(middle(f).y).toBeCloseTo(500);
    expect(focusTransform([card(0, 0), card(0, 5000)], view, 4, 0.2)!.k).toBe(0.2);
  });

  it('a view that is only part of the canvas (its column scrolled): the middle of that part', () => {
    const part = { x: 0, y: 100, width: 850, height: 200 };
    const f = focusTransform([card(100, 40)], part, 1, 0.2)!;
    expect(((part.y + part.height / 2 - f.y) / f.k)).toBe(55);
    expect(((part.x + part.width / 2 - f.x) / f.k)).toBe(111);
  });

  it('no cards: nowhere to go', () => {
    expect(focusTransform([], view, 1, 0.2)).toBeUndefined();
  });
});
