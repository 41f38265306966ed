/**
 * A lesson step's callouts, resolved against the picture: which node cards, pod marks,
 * DaemonSets and meters to light, and the note to show beside each. A callout names its target
 * as the lesson wrote it (a node name, a DaemonSet's name, a label selector on a node, a meter);
 * this finds what the picture draws for it now, so a pod callout follows the pod across a
 * rollout (the selector matches the new pod as it did the old one).
 *
 * Cost: one lookup per callout; a pod callout reads only its node's pods. Nothing walks the
 * cluster, so the lit set is made again after every batch without a per-frame price.
 */
import { parseSelector } from '../../sim/api/label-selector-parse.js';
import type { Callout, CalloutTarget } from '../../tutorial/model.js';
import type { PodSlot } from './node-view.js';
import type { PictureModel } from './picture-model.js';

export type MeterName = Extract<CalloutTarget, { meter: string }>['meter'];

/** A note beside a node card: the callout's words and its text. */
export interface CalloutNote {
  /** What it points at, in words ("Node node-2", "Pod app=agent on node-1"). */
  readonly target: string;
  readonly text: string;
}

export interface LitCallouts {
  /** Node name -> the notes drawn beside its card (a pod callout's note sits by the pod's node). */
  readonly nodes: ReadonlyMap<string, readonly CalloutNote[]>;
  /** Pod uids whose marks are lit. */
  readonly pods: ReadonlySet<string>;
  /** DaemonSet uids whose pods are lit, with the note for the status strip's row. */
  readonly daemonSets: ReadonlyMap<string, CalloutNote>;
  /** `namespace/name` of the lit DaemonSets (the status strip's rows are keyed so). */
  readonly daemonSetKeys: ReadonlyMap<string, CalloutNote>;
  readonly meters: ReadonlyMap<MeterName, CalloutNote>;
  /** Callouts whose target is not in the cluster now (shown and announced, nothing lit). */
  readonly missing: readonly CalloutNote[];
  /** Equal for two results that light the same things with the same notes (a drawing redraws when it changes). */
  readonly key: string;
}

export const NO_CALLOUTS: LitCallouts = { nodes: new Map(), pods: new Set(), daemonSets: new Map(), daemonSetKeys: new Map(), meters: new Map(), missing: [], key: '' };

/** The words for a callout's target, as the lesson column and the announcement say them. */
export function calloutTarget(t: CalloutTarget): string {
  if ('node' in t) return `Node ${t.node}`;
  if ('daemonset' in t) return `DaemonSet ${t.daemonset}`;
  if ('pod' in t) return `Pod ${t.pod.selector} on ${t.pod.node}`;
  return `Meter: ${t.meter}`;
}

/** One sentence per callout, for the aria-live region. */
export function calloutWords(callouts: readonly Callout[]): string {
  return callouts.map((c) => `${calloutTarget(c.target)}: ${c.text}`).join('. ');
}

export function resolveCallouts(callouts: readonly Callout[], model: PictureModel): LitCallouts {
  if (callouts.length === 0) return NO_CALLOUTS;
  const nodes = new Map<string, CalloutNote[]>();
  const pods = new Set<string>();
  const daemonSets = new Map<string, CalloutNote>();
  const daemonSetKeys = new Map<string, CalloutNote>();
  const meters = new Map<MeterName, CalloutNote>();
  const missing: CalloutNote[] = [];
  const noteBy = (name: string, note: CalloutNote) => {
    const list = nodes.get(name);
    if (list) list.push(note);
    else nodes.set(name, [note]);
  };
  for (const c of callouts) {
    const t = c.target;
    const note: CalloutNote = { target: calloutTarget(t), text: c.text };
    if ('meter' in t) meters.set(t.meter, note);
    else if ('node' in t) {
      if (model.node(t.node)) noteBy(t.node, note);
      else missing.push(note);
    } else if ('daemonset' in t) {
      const ds = model.daemonSets().find((d) => d.name === t.daemonset && d.namespace === t.namespace);
      daemonSetKeys.set(`${t.namespace}/${t.daemonset}`, note);
      if (ds) daemonSets.set(ds.uid, note);
      else missing.push(note);
    } else {
      const found = podsMatching(model, t.pod);
      for (const uid of found) pods.add(uid);
      if (found.length > 0) noteBy(t.pod.node, note);
      else missing.push(note);
    }
  }
  const key = JSON.stringify([[...nodes], [...pods], [...daemonSets.keys()], [...meters.keys()], callouts]);
  return { nodes, pods, daemonSets, daemonSetKeys, meters, missing, key };
}

/** Whether a pod mark is lit: the pod itself, or its DaemonSet, is a callout's target. */
export function isLit(slot: PodSlot, lit: LitCallouts): boolean {
  return lit.pods.has(slot.pod.uid) || (slot.pod.owner !== undefined && lit.daemonSets.has(slot.pod.owner));
}

/** The uids of the pods on `node` in `namespace` whose labels the selector matches. */
function podsMatching(model: PictureModel, target: { readonly selector: string; readonly node: string; readonly namespace: string }): string[] {
  const card = model.node(target.node);
  const selector = parseSelector(target.selector);
  if (!card || 'error' in selector) return [];
  const out: string[] = [];
  for (const row of card.rows) {
    for (const slot of row.slots) {
      const pod = model.podObject(slot.pod.uid);
      if (pod && (pod.metadata.namespace ?? 'default') === target.namespace && selector.matches(pod.metadata.labels ?? {})) out.push(slot.pod.uid);
    }
  }
  return out;
}
