/**
 * The events of a described object: describe.go's `searchEvents` (events whose involvedObject
 * names the object, by name, namespace, kind and uid) and `DescribeEvents` (oldest
 * `lastTimestamp` first, by Go's unstable `sort.Sort`; `Age` is `10s` or `2m (x3 over 5m)`).
 *
 * events.k8s.io/v1 Events (the scheduler's) have no lastTimestamp: Go's zero time sorts them
 * before every core/v1 Event, in list order among themselves. Their `Age` counts from
 * `eventTime`, and a series shows `<since lastObservedTime> (x<count> over <since eventTime>)`.
 */
import type { ApiObject, KubeEvent, ObjectReference } from '../../../sim/api/types.js';
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

/**
 * describe.go's `searchEvents`, for the objects one `kubectl describe` describes. Each object's
 * events are matched on the stored involvedObject (`Store.eventsAbout`), in the list's order:
 * rebuilding every packed Event of the hour to keep a few cost a describe a second. For more
 * than one object (`describe pods -l app=agent` on a fleet), the Events about any of them are
 * found in one pass and grouped by object, where a pass per object went over every Event of the
 * hour once per pod (six seconds for 5,000 pods).
 */
export class EventSearch {
  /** The described objects' Events by involvedObject `namespace/name`, when there are several. */
  private readonly byObject: ReadonlyMap<string, readonly KubeEvent[]> | undefined;

  constructor(
    private readonly store: Store,
    described: readonly ApiObject[],
  ) {
    if (described.length < 2) {
      this.byObject = undefined;
      return;
    }
    const keys = new Set(described.map((o) => objectKey(o.metadata.namespace ?? '', o.metadata.name)));
    const byObject = new Map<string, KubeEvent[]>();
    for (const ev of store.eventsAbout((o) => keys.has(objectKey(o.namespace ?? '', o.name ?? '')))) {
      const key = objectKey(ev.involvedObject.namespace ?? '', ev.involvedObject.name ?? '');
      const list = byObject.get(key);
      if (list) list.push(ev);
      else byObject.set(key, [ev]);
    }
    this.byObject = byObject;
  }

  /** The stored events about `ref`, in the list's order. */
  about(ref: EventRef): KubeEvent[] {
    const matches = (o: ObjectReference): boolean => {
      if (o.name !== ref.name || (o.namespace ?? '') !== ref.namespace) return false;
      if (ref.kind !== undefined && o.kind !== ref.kind) return false;
      return ref.uids.includes(o.uid ?? '');
    };
    if (this.byObject === undefined) return this.store.eventsAbout(matches);
    return (this.byObject.get(objectKey(ref.namespace, ref.name)) ?? []).filter((ev) => matches(ev.involvedObject));
  }
}

/** An involvedObject's namespace and name as one key ('' for a cluster-scoped object's namespace). */
function objectKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

function time(ts: string | null | undefined): number {
  const ms = ts ? Date.parse(ts) : NaN;
  return Number.isNaN(ms) ? 0 : ms;
}

/** `DescribeEvents`; nothing at all when events were not searched (`--show-events=false`: no `EventSearch`). */
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
