/**
 * The events of a described object: describe.go's `searchEvents` (events whose involvedObject
 * names the object, by name, namespace, kind and uid) and `DescribeEvents` (oldest
 * `lastTimestamp` first, by Go's unstable `sort.Sort`; `Age` is `10s` or `2m (x3 over 5m)`).
 *
 * events.k8s.io/v1 Events (the scheduler's) have no lastTimestamp: Go's zero time sorts them
 * before every core/v1 Event, in list order among themselves. Their `Age` counts from
 * `eventTime`, and a series shows `<since lastObservedTime> (x<count> over <since eventTime>)`.
 */
import type { KubeEvent } from '../../../sim/api/types.js';
import type { Store } from '../../../sim/store/store.js';
import { eventInterval } from '../../format/duration.js';
import { goSort } from '../../format/go-sort.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './writer.js';

export interface EventRef {
  readonly name: string;
  /** '' for cluster-scoped objects. */
  readonly namespace: string;
  /** Omitted for pods: kubectl clears the kind of a pod's reference. */
  readonly kind?: string;
  /** Any of these uids (a node's events carry its uid or, from the kubelet, its name). */
  readonly uids: readonly string[];
}

/** `searchEvents`: the stored events about `ref`; undefined when `show` is false. */
export function searchEvents(store: Store, ref: EventRef, show = true): KubeEvent[] | undefined {
  if (!show) return undefined;
  // Matched on the stored involvedObject (`Store.eventsAbout`), in the list's order: rebuilding
  // every packed Event of the hour to keep a few cost a describe a second.
  return store.eventsAbout((o) => {
    if (o.name !== ref.name || (o.namespace ?? '') !== ref.namespace) return false;
    if (ref.kind !== undefined && o.kind !== ref.kind) return false;
    return ref.uids.includes(o.uid ?? '');
  });
}

function time(ts: string | null | undefined): number {
  const ms = ts ? Date.parse(ts) : NaN;
  return Number.isNaN(ms) ? 0 : ms;
}

/** `DescribeEvents`; nothing at all when events were not searched (`--show-events=false`). */
export function describeEvents(events: readonly KubeEvent[] | undefined, w: PrefixWriter, now: number): void {
  if (events === undefined) return;
  if (events.length === 0) return w.write(LEVEL_0, 'Events:\t<none>\n');
  w.flush();
  // `sort.Sort(SortableEvents)`: Go's unstable sort, so events of the same second keep the order it leaves them in.
  const sorted = goSort(events, (a, b) => time(a.lastTimestamp) < time(b.lastTimestamp));
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const source = e.source?.component || e.reportingComponent || '';
    // kubectl 1.34 does not name the event's fieldPath here (1.35 prefixes it to the message).
    w.write(LEVEL_1, `${e.type}\t${e.reason}\t${eventInterval(e, now)}\t${source}\t${e.message.trim()}\n`);
  }
}
