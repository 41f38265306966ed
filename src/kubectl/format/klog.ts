/**
 * A line kubectl logs through klog on stderr, with klog's header (k8s.io/klog/v2
 * `buffer.FormatHeader`): `Lmmdd hh:mm:ss.uuuuuu PID file:line] message`, the severity letter
 * first, the process id right-aligned in seven columns.
 *
 * The time is the cluster's virtual clock, in UTC, so a script prints the same line every run; the
 * process id is a fixed one, where a real kubectl prints its own.
 */

/** The process id the playground's kubectl logs under. */
export const KLOG_PID = 48213;

const two = (n: number): string => String(n).padStart(2, '0');

/** klog's `Warning`/`Info`/`Error` of `message` from `file:line` at virtual time `nowMs`, newline-terminated as klog ends it. */
export function klogLine(severity: 'I' | 'W' | 'E', nowMs: number, file: string, line: number, message: string): string {
  const t = new Date(nowMs);
  const micros = `${String(t.getUTCMilliseconds()).padStart(3, '0')}000`;
  const when = `${two(t.getUTCMonth() + 1)}${two(t.getUTCDate())} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}.${micros}`;
  return `${severity}${when} ${String(KLOG_PID).padStart(7)} ${file}:${line}] ${message}${message.endsWith('\n') ? '' : '\n'}`;
}
