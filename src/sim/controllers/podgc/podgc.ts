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
import { takeQueued } from '../../engine/queue.js';
import { rfc3339 } from '../../engine/time.js';
import type { Change } from '../../store/store.js';
import { BoundedTable } from '../../bounded-table.js';

export const TAINT_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

interface PodGCState {
  queue: string[];
  /** Nodes seen missing while pods were bound to them: when the quarantine started. */
  missing: Record<string, number>;
}

function keyOfPod(p: Pod): string {
  return `${p.metadata.namespace ?? ''}/${p.metadata.name}`;
}

/**
 * Whether the node is not Ready and tainted out-of-service. The taint is looked for first: most
 * nodes have no taints at all, and every write of a pod bound to a node checks that node.
 */
function outOfService(node: Node): boolean {
  if (!(node.spec.taints ?? []).some((t) => t.key === TAINT_OUT_OF_SERVICE)) return false;
  return node.status.conditions?.find((c) => c.type === 'Ready')?.status !== 'True';
}

/**
 * The `node:<name>` queue keys, one string per node name, and each key's node name.
 *
 * Why: every write of a bound pod queues its node's key (20,000 a 5,000-node rollout). A key
 * built afresh each time is hashed afresh by the queue's dedup, and the name sliced back out of it
 * is hashed afresh by the store's lookup; these are made once per node.
 */
const nodeKeys = new BoundedTable<string, string>(1 << 15);
const keyNodes = new BoundedTable<string, string>(1 << 15);

/** `node:<name>`, the same string for every write of a pod bound to `name`. */
export function nodeKey(name: string): string {
  let key = nodeKeys.get(name);
  if (key === undefined) {
    key = nodeKeys.set(name, `node:${name}`);
    keyNodes.set(key, name);
  }
  return key;
}

/** The node name of a `node:` key (a key from a snapshot or a timer is sliced). */
function nodeOfKey(key: string): string {
  return keyNodes.get(key) ?? key.slice(5);
}

/** Whether any node is in quarantine (without listing the names). */
function anyMissing(missing: Record<string, number>): boolean {
  for (const _ in missing) return true;
  return false;
}

export class PodGCController implements Controller {
  readonly name = 'pod-garbage-collector';
  private state: PodGCState = { queue: [], missing: {} };

  observe(change: Change): void {
    const obj = change.obj;
    if (obj.kind === 'Node') this.state.queue.push(nodeKey(obj.metadata.name));
    else if (obj.kind === 'Pod' && change.type !== 'removed' && obj.spec.nodeName) this.state.queue.push(nodeKey(obj.spec.nodeName));
  }

  wake(key: string): void {
    this.state.queue.push(key);
  }

  reconcile(ctx: ControllerContext): boolean {
    if (this.state.queue.length === 0) return false;
    const keys = takeQueued(this.state);
    for (const key of keys) {
      if (key.startsWith('node:')) this.checkNode(ctx, nodeOfKey(key));
      else if (key.startsWith('gc:')) this.collect(ctx, key.slice(3));
    }
    return true;
  }

  snapshot(): unknown {
    return this.state;
  }

  restore(state: unknown): void {
    this.state = (state as PodGCState | undefined) ?? { queue: [], missing: {} };
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
