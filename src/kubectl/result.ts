/**
 * What one command returns, and the ways kubectl turns failures into text.
 *
 * A command writes to two streams, and a terminal shows them interleaved in the order they were
 * written (drain's warning comes before "drained"). `stdout` and `stderr` hold each stream whole
 * (for `--json` and for callers that read one); `output` holds both in written order when that
 * order is not simply all of stdout, then all of stderr. `outputOf` gives the order either way.
 */
import type { StatusError } from '../sim/apiserver/errors.js';

/** One piece of a command's output, in the order it was written. */
export interface OutputChunk {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
}

export interface ExecResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Both streams in written order; absent when that is all of `stdout`, then all of `stderr`. */
  readonly output?: readonly OutputChunk[];
}

/** The result's output in written order (the concatenation per stream is `stdout` / `stderr`). */
export function outputOf(r: ExecResult): readonly OutputChunk[] {
  if (r.output) return r.output;
  const chunks: OutputChunk[] = [];
  if (r.stdout) chunks.push({ stream: 'stdout', text: r.stdout });
  if (r.stderr) chunks.push({ stream: 'stderr', text: r.stderr });
  return chunks;
}

/**
 * What a command writes, stream by stream, kept in order: verbs that interleave the two streams
 * (drain, delete, apply with warnings, rollout) write through one of these.
 */
export class OutputWriter {
  private readonly chunks: OutputChunk[] = [];
  private out = '';
  private err = '';

  get stdout(): string {
    return this.out;
  }

  get stderr(): string {
    return this.err;
  }

  /** Writes `text` to standard output. */
  print(text: string): void {
    this.write('stdout', text);
  }

  /** Writes `text` to standard error. */
  warn(text: string): void {
    this.write('stderr', text);
  }

  /** Writes what another part of the command wrote, in its order. */
  append(r: ExecResult): void {
    for (const c of outputOf(r)) this.write(c.stream, c.text);
  }

  result(exitCode: number): ExecResult {
    const plain = this.chunks.length <= 1 || (this.chunks.length === 2 && this.chunks[0]!.stream === 'stdout');
    return plain ? { exitCode, stdout: this.out, stderr: this.err } : { exitCode, stdout: this.out, stderr: this.err, output: [...this.chunks] };
  }

  private write(stream: OutputChunk['stream'], text: string): void {
    if (text === '') return;
    if (stream === 'stdout') this.out += text;
    else this.err += text;
    const last = this.chunks[this.chunks.length - 1];
    if (last?.stream === stream) this.chunks[this.chunks.length - 1] = { stream, text: last.text + text };
    else this.chunks.push({ stream, text });
  }
}

export function ok(stdout: string, stderr = ''): ExecResult {
  return { exitCode: 0, stdout, stderr };
}

/** `r` after `warning` on stderr: a notice kubectl prints before the command runs (a deprecated flag). */
export function afterWarning(warning: string, r: ExecResult): ExecResult {
  if (warning === '') return r;
  const w = new OutputWriter();
  w.warn(warning);
  w.append(r);
  return w.result(r.exitCode);
}

/** A client-side failure: kubectl prints `error: ...` and exits 1. */
export function fail(message: string, stdout = ''): ExecResult {
  const text = message.startsWith('error: ') || message.startsWith('Error') ? message : `error: ${message}`;
  return { exitCode: 1, stdout, stderr: text.endsWith('\n') ? text : `${text}\n` };
}

/** `Error from server (Reason): message` — how kubectl prints an API error. */
export function serverError(err: StatusError): string {
  return `Error from server (${err.reason}): ${err.message}`;
}

/**
 * kubectl's own rendering of an Invalid error for a named object (`cmdutil.CheckErr`):
 * `The DaemonSet "x" is invalid: <err>`, or the bulleted form for several causes.
 */
export function invalidError(err: StatusError): string {
  if (err.reason !== 'Invalid' || !err.causes || err.causes.length === 0) return serverError(err);
  const kind = (err.kind ?? '').split('.')[0];
  if (err.causes.length === 1) return `The ${kind} "${err.name}" is invalid: ${err.causes[0]!.message}`;
  return `The ${kind} "${err.name}" is invalid: \n${err.causes.map((c) => `* ${c.message}`).join('\n')}`;
}
