/**
 * Delayed work (`workqueue.AddAfter`): a binary min-heap of `(at, seq)` entries naming a
 * controller and a key. Plain data, so it is snapshotted with the rest of the state. A timer
 * only wakes its controller up; the controller re-checks the world, so stale timers are harmless.
 */
export interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly controller: string;
  readonly key: string;
  /** A periodic resync that finds work only if something else changed (`sim settle` ignores it). */
  readonly background?: boolean;
}

export interface TimerHeap {
  items: Timer[];
  seq: number;
}

export function newTimerHeap(): TimerHeap {
  return { items: [], seq: 0 };
}

function less(a: Timer, b: Timer): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export function pushTimer(h: TimerHeap, at: number, controller: string, key: string, background = false): void {
  const t: Timer = background ? { at, seq: h.seq++, controller, key, background } : { at, seq: h.seq++, controller, key };
  const a = h.items;
  a.push(t);
  let i = a.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!less(a[i]!, a[p]!)) break;
    const swap = a[i]!;
    a[i] = a[p]!;
    a[p] = swap;
    i = p;
  }
}

/** Removes every timer of `controller` with `key` (a cancelled countdown). */
export function cancelTimers(h: TimerHeap, controller: string, key: string): void {
  const kept = h.items.filter((t) => t.controller !== controller || t.key !== key);
  if (kept.length === h.items.length) return;
  h.items = [];
  for (const t of kept.sort((a, b) => (less(a, b) ? -1 : 1))) h.items.push(t);
}

/** Whether any timer would wake a controller with real work (not a background resync). */
export function hasForegroundTimer(h: TimerHeap): boolean {
  return h.items.some((t) => !t.background);
}

/** The earliest timer that would wake a controller with real work (a linear scan: rarely asked). */
export function nextForegroundTimer(h: TimerHeap): Timer | undefined {
  let best: Timer | undefined;
  for (const t of h.items) if (!t.background && (best === undefined || less(t, best))) best = t;
  return best;
}

export function peekTimer(h: TimerHeap): Timer | undefined {
  return h.items[0];
}

export function popTimer(h: TimerHeap): Timer | undefined {
  const a = h.items;
  if (a.length === 0) return undefined;
  const top = a[0]!;
  const last = a.pop()!;
  if (a.length > 0) {
    a[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && less(a[l]!, a[m]!)) m = l;
      if (r < a.length && less(a[r]!, a[m]!)) m = r;
      if (m === i) break;
      const swap = a[i]!;
      a[i] = a[m]!;
      a[m] = swap;
      i = m;
    }
  }
  return top;
}
