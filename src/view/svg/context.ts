/** What the SVG joins read while drawing: the model, the layout, the clock, the selection and the lesson's callouts. */
import type { Layout } from '../layout/grid.js';
import { NO_CALLOUTS, type LitCallouts } from '../model/callouts.js';
import type { PictureModel } from '../model/picture-model.js';
import type { WordContext } from '../model/words.js';

export interface Selected {
  readonly kind: 'Node' | 'Pod';
  readonly name: string;
  readonly namespace?: string;
}

export interface DrawContext extends WordContext {
  readonly model: PictureModel;
  readonly layout: Layout;
  readonly reducedMotion: boolean;
  readonly selected: Selected | undefined;
  /** Search matches (node names); undefined when no search is active. */
  readonly matches: ReadonlySet<string> | undefined;
  /** Bumps when revisions are renumbered or recoloured: every pod mark is redrawn. */
  readonly revisionsVersion: number;
  /** The current lesson step's callouts, resolved: what to light and the notes beside it. */
  readonly lit: LitCallouts;
  select(sel: Selected): void;
}

/** A DrawContext over a model: the word lookups read the model's DaemonSets and revisions. */
export function drawContext(model: PictureModel, layout: Layout, opts: Pick<DrawContext, 'reducedMotion' | 'selected' | 'matches' | 'revisionsVersion' | 'select'> & { readonly now: number; readonly lit?: LitCallouts }): DrawContext {
  return {
    model,
    layout,
    ...opts,
    lit: opts.lit ?? NO_CALLOUTS,
    daemonSet: (uid) => model.daemonSet(uid),
    revisionOf: (pod) => model.revisionOf(pod),
  };
}
