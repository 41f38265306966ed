/**
 * Watches a live cluster and records the first broken DaemonSet invariant.
 *
 * Two hooks, both read-only:
 * - `cluster.subscribe`: after every engine pass (one TraceEntry), check the state the pass left
 *   (invariant 1) and match the pass's daemonset-controller delete intents with the deletions
 *   recorded during it (invariant 3);
 * - `cluster.store.watch`: every single write, so that a pod creation (invariant 2) or the start
 *   of a deletion (invariant 3) is judged against the store exactly as the controller saw it at
 *   that write, not as the whole pass left it (other controllers run in the same pass).
 *
 * The invariants and where they come from (reference = kubernetes-daemonset-behaviour.md):
 *
 * 1. Pods per node. Without surge `manage` only creates on a node with no pod at all
 *    (checked at every creation: a terminating pod still occupies the node) and prunes
 *    duplicates to one, so a node never holds two non-terminating pods of one DaemonSet. With
 *    surge it keeps at most the oldest current-hash and the oldest other-hash pod: never more
 *    than two, never two of one revision. A pass whose command switched the strategy is judged
 *    by the more permissive of the old and new strategy (the controller prunes in the next
 *    pass). Only nodes that exist are judged: pods still bound to a deleted node are pod GC's
 *    business, `manage` never visits that node, nor need it visit a new node of the same
 *    name while such pods are still bound to it. Every pod is created from the current
 *    revision, for a node that exists.
 *
 * 2. The surge budget. The state after a pass can legitimately hold more than
 *    "maxSurge + nodes whose old pod is unavailable" surging nodes: an old pod that was Ready
 *    but not yet available (minReadySeconds) gets an out-of-budget new pod and then becomes
 *    available, and a percentage maxSurge shrinks when nodes leave. What upstream does bound is
 *    each budgeted creation: `rollingUpdate` counts numSurge (nodes that are not ok, plus nodes
 *    with an old and an unavailable new pod), collects candidates (shouldRun nodes whose only
 *    pod is an available old one) and creates `max(0, min(#candidates, maxSurge - numSurge))` of
 *    them after the out-of-budget "allowed new nodes". So, at the moment the controller creates
 *    a pod next to an available old pod (a budgeted creation), with A = the nodes numSurge would
 *    count now (this pod included) and X = the nodes that got an allowed-new pod (old pod not
 *    available) earlier in the same pass:  |A \ X| <= maxSurge.
 *
 * 3. The unavailability budget. Every deletion by the controller of
 *    an available, old-revision pod that may keep running where it is (node still there and
 *    shouldContinueRunning, not a duplicate `manage` prunes) must be justified by one rule:
 *    J1 surge `manage`: the node has an available current-hash pod;
 *    J2 surge `rollingUpdate`: the node has an available updated pod;
 *    J3 surge `rollingUpdate`: the node should not run the pod and numAvailable > desired;
 *    J4 maxSurge == 0 `rollingUpdate`: numUnavailable (over every visited node, as the
 *       store is right before this deletion) < maxUnavailable.
 *    J4 is "never delete an available old pod while the unavailable count is already at
 *    maxUnavailable": unavailable old pods (replacements), nodes that failed and pods that crash
 *    may push the count past the budget on their own, but never a deletion. With OnDelete no
 *    rule applies: the controller never deletes such a pod.
 *
 * 4a. Status writes: every status the controller writes equals a recount from the store at
 *    that write (the controller writes the status last in its sync, from what it sees then).
 *    The monitor also notes which DaemonSets may hold a stale status legitimately: node deletion
 *    does not enqueue a DaemonSet, so after `sim node remove` the status keeps
 *    counting the gone node until something else syncs the DaemonSet (typically pod GC, 40 s);
 *    likewise when a node comes back under that name while the old pods are still bound.
 */
import type { DaemonSet, Pod } from '../../src/sim/api/types.js';
import type { Cluster, TraceEntry } from '../../src/sim/engine/cluster.js';
import type { Change } from '../../src/sim/store/store.js';
import {
  HASH_LABEL,
  allowsSurge,
  budget,
  currentHash,
  eligibility,
  isAvailable,
  isLive,
  isTerminal,
  isTerminating,
  isUpdated,
  nodeToDaemonPods,
  ownedPods,
  rollingUnavailable,
  surgeNumAvailable,
  surgingNodes,
  targetNode,
  templateGeneration,
  viewOf,
} from './model.js';
import { statusProblem } from './checks.js';

export const DS_CONTROLLER = 'daemonset-controller';

export interface MonitorOptions {
  /** Invariant 1, after every pass. */
  readonly podsPerNode?: boolean;
  /** Invariant 2, at every creation. */
  readonly surgeBudget?: boolean;
  /** Invariant 3, at every deletion. */
  readonly deletionBudget?: boolean;
  /** Invariant 4a, at every status write. */
  readonly statusWrites?: boolean;
}

function ownerUid(pod: Pod): string | undefined {
  return pod.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'DaemonSet')?.uid;
}

export class InvariantMonitor {
  /** The first broken invariant, in words. */
  violation: string | undefined;
  passes = 0;
  /** How often each check had something to judge (to see that the generators reach them). */
  readonly stats = { budgetedCreations: 0, allowedNewCreations: 0, judgedDeletions: 0, j1: 0, j2: 0, j3: 0, j4: 0, surgingPairs: 0, statusWrites: 0 };
  private readonly before = new Map<string, DaemonSet>();
  /** Pod name -> why its deletion was unjustified (undefined: justified or not our concern). */
  private readonly deletions = new Map<string, string | undefined>();
  /** DaemonSet uid -> nodes that got an out-of-budget (allowed-new) pod in this pass. */
  private readonly allowedNew = new Map<string, Set<string>>();
  /**
   * DaemonSets whose status may be stale upstream too: not written since a node was deleted, or
   * since a node came back under the name of a deleted one while pods of the old node were still
   * bound to it (node deletion is not watched; a node add only wakes DaemonSets that should run
   * there).
   */
  readonly maybeStale = new Set<string>();
  /** Nodes that (re)appeared while pods of a deleted node of that name were still bound to it. */
  private readonly leftovers = new Map<string, Set<string>>();

  constructor(
    private readonly cluster: Cluster,
    private readonly opts: MonitorOptions,
  ) {
    for (const ds of cluster.store.list('DaemonSet')) this.before.set(ds.metadata.uid, ds);
    cluster.store.watch((c) => this.onWrite(c));
    cluster.subscribe((e) => this.afterPass(e), { intents: true });
  }

  private fail(text: string): void {
    if (this.violation === undefined) this.violation = `${text} (at +${(this.cluster.now - Date.parse('2026-01-01T00:00:00Z')) / 1000}s)`;
  }

  private daemonSet(uid: string): DaemonSet | undefined {
    return this.cluster.store.list('DaemonSet').find((d) => d.metadata.uid === uid);
  }

  // ----------------------------------------------------------------------------------------
  // Every write

  private onWrite(change: Change): void {
    if (change.obj.kind === 'Node' && change.type === 'removed') {
      for (const ds of this.cluster.store.list('DaemonSet')) this.maybeStale.add(ds.metadata.uid);
    }
    if (change.obj.kind === 'Node' && change.type === 'added') {
      const name = change.obj.metadata.name;
      const left = this.cluster.store.list('Pod').filter((p) => ownerUid(p) && targetNode(p) === name && !isTerminating(p));
      if (left.length > 0) {
        this.leftovers.set(name, new Set(left.map((p) => p.metadata.name)));
        for (const ds of this.cluster.store.list('DaemonSet')) this.maybeStale.add(ds.metadata.uid);
      }
    }
    if (change.obj.kind === 'DaemonSet' && change.type === 'updated' && JSON.stringify((change.old as DaemonSet).status) !== JSON.stringify(change.obj.status)) {
      this.maybeStale.delete(change.obj.metadata.uid);
      if (this.opts.statusWrites && this.violation === undefined) {
        this.stats.statusWrites++;
        const problem = statusProblem(this.cluster.store, change.obj, this.cluster.now);
        if (problem) this.fail(`status write: ${problem}`);
      }
    }
    if (this.violation !== undefined || change.obj.kind !== 'Pod') return;
    if (change.type === 'added' && !isTerminating(change.obj)) {
      if (this.opts.podsPerNode) this.onCreateTarget(change.obj);
      if (this.opts.surgeBudget) this.onCreate(change.obj);
      return;
    }
    if (!this.opts.deletionBudget) return;
    if (change.type === 'updated' && !isTerminating(change.old as Pod) && isTerminating(change.obj)) {
      this.onDeletionStart(change.old as Pod, (p) => (p.metadata.name === change.obj.metadata.name ? (change.old as Pod) : p), []);
    } else if (change.type === 'removed' && !isTerminating(change.obj)) {
      this.onDeletionStart(change.obj, (p) => p, [change.obj]);
    }
  }

  /**
   * Invariant 1, creation side: a daemon pod is only ever created from the
   * current revision, for a node that exists, and without surge only on a node that holds no pod
   * of the DaemonSet at all (a terminating pod still occupies it).
   */
  private onCreateTarget(pod: Pod): void {
    const uid = ownerUid(pod);
    const ds = uid && this.daemonSet(uid);
    if (!ds) return;
    const node = targetNode(pod);
    if (node === undefined || !this.cluster.store.get('Node', '', node)) {
      this.fail(`daemon pod ${pod.metadata.name} was created for node ${node}, which does not exist`);
      return;
    }
    const hash = currentHash(this.cluster.store, ds);
    if (!isUpdated(pod, hash, templateGeneration(ds))) {
      this.fail(`daemonset ${ds.metadata.name} created ${pod.metadata.name} from an old revision (hash ${pod.metadata.labels?.[HASH_LABEL]}, current ${hash})`);
      return;
    }
    if (allowsSurge(ds)) return;
    const there = nodeToDaemonPods(this.cluster.store.list('Pod'), ds).get(node) ?? [];
    const others = there.filter((p) => p.metadata.name !== pod.metadata.name);
    if (others.length > 0) {
      this.fail(`daemonset ${ds.metadata.name} (no surge) created ${pod.metadata.name} on ${node}, which still holds ${others.map((p) => `${p.metadata.name}${isTerminating(p) ? ' (terminating)' : ''}`).join(', ')}`);
    }
  }

  /** Invariant 2: a budgeted creation stays within maxSurge. */
  private onCreate(pod: Pod): void {
    const uid = ownerUid(pod);
    const ds = uid && this.daemonSet(uid);
    if (!ds) return;
    const store = this.cluster.store;
    const b = budget(ds, store.list('Node'));
    if (b.maxSurge === 0) return;
    const v = viewOf(store, ds, this.cluster.now);
    const gen = templateGeneration(ds);
    const node = targetNode(pod);
    if (node === undefined) return;
    const others = ownedPods(v.pods, ds).filter((p) => p.metadata.name !== pod.metadata.name && targetNode(p) === node && !isTerminating(p));
    const olds = others.filter((p) => !isUpdated(p, v.hash, gen));
    if (olds.length === 0 || others.length !== olds.length) return;
    const nodeObj = store.get('Node', '', node);
    const mrs = ds.spec.minReadySeconds ?? 0;
    const budgeted = !!nodeObj && eligibility(nodeObj, ds.spec.template).shouldRun && olds.some((p) => isLive(p) && isAvailable(p, mrs, v.now));
    let x = this.allowedNew.get(ds.metadata.uid);
    if (!x) this.allowedNew.set(ds.metadata.uid, (x = new Set()));
    if (!budgeted) {
      this.stats.allowedNewCreations++;
      x.add(node);
      return;
    }
    this.stats.budgetedCreations++;
    const a = surgingNodes(v).filter((n) => !x.has(n));
    if (a.length > b.maxSurge) {
      this.fail(
        `daemonset ${ds.metadata.name} created ${pod.metadata.name} on ${node} beside an available old pod, but ${a.length} nodes now surge ` +
          `within the budget (${a.join(', ')}) with maxSurge ${b.maxSurge} (desired ${b.desired})`,
      );
    }
  }

  /** Invariant 3: judge a deletion against the store as it was right before it. */
  private onDeletionStart(pod: Pod, restore: (p: Pod) => Pod, extra: Pod[]): void {
    const uid = ownerUid(pod);
    const ds = uid && this.daemonSet(uid);
    if (!ds) return;
    const name = pod.metadata.name;
    this.deletions.set(name, undefined);
    const mrs = ds.spec.minReadySeconds ?? 0;
    const now = this.cluster.now;
    const store = this.cluster.store;
    const pods = [...store.list('Pod').map(restore), ...extra];
    const v = viewOf(store, ds, now, pods);
    const gen = templateGeneration(ds);
    if (isTerminal(pod) || !isAvailable(pod, mrs, now) || isUpdated(pod, v.hash, gen)) return;
    const node = targetNode(pod);
    if (node === undefined) return;
    const nodeObj = store.get('Node', '', node);
    const el = nodeObj ? eligibility(nodeObj, ds.spec.template) : undefined;
    if (el ? !el.shouldContinueRunning : !pod.spec.nodeName) return;
    const others = ownedPods(pods, ds).filter((p) => p.metadata.name !== name && targetNode(p) === node);
    const otherLive = others.filter(isLive);
    const surge = allowsSurge(ds);
    if (!surge && otherLive.length > 0) return; // duplicate pruning
    if (surge && otherLive.some((p) => p.metadata.labels?.[HASH_LABEL] !== v.hash)) return; // surge duplicate pruning
    const b = budget(ds, v.nodes);
    const j1 = surge && otherLive.some((p) => p.metadata.labels?.[HASH_LABEL] === v.hash && isAvailable(p, mrs, now));
    const j2 = b.maxSurge > 0 && others.some((p) => !isTerminating(p) && isUpdated(p, v.hash, gen) && isAvailable(p, mrs, now));
    const numAvailable = b.maxSurge > 0 ? surgeNumAvailable(v) : 0;
    const j3 = b.maxSurge > 0 && !!el && !el.shouldRun && numAvailable > b.desired;
    const unavailable = b.maxSurge === 0 && ds.spec.updateStrategy?.type !== 'OnDelete' ? rollingUnavailable(v) : 0;
    const j4 = b.maxSurge === 0 && ds.spec.updateStrategy?.type !== 'OnDelete' && unavailable < b.maxUnavailable;
    this.stats.judgedDeletions++;
    if (j1) this.stats.j1++;
    if (j2) this.stats.j2++;
    if (j3) this.stats.j3++;
    if (j4) this.stats.j4++;
    if (j1 || j2 || j3 || j4) return;
    const strategy = ds.spec.updateStrategy?.type ?? 'RollingUpdate';
    this.deletions.set(
      name,
      strategy === 'OnDelete'
        ? `daemonset ${ds.metadata.name} (OnDelete) deleted its available pod ${name} on ${node}`
        : b.maxSurge === 0
          ? `daemonset ${ds.metadata.name} deleted available old pod ${name} on ${node} while ${unavailable} nodes were already unavailable (maxUnavailable ${b.maxUnavailable}, desired ${b.desired})`
          : `daemonset ${ds.metadata.name} deleted available old pod ${name} on ${node} without an available new pod there ` +
            `(shouldRun ${el?.shouldRun}, numAvailable ${numAvailable}, desired ${b.desired}, maxSurge ${b.maxSurge})`,
    );
  }

  // ----------------------------------------------------------------------------------------
  // Every pass

  private afterPass(e: TraceEntry): void {
    this.passes++;
    if (this.violation === undefined) {
      for (const i of e.intents) {
        if (i.controller !== DS_CONTROLLER || i.verb !== 'delete' || i.kind !== 'Pod' || i.error) continue;
        const why = this.deletions.get(i.name);
        if (why !== undefined) {
          this.fail(`${why} [pass ${e.seq}: ${i.reason}]`);
          break;
        }
      }
    }
    this.deletions.clear();
    this.allowedNew.clear();
    if (this.opts.podsPerNode && this.violation === undefined) this.checkPodsPerNode(e);
    this.before.clear();
    for (const ds of this.cluster.store.list('DaemonSet')) this.before.set(ds.metadata.uid, ds);
  }

  /** Invariant 1. */
  private checkPodsPerNode(e: TraceEntry): void {
    const pods = this.cluster.store.list('Pod');
    for (const ds of this.cluster.store.list('DaemonSet')) {
      const prev = this.before.get(ds.metadata.uid);
      const surge = allowsSurge(ds) || (prev !== undefined && allowsSurge(prev));
      const byNode = new Map<string, Pod[]>();
      for (const p of ownedPods(pods, ds)) {
        if (isTerminating(p)) continue;
        const n = targetNode(p);
        if (n === undefined) continue;
        byNode.set(n, [...(byNode.get(n) ?? []), p]);
      }
      for (const [node, list] of byNode) {
        // Pods bound to a deleted node are left to pod GC: manage never visits that node.
        if (!this.cluster.store.get('Node', '', node)) continue;
        // Nor may it visit a node that came back under that name while those pods were still
        // bound (a node add only wakes DaemonSets that should run there).
        const left = this.leftovers.get(node);
        if (left && list.some((p) => left.has(p.metadata.name))) continue;
        const names = list.map((p) => `${p.metadata.name}(${p.metadata.labels?.[HASH_LABEL]})`).join(', ');
        const hashes = new Set(list.map((p) => p.metadata.labels?.[HASH_LABEL]));
        if (list.length === 2) this.stats.surgingPairs++;
        if (!surge && list.length > 1) {
          this.fail(`node ${node} has ${list.length} non-terminating pods of daemonset ${ds.metadata.name} without surge: ${names} [pass ${e.seq}, ${e.cause}]`);
        } else if (surge && (list.length > 2 || hashes.size < list.length)) {
          this.fail(`node ${node} has ${list.length} non-terminating pods of daemonset ${ds.metadata.name} (surge): ${names} [pass ${e.seq}, ${e.cause}]`);
        }
      }
    }
  }
}
