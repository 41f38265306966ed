/**
 * A controller's work queue as plain data (client-go `workqueue`, reduced): keys are pushed by
 * informer handlers and timers, and a reconcile takes each distinct key once, in first-push order.
 */

/**
 * Takes every queued key once, in the order first pushed, and empties the queue. A queue without
 * repeats (most of a big rollout's: hundreds of keys each) is handed back as it is instead of
 * being copied out of the Set that found it has none; the caller only reads it, and the
 * controller's state holds a new empty queue from now on.
 */
export function takeQueued(state: { queue: string[] }): readonly string[] {
  const queue = state.queue;
  state.queue = [];
  if (queue.length < 2) return queue;
  const distinct = new Set(queue);
  return distinct.size === queue.length ? queue : [...distinct];
}
