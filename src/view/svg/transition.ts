/**
 * The one named transition every join shares (docs/picture.md: about 300 ms; none under
 * prefers-reduced-motion, where attributes are set at once). Time speed never changes it: a
 * faster clock only shows more engine steps per frame. Joins use the verbs below rather than
 * calling `transition()` themselves.
 */
import 'd3-transition';
import type { BaseType, Selection, ValueFn } from 'd3-selection';

export const JOIN_TRANSITION = 'join';
export const JOIN_MS = 300;

type Attrs<G extends BaseType, D> = Readonly<Record<string, string | number | ValueFn<G, D, string | number>>>;

/** Moves (or fades) marks to the given attributes over the join transition. */
export function animateTo<G extends BaseType, D, P extends BaseType, PD>(sel: Selection<G, D, P, PD>, reducedMotion: boolean, attrs: Attrs<G, D>): void {
  if (reducedMotion) {
    sel.interrupt(JOIN_TRANSITION);
    for (const [k, v] of Object.entries(attrs)) sel.attr(k, v as ValueFn<G, D, string | number>);
    return;
  }
  const t = sel.transition(JOIN_TRANSITION).duration(JOIN_MS);
  for (const [k, v] of Object.entries(attrs)) t.attr(k, v as ValueFn<G, D, string | number>);
}

/**
 * Marks the exit selection of a join `.leaving`, animates it to `attrs`, then removes it. A mark
 * already leaving is in every later join's exit selection too: it keeps the exit it started, so
 * a picture that redraws more often than the transition lasts (Play streams a batch a frame)
 * still removes it, where starting the named transition again would put its end off each time.
 */
export function animateOut<G extends BaseType, D, P extends BaseType, PD>(exit: Selection<G, D, P, PD>, reducedMotion: boolean, attrs: Attrs<G, D>): void {
  const sel = exit.filter(':not(.leaving)').classed('leaving', true);
  if (reducedMotion) {
    sel.remove();
    return;
  }
  const t = sel.transition(JOIN_TRANSITION).duration(JOIN_MS);
  for (const [k, v] of Object.entries(attrs)) t.attr(k, v as ValueFn<G, D, string | number>);
  t.remove();
}

/**
 * Brings back the marks of a join's update selection that were leaving: a mark whose datum came
 * back within its exit (one uid removed and written again: a Timeline move away and back, or a
 * new cluster from the same seed making the same node again). Its exit is stopped (it would
 * remove the mark at its end, and nothing may draw the picture again after), and it is animated
 * to `attrs`.
 */
export function revive<G extends BaseType, D, P extends BaseType, PD>(update: Selection<G, D, P, PD>, reducedMotion: boolean, attrs: Attrs<G, D>): void {
  const back = update.filter('.leaving');
  if (back.empty()) return;
  back.interrupt(JOIN_TRANSITION).classed('leaving', false);
  animateTo(back, reducedMotion, attrs);
}

/**
 * Records where a mark is going and says whether that is somewhere new: only moved marks get an
 * update transition, so redrawing never interrupts a running enter transition.
 */
export function moved(el: Element, to: { readonly x: number; readonly y: number }): boolean {
  const holder = el as Element & { __to?: string };
  const key = `${to.x},${to.y}`;
  if (holder.__to === key) return false;
  holder.__to = key;
  return true;
}
