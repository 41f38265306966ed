/**
 * Which parts of the playground a widget shows, from its checked configuration: the columns
 * (`view`), the toolbox and the time bar (`controls`), with `readonly` leaving only the picture
 * and its time controls (no command line, no editor, no toolbox).
 */
import { PANELS, type Panel } from '../ui/shell/layout.svelte.js';
import type { WidgetConfig } from './attributes.js';

export interface WidgetParts {
  readonly panels: readonly Panel[];
  readonly toolbox: boolean;
  readonly timebar: boolean;
  /** A note when two attributes disagree (readonly wins over view). */
  readonly note?: string;
}

const COLUMNS: Readonly<Record<WidgetConfig['view'], readonly Panel[]>> = {
  cluster: ['picture'],
  editor: ['editor'],
  terminal: ['terminal'],
  full: PANELS,
};

export function partsOf(config: WidgetConfig): WidgetParts {
  const readonly = config.readonly;
  const clash = readonly && (config.view === 'editor' || config.view === 'terminal');
  return {
    panels: readonly ? ['picture'] : COLUMNS[config.view],
    toolbox: !readonly && config.controls === 'full',
    timebar: config.controls !== 'none',
    ...(clash ? { note: `readonly shows the cluster and its time controls only, so view="${config.view}" shows the cluster.` } : {}),
  };
}

/** The columns of a widget that runs a lesson: its lesson column first, beside the others. */
export function withLesson(panels: readonly Panel[]): readonly Panel[] {
  return panels.includes('lesson') ? panels : ['lesson', ...panels];
}
