/**
 * What the kubelet sends back for one container's log request: pkg/kubelet/kuberuntime/logs
 * `NewLogOptions` and `ReadLogs` with its `logWriter`, over the lines the simulated container
 * wrote (sim/controllers/kubelet/logs.ts).
 *
 * - `tailLines` is applied first, to the lines of the file (`tail.FindTailLineStartIndex`), and the
 *   time filter to those last N lines; the lines are in time order, so `--tail=5 --since=1m`
 *   prints the last 5 of the lines written in the last minute, or fewer if fewer were.
 * - `since` is the later of now minus `sinceSeconds` and `sinceTime`; a line written before it is
 *   skipped (one written at that very instant is kept).
 * - `--timestamps` writes each line's time first (`RFC3339NanoFixed`, nine fractional digits).
 * - `limitBytes` counts the bytes written, timestamps and newlines included: the line that
 *   reaches the limit is cut there, mid-line and without its newline, and reading stops.
 */
import type { LogLine } from '../../sim/controllers/kubelet/logs.js';
import type { PodLogOptions } from './logs-options.js';

/** `RFC3339NanoFixed`, the kubelet's timestamp for `--timestamps`. */
export function stamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000000Z`;
}

/** `--tail`: the last `tailLines` lines of the file, or all of them. */
export function tailOf(lines: readonly LogLine[], o: PodLogOptions): readonly LogLine[] {
  return o.tailLines !== undefined && o.tailLines >= 0 ? lines.slice(Math.max(0, lines.length - o.tailLines)) : lines;
}

/** The first instant a line must be written at to be read: the later of `--since` before `now` and `--since-time`. */
export function sinceOf(o: PodLogOptions, now: number): number {
  return Math.max(o.sinceSeconds !== undefined ? now - o.sinceSeconds * 1000 : -Infinity, o.sinceTime ?? -Infinity);
}

/** The log text of one container as the kubelet writes it for `o`, at virtual time `now`. */
export function readLogs(lines: readonly LogLine[], o: PodLogOptions, now: number): string {
  const tailed = tailOf(lines, o);
  const since = sinceOf(o, now);
  const encoder = new TextEncoder();
  let remain = o.limitBytes ?? Infinity;
  let out = '';
  for (const l of tailed) {
    if (l.at < since) continue;
    const line = `${o.timestamps ? `${stamp(l.at)} ` : ''}${l.text}\n`;
    const bytes = encoder.encode(line);
    if (bytes.length >= remain) return out + new TextDecoder().decode(bytes.subarray(0, remain));
    out += line;
    remain -= bytes.length;
  }
  return out;
}
