/**
 * A playground's terminal transcript: every command that ran (from the terminal, the editor, the
 * toolbox, a lesson or the time bar), echoed as `$ command` with kubectl's output, stdout and
 * stderr interleaved in the order the command wrote them, as the CLI prints them. A command is
 * echoed as soon as it is sent (`running`), as a shell echoes it before its output: on a big
 * fleet a command takes seconds, and the prompt is already empty. Like a terminal, it keeps a
 * scrollback of the newest lines only (`SCROLLBACK_LINES`), and says how many went before. It
 * knows nothing about the cluster.
 */
import type { CommandResult } from '../../kubectl/session.js';
import type { CommandSource, ScriptError } from '../worker/protocol.js';

export interface TranscriptLine {
  /**
   * `running`: the text of a run sent to the engine and not answered yet, shown as typed.
   * `notice`: the terminal's own notes: where the session shown came from (`note`), and, first,
   * how many lines went past the scrollback.
   */
  readonly kind: 'command' | 'running' | 'stdout' | 'stderr' | 'notice';
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

/**
 * The lines of output a transcript keeps (GNOME Terminal's default scrollback). `kubectl get nodes
 * -o yaml` on a 5,000-node fleet writes 380,000 lines: laid out whole they held the page for
 * seconds, and made every later command's output slower to show.
 */
export const SCROLLBACK_LINES = 10_000;

/**
 * The lines kept when the scrollback overflows: a fifth of it goes at once, so a transcript at
 * its limit is not cut and laid out again at every command.
 */
const KEPT_LINES = 8_000;

/** The lines an entry takes on the screen (a command line one; output as many as it has). */
function linesIn(line: TranscriptLine): number {
  if (line.kind === 'command' || line.kind === 'running') return 1;
  let n = 0;
  for (let at = line.text.indexOf('\n'); at >= 0; at = line.text.indexOf('\n', at + 1)) n++;
  return line.text.endsWith('\n') || line.text === '' ? n : n + 1;
}

/** The last `keep` lines of `text` (as `linesIn` counts them). */
function lastLines(text: string, keep: number): string {
  let at = text.endsWith('\n') ? text.length - 1 : text.length;
  for (let k = 0; k < keep; k++) {
    at = text.lastIndexOf('\n', at - 1);
    if (at < 0) return text;
  }
  return text.slice(at + 1);
}

/** The notice of `gone` lines past the scrollback. */
function noticeOf(gone: number): TranscriptLine {
  const what = gone === 1 ? '1 earlier line is' : `${gone.toLocaleString('en-US')} earlier lines are`;
  const limit = SCROLLBACK_LINES.toLocaleString('en-US');
  return { kind: 'notice', text: `[${what} past the ${limit}-line scrollback; pipe a long output to head, tail or grep]\n` };
}

export class Transcript {
  lines = $state<TranscriptLine[]>([]);
  /** `lines` in blocks (`blocksOf`). */
  readonly blocks = $derived(blocksOf(this.lines));
  private runs = 0;
  /** Lines dropped past the scrollback since the transcript was last cleared. */
  private gone = 0;

  /**
   * Echoes a run as it is sent: a line with its text as typed that stands for it until `show`
   * or `showError`, given the number returned here, puts what ran in its place. Runs are served
   * in the order they are sent, so the transcript keeps that order.
   */
  running(text: string, source: CommandSource): number {
    const run = ++this.runs;
    this.lines.push({ kind: 'running', text, source, run });
    this.trim();
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

  /** A line the learner dropped with Ctrl+C before running it, shown as a terminal shows it: `$ text^C`. */
  cancelled(text: string): void {
    this.lines.push({ kind: 'command', text: `${text}^C`, source: 'terminal' });
    this.trim();
  }

  /** A note of the terminal's own (a session restored or replaced), after what is there. */
  note(text: string): void {
    this.lines.push({ kind: 'notice', text: `${text}\n` });
    this.trim();
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
    this.trim();
  }

  /**
   * Over `SCROLLBACK_LINES`, drops the oldest lines down to `KEPT_LINES` (the first output kept
   * may keep only its last lines) and puts the notice of all dropped so far first.
   */
  private trim(): void {
    const lines = this.lines;
    const from = lines[0]?.kind === 'notice' ? 1 : 0;
    const counts = lines.map(linesIn);
    let total = 0;
    for (let i = from; i < counts.length; i++) total += counts[i]!;
    if (total <= SCROLLBACK_LINES) return;
    let excess = total - KEPT_LINES;
    let i = from;
    while (excess >= counts[i]!) excess -= counts[i++]!;
    const kept = lines.slice(i);
    if (excess > 0) {
      // Only output spans lines: a command line is one, and a run of them is dropped whole above.
      const first = kept[0]!;
      kept[0] = { ...first, text: lastLines(first.text, counts[i]! - excess) };
    }
    this.gone += total - KEPT_LINES;
    this.lines = [noticeOf(this.gone), ...kept];
  }

  clear(): void {
    this.lines = [];
    this.gone = 0;
  }
}
