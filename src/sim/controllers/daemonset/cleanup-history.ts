/**
 * `cleanupHistory` (update.go): keeps at most `revisionHistoryLimit` old revisions, plus any
 * old revision whose hash a pod of the DaemonSet still carries (terminal pods being deleted
 * included). Deletes the oldest (lowest revision) unreferenced ones first; never the current.
 */
import type { ControllerRevision, DaemonSet } from '../../api/types.js';
import { HASH_LABEL } from './constants.js';
import type { NodeToDaemonPods } from './node-pods.js';
import type { SyncWriter } from './writer.js';

export function cleanupHistory(
  ds: DaemonSet,
  old: readonly ControllerRevision[],
  nodeToDaemonPods: NodeToDaemonPods,
  writer: SyncWriter,
): string | undefined {
  const limit = ds.spec.revisionHistoryLimit ?? 10;
  let toKill = old.length - limit;
  if (toKill <= 0) return undefined;
  const live = new Set<string>();
  for (const pods of nodeToDaemonPods.values()) {
    for (const pod of pods) {
      const h = pod.metadata.labels?.[HASH_LABEL];
      if (h) live.add(h);
    }
  }
  const byRevision = [...old].sort((a, b) => a.revision - b.revision);
  for (const cr of byRevision) {
    if (toKill <= 0) break;
    if (live.has(cr.metadata.labels?.[HASH_LABEL] ?? '')) continue;
    const r = writer.delete(
      cr,
      `daemonset ${ds.metadata.name} keeps ${limit} old revisions (revisionHistoryLimit) and no pod uses revision ${cr.revision} (${cr.metadata.name})`,
    );
    if (!r.ok && r.error.reason !== 'NotFound') return r.error.message;
    toKill--;
  }
  return undefined;
}
