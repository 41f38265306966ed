/**
 * Whole-state checks run between commands: the DaemonSet status against a recount (invariant 4)
 * and convergence after healing (invariant 5: held back, see the header of the test file).
 */
import type { Cluster } from '../../src/sim/engine/cluster.js';
import type { DaemonSet, Pod } from '../../src/sim/api/types.js';
import type { Store } from '../../src/sim/store/store.js';
import { eligibility, isReady, isUpdated, ownedPods, recountStatus, strategyOf, targetNode, templateGeneration, viewOf, type Counters } from './model.js';

/**
 * Invariant 4b: after a command has settled, every DaemonSet's status agrees with a
 * recount from the store (same oldest-pod rule) and observedGeneration has caught up (the
 * simulator's expectations are always satisfied).
 *
 * Counters that only change with an event that enqueues the DaemonSet (desired, current, ready,
 * up-to-date, misscheduled) must be exact. numberAvailable also changes with time alone (a pod
 * becomes available minReadySeconds after it became Ready, and only a delayed requeue notices):
 * it may lag the recount by `availableLagMs`, never lead it (nothing makes a pod unavailable
 * without an event), and numberUnavailable must be desired - numberAvailable of the status
 * itself. `skip` names DaemonSets that upstream may leave stale (InvariantMonitor.maybeStale: a
 * node was deleted, or came back while the old node's pods were still bound, since their last
 * status write; node deletion is not watched).
 * Returns what differs, or undefined.
 */
export function statusMismatch(cluster: Cluster, skip: ReadonlySet<string>, availableLagMs: number): string | undefined {
  for (const ds of cluster.store.list('DaemonSet')) {
    if (skip.has(ds.metadata.uid)) continue;
    const problem = statusProblem(cluster.store, ds, cluster.now, availableLagMs);
    if (problem) return problem;
  }
  return undefined;
}

/** One DaemonSet's status against the recount at `now` (availability: see statusMismatch). */
export function statusProblem(store: Store, ds: DaemonSet, now: number, availableLagMs = 0): string | undefined {
  const want = recountStatus(viewOf(store, ds, now));
  const s = (ds.status ?? {}) as unknown as Record<string, number | undefined>;
  const got = (k: keyof Counters): number => s[k] ?? 0;
  const exact: (keyof Counters)[] = ['desiredNumberScheduled', 'currentNumberScheduled', 'numberReady', 'updatedNumberScheduled', 'numberMisscheduled'];
  const diffs = exact.filter((k) => got(k) !== want[k]).map((k) => `${k} ${got(k)} (recount ${want[k]})`);
  const earliest = Number.isFinite(availableLagMs) ? recountStatus(viewOf(store, ds, now - availableLagMs)).numberAvailable : 0;
  if (got('numberAvailable') > want.numberAvailable || got('numberAvailable') < earliest) {
    diffs.push(`numberAvailable ${got('numberAvailable')} (recount ${want.numberAvailable}${availableLagMs > 0 && Number.isFinite(availableLagMs) ? `, ${earliest} ${availableLagMs / 1000}s ago` : ''})`);
  }
  if (got('numberUnavailable') !== got('desiredNumberScheduled') - got('numberAvailable')) diffs.push(`numberUnavailable ${got('numberUnavailable')} (desired - available)`);
  if ((s.observedGeneration ?? 0) !== (ds.metadata.generation ?? 0)) diffs.push(`observedGeneration ${s.observedGeneration} (generation ${ds.metadata.generation})`);
  return diffs.length > 0 ? `daemonset ${ds.metadata.name} status: ${diffs.join(', ')}` : undefined;
}

/**
 * The pods the heal epilogue deletes: pods that cannot become ready by themselves once every
 * image is ok (a never-ready container keeps running unready: behaviours apply from the next
 * start) and, for OnDelete, pods of an old revision (only a delete replaces them).
 */
export function stalePods(cluster: Cluster): string[] {
  const out: string[] = [];
  const pods = cluster.store.list('Pod');
  for (const ds of cluster.store.list('DaemonSet')) {
    const v = viewOf(cluster.store, ds, cluster.now);
    const gen = templateGeneration(ds);
    const onDelete = strategyOf(ds).type === 'OnDelete';
    for (const p of ownedPods(pods, ds)) {
      if (p.metadata.deletionTimestamp) continue;
      if (!isReady(p) || (onDelete && !isUpdated(p, v.hash, gen))) out.push(p.metadata.name);
    }
  }
  return out.sort();
}

/**
 * Invariant 5: after healing and settling, every node that should run a
 * DaemonSet's pod (computed here from labels, taints and tolerations) has exactly one pod of it,
 * up to date, Running and Ready, and nothing else; a node that should not run it has no pod,
 * except that a node whose only untolerated taints are NoSchedule may keep (at most) one
 * running pod it had before the taint (shouldContinueRunning, counted as misscheduled).
 */
export function convergenceProblem(cluster: Cluster): string | undefined {
  const store = cluster.store;
  const pods = store.list('Pod');
  for (const ds of store.list('DaemonSet')) {
    const v = viewOf(store, ds, cluster.now);
    const gen = templateGeneration(ds);
    const byNode = new Map<string, Pod[]>();
    for (const p of ownedPods(pods, ds)) {
      const n = targetNode(p) ?? '<none>';
      byNode.set(n, [...(byNode.get(n) ?? []), p]);
    }
    const nodes = new Set(store.list('Node').map((n) => n.metadata.name));
    for (const [n, list] of byNode) {
      if (!nodes.has(n)) return `daemonset ${ds.metadata.name} still has pods for missing node ${n}: ${list.map((p) => p.metadata.name).join(', ')}`;
    }
    for (const node of store.list('Node')) {
      const name = node.metadata.name;
      const list = byNode.get(name) ?? [];
      const desc = list.map((p) => `${p.metadata.name}[${p.status.phase}${isReady(p) ? ',Ready' : ''}${isUpdated(p, v.hash, gen) ? ',updated' : ''}${p.metadata.deletionTimestamp ? ',terminating' : ''}]`).join(' ') || 'no pod';
      const el = eligibility(node, ds.spec.template);
      if (el.shouldRun) {
        const p = list[0];
        if (list.length !== 1 || !p || p.metadata.deletionTimestamp || p.status.phase !== 'Running' || !isReady(p) || !isUpdated(p, v.hash, gen)) {
          return `daemonset ${ds.metadata.name}: eligible node ${name} should have exactly one up-to-date Running Ready pod, has ${desc}`;
        }
      } else if (el.shouldContinueRunning) {
        if (list.length > 1 || list.some((p) => p.metadata.deletionTimestamp)) return `daemonset ${ds.metadata.name}: misscheduled node ${name} has ${desc}`;
      } else if (list.length > 0) {
        return `daemonset ${ds.metadata.name}: node ${name} must not run its pod (selector, affinity or NoExecute taint), has ${desc}`;
      }
    }
  }
  return undefined;
}
