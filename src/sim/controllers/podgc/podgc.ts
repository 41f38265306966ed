/**
 * The pod garbage collector (pkg/controller/podgc/gc_controller.go), component
 * `pod-garbage-collector`, reduced to what a DaemonSet playground needs:
 *
 * - `gcOrphaned`: pods bound to a node that does not exist are force-deleted once the node has
 *   been missing for the quarantine time (SIM_DEFAULTS.podGCOrphanSeconds; upstream 40 s plus
 *   up to one 20 s GC period). Each is first marked `phase: Failed` with the condition
 *   DisruptionTarget=True (reason DeletionByPodGC, "PodGC: node no longer exists") when not
 *   already terminal, then deleted with grace period 0. This is what finally removes a pod
 *   stuck Terminating on a dead node once that Node is deleted.
 * - `gcTerminating`: on a not-Ready node tainted `node.kubernetes.io/out-of-service`,
 *   terminating pods are force-deleted at once (non-graceful node shutdown).
 *
 * Not modelled: the terminated-pod threshold (`--terminated-pod-gc-threshold`) and unscheduled
 * terminating pods (the API server already deletes unbound pods at once).
 */
import type { Node, Pod, PodCondition } from '../../api/types.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import { emptyList, takeQueued } from '../../engine/queue.js';
import { rfc3339 } from '../../engine/time.js';
import type { Change } from '../../store/store.js';

export const TAINT_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

interface PodGCState {
  /** `node:<name>` and `gc:<name>` keys (held as `fromKey` makes them while the controller runs). */
  queue: string[];
  /** Nodes seen missing while pods were bound to them: when the quarantine started. */
  missing: Record<string, number>;
}

function keyOfPod(p: Pod): string {
  return `${p.metadata.namespace ?? ''}/${p.metadata.name}`;
}

/**
 * Whether the node is not Ready and tainted out-of-service. The taint is looked for first: most
 * nodes have no taints at all, and every write of a pod bound to a node checks that node. An
 * indexed loop, with no empty list for a node without taints and no callback: each was an
 * allocation per check (about 0.5 MB over a 5,000-node build).
 */
function outOfService(node: Node): boolean {
  const taints = node.spec.taints;
  if (!taints) return false;
  let tainted = false;
  for (let i = 0; i < taints.length && !tainted; i++) tainted = taints[i]!.key === TAINT_OUT_OF_SERVICE;
  return tainted && node.status.conditions?.find((c) => c.type === 'Ready')?.status !== 'True';
}

/** `node:<name>`, a node's key in the queue of a snapshot (and of a timer). */
export function nodeKey(name: string): string {
  return `node:${name}`;
}

/**
 * The queue as the controller keeps it: a node's key is its name alone, and every other key
 * (`gc:<name>`) as it is. Node names are DNS subdomains (API validation), so a name never holds
 * the `:` of a prefix.
 *
 * Why: every write of a bound pod queues its node (30,000 a 5,000-node build). The pod's
 * `spec.nodeName` is queued as it is, where a `node:<name>` key had to be found in a table of
 * them (so that the queue's dedup hashed one string per node), and its name again in a second
 * table when the key was taken.
 */
function fromKey(key: string): string {
  return key.startsWith('node:') ? key.slice(5) : key;
}

function toKey(entry: string): string {
  return entry.startsWith('gc:') ? entry : nodeKey(entry);
}

/** Whether any node is in quarantine (without listing the names). */
function anyMissing(missing: Record<string, number>): boolean {
  for (const _ in missing) return true;
  return false;
}

export class PodGCController implements Controller {
  readonly name = 'pod-garbage-collector';
  private state: PodGCState = { queue: emptyList(), missing: {} };

  observe(change: Change): void {
    const obj = change.obj;
    if (obj.kind === 'Node') this.state.queue.push(obj.metadata.name);
    else if (obj.kind === 'Pod' && change.type !== 'removed' && obj.spec.nodeName) this.state.queue.push(obj.spec.nodeName);
  }

  wake(key: string): void {
    this.state.queue.push(fromKey(key));
  }

  reconcile(ctx: ControllerContext): boolean {
    if (this.state.queue.length === 0) return false;
    const keys = takeQueued(this.state);
    for (let i = 0; i < keys.length; i++) {
      const entry = keys[i]!;
      if (entry.startsWith('gc:')) this.collect(ctx, entry.slice(3));
      else this.checkNode(ctx, entry);
    }
    return true;
  }

  snapshot(): unknown {
    const { queue, missing } = this.state;
    return { queue: queue.length === 0 ? queue : queue.map(toKey), missing } satisfies PodGCState;
  }

  restore(state: unknown): void {
    const s = (state as PodGCState | undefined) ?? { queue: [], missing: {} };
    this.state = { queue: s.queue.map(fromKey), missing: s.missing };
  }

  private podsOn(ctx: ControllerContext, node: string): Pod[] {
    return [...ctx.store.podsOnNode(node)].sort((a, b) => (keyOfPod(a) < keyOfPod(b) ? -1 : 1));
  }

  private checkNode(ctx: ControllerContext, name: string): void {
    const node = ctx.store.get('Node', '', name);
    if (node) {
      // Most checks find no node missing at all: the table is not probed by a name, which costs
      // a look-up of that string in the engine's string table before the property itself.
      if (anyMissing(this.state.missing)) delete this.state.missing[name];
      if (outOfService(node)) {
        for (const pod of this.podsOn(ctx, name)) {
          if (pod.metadata.deletionTimestamp) this.markFailedAndDelete(ctx, pod, undefined, `node ${name} is out of service; its terminating pod is force-deleted`);
        }
      }
      return;
    }
    if (this.state.missing[name] !== undefined || this.podsOn(ctx, name).length === 0) return;
    this.state.missing[name] = ctx.now;
    ctx.after(ctx.defaults.podGCOrphanSeconds * 1000, `gc:${name}`);
  }

  /** The quarantine of a missing node is over: delete what is still bound to it. */
  private collect(ctx: ControllerContext, name: string): void {
    const since = this.state.missing[name];
    if (since === undefined || ctx.now < since + ctx.defaults.podGCOrphanSeconds * 1000) return;
    delete this.state.missing[name];
    if (ctx.store.get('Node', '', name)) return;
    const condition: PodCondition = {
      type: 'DisruptionTarget',
      status: 'True',
      lastTransitionTime: rfc3339(ctx.now),
      reason: 'DeletionByPodGC',
      message: 'PodGC: node no longer exists',
    };
    for (const pod of this.podsOn(ctx, name)) this.markFailedAndDelete(ctx, pod, condition, `pod GC: node ${name} no longer exists`);
  }

  /** `markFailedAndDeletePodWithCondition`. */
  private markFailedAndDelete(ctx: ControllerContext, pod: Pod, condition: PodCondition | undefined, why: string): void {
    let current = pod;
    if (pod.status.phase !== 'Succeeded' && pod.status.phase !== 'Failed') {
      const conditions = condition ? [...(pod.status.conditions ?? []).filter((c) => c.type !== condition.type), condition] : pod.status.conditions;
      const r = ctx.client.updateStatus<'Pod'>({ ...pod, status: { ...pod.status, phase: 'Failed', ...(conditions ? { conditions } : {}) } }, why);
      if (r.ok) current = r.obj;
    }
    ctx.client.delete(current, why, { gracePeriodSeconds: 0 });
  }
}
