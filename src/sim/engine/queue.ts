/**
 * A controller's work queue as plain data (client-go `workqueue`, reduced): keys are pushed by
 * informer handlers and timers, and a reconcile takes each distinct key once, in first-push order.
 */

/**
 * Each key seen by a take -> the number of the last take that saw it. A take numbers itself
 * afresh, so a key is a repeat within it when its mark is that take's number: the marks of
 * earlier takes (of any controller, of any cluster: a take runs to its end before another
 * starts) never match. The same keys come back take after take (a fleet's pod and node keys),
 * and marking one already in the table writes in place, where a `Set` of each take's keys
 * allocated a hash table of its own (4 MB over a 5,000-node build).
 */
const marks = new Map<string, number>();
/** The number of the last take. */
let takes = 0;
/**
 * How many keys the table may hold when a take starts; past it, it is emptied first. A take
 * marks all of its keys whatever their number, so the table never forgets one mid-take.
 */
const MARKS_LIMIT = 1 << 16;

/**
 * Takes every queued key once, in the order first pushed, and empties the queue. A queue without
 * repeats (most of a big rollout's: hundreds of keys each) is handed back as it is; the caller
 * only reads it, and the controller's state holds a new empty queue from now on.
 */
export function takeQueued(state: { queue: string[] }): readonly string[] {
  const queue = state.queue;
  state.queue = emptyList();
  if (queue.length < 2) return queue;
  if (marks.size > MARKS_LIMIT) marks.clear();
  const take = ++takes;
  let out: string[] | undefined;
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i]!;
    if (marks.get(key) === take) {
      out ??= queue.slice(0, i);
      continue;
    }
    marks.set(key, take);
    if (out !== undefined) out.push(key);
  }
  return out ?? queue;
}

/**
 * A new empty array whose elements are already of V8's general kind (a queue's keys, say). An
 * empty literal starts as small integers and changes kind at its first string or object; V8 makes
 * later arrays of that literal in the new kind only when the change comes while the array is
 * young. A list made once per cluster (a controller's first queue) or filled long after it is
 * made changed kind in every cluster, and code the warm-up had optimised on lists of the general
 * kind was thrown away at the next cluster's first push ("wrong map").
 */
export function emptyList<T>(): T[] {
  const list: T[] = [undefined as T];
  list.pop();
  return list;
}
