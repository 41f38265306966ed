/**
 * The scheduler cache (`pkg/scheduler/backend/cache`) and nominator, reduced to what the filters
 * read: per-node request totals kept up to date from every pod change the informer delivers,
 * and the unbound pods nominated to each node. Pod lists per node come from the store's
 * `podsOnNode` index when a plugin needs them.
 *
 * Invariants:
 * - `usage(n)` equals the sum over pods bound to n that are not terminal (terminating included).
 * - After a restore the cache is rebuilt from the store before it is read.
 */
import type { Node, Pod } from '../../api/types.js';
import type { Store } from '../../store/store.js';
import type { ClusterView } from './framework.js';
import { applyPod, cmp, copyUsage, countsOnNode, key, NO_USAGE, NodeInfo, onePodUsage, type NodeUsage } from './nodeinfo.js';

function nominatedTo(pod: Pod | undefined): string | undefined {
  if (!pod || pod.spec.nodeName || pod.metadata.deletionTimestamp) return undefined;
  return pod.status.nominatedNodeName || undefined;
}

export class SchedulerCache {
  /**
   * Node -> totals of its counted pods. Totals of one pod may be shared (`onePodUsage`) and are
   * replaced, never written; totals of two pods or more are the node's own, written in place.
   */
  private usage = new Map<string, Readonly<NodeUsage>>();
  private nominated = new Map<string, Map<string, Pod>>();
  private stale = true;

  constructor(private readonly store: Store) {}

  /** Marks the cache for a rebuild (after a restore, when watchers were not told). */
  invalidate(): void {
    this.stale = true;
  }

  /** Informer handler for pods: `old` absent on add, `next` absent on delete. */
  update(old: Pod | undefined, next: Pod | undefined): void {
    if (this.stale) return;
    // A status-only change of a pod that counts (or not) on the same node as before leaves the
    // node's totals as they are: requests and ports come from the spec alone.
    const sameUsage = old !== undefined && next !== undefined && old.spec === next.spec && countsOnNode(old) === countsOnNode(next);
    if (!sameUsage) this.moveUsage(old, next);
    const was = nominatedTo(old);
    if (was && old) this.nominated.get(was)?.delete(key(old));
    const now = nominatedTo(next);
    if (now && next) {
      let m = this.nominated.get(now);
      if (!m) this.nominated.set(now, (m = new Map()));
      m.set(key(next), next);
    }
  }

  private moveUsage(old: Pod | undefined, next: Pod | undefined): void {
    if (countsOnNode(old)) {
      const name = old.spec.nodeName!;
      const u = this.usage.get(name);
      // The last pod leaves: the entry goes (its totals would be zero).
      if (u && u.podCount <= 1) this.usage.delete(name);
      else if (u) applyPod(u as NodeUsage, old, -1);
    }
    if (countsOnNode(next)) {
      const name = next.spec.nodeName!;
      const u = this.usage.get(name);
      if (!u) this.usage.set(name, onePodUsage(next));
      else if (u.podCount >= 2) applyPod(u as NodeUsage, next, 1);
      else {
        const own = copyUsage(u);
        applyPod(own, next, 1);
        this.usage.set(name, own);
      }
    }
  }

  private fresh(): void {
    if (!this.stale) return;
    this.usage.clear();
    this.nominated.clear();
    this.stale = false;
    for (const pod of this.store.list('Pod')) this.update(undefined, pod);
  }

  /** The scheduler's view of the cluster right now. */
  view(): ClusterView {
    this.fresh();
    const store = this.store;
    const loadPods = (name: string): Pod[] => [...store.podsOnNode(name)];
    return {
      numNodes: () => store.count('Node'),
      nodes: () => store.list('Node'),
      node: (name) => store.get('Node', '', name),
      nodeInfo: (node: Node) => new NodeInfo(node, this.usage.get(node.metadata.name) ?? NO_USAGE, loadPods),
      nominatedPods: (name) => {
        const pods = this.nominated.get(name);
        return pods === undefined || pods.size === 0 ? NO_PODS : [...pods.values()].sort((a, b) => cmp(key(a), key(b)));
      },
    };
  }
}

const NO_PODS: readonly Pod[] = [];

/** A view over explicit nodes and a pods-by-node lookup (for explanations; no cache). */
export function staticView(nodes: readonly Node[], podsOnNode: (nodeName: string) => Iterable<Pod>, nominated: readonly Pod[] = []): ClusterView {
  const sorted = [...nodes].sort((a, b) => cmp(a.metadata.name, b.metadata.name));
  const byName = new Map(sorted.map((n) => [n.metadata.name, n]));
  const infos = new Map<string, NodeInfo>();
  return {
    numNodes: () => sorted.length,
    nodes: () => sorted,
    node: (name) => byName.get(name),
    nodeInfo: (node) => {
      let info = infos.get(node.metadata.name);
      if (!info) infos.set(node.metadata.name, (info = NodeInfo.fromPods(node, [...podsOnNode(node.metadata.name)].filter((p) => p.spec.nodeName))));
      return info;
    },
    nominatedPods: (name) => nominated.filter((p) => nominatedTo(p) === name),
  };
}
