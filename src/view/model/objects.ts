/**
 * The objects the picture reads, kept current from the diffs and indexed the way the picture
 * asks: pods by node ('' for unbound pods) and ControllerRevisions by owning DaemonSet. Applying
 * a batch reports what it touched, so only those node cards are projected again.
 *
 * A move on the timeline (a `reset` with its `changes`) is applied as its changes: the index
 * after it is the one the reset would build, and only what the move changed is touched.
 *
 * Invariants:
 * - `podsOnNode(n)` holds exactly the stored pods whose `spec.nodeName` is `n` ('' when unset).
 * - `touched.nodes` names every node whose card could look different: the node itself changed,
 *   or a pod bound to it was added, updated or removed.
 */
import type { ApiObject, ControllerRevision, DaemonSet, Node, Pod } from '../../sim/api/types.js';
import { controllerUid } from '../../sim/store/store.js';
import type { PageDiff, ViewBatch } from './batch.js';

/** What one batch changed, for incremental projection. */
export interface Touched {
  /** The whole state was replaced: project everything. */
  readonly reset: boolean;
  readonly nodes: Set<string>;
  /** Some node was added or removed, or its labels changed: regroup and lay out again. */
  nodeSet: boolean;
  /** DaemonSets (by uid) whose spec, status or revisions changed. */
  readonly daemonSets: Set<string>;
  /** An unbound pod changed: the Pending lane is projected again. */
  pending: boolean;
}

export class ObjectIndex {
  readonly nodes = new Map<string, Node>();
  readonly pods = new Map<string, Pod>();
  readonly daemonSets = new Map<string, DaemonSet>();
  private readonly byNode = new Map<string, Map<string, Pod>>();
  private readonly revisionsByOwner = new Map<string, Map<string, ControllerRevision>>();

  /** Applies a batch and says what it touched. */
  apply(batch: ViewBatch): Touched {
    const whole = batch.reset !== undefined && batch.changes === undefined;
    const touched: Touched = { reset: whole, nodes: new Set(), nodeSet: whole, daemonSets: new Set(), pending: whole };
    if (batch.changes) this.applyMove(batch.changes, touched);
    else if (batch.reset) {
      this.nodes.clear();
      this.pods.clear();
      this.daemonSets.clear();
      this.byNode.clear();
      this.revisionsByOwner.clear();
      for (const o of batch.reset) this.put(o, touched);
    }
    for (const { diff } of batch.entries) {
      for (const o of diff.added) this.put(o, touched);
      for (const [, o] of diff.updated) this.put(o, touched);
      for (const o of diff.removed) this.remove(o, touched);
    }
    return touched;
  }

  /**
   * A move's changes (ViewBatch): removals first, as a uid the move removed may come back as
   * another object it adds (uids are reused across the timeline's branches).
   */
  private applyMove(changes: PageDiff, t: Touched): void {
    for (const o of changes.removed) this.remove(o, t);
    for (const o of changes.added) this.put(o, t);
    for (const [, o] of changes.updated) this.put(o, t);
  }

  podsOnNode(node: string): Iterable<Pod> {
    return this.byNode.get(node)?.values() ?? [];
  }

  /** The ControllerRevisions a DaemonSet controls. */
  revisionsOf(dsUid: string): Iterable<ControllerRevision> {
    return this.revisionsByOwner.get(dsUid)?.values() ?? [];
  }

  private put(o: ApiObject, t: Touched): void {
    switch (o.kind) {
      case 'Node': {
        const old = this.nodes.get(o.metadata.name);
        if (!old || !sameLabels(old, o)) t.nodeSet = true;
        this.nodes.set(o.metadata.name, o);
        t.nodes.add(o.metadata.name);
        return;
      }
      case 'Pod': {
        const old = this.pods.get(o.metadata.uid);
        if (old) this.unindex(old, t);
        this.pods.set(o.metadata.uid, o);
        this.index(o, t);
        return;
      }
      case 'DaemonSet':
        this.daemonSets.set(o.metadata.uid, o);
        t.daemonSets.add(o.metadata.uid);
        return;
      case 'ControllerRevision': {
        const owner = controllerUid(o);
        if (!owner) return;
        let m = this.revisionsByOwner.get(owner);
        if (!m) this.revisionsByOwner.set(owner, (m = new Map()));
        m.set(o.metadata.uid, o);
        t.daemonSets.add(owner);
        return;
      }
      default:
        return;
    }
  }

  private remove(o: ApiObject, t: Touched): void {
    switch (o.kind) {
      case 'Node':
        this.nodes.delete(o.metadata.name);
        t.nodes.add(o.metadata.name);
        t.nodeSet = true;
        return;
      case 'Pod': {
        const old = this.pods.get(o.metadata.uid);
        if (old) this.unindex(old, t);
        this.pods.delete(o.metadata.uid);
        return;
      }
      case 'DaemonSet':
        this.daemonSets.delete(o.metadata.uid);
        t.daemonSets.add(o.metadata.uid);
        return;
      case 'ControllerRevision': {
        const owner = controllerUid(o);
        if (owner) {
          this.revisionsByOwner.get(owner)?.delete(o.metadata.uid);
          t.daemonSets.add(owner);
        }
        return;
      }
      default:
        return;
    }
  }

  private index(p: Pod, t: Touched): void {
    const node = p.spec.nodeName ?? '';
    let m = this.byNode.get(node);
    if (!m) this.byNode.set(node, (m = new Map()));
    m.set(p.metadata.uid, p);
    this.touchPod(node, t);
  }

  private unindex(p: Pod, t: Touched): void {
    const node = p.spec.nodeName ?? '';
    const m = this.byNode.get(node);
    m?.delete(p.metadata.uid);
    if (m?.size === 0) this.byNode.delete(node);
    this.touchPod(node, t);
  }

  private touchPod(node: string, t: Touched): void {
    if (node === '') t.pending = true;
    else t.nodes.add(node);
  }
}

function sameLabels(a: Node, b: Node): boolean {
  const x = a.metadata.labels ?? {};
  const y = b.metadata.labels ?? {};
  const kx = Object.keys(x);
  if (kx.length !== Object.keys(y).length) return false;
  return kx.every((k) => x[k] === y[k]);
}
