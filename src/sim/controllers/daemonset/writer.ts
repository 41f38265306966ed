/**
 * The controller's writes for one reconcile: `ControllerClient` plus a count of the writes made,
 * so `reconcile` can report whether it did anything (the engine settles when nobody did).
 * Every write carries the decision's reason, which the trace and the UI show.
 */
import type { ApiObject, Kind, KindMap, ObjectMeta } from '../../api/types.js';
import type { Draft, Result } from '../../apiserver/apiserver.js';
import type { ControllerClient } from '../../engine/client.js';

export class SyncWriter {
  /** Writes attempted (successful or not), events included. */
  writes = 0;

  constructor(private readonly client: ControllerClient) {}

  create<K extends Kind>(draft: Draft<KindMap[K]> & { kind: K }, reason: string): Result<KindMap[K]> {
    this.writes++;
    return this.client.create(draft, reason);
  }

  update<K extends Kind>(obj: KindMap[K], reason: string): Result<KindMap[K]> {
    this.writes++;
    return this.client.update(obj, reason);
  }

  updateStatus<K extends Kind>(obj: KindMap[K], reason: string): Result<KindMap[K]> {
    this.writes++;
    return this.client.updateStatus(obj, reason);
  }

  updateMetadata<K extends Kind>(
    obj: KindMap[K],
    metadata: Partial<Pick<ObjectMeta, 'labels' | 'annotations' | 'ownerReferences' | 'finalizers'>>,
    reason: string,
  ): Result<KindMap[K]> {
    this.writes++;
    return this.client.updateMetadata(obj, metadata, reason);
  }

  delete(obj: ApiObject, reason: string): Result<ApiObject> {
    this.writes++;
    return this.client.delete(obj, reason);
  }

  event(obj: ApiObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.writes++;
    this.client.event(obj, type, reason, message);
  }
}
