/**
 * The SVG picture: Svelte owns the `<svg>`, this owns one `<g>` inside it, with a layer for the
 * group headers, one for the node cards and one for the lesson's callout notes (docs/picture.md,
 * Drawing).
 *
 * Pointer and keyboard: a click selects the pod or node under it; the cards are one tab stop
 * (roving tabindex), arrows move between cards in layout order, Enter or Space selects, and
 * Enter on a selected node selects its first pod in turn.
 */
import { select, type Selection } from 'd3-selection';
import { joinNotes } from './callouts.js';
import { joinCards, tickCards } from './cards.js';
import type { DrawContext, Selected } from './context.js';
import { joinGroups } from './groups.js';

export class SvgPicture {
  private readonly groups: Selection<SVGGElement, unknown, null, undefined>;
  private readonly cards: Selection<SVGGElement, unknown, null, undefined>;
  /** The callouts' notes, above the cards. */
  private readonly notes: Selection<SVGGElement, unknown, null, undefined>;
  private ctx: DrawContext | undefined;

  /**
   * `frameClip` is the id of a `<clipPath>` the host keeps the size of the picture: the cards are
   * clipped to it, so cards still fading out after the picture shrank never paint outside it.
   */
  constructor(root: SVGGElement, frameClip: string) {
    const g = select<SVGGElement, unknown>(root);
    this.groups = g.append('g').attr('class', 'groups');
    this.cards = g.append('g').attr('class', 'cards').attr('clip-path', `url(#${frameClip})`);
    this.notes = g.append('g').attr('class', 'callout-notes');
    const layer = this.cards.node()!;
    layer.addEventListener('click', (ev) => this.onClick(ev));
    layer.addEventListener('keydown', (ev) => this.onKey(ev));
  }

  /** Joins everything against the model (cheap for cards whose projection did not change). */
  draw(ctx: DrawContext): void {
    this.ctx = ctx;
    joinGroups(this.groups, ctx.layout.groups, ctx.model.groupBy, ctx.reducedMotion);
    joinCards(this.cards, ctx.model.nodes(), ctx);
    joinNotes(this.notes, ctx);
    this.rove();
  }

  /** Only what the clock moves. */
  tick(ctx: DrawContext): void {
    this.ctx = ctx;
    tickCards(this.cards, ctx);
  }

  destroy(): void {
    this.groups.remove();
    this.cards.remove();
    this.notes.remove();
  }

  private onClick(ev: MouseEvent): void {
    const target = ev.target as Element | null;
    const sel = target ? selectionAt(target) : undefined;
    if (sel) this.ctx?.select(sel);
  }

  private onKey(ev: KeyboardEvent): void {
    const cards = this.cardEls();
    const current = (ev.target as Element | null)?.closest('g.node');
    const i = current ? cards.indexOf(current as SVGGElement) : -1;
    if (i < 0) return;
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (ev.key in step) {
      ev.preventDefault();
      const next = Math.max(0, Math.min(cards.length - 1, i + step[ev.key]!));
      this.focus(cards, next);
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      const name = cards[i]!.getAttribute('data-node')!;
      const selected = this.ctx?.selected;
      const firstPod = cards[i]!.querySelector('g.pod')?.getAttribute('data-pod');
      if (selected?.kind === 'Node' && selected.name === name && firstPod) this.ctx?.select(podSelection(firstPod));
      else this.ctx?.select({ kind: 'Node', name });
    }
  }

  private cardEls(): SVGGElement[] {
    return [...this.cards.node()!.querySelectorAll<SVGGElement>(':scope > g.node:not(.leaving)')];
  }

  private focus(cards: SVGGElement[], i: number): void {
    for (const c of cards) c.setAttribute('tabindex', '-1');
    cards[i]?.setAttribute('tabindex', '0');
    cards[i]?.focus();
  }

  /** Keeps exactly one card in the tab order: the selected node's, else the first. */
  private rove(): void {
    const cards = this.cardEls();
    const name = this.ctx?.selected?.kind === 'Node' ? this.ctx.selected.name : undefined;
    const active = Math.max(0, cards.findIndex((c) => c.getAttribute('data-node') === name));
    cards.forEach((c, i) => c.setAttribute('tabindex', i === active ? '0' : '-1'));
  }
}

/** The pod or node a pointer event landed on. */
export function selectionAt(target: Element): Selected | undefined {
  const pod = target.closest('g.pod')?.getAttribute('data-pod');
  if (pod) return podSelection(pod);
  const node = target.closest('g.node')?.getAttribute('data-node');
  return node ? { kind: 'Node', name: node } : undefined;
}

function podSelection(key: string): Selected {
  const slash = key.indexOf('/');
  return { kind: 'Pod', namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
