/**
 * A controller's work queue as plain data (client-go `workqueue`, reduced): keys are pushed by
 * informer handlers and timers, and a reconcile takes each distinct key once, in first-push order.
 */

/** Takes every queued key once, in the order first pushed, and empties the queue. */
export function takeQueued(state: { queue: string[] }): string[] {
  const keys = [...new Set(state.queue)];
  state.queue = [];
  return keys;
}
