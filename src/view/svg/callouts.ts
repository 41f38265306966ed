/**
 * The notes of a lesson step's callouts beside the node cards they point at: a box under the
 * card's top-left corner (moved left to stay in the picture), above the cards around it, with the target's words and the callout's
 * text. Joined by node name; the lit outline itself is the card's (`.lit`, cards.ts).
 */
import type { Selection } from 'd3-selection';
import type { CalloutNote } from '../model/callouts.js';
import type { DrawContext } from './context.js';

/** Average glyph width of the note's 12 px text (the box is sized without measuring). */
const CHAR_W = 6.6;
const LINE_H = 15;
const PAD = 6;

interface Placed {
  readonly node: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly lines: readonly string[];
}

/** Notes with their places, for the cards in the layout. */
export function placeNotes(ctx: DrawContext): Placed[] {
  const out: Placed[] = [];
  for (const [node, notes] of ctx.lit.nodes) {
    const box = ctx.layout.cards.get(node);
    if (!box) continue;
    const lines = notes.map(noteLine);
    const width = Math.max(...lines.map((l) => l.length)) * CHAR_W + 2 * PAD;
    // under the card, moved left as far as it takes to stay inside the picture
    out.push({ node, x: Math.max(0, Math.min(box.x + 10, ctx.layout.width - width)), y: box.y + box.h + 4, width, lines });
  }
  return out;
}

export function noteLine(n: CalloutNote): string {
  return `${n.target}: ${n.text}`;
}

export function joinNotes(layer: Selection<SVGGElement, unknown, null, undefined>, ctx: DrawContext): void {
  layer
    .selectAll<SVGGElement, Placed>('g.callout-note')
    .data(placeNotes(ctx), (d) => d.node)
    .join((enter) => enter.append('g').attr('class', 'callout-note'))
    .attr('transform', (d) => `translate(${d.x},${d.y})`)
    .each(function (d) {
      const g = this as SVGGElement;
      while (g.firstChild) g.removeChild(g.firstChild);
      const doc = g.ownerDocument;
      const rect = doc.createElementNS('http://www.w3.org/2000/svg', 'rect');
      rect.setAttribute('width', String(d.width));
      rect.setAttribute('height', String(d.lines.length * LINE_H + PAD));
      rect.setAttribute('rx', '5');
      g.appendChild(rect);
      d.lines.forEach((line, i) => {
        const t = doc.createElementNS('http://www.w3.org/2000/svg', 'text');
        t.setAttribute('x', String(PAD));
        t.setAttribute('y', String(PAD + 9 + i * LINE_H));
        t.textContent = line;
        g.appendChild(t);
      });
    });
}
