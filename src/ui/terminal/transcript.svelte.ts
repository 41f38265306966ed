/**
 * A playground's terminal transcript: every command that ran (from the terminal, the editor, the
 * toolbox, a lesson or the time bar), echoed as `$ command` with kubectl's output, stdout and
 * stderr interleaved in the order the command wrote them, as the CLI prints them. It knows
 * nothing about the cluster.
 */
import type { CommandResult } from '../../kubectl/session.js';
import type { CommandSource, ScriptError } from '../worker/protocol.js';

export interface TranscriptLine {
  readonly kind: 'command' | 'stdout' | 'stderr';
  readonly text: string;
  /** Who ran the command (command lines only). */
  readonly source?: CommandSource;
}

export class Transcript {
  lines = $state<TranscriptLine[]>([]);

  /** Echoes the commands of one run and their output, in the order each command wrote it. */
  show(results: readonly CommandResult[], source: CommandSource): void {
    const out: TranscriptLine[] = [];
    for (const r of results) {
      out.push({ kind: 'command', text: r.command, source });
      // As a terminal shows them: a warning before "drained".
      for (const chunk of r.output) out.push({ kind: chunk.stream, text: chunk.text });
    }
    this.lines.push(...out);
  }

  /** A script that did not parse (nothing ran): the text as typed and the parser's message. */
  showError(text: string, e: ScriptError | { readonly error: string }, source: CommandSource): void {
    this.lines.push({ kind: 'command', text, source }, { kind: 'stderr', text: `${e.error}\n` });
  }

  clear(): void {
    this.lines = [];
  }
}
