/**
 * What the virtual clock changes about a card without any diff: whether each pod has soaked
 * long enough to be available, how far the rings have run, and which nodes a rollout is working
 * on right now (the current wave). Read at drawing time from the projected views.
 */
import type { DaemonSetView } from './daemonset-view.js';
import type { NodeView, PodRow, PodSlot } from './node-view.js';
import { podMoment, type PodMoment } from './pod-view.js';

export function slotMoment(slot: PodSlot, ds: DaemonSetView | undefined, now: number): PodMoment {
  return podMoment(slot.pod, ds?.minReadySeconds ?? 0, now);
}

/**
 * Whether this row is part of its DaemonSet's current wave: the rollout is in progress and the
 * node's pods are being replaced (an old one terminating, two side by side) or its live-revision
 * pod is not available yet.
 */
export function rowInWave(row: PodRow, ds: DaemonSetView | undefined, now: number): boolean {
  if (!ds?.rollingOut || row.slots.length === 0) return false;
  if (row.slots.length > 1) return true;
  const only = row.slots[0]!;
  if (only.pod.deletionAt !== undefined) return true;
  return only.pod.hash === ds.liveHash && !slotMoment(only, ds, now).available;
}

/** The DaemonSets (by uid) whose current wave includes this node. */
export function nodeWaves(card: NodeView, daemonSet: (uid: string) => DaemonSetView | undefined, now: number): string[] {
  return card.rows.filter((r) => r.owner !== '' && rowInWave(r, daemonSet(r.owner), now)).map((r) => r.owner);
}
