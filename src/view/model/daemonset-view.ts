/**
 * A DaemonSet as the legend, the meters and the history panel show it: its revisions, the live
 * one, the numbers of its status, and the rolling-update budget the controller computes.
 */
import type { DaemonSet } from '../../sim/api/types.js';
import type { BudgetFacts } from './facts.js';
import type { RevisionView } from './revisions.js';

export interface DaemonSetView {
  readonly uid: string;
  readonly namespace: string;
  readonly name: string;
  readonly strategy: 'RollingUpdate' | 'OnDelete';
  readonly minReadySeconds: number;
  /** Revisions, highest number first. */
  readonly revisions: readonly RevisionView[];
  /** The same revisions by hash (a pod's revision is looked up per pod, per frame). */
  readonly byHash: ReadonlyMap<string, RevisionView>;
  /** The live revision's hash: pods carrying it are up to date. */
  readonly liveHash?: string;
  readonly status: {
    readonly desired: number;
    readonly current: number;
    readonly ready: number;
    readonly updated: number;
    readonly available: number;
    readonly unavailable: number;
    readonly misscheduled: number;
  };
  /** The rolling update's budget (RollingUpdate only, once the engine has reported it). */
  readonly budget?: BudgetFacts;
  /** Some desired node is not yet on the live revision and available. */
  readonly rollingOut: boolean;
}

export function projectDaemonSet(ds: DaemonSet, revisions: readonly RevisionView[], budget: BudgetFacts | undefined): DaemonSetView {
  const s = ds.status;
  const status = {
    desired: s?.desiredNumberScheduled ?? 0,
    current: s?.currentNumberScheduled ?? 0,
    ready: s?.numberReady ?? 0,
    updated: s?.updatedNumberScheduled ?? 0,
    available: s?.numberAvailable ?? 0,
    unavailable: s?.numberUnavailable ?? 0,
    misscheduled: s?.numberMisscheduled ?? 0,
  };
  const liveHash = revisions.find((r) => r.live)?.hash;
  return {
    uid: ds.metadata.uid,
    namespace: ds.metadata.namespace ?? 'default',
    name: ds.metadata.name,
    strategy: ds.spec.updateStrategy?.type === 'OnDelete' ? 'OnDelete' : 'RollingUpdate',
    minReadySeconds: ds.spec.minReadySeconds ?? 0,
    revisions,
    byHash: new Map(revisions.map((r) => [r.hash, r])),
    ...(liveHash ? { liveHash } : {}),
    status,
    ...(budget ? { budget } : {}),
    rollingOut: revisions.length > 1 && (status.updated < status.desired || status.unavailable > 0),
  };
}
