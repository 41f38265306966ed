/**
 * The terminal's state: the transcript so far, the command history and whether a command is
 * running. Commands go to the engine worker; nothing here knows about the cluster.
 */
import type { EngineClient } from './worker/client.js';

export interface TranscriptLine {
  readonly kind: 'command' | 'stdout' | 'stderr';
  readonly text: string;
}

export class TerminalState {
  lines = $state<TranscriptLine[]>([]);
  busy = $state(false);
  private history: string[] = [];
  private cursor = 0;

  constructor(private readonly engine: EngineClient) {}

  /** Runs one command line or a pasted script (several lines, heredocs). */
  async submit(text: string): Promise<void> {
    if (text.trim() === '' || this.busy) return;
    this.history.push(text);
    this.cursor = this.history.length;
    this.busy = true;
    try {
      const out = await this.engine.run(text);
      if ('error' in out) {
        this.lines.push({ kind: 'command', text }, { kind: 'stderr', text: `${out.line !== undefined ? `line ${out.line}: ` : ''}${out.error}\n` });
        return;
      }
      for (const r of out.results) {
        this.lines.push({ kind: 'command', text: r.command });
        if (r.stdout) this.lines.push({ kind: 'stdout', text: r.stdout });
        if (r.stderr) this.lines.push({ kind: 'stderr', text: r.stderr });
      }
    } finally {
      this.busy = false;
    }
  }

  /** The previous (-1) or next (+1) command of the history, for the arrow keys. */
  recall(step: -1 | 1): string {
    this.cursor = Math.max(0, Math.min(this.history.length, this.cursor + step));
    return this.history[this.cursor] ?? '';
  }

  clear(): void {
    this.lines = [];
  }
}
