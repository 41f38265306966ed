/**
 * Keeps a playground's work across reloads: what opens (the saved session, or the starter on a
 * first visit, a preset, or the session a new cluster replaced), and the debounced autosave of
 * the session log, the editor files and the terminal history. A save that fails is shown
 * (`error`), and the session stays as it is.
 */
import type { SessionSource } from '../../machines/session.js';
import type { PlaygroundStorage } from '../persist.js';
import { emptyLog, type SessionLog } from '../worker/session-log.js';
import { presetStart, type PresetStart } from './presets.js';

/** How long after the last change the work is saved. */
export const SAVE_DELAY_MS = 400;

/** What opens, and whether it is a saved session (rather than a preset or the starter). */
export interface Opening extends PresetStart {
  readonly restored: boolean;
}

export class SessionKeeper {
  /** Why the last save failed; undefined once one succeeds. */
  error = $state<string | undefined>();
  /** The log as last saved or loaded: the report a failed engine can still copy. */
  lastLog: SessionLog | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly storage: PlaygroundStorage,
    /** The session log so far (from the worker). */
    private readonly log: () => Promise<SessionLog>,
    /** The editor files now. */
    private readonly files: () => Record<string, string>,
  ) {}

  /**
   * What opens for `source` (undefined: the saved session, or the starter on a first visit; on a
   * lesson page, `lesson`, nothing but the saved files: the lesson brings its own cluster).
   */
  opening(source: SessionSource | undefined, lesson = false): Opening {
    const saved = source === 'previous' ? this.storage.read<PresetStart>('previous') : source === undefined ? this.storage.read<PresetStart>('session') : undefined;
    if (source === 'previous' && !saved) throw new Error('there is no previous session to restore');
    const start = saved ?? (lesson ? { log: emptyLog(), files: {} } : presetStart(source === undefined || source === 'previous' ? 'starter' : source));
    this.lastLog = start.log;
    return { ...start, restored: saved !== undefined };
  }

  /** Whether a replaced session can be restored. */
  hasPrevious(): boolean {
    return this.storage.read<PresetStart>('previous') !== undefined;
  }

  keepPrevious(previous: PresetStart): void {
    this.report(this.storage.write('previous', previous));
  }

  /** The commands the terminal remembers from earlier visits. */
  history(): readonly string[] {
    return this.storage.read<string[]>('history') ?? [];
  }

  saveHistory(entries: readonly string[]): void {
    this.report(this.storage.write('history', entries));
  }

  /** Saves a moment after the last change (changes in between fold into one save). */
  schedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), SAVE_DELAY_MS);
  }

  /** Saves now (after each command: commands are few, and each one matters). */
  async save(): Promise<void> {
    this.cancel();
    let log: SessionLog;
    try {
      log = await this.log();
    } catch (e) {
      return this.report(`the engine did not answer (${e instanceof Error ? e.message : String(e)})`);
    }
    this.lastLog = log;
    this.report(this.storage.write('session', { log, files: this.files() }));
  }

  /**
   * Writes a pending save at once, synchronously, with the log as last saved (the page is being
   * hidden or closed, and cannot wait for the worker). Commands are saved as they run, so only
   * the editor's latest keystrokes were waiting.
   */
  flush(): void {
    if (this.timer === undefined || this.lastLog === undefined) return;
    this.cancel();
    this.report(this.storage.write('session', { log: this.lastLog, files: this.files() }));
  }

  /** Stops a pending save (the playground is closing). */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private report(error: string | undefined): void {
    this.error = error === undefined ? undefined : `Your work could not be saved: ${error}.`;
  }
}
