/**
 * The workshop's time box on the wall clock: it starts the first time the workshop (or one of its
 * exercises) is opened on this machine, is kept in localStorage from then on (a reload does not
 * restart it), and counts down to zero.
 */

/** Milliseconds left of a time box of `minutes` begun at `startedAt` (never below zero). */
export function remaining(startedAt: number, minutes: number, now: number): number {
  return Math.max(0, startedAt + minutes * 60_000 - now);
}

/** `1:05:09`, `5:09`, `0:00`: what the countdown shows (whole seconds, rounded up). */
export function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
