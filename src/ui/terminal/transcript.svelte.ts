/**
 * A playground's terminal transcript: every command that ran (from the terminal, the editor, the
 * toolbox, a lesson or the time bar), echoed as `$ command` with kubectl's output, stdout and
 * stderr interleaved in the order the command wrote them, as the CLI prints them. A command is
 * echoed as soon as it is sent (`running`), as a shell echoes it before its output: on a big
 * fleet a command takes seconds, and the prompt is already empty. It knows nothing about the
 * cluster.
 */
import type { CommandResult } from '../../kubectl/session.js';
import type { CommandSource, ScriptError } from '../worker/protocol.js';

export interface TranscriptLine {
  /** `running`: the text of a run sent to the engine and not answered yet, shown as typed. */
  readonly kind: 'command' | 'running' | 'stdout' | 'stderr';
  readonly text: string;
  /** Who ran the command (command and running lines only). */
  readonly source?: CommandSource;
  /** Which run a running line stands for (`running`). */
  readonly run?: number;
}

/**
 * The lines in blocks, a new one at each command (echoed or running) line, with the output
 * after it: the terminal lays each block out as a block of its own, so that adding lines lays
 * out only the last blocks. As one flow of text, the whole transcript was laid out again at every
 * change (the terminal reads its height to scroll): after a few `kubectl get nodes` on a
 * 5,000-node fleet, 35,000 lines and a third of a second for each command that followed.
 */
export function blocksOf(lines: readonly TranscriptLine[]): TranscriptLine[][] {
  const blocks: TranscriptLine[][] = [];
  for (const line of lines) {
    if (blocks.length === 0 || line.kind === 'command' || line.kind === 'running') blocks.push([line]);
    else blocks[blocks.length - 1]!.push(line);
  }
  return blocks;
}

export class Transcript {
  lines = $state<TranscriptLine[]>([]);
  /** `lines` in blocks (`blocksOf`). */
  readonly blocks = $derived(blocksOf(this.lines));
  private runs = 0;

  /**
   * Echoes a run as it is sent: a line with its text as typed that stands for it until `show`
   * or `showError`, given the number returned here, puts what ran in its place. Runs are served
   * in the order they are sent, so the transcript keeps that order.
   */
  running(text: string, source: CommandSource): number {
    const run = ++this.runs;
    this.lines.push({ kind: 'running', text, source, run });
    return run;
  }

  /** Echoes the commands of one run and their output, in the order each command wrote it, in place of its running line. */
  show(results: readonly CommandResult[], source: CommandSource, run?: number): void {
    const out: TranscriptLine[] = [];
    for (const r of results) {
      out.push({ kind: 'command', text: r.command, source });
      // As a terminal shows them: a warning before "drained".
      for (const chunk of r.output) out.push({ kind: chunk.stream, text: chunk.text });
    }
    this.put(out, run);
  }

  /** A script that did not parse (nothing ran): the text as typed and the parser's message, in place of its running line. */
  showError(text: string, e: ScriptError | { readonly error: string }, source: CommandSource, run?: number): void {
    this.put([{ kind: 'command', text, source }, { kind: 'stderr', text: `${e.error}\n` }], run);
  }

  /** Puts `out` where run `run`'s running line is, or at the end (no such line: none, or cleared since). */
  private put(out: TranscriptLine[], run: number | undefined): void {
    const at = run === undefined ? -1 : this.lines.findIndex((l) => l.run === run);
    if (at < 0) this.lines.push(...out);
    else this.lines.splice(at, 1, ...out);
  }

  clear(): void {
    this.lines = [];
  }
}
