/**
 * The events beside the terminal, newest last: the cluster's Event objects by time as
 * `kubectl events` sorts them (`eventTime`), events of the same instant in the order they were
 * written (kubectl's unstable sort leaves those in no useful order; the write order tells the
 * story: Registered, Starting, then the conditions). Kept incrementally from each batch (an
 * event seen again moves to the end; an expired one leaves), so a big cluster's thousands of
 * events are sorted once, not per frame.
 */
import type { KubeEvent } from '../../sim/api/types.js';
import type { DiffBatch, LiveCluster } from '../playground/live-cluster.svelte.js';
import { FEED_LIMIT, newestEvents } from './window.js';

export { FEED_LIMIT };

const keyOf = (e: KubeEvent): string => `${e.metadata.namespace ?? ''}/${e.metadata.name}`;

export class EventFeed {
  /** Newest last. */
  events = $state.raw<readonly KubeEvent[]>([]);
  private readonly byKey = new Map<string, KubeEvent>();
  private readonly off: () => void;

  constructor(cluster: LiveCluster) {
    this.reset(cluster.list('Event') as readonly KubeEvent[]);
    this.off = cluster.onBatch((b) => this.apply(b));
  }

  close(): void {
    this.off();
  }

  private reset(all: readonly KubeEvent[]): void {
    this.byKey.clear();
    for (const e of newestEvents(all)) this.byKey.set(keyOf(e), e);
    this.events = [...this.byKey.values()];
  }

  private apply(b: DiffBatch): void {
    if (b.reset) return this.reset(b.reset.filter((o): o is KubeEvent => o.kind === 'Event'));
    let changed = false;
    for (const entry of b.entries) {
      const { added, updated, removed } = entry.diff;
      for (const o of removed) if (o.kind === 'Event') changed = this.byKey.delete(keyOf(o)) || changed;
      for (const o of [...added, ...updated.map(([, to]) => to)]) {
        if (o.kind !== 'Event') continue;
        this.byKey.delete(keyOf(o));
        this.byKey.set(keyOf(o), o);
        changed = true;
      }
    }
    if (!changed) return;
    for (const k of this.byKey.keys()) {
      if (this.byKey.size <= FEED_LIMIT) break;
      this.byKey.delete(k);
    }
    this.events = [...this.byKey.values()];
  }
}
