/**
 * The terminal's command history, as a shell keeps it: the arrow keys walk back and forth through
 * earlier commands, and what was being typed comes back when walking past the newest. The
 * entries are state so the page can save them (persist.ts) and restore them after a reload.
 */

/** How many commands are kept; the oldest go first. */
export const HISTORY_LIMIT = 500;

export class CommandHistory {
  entries = $state<string[]>([]);
  /** Index into entries; entries.length means "the line being typed". */
  private cursor = 0;
  private draft = '';

  constructor(
    entries: readonly string[] = [],
    /** Called with the entries after each command is added (the playground saves them). */
    private readonly onAdd: (entries: readonly string[]) => void = () => {},
  ) {
    this.entries = entries.slice(-HISTORY_LIMIT);
    this.cursor = this.entries.length;
  }

  /** Records a command that ran (a repeat of the newest is kept once, as bash's ignoredups). */
  add(text: string): void {
    if (text.trim() !== '' && this.entries.at(-1) !== text) {
      this.entries.push(text);
      if (this.entries.length > HISTORY_LIMIT) this.entries.splice(0, this.entries.length - HISTORY_LIMIT);
    }
    this.cursor = this.entries.length;
    this.draft = '';
    this.onAdd($state.snapshot(this.entries));
  }

  /**
   * The previous (-1) or next (+1) entry; `current` is the prompt's text, kept as the draft when
   * leaving the newest position. Undefined when there is nowhere to go.
   */
  recall(step: -1 | 1, current: string): string | undefined {
    const to = this.cursor + step;
    if (to < 0 || to > this.entries.length) return undefined;
    if (this.cursor === this.entries.length) this.draft = current;
    this.cursor = to;
    return to === this.entries.length ? this.draft : this.entries[to];
  }
}
