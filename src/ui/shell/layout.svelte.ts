/**
 * The playground's responsive layout: at 900 px and wider every column is on screen; below that
 * the columns become tabs (Picture, Editor, Terminal, Lesson) with the picture first.
 */
export const PANELS = ['picture', 'editor', 'terminal', 'lesson'] as const;
export type Panel = (typeof PANELS)[number];

export const PANEL_NAMES: Readonly<Record<Panel, string>> = {
  picture: 'Picture',
  editor: 'Editor',
  terminal: 'Terminal',
  lesson: 'Lesson',
};

/** The width (CSS px) under which the columns become tabs. */
export const NARROW_WIDTH = 900;

/** The media query under which the columns become tabs. */
export const NARROW_QUERY = `(max-width: ${NARROW_WIDTH - 0.02}px)`;

/** What the layout reads of a MediaQueryList (the docs widget passes its own width's instead). */
export interface NarrowQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', fn: (e: { matches: boolean }) => void): void;
}

export class Layout {
  narrow = $state(false);
  tab = $state<Panel>('picture');
  /** Whether the lesson column is open (wide layout). */
  lessonOpen = $state(false);

  constructor(media: NarrowQuery | undefined) {
    if (!media) return;
    this.narrow = media.matches;
    media.addEventListener('change', (e) => (this.narrow = e.matches));
  }

  /** Whether a panel is on screen now. */
  shows(panel: Panel): boolean {
    if (!this.narrow) return panel !== 'lesson' || this.lessonOpen;
    return this.tab === panel;
  }

  /** Brings a panel on screen (a tab in the narrow layout; the lesson column opens). */
  reveal(panel: Panel): void {
    if (panel === 'lesson') this.lessonOpen = true;
    this.tab = panel;
  }
}
