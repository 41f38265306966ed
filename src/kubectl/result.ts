/**
 * What one command returns, and the ways kubectl turns failures into text.
 */
import type { StatusError } from '../sim/apiserver/errors.js';

export interface ExecResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function ok(stdout: string, stderr = ''): ExecResult {
  return { exitCode: 0, stdout, stderr };
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
