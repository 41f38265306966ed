/**
 * The canvas's colours, read from the same CSS custom properties the SVG classes use (the theme's
 * and the picture's revision palette), so light, dark and the colour-blind-safe revision colours
 * stay defined in CSS only.
 */
import { REVISION_SLOTS } from '../model/revisions.js';

export interface Palette {
  readonly surface: string;
  readonly fg: string;
  readonly muted: string;
  readonly border: string;
  readonly ok: string;
  readonly warn: string;
  readonly bad: string;
  readonly accent: string;
  readonly focus: string;
  readonly revisions: readonly string[];
}

export function readPalette(el: Element): Palette {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return {
    surface: v('--surface', '#fff'),
    fg: v('--fg', '#111'),
    muted: v('--muted', '#666'),
    border: v('--border', '#ccc'),
    ok: v('--ok', '#1a7f37'),
    warn: v('--warn', '#9a6700'),
    bad: v('--bad', '#cf222e'),
    accent: v('--accent', '#0969da'),
    focus: v('--focus', '#0969da'),
    revisions: Array.from({ length: REVISION_SLOTS }, (_, i) => v(`--rev-${i}`, '#888')),
  };
}
