/**
 * How long a watch lasts in the playground, for `kubectl get --watch` and `kubectl events
 * --watch`. kubectl watches until Ctrl+C or until its request times out (`--request-timeout`,
 * the HTTP client's timeout, which cuts the stream), then ends without a word. Here virtual time
 * runs while the watch lasts: for `--request-timeout` when it is given, else until the cluster
 * settles (as `sim settle`, at most ten minutes), and then the playground says on stderr that
 * the watch stopped and why, since a script cannot be interrupted.
 */
import type { Kind } from '../../sim/api/types.js';
import type { Cluster } from '../../sim/engine/cluster.js';
import { formatDuration, parseDuration } from '../../sim/engine/time.js';
import type { Change } from '../../sim/store/store.js';
import { clockLine, SETTLE_TIMEOUT_MS } from '../sim/clock.js';

/**
 * `ParseTimeout` (client-go clientcmd) of `--request-timeout`: a non-negative count of seconds, or
 * a Go duration (a negative one is no timeout, as for an HTTP client); the error as kubectl prints it.
 */
export function parseRequestTimeout(text: string): number | { error: string } {
  if (/^\+?\d+$/.test(text)) return Number(text) * 1000;
  const d = parseDuration(text);
  if (typeof d === 'number') return Math.max(0, d);
  return { error: 'error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)' };
}

/** What a watch is told, and what ends it. */
export interface WatchSpan {
  /** The kind whose every write `observe` is told of (synchronously, at the write's virtual time). */
  readonly watch?: { readonly kind: Kind; readonly observe: (change: Change) => void };
  /** `--request-timeout` in ms; 0 to watch until the cluster settles. */
  readonly timeoutMs: number;
  /** Checked after every instant: the watch ends as its stream would (a followed container that ended). */
  readonly done?: () => boolean;
  /** What kind of stream it is, for the line that says it stopped. */
  readonly what: 'watch' | 'follow';
}

/** The words of that line: the stream's name, and what kubectl goes on doing. */
const WORDS = {
  watch: { name: 'watch', going: 'watching', goes: 'watches' },
  follow: { name: 'logs -f', going: 'following', goes: 'follows' },
} as const;

/**
 * Runs the clock while the watch lasts: for its timeout, or until the cluster settles, or until
 * `done`. Returns the line that says why it stopped ('' after a timeout or `done`: kubectl
 * says nothing then).
 */
export function watchWhileTimeRuns(cluster: Cluster, span: WatchSpan): string {
  const stop = span.watch ? cluster.store.watchKind(span.watch.kind, span.watch.observe) : undefined;
  const start = cluster.now;
  const done = span.done ?? (() => false);
  let settled = true;
  try {
    if (span.timeoutMs > 0) cluster.advanceUntil(done, span.timeoutMs);
    else settled = cluster.advanceUntil(() => done() || !cluster.hasPendingWork(), SETTLE_TIMEOUT_MS);
  } finally {
    stop?.();
  }
  if (span.timeoutMs > 0 || done()) return '';
  const took = formatDuration(Math.floor((cluster.now - start) / 1000) * 1000);
  const now = clockLine(cluster);
  const w = WORDS[span.what];
  return settled
    ? `${w.name} stopped: the cluster settled ${took} later, now ${now}. kubectl would keep ${w.going} until Ctrl+C; --request-timeout=DURATION ${w.goes} for a set time.\n`
    : `${w.name} stopped after ${took}: the cluster is still changing (something keeps restarting or backing off), now ${now}; --request-timeout=DURATION ${w.goes} for a set time.\n`;
}
