/**
 * A controller's work queue as plain data (client-go `workqueue`, reduced): keys are pushed by
 * informer handlers and timers, and a reconcile takes each distinct key once, in first-push order.
 */

/**
 * Takes every queued key once, in the order first pushed, and empties the queue. A queue without
 * repeats (most of a big rollout's: hundreds of keys each) is handed back as it is; the caller
 * only reads it, and the controller's state holds a new empty queue from now on.
 */
export function takeQueued(state: { queue: string[] }): readonly string[] {
  const queue = state.queue;
  state.queue = [];
  return distinctKeys(queue);
}

/**
 * Which take last saw each key: a key whose entry holds the current take's number is a repeat.
 *
 * Why not a Set per take: a 5,000-node fleet's build takes 70,000 keys (up to 10,000 at once),
 * and a new Set grows its table from empty each time (about 4 MB allocated per build, and a
 * hundredth of its CPU). Here the same keys (node keys, the keys of pods that live on) find
 * their entry from an earlier take and only overwrite its number. Dropped whole, at the start of
 * a take, once it holds more than `SEEN_LIMIT` keys: it keeps at most that many keys alive.
 */
const lastTake = new Map<string, number>();
let takes = 0;
const SEEN_LIMIT = 1 << 14;
/** Take numbers stay small integers, stored in the entry itself (a larger number is a heap box). */
const TAKES_LIMIT = 1 << 30;

/** `keys` without repeats, each at its first place; `keys` itself when it has none. */
export function distinctKeys(keys: readonly string[]): readonly string[] {
  if (keys.length < 2) return keys;
  if (lastTake.size > SEEN_LIMIT || takes >= TAKES_LIMIT) {
    lastTake.clear();
    takes = 0;
  }
  const take = ++takes;
  let out: string[] | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (lastTake.get(key) === take) {
      out ??= keys.slice(0, i);
      continue;
    }
    lastTake.set(key, take);
    out?.push(key);
  }
  return out ?? keys;
}
