/**
 * The words for everything the picture shows, written once: the text twin (list "Nodes"), the
 * marks' tooltips and the canvas hover all read them, so every state has a word and never only
 * a colour or a shape. STATUS words are kubectl's; numbers are the engine's.
 */
import type { DaemonSetView } from './daemonset-view.js';
import { nodeWaves, slotMoment } from './moment.js';
import type { NodeView, PodSlot } from './node-view.js';
import type { PodView } from './pod-view.js';
import type { RevisionView } from './revisions.js';

export interface WordContext {
  daemonSet(uid: string): DaemonSetView | undefined;
  revisionOf(pod: PodView): RevisionView | undefined;
  readonly now: number;
}

const seconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/** One pod: its name and kubectl STATUS, then the words for its F20 states. */
export function slotWords(slot: PodSlot, ctx: WordContext): string {
  const { pod } = slot;
  const ds = pod.owner ? ctx.daemonSet(pod.owner) : undefined;
  const m = slotMoment(slot, ds, ctx.now);
  const words = [`${pod.name} ${pod.status}`];
  const rev = ctx.revisionOf(pod);
  if (rev) words.push(`revision ${rev.number}${rev.live ? '' : ' (old)'}`);
  if (pod.group === 'ready' || pod.group === 'running') words.push(pod.group === 'ready' ? 'ready' : 'not ready');
  if (m.soak !== undefined && ds) words.push(`soaking ${Math.floor((m.soak * ds.minReadySeconds))} of ${ds.minReadySeconds} s, not yet available`);
  else if (pod.group === 'ready' && ds && ds.minReadySeconds > 0) words.push('available');
  if (slot.misscheduled) words.push('misscheduled');
  if (slot.surge) words.push('surge');
  if (slot.eviction) words.push(`evicting in ${seconds(slot.eviction.fireAt - ctx.now)} s${slot.eviction.toleration ? ` (toleration ${slot.eviction.toleration})` : ''}`);
  if (m.graceLeft !== undefined) words.push(`terminating, ${m.graceLeft} s of grace left`);
  return words.join(', ');
}

/** A node: name, readiness and cordon (kubectl's STATUS), taints, wave, then each pod (`;` between pods). */
export function nodeWords(card: NodeView, ctx: WordContext): string {
  const parts = [card.name, card.status];
  parts.push(card.taints.length > 0 ? `taints ${card.taints.map((t) => t.text).join(', ')}` : 'no taints');
  const waves = nodeWaves(card, (uid) => ctx.daemonSet(uid), ctx.now);
  for (const uid of waves) parts.push(`in the current wave of ${ctx.daemonSet(uid)?.name ?? 'a rollout'}`);
  const pods = card.rows.flatMap((r) => r.slots);
  parts.push(pods.length > 0 ? `pods: ${pods.map((s) => slotWords(s, ctx)).join('; ')}` : 'no pods');
  return parts.join(', ');
}

/** A pod waiting in the Pending lane: name, STATUS, the node it is pinned to, and why. */
export function pendingWords(pod: PodView): string {
  return [`${pod.name} ${pod.status}`, pod.pin ? `for node ${pod.pin}` : '', pod.unschedulable ? `FailedScheduling: ${pod.unschedulable}` : 'not yet scheduled'].filter(Boolean).join(', ');
}
