/**
 * `framework.NodeInfo`: a node with what the scheduler believes runs on it. The pods counted are
 * the ones bound to the node and not terminal; terminating pods still count (they hold their
 * requests until the kubelet removes them), as in the scheduler cache.
 *
 * Two ways to build one: from a list of pods (`NodeInfo.fromPods`, used by `explainScheduling`
 * and by preemption's what-if copies), or from totals the scheduler keeps up to date
 * incrementally (`NodeUsageCache`), with the pod list read lazily only when a plugin needs it
 * (host ports, preemption).
 */
import type { Node, Pod } from '../../api/types.js';
import { addResources, cloneResources, emptyResources, isTerminal, nodeAllocatable, podRequests, type PodRequests, type Resources } from './resources.js';

/** Running totals of the counted pods of one node. */
export interface NodeUsage {
  requested: Resources;
  nonZeroMilliCPU: number;
  nonZeroMemory: number;
  podCount: number;
}

export function emptyUsage(): NodeUsage {
  return { requested: emptyResources(), nonZeroMilliCPU: 0, nonZeroMemory: 0, podCount: 0 };
}

/**
 * The totals of a node that runs no counted pod, shared by every NodeInfo of such a node (the
 * scheduler's view of each node a fleet's daemon pods land on first). Never written: a NodeInfo
 * copies the totals it was given before a what-if edit (`ownedUsage`), and the scheduler cache
 * keeps an object of its own for each node that has pods.
 */
export const NO_USAGE: Readonly<NodeUsage> = emptyUsage();

/** A copy of usage totals that may be written to. */
export function copyUsage(u: Readonly<NodeUsage>): NodeUsage {
  return { ...u, requested: cloneResources(u.requested) };
}

/** The totals of one pod alone, by its requests (see `onePodUsage`). */
const onePod = new WeakMap<PodRequests, Readonly<NodeUsage>>();

/**
 * The totals of a node whose one counted pod is `pod`: one object per pod requests, shared by
 * every node running one pod that asks for the same (a DaemonSet's pods share their requests,
 * podRequests), never written. The scheduler cache keeps one per node of a fleet, where it made
 * totals of its own for each (about 130 bytes a node, kept, and made again on each rebuild).
 */
export function onePodUsage(pod: Pod): Readonly<NodeUsage> {
  const r = podRequests(pod);
  let u = onePod.get(r);
  if (u === undefined) {
    const made = emptyUsage();
    applyPod(made, pod, 1);
    onePod.set(r, (u = made));
  }
  return u;
}

/** The pod list of a node with no pods: a new one each time, since a what-if edit adds to it. */
const NO_PODS = (): Pod[] => [];

/** Adds (sign 1) or removes (sign -1) a pod's requests to/from usage totals. */
export function applyPod(u: NodeUsage, pod: Pod, sign: 1 | -1): void {
  const r = podRequests(pod);
  addResources(u.requested, r.requests, sign);
  u.nonZeroMilliCPU += sign * r.nonZeroMilliCPU;
  u.nonZeroMemory += sign * r.nonZeroMemory;
  u.podCount += sign;
}

/** Whether the scheduler cache counts this pod on its node. */
export function countsOnNode(pod: Pod | undefined): pod is Pod {
  return !!pod && !!pod.spec.nodeName && !isTerminal(pod);
}

export class NodeInfo {
  readonly allocatable: Readonly<Resources>;
  /**
   * The totals: the cache's own object until a what-if edit (preemption, nominated pods) makes
   * a private copy, so such edits never reach the cache and a plain filter pass copies nothing.
   * A NodeInfo lives for one scheduling attempt, during which the cache does not change.
   */
  private usage: NodeUsage;
  private ownUsage = false;
  private podList: Pod[] | undefined;

  /**
   * `loadPods` lists the pods bound to a node, given its name: one function serves every NodeInfo
   * of a view, where a closure over each node was made for every node each attempt looked at.
   */
  constructor(
    readonly node: Node,
    usage: NodeUsage,
    private readonly loadPods: (nodeName: string) => Pod[],
  ) {
    this.allocatable = nodeAllocatable(node);
    this.usage = usage;
  }

  /**
   * A NodeInfo over an explicit set of pods (terminal ones are skipped). A node with none (where
   * each daemon pod of a fleet build and of a rollout is checked first, by the scheduler and the
   * kubelet's admission) shares the empty totals, and its pod list is made only if asked for.
   */
  static fromPods(node: Node, pods: Iterable<Pod>): NodeInfo {
    if (Array.isArray(pods) && pods.length === 0) return new NodeInfo(node, NO_USAGE, NO_PODS);
    const list = [...pods].filter((p) => !isTerminal(p));
    let usage: NodeUsage = NO_USAGE;
    if (list.length > 0) {
      usage = emptyUsage();
      for (const p of list) applyPod(usage, p, 1);
    }
    const info = new NodeInfo(node, usage, () => list);
    info.podList = list;
    return info;
  }

  get name(): string {
    return this.node.metadata.name;
  }

  get requested(): Readonly<Resources> {
    return this.usage.requested;
  }

  get nonZeroMilliCPU(): number {
    return this.usage.nonZeroMilliCPU;
  }

  get nonZeroMemory(): number {
    return this.usage.nonZeroMemory;
  }

  get podCount(): number {
    return this.usage.podCount;
  }

  /** The counted pods, in `namespace/name` order. */
  pods(): readonly Pod[] {
    if (!this.podList) {
      this.podList = this.loadPods(this.node.metadata.name)
        .filter((p) => !isTerminal(p))
        .sort((a, b) => cmp(key(a), key(b)));
    }
    return this.podList;
  }

  /** A copy that preemption can add pods to and remove pods from (`NodeInfo.Snapshot`). */
  clone(): NodeInfo {
    const pods = [...this.pods()];
    const info = new NodeInfo(this.node, this.usage, () => pods);
    info.podList = pods;
    return info;
  }

  addPod(pod: Pod): void {
    this.pods();
    this.podList!.push(pod);
    applyPod(this.ownedUsage(), pod, 1);
  }

  removePod(pod: Pod): void {
    const list = this.pods();
    const i = list.findIndex((p) => p.metadata.uid === pod.metadata.uid);
    if (i < 0) return;
    this.podList = [...list.slice(0, i), ...list.slice(i + 1)];
    applyPod(this.ownedUsage(), pod, -1);
  }

  /** The totals, copied first if they are still shared. */
  private ownedUsage(): NodeUsage {
    if (!this.ownUsage) {
      this.usage = copyUsage(this.usage);
      this.ownUsage = true;
    }
    return this.usage;
  }
}

export function key(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
