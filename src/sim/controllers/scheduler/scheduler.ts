/**
 * kube-scheduler's default profile as a control loop (`pkg/scheduler/scheduler.go`,
 * `eventhandlers.go`, `schedule_one.go`).
 *
 * Assumptions:
 * - It schedules pods with no node name, no deletionTimestamp, not finished, and `schedulerName`
 *   `default-scheduler` (or unset); pods for other schedulers stay Pending, as upstream.
 * - Pod priority is `spec.priority` as the Priority admission plugin wrote it (0 when unset).
 * Invariants:
 * - One pod at a time, in `PrioritySort` order: higher priority first, then older, then by
 *   namespace/name. Each attempt sees the bindings of the attempts before it.
 * - A pod is attempted again only after a relevant cluster event since its last attempt (see
 *   queue.ts) or after 5 minutes unschedulable, so repeated identical failures never happen in
 *   the same instant. Its own status writes are never such an event.
 * - Relevant events: a node added, or a node's labels, taints, `spec.unschedulable` or
 *   allocatable changed; a bound or nominated pod deleted; a bound pod finished (Succeeded or
 *   Failed: the scheduler's informer drops terminal pods). A pod's own spec or metadata change,
 *   or the loss of its nomination, retries that pod.
 */
import type { Node, Pod } from '../../api/types.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import type { Change, Store } from '../../store/store.js';
import { jsonEqual } from '../../apiserver/validation/equality.js';
import { sameTaints } from '../../api/toleration.js';
import { SchedulerCache } from './cache.js';
import { cmp, countsOnNode } from './nodeinfo.js';
import { podKey } from './podstatus.js';
import { POD_MAX_IN_UNSCHEDULABLE_MS, SchedulingQueue, type QueueSnapshot } from './queue.js';
import { isTerminal, podPriority } from './resources.js';
import { SCHEDULER_NAME, scheduleOne, type SchedulingDecision } from './scheduleone.js';
import { explainWithView, type SchedulingExplanation } from './explain.js';

const FLUSH_KEY = 'flush-unschedulable';

interface SchedulerSnapshot {
  readonly queue: QueueSnapshot;
  readonly decisions: [string, SchedulingDecision][];
}

/** Whether this scheduler should schedule the pod now. */
export function responsibleFor(pod: Pod | undefined): pod is Pod {
  if (!pod || pod.spec.nodeName || pod.metadata.deletionTimestamp || isTerminal(pod)) return false;
  return !pod.spec.schedulerName || pod.spec.schedulerName === SCHEDULER_NAME;
}

/** `isPodUpdated`: anything but status, resourceVersion, generation and finalizers changed. */
function podUpdated(old: Pod, next: Pod): boolean {
  const strip = (p: Pod): string => {
    const { resourceVersion: _rv, generation: _g, finalizers: _f, ...meta } = p.metadata;
    return JSON.stringify([meta, p.spec]);
  };
  return strip(old) !== strip(next);
}

/** Node changes the filters read (`nodeSchedulingPropertiesChange`, reduced to these filters). */
function nodeChangeMatters(old: Node, next: Node): boolean {
  // Most node writes are status posts that keep these very objects: nothing to serialise.
  if (
    old.metadata.labels === next.metadata.labels &&
    old.spec.taints === next.spec.taints &&
    !!old.spec.unschedulable === !!next.spec.unschedulable &&
    (old.status.allocatable ?? old.status.capacity) === (next.status.allocatable ?? next.status.capacity)
  ) {
    return false;
  }
  // Compared field by field as upstream's DeepEqual does, without serialising either node.
  return (
    !!old.spec.unschedulable !== !!next.spec.unschedulable ||
    !jsonEqual(old.metadata.labels ?? {}, next.metadata.labels ?? {}) ||
    !sameTaints(old.spec.taints, next.spec.taints) ||
    !jsonEqual(old.status.allocatable ?? old.status.capacity ?? {}, next.status.allocatable ?? next.status.capacity ?? {})
  );
}

/** `PrioritySort.Less`. */
function queueOrder(a: Pod, b: Pod): number {
  const pa = podPriority(a);
  const pb = podPriority(b);
  if (pa !== pb) return pb - pa;
  if (a.metadata.creationTimestamp !== b.metadata.creationTimestamp) return cmp(a.metadata.creationTimestamp, b.metadata.creationTimestamp);
  // Pods of one namespace compare as their `namespace/name` keys do, without building them
  // (a DaemonSet's pods are created in one instant, so sorting its pods ends here every time).
  if (a.metadata.namespace === b.metadata.namespace) return cmp(a.metadata.name, b.metadata.name);
  return cmp(podKey(a), podKey(b));
}

export class Scheduler implements Controller {
  readonly name = SCHEDULER_NAME;
  private readonly cache: SchedulerCache;
  private queue = new SchedulingQueue();
  private decisions = new Map<string, SchedulingDecision>();
  /** A flush timer fired since the last reconcile (timers fire right before a settle). */
  private pendingFlush = false;

  constructor(private readonly store: Store) {
    this.cache = new SchedulerCache(store);
    this.enqueueAll();
  }

  observe(change: Change): void {
    const obj = change.obj;
    if (obj.kind === 'Node') {
      if (change.type === 'added' || (change.type === 'updated' && nodeChangeMatters(change.old as Node, obj))) this.queue.moveAllToActive();
      return;
    }
    if (obj.kind !== 'Pod') return;
    const old = change.type === 'updated' ? (change.old as Pod) : change.type === 'removed' ? obj : undefined;
    const next = change.type === 'removed' ? undefined : obj;
    this.cache.update(old, next);
    if (next) this.onPod(old, next);
    else {
      this.queue.delete(podKey(obj));
      this.decisions.delete(podKey(obj));
      const wasNominated = !obj.spec.nodeName && !!obj.status.nominatedNodeName;
      if (wasNominated || countsOnNode(obj)) this.queue.moveAllToActive();
    }
  }

  private onPod(old: Pod | undefined, next: Pod): void {
    if (responsibleFor(next)) {
      const key = podKey(next);
      const lostNomination = !!old?.status.nominatedNodeName && !next.status.nominatedNodeName;
      if (!old || !this.queue.has(key) || (this.queue.isUnschedulable(key) && (lostNomination || podUpdated(old, next)))) this.queue.activate(key);
    } else if (!old || responsibleFor(old)) {
      // Only a pod that was ours can have a queue entry or a decision: the status writes of
      // bound pods (most pod changes) build no key.
      const key = podKey(next);
      this.queue.delete(key);
      this.decisions.delete(key);
    }
    if (countsOnNode(old) && !countsOnNode(next)) this.queue.moveAllToActive();
  }

  wake(key: string): void {
    if (key === FLUSH_KEY) this.pendingFlush = true;
  }

  reconcile(ctx: ControllerContext): boolean {
    if (this.pendingFlush) {
      this.queue.flushTimerFired(ctx.now);
      this.pendingFlush = false;
    }
    const keys = this.queue.popAll(ctx.now);
    if (keys.length === 0) return false;
    // Keys are `namespace/name` (podKey); a pod name has no slash, so the first one splits them.
    const pods: Pod[] = [];
    // Indexed loops: this runs once per pass over thousands of pods, often before it is
    // optimised, and an unoptimised for-of allocates an iterator result per element.
    for (let n = 0; n < keys.length; n++) {
      const k = keys[n]!;
      const i = k.indexOf('/');
      const p = this.store.get('Pod', k.slice(0, i), k.slice(i + 1));
      if (responsibleFor(p)) pods.push(p);
    }
    pods.sort(queueOrder);
    const view = this.cache.view();
    for (let n = 0; n < pods.length; n++) {
      const queued = pods[n]!;
      const pod = this.store.get('Pod', queued.metadata.namespace ?? '', queued.metadata.name);
      if (!responsibleFor(pod) || pod.metadata.uid !== queued.metadata.uid) continue;
      const key = podKey(pod);
      const attemptSeq = this.queue.sequence;
      const outcome = scheduleOne(ctx, pod, view);
      if (outcome.kind === 'bound') {
        this.decisions.delete(key);
        this.queue.delete(key);
        continue;
      }
      // A decision is kept only for a pod still ours (onPod relies on it to skip the others).
      if (!responsibleFor(this.store.get('Pod', pod.metadata.namespace ?? '', pod.metadata.name))) continue;
      this.decisions.set(key, outcome.decision);
      const due = this.queue.markUnschedulable(key, attemptSeq, ctx.now);
      // A periodic flush: it finds work only if something else changed, so settle ignores it.
      if (due !== undefined) ctx.after(POD_MAX_IN_UNSCHEDULABLE_MS, FLUSH_KEY, { background: true });
    }
    return pods.length > 0;
  }

  /** What the last attempt found for a pending pod (undefined once it is bound or gone). */
  lastDecision(namespace: string, name: string): SchedulingDecision | undefined {
    return this.decisions.get(`${namespace}/${name}`);
  }

  /** Per-node, per-plugin verdicts for a pod against the cluster as the scheduler sees it now. */
  explain(pod: Pod, opts: { readonly only?: readonly string[] } = {}): SchedulingExplanation {
    return explainWithView(pod, this.cache.view(), opts);
  }

  snapshot(): unknown {
    const s: SchedulerSnapshot = { queue: this.queue.snapshot(), decisions: [...this.decisions] };
    return s;
  }

  restore(state: unknown): void {
    this.cache.invalidate();
    this.pendingFlush = false;
    const s = state as SchedulerSnapshot | undefined;
    this.queue = new SchedulingQueue();
    this.decisions = new Map();
    if (!s?.queue) {
      this.enqueueAll();
      return;
    }
    this.queue.restore(s.queue);
    this.decisions = new Map(s.decisions);
  }

  private enqueueAll(): void {
    for (const pod of this.store.list('Pod')) if (responsibleFor(pod)) this.queue.activate(podKey(pod));
  }
}
