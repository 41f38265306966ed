/**
 * What a stretch of the trace changed, in one line a learner can read: pods and nodes that
 * appeared, went, or changed what `kubectl get` shows for them (READY and STATUS of a pod, STATUS
 * of a node), then the reasons of the events recorded. Each object is described once, from how
 * it was before the first entry to how it is after the last, so a pod created and started in one
 * step reads `pod agent-x7k2p created (1/1 Running)`.
 */
import type { ApiObject, KubeEvent, Node, Pod } from '../../sim/api/types.js';
import type { TraceEntry } from '../../sim/engine/cluster.js';
import { nodeStatus } from '../print/tables/node.js';
import { podSummary } from '../print/tables/pod.js';

/** How many changes the line names before it only counts the rest. */
const SHOWN = 6;

interface Change {
  readonly kind: 'Pod' | 'Node';
  readonly name: string;
  from: ApiObject | undefined;
  to: ApiObject | undefined;
}

/** One line (without a newline) naming what `entries` changed, as of virtual time `now`. */
export function summarizeTrace(entries: readonly TraceEntry[], now: number): string {
  const changes = new Map<string, Change>();
  /** Event reasons in the order first seen, with how many events (or repeats) had each. */
  const reasons = new Map<string, number>();
  const touch = (obj: ApiObject, from: ApiObject | undefined, to: ApiObject | undefined): void => {
    if (obj.kind === 'Event' && to) reasons.set((to as KubeEvent).reason ?? '', (reasons.get((to as KubeEvent).reason ?? '') ?? 0) + 1);
    if (obj.kind !== 'Pod' && obj.kind !== 'Node') return;
    const key = `${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
    const seen = changes.get(key);
    if (seen) seen.to = to;
    else changes.set(key, { kind: obj.kind, name: obj.metadata.name, from, to });
  };
  for (const e of entries) {
    for (const obj of e.diff.added) touch(obj, undefined, obj);
    for (const [from, to] of e.diff.updated) touch(to, from, to);
    for (const obj of e.diff.removed) touch(obj, obj, undefined);
  }
  const phrases: string[] = [];
  for (const c of changes.values()) {
    const phrase = describe(c, now);
    if (phrase) phrases.push(phrase);
  }
  const rest = phrases.length - SHOWN;
  const shown = rest > 0 ? [...phrases.slice(0, SHOWN), `and ${rest} more`] : phrases;
  if (reasons.size > 0) shown.push(`events: ${[...reasons].map(([r, n]) => (n > 1 ? `${r} (${n})` : r)).join(', ')}`);
  return shown.length === 0 ? 'nothing visible changed' : shown.join('; ');
}

function describe(c: Change, now: number): string | undefined {
  const show = (obj: ApiObject): string => (c.kind === 'Pod' ? podState(obj as Pod, now) : nodeStatus(obj as Node));
  const what = c.kind === 'Pod' ? `pod ${c.name}` : `node ${c.name}`;
  if (!c.from && !c.to) return undefined;
  if (!c.from) return `${what} created (${show(c.to!)})`;
  if (!c.to) return `${what} gone`;
  const before = show(c.from);
  const after = show(c.to);
  if (c.kind === 'Pod' && !(c.from as Pod).spec.nodeName && (c.to as Pod).spec.nodeName) return `${what} scheduled to ${(c.to as Pod).spec.nodeName} (${after})`;
  return before === after ? undefined : `${what} ${before} -> ${after}`;
}

/** READY and STATUS as `kubectl get pods` shows them: `0/1 ContainerCreating`. */
function podState(pod: Pod, now: number): string {
  const s = podSummary(pod, now);
  return `${s.ready} ${s.status}`;
}
