/**
 * `kubectl logs -f` (logs.go `RunLogs` with `Follow`: `sequentialConsumeRequest` for one stream,
 * `parallelConsumeRequest` for several): each container's log as it is, then every line it writes
 * while the clock runs, until the run of the container being read ends (its stream closes: a
 * crash, a kill at the end of the grace period, the pod gone), or the watch stops
 * (watch-clock.ts: `--request-timeout`, else the cluster settling). A container that has already
 * ended returns at once, as its stream does.
 *
 * `--tail` picks among the lines there were when the request was made; `--since`, `--timestamps`,
 * `--limit-bytes` and `--prefix` apply to the whole stream. Several streams interleave their new
 * lines by the time they were written (kubectl's goroutines write them as they come).
 */
import type { Pod } from '../../sim/api/types.js';
import { loggedRun, type LogLine } from '../../sim/controllers/kubelet/logs.js';
import type { Change } from '../../sim/store/store.js';
import type { VerbContext } from '../context.js';
import type { ExecResult } from '../result.js';
import type { PodLogOptions } from './logs-options.js';
import { readLogs, sinceOf, tailOf } from './logs-read.js';
import { watchWhileTimeRuns } from './watch-clock.js';

/** One log request to follow, and the prefix its lines get (`[pod/NAME/CONTAINER] `, or ''). */
export interface FollowedStream {
  readonly pod: Pod;
  readonly container: string;
  readonly prefix: string;
}

/** A log request as the API server answers it (logs.ts `readContainer`): the lines, or the error as CheckErr prints it and as `%v`. */
export type LogReader = (pod: Pod, container: string, o: PodLogOptions) => LogLine[] | { readonly error: string; readonly message: string };

interface Follow {
  readonly stream: FollowedStream;
  /** The lines printed first (after `--tail`), and their text. */
  readonly first: readonly LogLine[];
  readonly firstText: string;
  /** When the run being read started; undefined when there was none (nothing to follow). */
  readonly startedAt: number | undefined;
  /** The pod as last written (its last state when it is gone), until the run ended. */
  pod: Pod;
  gone: boolean;
  ended: boolean;
}

/** `prefixingWriter`: `prefix` before every line, a cut last one too. */
export function prefixed(text: string, prefix: string): string {
  if (prefix === '') return text;
  return pieces(text)
    .map((piece) => `${prefix}${piece}`)
    .join('');
}

function pieces(text: string): string[] {
  return text.split(/(?<=\n)/).filter((piece) => piece !== '');
}

/**
 * Whether the run a follow reads has ended: it finished, the container restarted since, or the
 * pod is gone. The pod as it was then is the one its last lines are read from: the container may
 * run again later.
 */
function runEnded(f: Follow): boolean {
  if (!f.ended) {
    const run = loggedRun(f.pod, f.stream.container, false);
    f.ended = f.gone || !run || run.startedAt !== f.startedAt || run.ended;
  }
  return f.ended;
}

/** The lines of the run a follow read, as they stand now: the current run, or the previous one once it restarted. */
function runLines(f: Follow, o: PodLogOptions, read: LogReader): readonly LogLine[] {
  const current = loggedRun(f.pod, f.stream.container, false);
  const previous = current?.startedAt !== f.startedAt && loggedRun(f.pod, f.stream.container, true)?.startedAt === f.startedAt;
  const lines = read(f.pod, f.stream.container, { ...o, previous });
  return 'error' in lines ? [] : lines;
}

/** The follow: what each stream has, then what it writes while the clock runs; `stderr` is what the command wrote before. */
export function followLogs(ctx: VerbContext, streams: readonly FollowedStream[], o: PodLogOptions, read: LogReader, opts: { readonly timeoutMs: number; readonly ignoreErrors: boolean; readonly stderr: string }): ExecResult {
  const start = ctx.cluster.now;
  const whole: PodLogOptions = { ...o, tailLines: undefined };
  let stdout = '';
  const follows: Follow[] = [];
  for (const stream of streams) {
    const lines = read(stream.pod, stream.container, o);
    if ('error' in lines) {
      if (!opts.ignoreErrors) return { exitCode: 1, stdout, stderr: `${opts.stderr}${lines.error}\n` };
      stdout += `error: ${lines.message}\n`;
      continue;
    }
    const first = tailOf(lines, o);
    const firstText = readLogs(first, whole, start);
    stdout += prefixed(firstText, stream.prefix);
    const run = loggedRun(stream.pod, stream.container, o.previous);
    follows.push({ stream, first, firstText, startedAt: run?.startedAt, pod: stream.pod, gone: false, ended: !run || run.ended });
  }
  // Each pod as the kubelet last wrote it until its run ended (every follow is checked after every
  // instant): a pod removed in the instant its container was killed was written as terminated first.
  const byUid = new Map(follows.map((f) => [f.pod.metadata.uid, f]));
  const observe = (change: Change): void => {
    const f = byUid.get(change.obj.metadata.uid);
    if (!f || f.ended) return;
    f.pod = change.obj as Pod;
    if (change.type === 'removed') f.gone = true;
  };
  const note = watchWhileTimeRuns(ctx.cluster, { watch: { kind: 'Pod', observe }, timeoutMs: opts.timeoutMs, done: () => follows.filter(runEnded).length === follows.length, what: 'follow' });
  // Each stream's new lines with the time each was written, then all of them in time order.
  const written: { at: number; text: string }[] = [];
  // The lines written since the request, of those the kubelet sends (--since-time may be later).
  const since = sinceOf(o, start);
  for (const f of follows) {
    if (f.startedAt === undefined) continue;
    const later = runLines(f, o, read).filter((l) => l.at > start && l.at >= since);
    const text = readLogs([...f.first, ...later], whole, start).slice(f.firstText.length);
    pieces(text).forEach((piece, i) => written.push({ at: later[i]!.at, text: `${f.stream.prefix}${piece}` }));
  }
  written.sort((a, b) => a.at - b.at);
  return { exitCode: 0, stdout: stdout + written.map((w) => w.text).join(''), stderr: opts.stderr + note };
}
