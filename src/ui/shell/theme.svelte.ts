/**
 * Light or dark: the learner's choice, remembered, or the system's preference until they choose.
 * It sets `data-theme` on the document element, which theme.css reads.
 */
export type ThemeName = 'light' | 'dark';

const KEY = 'everynode:theme';

export class Theme {
  /** The learner's choice; undefined follows the system. */
  chosen = $state<ThemeName | undefined>();
  private system = $state<ThemeName>('light');
  readonly current: ThemeName = $derived(this.chosen ?? this.system);

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
    media: MediaQueryList | undefined,
  ) {
    const saved = storage?.getItem(KEY);
    if (saved === 'light' || saved === 'dark') this.chosen = saved;
    if (media) {
      this.system = media.matches ? 'dark' : 'light';
      media.addEventListener('change', (e) => (this.system = e.matches ? 'dark' : 'light'));
    }
  }

  toggle(): void {
    this.chosen = this.current === 'dark' ? 'light' : 'dark';
    try {
      this.storage?.setItem(KEY, this.chosen);
    } catch {
      // A full or blocked storage only loses the remembered choice; the theme still changes.
    }
  }
}
