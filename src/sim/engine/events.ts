/**
 * The event recorder (client-go `record.EventRecorder` with its `EventCorrelator`): writes core/v1
 * Events and folds an identical repeat (same object, type, reason, message and source) into the
 * existing Event by bumping `count` and `lastTimestamp`, as `kubectl get events` shows.
 */
import type { ApiObject, KubeEvent } from '../api/types.js';
import type { Store } from '../store/store.js';
import { rfc3339 } from './time.js';

export interface EventSource {
  readonly component: string;
  readonly host?: string;
}

export class EventRecorder {
  /** Aggregation key -> event name, rebuilt from the store after a restore. */
  private index = new Map<string, string>();
  private seq = 0;

  constructor(private readonly store: Store) {}

  record(now: number, obj: ApiObject, type: 'Normal' | 'Warning', reason: string, message: string, source: EventSource): KubeEvent {
    const namespace = obj.metadata.namespace || 'default';
    const key = aggregationKey(obj.metadata.uid, type, reason, message, source);
    const existingName = this.index.get(key);
    const existing = existingName ? this.store.get('Event', namespace, existingName) : undefined;
    const ts = rfc3339(now);
    let ev: KubeEvent;
    if (existing) {
      ev = {
        ...existing,
        count: existing.count + 1,
        lastTimestamp: ts,
        metadata: { ...existing.metadata, resourceVersion: this.store.nextResourceVersion() },
      };
    } else {
      // Upstream names events `<object>.<UnixNano in hex>`; a millisecond clock plus a sequence
      // number gives the same shape and stays unique within one instant.
      const name = `${obj.metadata.name}.${Math.floor(now).toString(16)}${(this.seq++ % 0x100000).toString(16).padStart(5, '0')}`;
      ev = {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace, uid: `event-${this.seq}`, resourceVersion: this.store.nextResourceVersion(), creationTimestamp: ts },
        involvedObject: {
          kind: obj.kind,
          ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}),
          name: obj.metadata.name,
          uid: obj.metadata.uid,
          apiVersion: obj.apiVersion,
          resourceVersion: obj.metadata.resourceVersion,
        },
        reason,
        message,
        type,
        source: source.host ? { component: source.component, host: source.host } : { component: source.component },
        firstTimestamp: ts,
        lastTimestamp: ts,
        count: 1,
        reportingComponent: source.component,
      };
      this.index.set(key, name);
    }
    this.store.put(ev);
    return ev;
  }

  /** Rebuilds the aggregation index from the stored events (after a restore). */
  reset(): void {
    this.index.clear();
    this.seq = 0;
    for (const ev of this.store.list('Event')) {
      this.seq++;
      this.index.set(aggregationKey(ev.involvedObject.uid ?? '', ev.type, ev.reason, ev.message, ev.source), ev.metadata.name);
    }
  }
}

function aggregationKey(uid: string, type: string, reason: string, message: string, source: EventSource): string {
  return [uid, type, reason, message, source.component, source.host ?? ''].join('\u0000');
}
