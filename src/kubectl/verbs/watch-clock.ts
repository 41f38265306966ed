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

/**
 * Runs the clock while `observe` is told of every write of `kind` (synchronously, at the virtual
 * time of the write): for `timeoutMs`, or with 0 until the cluster settles. Returns the line that
 * says why the watch stopped ('' after a timeout: kubectl says nothing then).
 */
export function watchWhileTimeRuns(cluster: Cluster, kind: Kind, observe: (change: Change) => void, timeoutMs: number): string {
  const stop = cluster.store.watchKind(kind, observe);
  const start = cluster.now;
  let settled = true;
  try {
    if (timeoutMs > 0) cluster.advanceTo(start + timeoutMs);
    else settled = cluster.advanceUntil(() => !cluster.hasPendingWork(), SETTLE_TIMEOUT_MS);
  } finally {
    stop();
  }
  if (timeoutMs > 0) return '';
  const took = formatDuration(Math.floor((cluster.now - start) / 1000) * 1000);
  const now = clockLine(cluster);
  return settled
    ? `watch stopped: the cluster settled ${took} later, now ${now}. kubectl would keep watching until Ctrl+C; --request-timeout=DURATION watches for a set time.\n`
    : `watch stopped after ${took}: the cluster is still changing (something keeps restarting or backing off), now ${now}; --request-timeout=DURATION watches for a set time.\n`;
}
