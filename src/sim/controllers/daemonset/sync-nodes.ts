/**
 * Carrying out a plan (`daemon_controller.go: syncNodes`; `controller_utils.go:
 * RealPodControl.CreatePods/DeletePod` with their events).
 *
 * Assumptions:
 * - The plan's creations and deletions are in decision order (node-name order).
 * Invariants:
 * - At most BURST_REPLICAS (250) creations and 250 deletions per call; the rest wait for a
 *   later sync.
 * - Creations go in slow-start batches 1, 2, 4, ...; once a batch has a failure the remaining
 *   creations are skipped (100 nodes against a quota of 10: exactly 1+2+4+8 = 15 attempts).
 * - Deletions are all issued; "not found" is not an error.
 * - Each create/delete emits SuccessfulCreate/FailedCreate/SuccessfulDelete/FailedDelete on
 *   the DaemonSet, except creations refused because the namespace is terminating.
 */
import type { DaemonSet, PodTemplateSpec } from '../../api/types.js';
import { BURST_REPLICAS, REASON, SLOW_START_INITIAL_BATCH_SIZE } from './constants.js';
import type { PodCreation, PodDeletion } from './plan.js';
import { daemonPodMaker } from './pod-template.js';
import type { SyncWriter } from './writer.js';

export interface SyncNodesResult {
  /** API errors, aggregated by the caller into a requeue. */
  readonly errors: string[];
  /** How many creations were attempted (for tests of slow start). */
  readonly attemptedCreates: number;
  readonly attemptedDeletes: number;
}

/** The API server's refusal to create in a namespace being torn down (`NamespaceTerminatingCause`). */
function isNamespaceTerminating(message: string): boolean {
  return message.includes('because it is being terminated');
}

/** `syncNodes`: deletes `toDelete` and creates a pod from `template` on each node of `toCreate`. */
export function syncNodes(
  ds: DaemonSet,
  toDelete: readonly PodDeletion[],
  toCreate: readonly PodCreation[],
  template: PodTemplateSpec,
  writer: SyncWriter,
): SyncNodesResult {
  const errors: string[] = [];
  const createDiff = Math.min(toCreate.length, BURST_REPLICAS);
  const deleteDiff = Math.min(toDelete.length, BURST_REPLICAS);
  let attemptedCreates = 0;
  const newDaemonPod = daemonPodMaker(ds, template);
  let batch = Math.min(createDiff, SLOW_START_INITIAL_BATCH_SIZE);
  for (let pos = 0; pos < createDiff; ) {
    const before = errors.length;
    for (let i = pos; i < pos + batch; i++) {
      const { node, reason } = toCreate[i]!;
      attemptedCreates++;
      const r = writer.create(newDaemonPod(node), reason);
      if (r.ok) writer.event(ds, 'Normal', REASON.SuccessfulCreate, `Created pod: ${r.obj.metadata.name}`);
      else if (!isNamespaceTerminating(r.error.message)) {
        writer.event(ds, 'Warning', REASON.FailedCreate, `Error creating: ${r.error.message}`);
        errors.push(r.error.message);
      }
    }
    pos += batch;
    if (errors.length > before && createDiff - pos > 0) break;
    batch = Math.min(2 * batch, createDiff - pos);
  }
  for (let i = 0; i < deleteDiff; i++) {
    const { pod, reason } = toDelete[i]!;
    const r = writer.delete(pod, reason);
    if (r.ok) writer.event(ds, 'Normal', REASON.SuccessfulDelete, `Deleted pod: ${pod.metadata.name}`);
    else if (r.error.reason !== 'NotFound') {
      writer.event(ds, 'Warning', REASON.FailedDelete, `Error deleting: ${r.error.message}`);
      errors.push(`unable to delete pods: ${r.error.message}`);
    }
  }
  return { errors, attemptedCreates, attemptedDeletes: deleteDiff };
}
