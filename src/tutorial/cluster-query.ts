/**
 * The pod and node questions checks and invariant helpers ask of the store, answered from its
 * indexes: pods of one node come from `podsOnNode`, pods of a namespace from the kind's sorted
 * list (one array until pods change). "Terminating" means the pod has a deletionTimestamp;
 * counted pods are the non-terminating ones unless a query says otherwise (docs/lesson-format.md).
 */
import type { Node, Pod } from '../sim/api/types.js';
import { parseSelector, type ParsedSelector } from '../sim/api/labels.js';
import { isPodReady, isPodTerminal } from '../sim/controllers/daemonset/pod-conditions.js';
import type { Store } from '../sim/store/store.js';

export { isPodReady, isPodTerminal };

/** A label selector as a check names it: the text (for messages) and its matcher. */
export interface PodSelector {
  readonly text: string;
  readonly namespace: string;
  readonly selector: ParsedSelector;
}

/** Parses `-l`-style selector text; the error is kubectl's own wording. */
export function podSelector(text: string, namespace: string): PodSelector | { error: string } {
  const selector = parseSelector(text);
  if ('error' in selector) return selector;
  if (selector.requirements.length === 0) return { error: 'an empty selector would match every pod; name at least one label' };
  return { text, namespace, selector };
}

/**
 * A short noun for messages, singular and plural: `log-agent pod(s)` for `app=log-agent`, else
 * `pod(s) matching SEL`, with `of IMAGE` when only pods of one image count.
 */
export function podNouns(sel: PodSelector, image?: string): { one: string; many: string } {
  const m = /^[A-Za-z0-9./-]+=([A-Za-z0-9._-]+)$/.exec(sel.text);
  const of = image === undefined ? '' : ` of ${image}`;
  return m ? { one: `${m[1]} pod${of}`, many: `${m[1]} pods${of}` } : { one: `pod${of} matching ${sel.text}`, many: `pods${of} matching ${sel.text}` };
}

export const isTerminating = (p: Pod): boolean => p.metadata.deletionTimestamp !== undefined;

/** The image of the pod's first container. */
export const firstImage = (p: Pod): string | undefined => p.spec.containers[0]?.image;

/** Every pod (terminating or not) the selector matches, optionally on one node. */
export function selectPods(store: Store, sel: PodSelector, node?: string): Pod[] {
  const out: Pod[] = [];
  const pods = node === undefined ? store.list('Pod') : store.podsOnNode(node);
  for (const p of pods) {
    if ((p.metadata.namespace ?? '') === sel.namespace && sel.selector.matches(p.metadata.labels)) out.push(p);
  }
  if (node !== undefined) out.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  return out;
}

/** Pods grouped by `spec.nodeName` (unbound pods are left out). */
export function byNode(pods: readonly Pod[]): Map<string, Pod[]> {
  const out = new Map<string, Pod[]>();
  for (const p of pods) {
    const n = p.spec.nodeName;
    if (!n) continue;
    let list = out.get(n);
    if (!list) out.set(n, (list = []));
    list.push(p);
  }
  return out;
}

/** The node's Ready condition is True. */
export function isNodeReady(node: Node): boolean {
  return node.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}
