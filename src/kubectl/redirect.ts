/**
 * `CMD > FILE` and `CMD >> FILE`: the standard output of a line goes to a file instead of the
 * terminal, as in bash, and the standard error still shows. The files are the editor's tabs
 * (`kubectl get ds agent -o yaml > agent.yaml`, then edit it, then `kubectl apply -f agent.yaml`);
 * the host writes them (`ExecOptions.writeFile`). `/dev/null` takes the output and keeps nothing.
 *
 * `2>&1` and `2>/dev/null` send the command's standard error into its standard output (so a pipe
 * or the file reads both) or nowhere (`errorsGo`).
 *
 * A file the line cannot write refuses the line before it runs, as bash opens the file first.
 * A replay runs the line again but writes nothing: the file's text since then is the editor's,
 * kept with the session.
 */
import { FILE_NAME } from './file-name.js';
import { outputOf, type ExecResult } from './result.js';
import type { ErrorsTo, Redirect } from './shell-words.js';

/** The file that keeps nothing written to it. */
const DEV_NULL = '/dev/null';

/** What the host offers the redirection: a way to write, to read (for `>>`), and whether this is a replay. */
export interface RedirectHost {
  readonly writeFile?: ((name: string, text: string) => void) | undefined;
  readonly readFile?: ((name: string) => string | undefined) | undefined;
  readonly replay?: boolean | undefined;
}

/** Why the line cannot send its output to `r.file`, if it cannot: nothing has run. */
export function redirectProblem(r: Redirect, host: RedirectHost): ExecResult | undefined {
  if (r.file === DEV_NULL || host.replay) return undefined;
  if (!FILE_NAME.test(r.file)) {
    return refused(`${r.file}: cannot write here: the files are the editor's tabs, named with letters, digits, ".", "_" and "-" (not starting with "-")`);
  }
  return host.writeFile ? undefined : refused(`${r.file}: this terminal cannot write files`);
}

/**
 * `result` with its standard output written to `r.file` (after what is there, for `>>`), and its
 * standard error too with `> FILE 2>&1`, in the order they were written.
 */
export function redirected(result: ExecResult, r: Redirect, host: RedirectHost): ExecResult {
  const all = r.withErrors ? errorsGo(result, 'stdout') : result;
  if (r.file !== DEV_NULL && !host.replay) host.writeFile!(r.file, r.append ? (host.readFile?.(r.file) ?? '') + all.stdout : all.stdout);
  const errors = outputOf(all).filter((c) => c.stream === 'stderr');
  return { exitCode: all.exitCode, stdout: '', stderr: all.stderr, ...(errors.length > 0 ? { output: errors } : {}) };
}

/** `result` with its standard error in its standard output, in written order (`2>&1`), or dropped (`2>/dev/null`). */
export function errorsGo(result: ExecResult, to: ErrorsTo): ExecResult {
  const chunks = outputOf(result);
  const kept = to === 'null' ? chunks.filter((c) => c.stream === 'stdout') : chunks;
  return { exitCode: result.exitCode, stdout: kept.map((c) => c.text).join(''), stderr: '' };
}

function refused(message: string): ExecResult {
  return { exitCode: 1, stdout: '', stderr: `${message}\n` };
}
