/**
 * DaemonSet status (`daemon_controller.go: updateDaemonSetStatus`, `storeDaemonSetStatus`).
 *
 * Assumptions:
 * - `nodeToDaemonPods` comes from `getNodesToDaemonPods(includeDeletedTerminal=false)`.
 * Cost: one pass over the node columns (node-columns.ts: each node's verdict and its oldest
 * pod's facts as a bit set and a ready-since instant), patched only where pods changed.
 * Invariants (per node of the node list; nodes not in it are ignored):
 * - desiredNumberScheduled counts nodes with shouldRun (shouldContinueRunning is not used).
 * - currentNumberScheduled counts those of them with at least one pod (Pending, Failed and
 *   terminating pods included); numberMisscheduled counts nodes without shouldRun that have one.
 * - Only the first pod in `podByCreationTimestampAndPhase` order is judged: numberReady if
 *   Ready, numberAvailable if also available, updatedNumberScheduled if `IsPodUpdated`.
 * - numberUnavailable = desiredNumberScheduled - numberAvailable.
 * - The write is skipped when the seven counters are unchanged and observedGeneration is
 *   already >= generation.
 */
import type { DaemonSet, DaemonSetStatus, Node, Pod } from '../../api/types.js';
import { compileDaemonSetTemplate, nodeListVerdicts } from './eligibility.js';
import { alignedPods } from './aligned-pods.js';
import { HAS_PODS, nodeColumns, OLDEST_UPDATED, SHOULD_RUN } from './node-columns.js';
import { availableSince } from './pod-conditions.js';
import { templateGenerationOrUndefined } from './pod-template.js';

/** The seven counters `updateDaemonSetStatus` computes. */
export interface DaemonSetCounters {
  readonly desiredNumberScheduled: number;
  readonly currentNumberScheduled: number;
  readonly numberMisscheduled: number;
  readonly numberReady: number;
  readonly updatedNumberScheduled: number;
  readonly numberAvailable: number;
  readonly numberUnavailable: number;
}

/** The counting part of `updateDaemonSetStatus`, pure (what `npm run bench` times). */
export function computeDaemonSetStatus(
  ds: DaemonSet,
  nodes: readonly Node[],
  nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>,
  hash: string,
  now: number,
): DaemonSetCounters {
  const compiled = compileDaemonSetTemplate(ds.spec.template);
  const minReadySeconds = ds.spec.minReadySeconds ?? 0;
  const { verdicts } = nodeListVerdicts(nodes, compiled);
  const { flags, oldestReadySince } = nodeColumns(alignedPods(nodes, nodeToDaemonPods), { verdicts, hash, generation: templateGenerationOrUndefined(ds) });
  return countColumns(flags, oldestReadySince, minReadySeconds, now);
}

/**
 * The counters from the node columns: the pass over every node, a function of its own.
 *
 * Why: V8 optimises the function a hot loop runs in, with everything that function calls
 * inlined. Inside `computeDaemonSetStatus` this loop (one pass per sync, over every node) had
 * the node list's verdicts, the aligned view and the column patching compiled with it, code that
 * runs once per sync: that compilation alone was about a fiftieth of the instructions of a
 * 1,000-node build. Alone, the loop compiles with `availableSince` only.
 */
function countColumns(flags: Uint16Array, oldestReadySince: Float64Array, minReadySeconds: number, now: number): DaemonSetCounters {
  let desired = 0;
  let current = 0;
  let misscheduled = 0;
  let ready = 0;
  let updated = 0;
  let available = 0;
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i]!;
    if ((f & SHOULD_RUN) === 0) {
      if ((f & HAS_PODS) !== 0) misscheduled++;
      continue;
    }
    desired++;
    if ((f & HAS_PODS) === 0) continue;
    current++;
    const since = oldestReadySince[i]!;
    if (!Number.isNaN(since)) {
      ready++;
      if (availableSince(since, minReadySeconds, now)) available++;
    }
    if ((f & OLDEST_UPDATED) !== 0) updated++;
  }
  return {
    desiredNumberScheduled: desired,
    currentNumberScheduled: current,
    numberMisscheduled: misscheduled,
    numberReady: ready,
    updatedNumberScheduled: updated,
    numberAvailable: available,
    numberUnavailable: desired - available,
  };
}

/** Whether `storeDaemonSetStatus` would skip the write. */
export function statusUnchanged(ds: DaemonSet, c: DaemonSetCounters): boolean {
  const s = ds.status ?? ({} as Partial<DaemonSetStatus>);
  return (
    (s.desiredNumberScheduled ?? 0) === c.desiredNumberScheduled &&
    (s.currentNumberScheduled ?? 0) === c.currentNumberScheduled &&
    (s.numberMisscheduled ?? 0) === c.numberMisscheduled &&
    (s.numberReady ?? 0) === c.numberReady &&
    (s.updatedNumberScheduled ?? 0) === c.updatedNumberScheduled &&
    (s.numberAvailable ?? 0) === c.numberAvailable &&
    (s.numberUnavailable ?? 0) === c.numberUnavailable &&
    (s.observedGeneration ?? 0) >= (ds.metadata.generation ?? 0)
  );
}

/**
 * The apps/v1 DaemonSetStatus fields tagged `json:",omitempty"`: a zero value is not part of
 * the object the API server returns (`kubectl get ds -o yaml` of a healthy DaemonSet shows no
 * `numberUnavailable`). currentNumberScheduled, numberMisscheduled, desiredNumberScheduled and
 * numberReady have no omitempty and are always present.
 */
const OMIT_WHEN_ZERO = ['observedGeneration', 'updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const;

/**
 * The status `storeDaemonSetStatus` writes: counters, and observedGeneration when allowed, in
 * the form the API server serves it (zero omitempty fields absent; readers treat absent as 0).
 */
export function nextStatus(ds: DaemonSet, c: DaemonSetCounters, updateObservedGen: boolean): DaemonSetStatus {
  const status: Record<string, unknown> = {
    ...ds.status,
    ...(updateObservedGen ? { observedGeneration: ds.metadata.generation ?? 0 } : {}),
    ...c,
  };
  for (const key of OMIT_WHEN_ZERO) if (status[key] === 0) delete status[key];
  return status as unknown as DaemonSetStatus;
}

/** The human sentence for a status write. */
export function describeCounters(c: DaemonSetCounters): string {
  return (
    `status: desired ${c.desiredNumberScheduled}, current ${c.currentNumberScheduled}, ready ${c.numberReady}, ` +
    `up-to-date ${c.updatedNumberScheduled}, available ${c.numberAvailable}, misscheduled ${c.numberMisscheduled}`
  );
}
