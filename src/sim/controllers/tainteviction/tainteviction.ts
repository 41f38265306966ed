/**
 * The taint eviction controller (pkg/controller/tainteviction/taint_eviction.go), component
 * `taint-eviction-controller`: evicts pods from nodes with NoExecute taints they do not tolerate
 * for long enough.
 *
 * - `handleNodeUpdate` (only when a node's NoExecute taints change) and `handlePodUpdate` (a bound
 *   pod added, or updated with another node or other tolerations, as `PodUpdated` filters, on a
 *   node with NoExecute taints) run `processPodOnNode` (tolerations.ts).
 * - Untolerated: any scheduled deletion is cancelled and the pod is deleted at once. Tolerated
 *   forever: any scheduled deletion is cancelled. Otherwise a deletion is scheduled at
 *   observation time + the smallest tolerationSeconds; once scheduled it never moves (not even
 *   when tolerations change later). All NoExecute taints gone: scheduled deletions are
 *   cancelled, with Normal `TaintManagerEviction` "Cancelling deletion of Pod NS/NAME".
 * - While no node carries a NoExecute taint and no deletion is scheduled or fired, a pass has
 *   nothing to do for any key (a fleet coming up queues every bound pod): it drops its queue
 *   whole. The controller counts NoExecute-tainted nodes from the Node writes it observes, and
 *   from the store after a restore.
 * - When a deletion fires: Normal `TaintManagerEviction` "Marking for deletion Pod NS/NAME",
 *   the pod condition DisruptionTarget=True (reason DeletionByTaintManager, "Taint manager:
 *   deleting due to NoExecute taint"), then a graceful delete. A fired entry stays until the
 *   pod is gone or the taints clear, so the same pod is not marked twice.
 *
 * Determinism note: a second evaluation at the same virtual instant as the scheduling keeps the
 * scheduled deletion (upstream's strict `Before` would cancel and re-add it, which only happens
 * there within the same clock tick).
 */
import type { Pod, PodCondition, Taint } from '../../api/types.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import { semanticEqual } from '../../apiserver/validation/equality.js';
import { emptyList, takeQueued } from '../../engine/queue.js';
import { rfc3339 } from '../../engine/time.js';
import type { Change } from '../../store/store.js';
import { getMatchingTolerations, getMinTolerationTime, hasNoExecuteTaint, noExecuteTaints } from './tolerations.js';

/** One scheduled (or fired) deletion: `TimedWorker`. */
interface Work {
  readonly createdAt: number;
  readonly fireAt: number;
  fired: boolean;
}

interface TaintEvictionState {
  queue: string[];
  works: Record<string, Work>;
}

const EVENT_REASON = 'TaintManagerEviction';

/** Whether any deletion is scheduled or fired (without listing the pods). */
function hasWork(s: TaintEvictionState): boolean {
  for (const _ in s.works) return true;
  return false;
}

function keyOfPod(p: Pod): string {
  return `${p.metadata.namespace ?? ''}/${p.metadata.name}`;
}

export class TaintEvictionController implements Controller {
  readonly name = 'taint-eviction-controller';
  private state: TaintEvictionState = { queue: emptyList(), works: {} };
  /**
   * How many nodes carry a NoExecute taint, kept from the observed Node writes; `undefined` until
   * counted from the store (at the first reconcile, and again after a restore, whose store the
   * informers never see written). Derived, so not part of the snapshot.
   */
  private noExecuteNodes: number | undefined = undefined;

  /** The scheduled deletion of a pod, if any (for views: the countdown ring). */
  scheduledEviction(namespace: string, name: string): { readonly createdAt: number; readonly fireAt: number; readonly fired: boolean } | undefined {
    return this.state.works[`${namespace}/${name}`];
  }

  observe(change: Change): void {
    const obj = change.obj;
    if (obj.kind === 'Node') {
      if (change.type === 'removed') {
        if (this.noExecuteNodes !== undefined && hasNoExecuteTaint(obj.spec.taints)) this.noExecuteNodes--;
        return;
      }
      // Status posts and label writes keep the taints array: nothing to compare.
      if (change.type === 'updated' && change.old.kind === 'Node' && change.old.spec.taints === obj.spec.taints) return;
      const old = change.type === 'updated' && change.old.kind === 'Node' ? change.old : undefined;
      const had = hasNoExecuteTaint(old?.spec.taints);
      const has = hasNoExecuteTaint(obj.spec.taints);
      if (this.noExecuteNodes !== undefined && had !== has) this.noExecuteNodes += has ? 1 : -1;
      // NoSchedule taints alone (the node controller's while a fleet comes up: a third of its Node
      // writes) leave both NoExecute lists empty: nothing to build and compare.
      if (!has && !had) return;
      const before = old ? noExecuteTaints(old.spec.taints) : [];
      const after = noExecuteTaints(obj.spec.taints);
      if (JSON.stringify(before) !== JSON.stringify(after)) this.state.queue.push(`node:${obj.metadata.name}`);
    } else if (obj.kind === 'Pod') {
      // `PodUpdated`: a write that keeps the pod's node and tolerations (a status update) cannot
      // change what the taints do to it.
      if (change.type === 'updated' && change.old.kind === 'Pod' && sameNodeAndTolerations(change.old, obj)) return;
      if (change.type === 'removed') {
        // Work is made only for pods still in the store: with none scheduled or fired (a rollout
        // removes every pod and has none), a removed pod has nothing to drop now or later.
        if (hasWork(this.state)) this.state.queue.push(`gone:${keyOfPod(obj)}`);
      } else if (obj.spec.nodeName) this.state.queue.push(`pod:${keyOfPod(obj)}`);
    }
  }

  wake(key: string): void {
    this.state.queue.push(key);
  }

  reconcile(ctx: ControllerContext): boolean {
    if (this.state.queue.length === 0) return false;
    // With no NoExecute taint on any node and no deletion scheduled or fired, every key is a no-op
    // (a pod's or node's finds no NoExecute taint, a removed pod's and a timer's find no work):
    // the queue of a fleet's bound pods is dropped whole rather than looked up key by key.
    if (this.countNoExecuteNodes(ctx) === 0 && !hasWork(this.state)) {
      this.state.queue = emptyList();
      return true;
    }
    const keys = takeQueued(this.state);
    // Indexed loops: this runs once per pass over thousands of keys, often before it is
    // optimised, and an unoptimised for-of allocates an iterator result per element.
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      // The kind is told by its prefix, not sliced off: a string per key less.
      const rest = key.slice(key.indexOf(':') + 1);
      if (key.startsWith('pod:')) this.handlePodUpdate(ctx, rest);
      else if (key.startsWith('node:')) this.handleNodeUpdate(ctx, rest);
      else if (key.startsWith('gone:')) this.dropWork(ctx, rest);
      else if (key.startsWith('fire:')) this.fire(ctx, rest);
    }
    return true;
  }

  snapshot(): unknown {
    return this.state;
  }

  restore(state: unknown): void {
    this.state = (state as TaintEvictionState | undefined) ?? { queue: emptyList(), works: {} };
    this.noExecuteNodes = undefined;
  }

  /** How many nodes carry a NoExecute taint: counted from the store when not yet known. */
  private countNoExecuteNodes(ctx: ControllerContext): number {
    if (this.noExecuteNodes === undefined) {
      // Read in place: a sorted list of a fleet's nodes is not needed to count them.
      let n = 0;
      ctx.store.tables('Node').forEach((names) =>
        names.forEach((node) => {
          if (node.kind === 'Node' && hasNoExecuteTaint(node.spec.taints)) n++;
        }),
      );
      this.noExecuteNodes = n;
    }
    return this.noExecuteNodes;
  }

  private handleNodeUpdate(ctx: ControllerContext, name: string): void {
    const node = ctx.store.get('Node', '', name);
    if (!node) return;
    const taints = noExecuteTaints(node.spec.taints);
    const pods = [...ctx.store.podsOnNode(name)].sort((a, b) => (keyOfPod(a) < keyOfPod(b) ? -1 : 1));
    for (const pod of pods) {
      if (taints.length === 0) this.cancelWorkWithEvent(ctx, pod);
      else this.processPodOnNode(ctx, pod, taints);
    }
  }

  private handlePodUpdate(ctx: ControllerContext, key: string): void {
    const slash = key.indexOf('/');
    const pod = ctx.store.get('Pod', key.slice(0, slash), key.slice(slash + 1));
    if (!pod) {
      this.dropWork(ctx, key);
      return;
    }
    if (!pod.spec.nodeName) return;
    const node = ctx.store.get('Node', '', pod.spec.nodeName);
    // Looked for before the list is built: every bound pod comes here, and nearly every node
    // has no NoExecute taint.
    if (!hasNoExecuteTaint(node?.spec.taints)) return;
    this.processPodOnNode(ctx, pod, noExecuteTaints(node!.spec.taints));
  }

  /** `processPodOnNode`. */
  private processPodOnNode(ctx: ControllerContext, pod: Pod, taints: readonly Taint[]): void {
    const { allTolerated, used } = getMatchingTolerations(taints, pod.spec.tolerations);
    if (!allTolerated) {
      this.cancelWorkWithEvent(ctx, pod);
      this.addWork(ctx, pod, ctx.now, ctx.now);
      return;
    }
    const min = getMinTolerationTime(used);
    if (min < 0) {
      this.cancelWorkWithEvent(ctx, pod);
      return;
    }
    this.addWork(ctx, pod, ctx.now, ctx.now + min);
  }

  /** `AddWork`: nothing when work for the pod exists (scheduled or already fired). */
  private addWork(ctx: ControllerContext, pod: Pod, createdAt: number, fireAt: number): void {
    const key = keyOfPod(pod);
    if (this.state.works[key]) return;
    this.state.works[key] = { createdAt, fireAt, fired: false };
    if (fireAt <= ctx.now) this.fire(ctx, key);
    else ctx.after(fireAt - ctx.now, `fire:${key}`);
  }

  /** `cancelWorkWithEvent`: only a scheduled (not yet fired) deletion is announced. */
  private cancelWorkWithEvent(ctx: ControllerContext, pod: Pod): void {
    const key = keyOfPod(pod);
    const w = this.state.works[key];
    if (!w) return;
    this.dropWork(ctx, key);
    if (!w.fired) ctx.client.event(pod, 'Normal', EVENT_REASON, `Cancelling deletion of Pod ${key}`);
  }

  /** Forgets the work for a pod and its pending countdown timer. */
  private dropWork(ctx: ControllerContext, key: string): void {
    if (!this.state.works[key]) return;
    delete this.state.works[key];
    ctx.cancel(`fire:${key}`);
  }

  /** `deletePodHandler` + `addConditionAndDeletePod`. */
  private fire(ctx: ControllerContext, key: string): void {
    const w = this.state.works[key];
    if (!w || w.fired || w.fireAt > ctx.now) return;
    w.fired = true;
    const slash = key.indexOf('/');
    let pod = ctx.store.get('Pod', key.slice(0, slash), key.slice(slash + 1));
    if (!pod) {
      delete this.state.works[key];
      return;
    }
    ctx.client.event(pod, 'Normal', EVENT_REASON, `Marking for deletion Pod ${key}`);
    const conditions = pod.status.conditions ?? [];
    if (!conditions.some((c) => c.type === 'DisruptionTarget' && c.status === 'True')) {
      const target: PodCondition = {
        type: 'DisruptionTarget',
        status: 'True',
        lastTransitionTime: rfc3339(ctx.now),
        reason: 'DeletionByTaintManager',
        message: 'Taint manager: deleting due to NoExecute taint',
      };
      const r = ctx.client.updateStatus<'Pod'>({ ...pod, status: { ...pod.status, conditions: [...conditions.filter((c) => c.type !== 'DisruptionTarget'), target] } }, `pod ${key} does not tolerate its node's NoExecute taints any longer`);
      if (r.ok) pod = r.obj;
    }
    ctx.client.delete(pod, `taint manager: pod ${key} does not tolerate its node's NoExecute taints (any longer)`);
  }
}

function sameNodeAndTolerations(old: Pod, pod: Pod): boolean {
  return old.spec.nodeName === pod.spec.nodeName && (old.spec.tolerations === pod.spec.tolerations || semanticEqual(old.spec.tolerations, pod.spec.tolerations));
}
