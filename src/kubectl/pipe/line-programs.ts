/**
 * The programs a line may start with besides kubectl and sim: `cat` and `echo`, which make text
 * for a pipe, a `> FILE` or the terminal (`cat <<EOF | kubectl apply -f -`, `cat agent.yaml`,
 * `echo hello`). They stand after a pipe too, like the filters. They only read (standard input,
 * the editor's files): they never touch the cluster, so a line of theirs does not settle it (as a
 * line of `help` does not), and a replay of the session's log runs one only when a kubectl or sim
 * stage reads its output (exec.ts).
 */
import type { ExecResult } from '../result.js';
import { cat } from './cat.js';
import { echo } from './echo.js';

/** An editor file's text by its name, undefined when there is none (`ExecOptions.readFile`). */
export type ReadFile = (name: string) => string | undefined;

/**
 * Runs the program with its arguments, its standard input (the line's here-document, or what
 * flows in through a pipe; empty when there is neither) and the editor's files.
 */
export type LineProgram = (args: readonly string[], stdin: string, readFile: ReadFile | undefined) => ExecResult;

const LINE_PROGRAMS: Readonly<Record<string, LineProgram>> = { cat, echo };

/** The program `name` names, if it is one of these. */
export function lineProgram(name: string): LineProgram | undefined {
  return Object.hasOwn(LINE_PROGRAMS, name) ? LINE_PROGRAMS[name] : undefined;
}
