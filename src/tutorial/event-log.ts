/**
 * Every Event the cluster recorded since the run began, as the run watched it happen (one
 * `observe` per engine pass, from `cluster.subscribe`). Events expire from the store after an
 * hour (the API server's TTL) and repeats are folded into one object's `count`; this log keeps
 * what was seen, with how many times, so `eventSeen` never misses one that has since expired.
 *
 * For pod events matched by selector, the pod's labels are taken when the event is first seen
 * (the pod may be gone by the time the check is read).
 */
import type { KubeEvent, Labels } from '../sim/api/types.js';
import type { TraceEntry } from '../sim/engine/cluster.js';
import type { Store } from '../sim/store/store.js';

export interface SeenEvent {
  readonly event: KubeEvent;
  /** How many occurrences this observation adds (a repeat bumps `count`). */
  readonly times: number;
  /** Labels of the involved object when the event was seen, if it still existed. */
  readonly labels: Labels | undefined;
}

export class EventLog {
  private readonly seen: SeenEvent[] = [];

  constructor(private readonly store: Store) {}

  get entries(): readonly SeenEvent[] {
    return this.seen;
  }

  observe(entry: TraceEntry): void {
    for (const obj of entry.diff.added) if (obj.kind === 'Event') this.add(obj, occurrences(obj));
    for (const [from, to] of entry.diff.updated) {
      if (to.kind !== 'Event') continue;
      const more = occurrences(to) - occurrences(from as KubeEvent);
      if (more > 0) this.add(to, more);
    }
  }

  private add(event: KubeEvent, times: number): void {
    const ref = event.involvedObject;
    const obj = ref.kind === 'Pod' || ref.kind === 'Node' || ref.kind === 'DaemonSet' ? this.store.get(ref.kind, ref.namespace ?? '', ref.name ?? '') : undefined;
    this.seen.push({ event, times, labels: obj?.metadata.labels });
  }
}

/** How many times an event object says it happened (core/v1 `count`, or events.k8s.io `series`). */
function occurrences(e: KubeEvent): number {
  return e.series?.count ?? e.count ?? 1;
}
