/**
 * An EventRecorder for tests that read what each record wrote: `record` gives only the name of
 * the Event it wrote or updated (a new Event is stored as a packed row, and no object is made of
 * it unless something reads it), and `recordEvent` reads that Event back from the store.
 */
import type { ApiObject, KubeEvent } from '../../../src/sim/api/types.js';
import { EventRecorder } from '../../../src/sim/engine/events.js';
import type { Store } from '../../../src/sim/store/store.js';

export class ReadingRecorder extends EventRecorder {
  constructor(
    private readonly written: Store,
    ttlSeconds?: number,
  ) {
    super(written, ttlSeconds);
  }

  /** `record`, then the Event it wrote or updated as the store holds it now (undefined when the event was dropped). */
  recordEvent(...args: Parameters<EventRecorder['record']>): KubeEvent | undefined {
    const name = this.record(...args);
    const obj: ApiObject = args[1];
    return name === undefined ? undefined : (this.written.get('Event', obj.metadata.namespace || 'default', name) as KubeEvent);
  }
}
