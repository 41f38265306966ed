/**
 * The kubelet's per-item exponential back-off (client-go `flowcontrol.Backoff`, without jitter):
 * used for CrashLoopBackOff (keyed by container) and ImagePullBackOff (keyed by pod and image),
 * initial 10 s doubling to 300 s (SIM_DEFAULTS.backOffInitialSeconds / backOffMaxSeconds).
 *
 * An entry that has not been updated for twice the maximum is forgotten (`hasExpired`), so a
 * container that ran for more than 10 minutes is restarted at once after its next exit.
 */

export interface BackoffEntry {
  /** The current back-off, in milliseconds. */
  readonly delayMs: number;
  /** When the entry was last advanced (`Next`). */
  readonly lastUpdate: number;
}

export interface BackoffPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
}

/** `hasExpired`: the entry is older than twice the maximum back-off. */
function expired(eventTime: number, entry: BackoffEntry, p: BackoffPolicy): boolean {
  return eventTime - entry.lastUpdate > 2 * p.maxMs;
}

/** `Backoff.Next`: a fresh (or expired) entry starts at the initial delay, else it doubles. */
export function nextBackoff(entry: BackoffEntry | undefined, eventTime: number, now: number, p: BackoffPolicy): BackoffEntry {
  if (!entry || expired(eventTime, entry, p)) return { delayMs: p.initialMs, lastUpdate: now };
  return { delayMs: Math.min(entry.delayMs * 2, p.maxMs), lastUpdate: now };
}

/** `Backoff.IsInBackOffSince`: still backing off, counting from `eventTime` (a container's exit). */
export function inBackOffSince(entry: BackoffEntry | undefined, eventTime: number, now: number, p: BackoffPolicy): boolean {
  if (!entry || expired(eventTime, entry, p)) return false;
  return now - eventTime < entry.delayMs;
}

/** `Backoff.IsInBackOffSinceUpdate`: still backing off, counting from the last failure. */
export function inBackOffSinceUpdate(entry: BackoffEntry | undefined, now: number, p: BackoffPolicy): boolean {
  if (!entry || expired(now, entry, p)) return false;
  return now - entry.lastUpdate < entry.delayMs;
}
