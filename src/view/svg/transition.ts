/**
 * The one named transition every join shares (UI.md: about 300 ms; none under
 * prefers-reduced-motion). Time speed never changes it: a faster clock only shows more engine
 * steps per frame.
 */
import 'd3-transition';
import type { BaseType, Selection } from 'd3-selection';
import type { Transition } from 'd3-transition';

export const JOIN_TRANSITION = 'join';
export const JOIN_MS = 300;

export function joinTransition<G extends BaseType, D, P extends BaseType, PD>(sel: Selection<G, D, P, PD>, reducedMotion: boolean): Transition<G, D, P, PD> {
  return sel.transition(JOIN_TRANSITION).duration(reducedMotion ? 0 : JOIN_MS);
}
