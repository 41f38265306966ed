/**
 * The picture's view model: node cards, the Pending lane and the DaemonSets' legends, kept
 * current from the engine's diffs and the engine facts the worker reports.
 *
 * Cost: a batch re-projects only the nodes it touched (`Touched.nodes`); grouping and order are
 * rebuilt only when a node joins, leaves or changes labels; each Pod object is projected once
 * (objects are immutable, so a cache keyed by the object is never stale). A move on the timeline
 * is applied as its `changes` (ViewBatch): only the cards it touched are projected again. Nothing
 * here walks nodes x pods.
 */
import type { Node, Pod } from '../../sim/api/types.js';
import type { ViewBatch } from './batch.js';
import { projectDaemonSet, type DaemonSetView } from './daemonset-view.js';
import { NO_FACTS, winningToleration, type BudgetFacts, type EngineFacts } from './facts.js';
import { projectNode, type NodeView, type SlotFacts } from './node-view.js';
import { ObjectIndex } from './objects.js';
import { projectPod, type PodView } from './pod-view.js';
import { projectRevisions, RevisionSlots, type RevisionView } from './revisions.js';

/** What changed for the drawing after an update. */
export interface Changed {
  /** Node cards that look different (by name; removed nodes included). */
  readonly nodes: ReadonlySet<string>;
  /** Nodes joined, left or regrouped: lay out again. */
  readonly layout: boolean;
  /** Legends, meters or budgets changed (the panels; the marks only when `marks` says so). */
  readonly daemonSets: boolean;
  /**
   * A DaemonSet fact every mark of its pods reads changed (a rollout began or ended, its
   * minReadySeconds, its live revision): every card may look different. A status count alone
   * changes the meters, never a mark.
   */
  readonly marks: boolean;
  /** Some revision was added, removed, renumbered or recoloured: every pod mark may look different. */
  readonly revisions: boolean;
  /** The Pending lane changed. */
  readonly pending: boolean;
}

export interface NodeGroup {
  /** The grouping label's value; `control-plane` for the control plane, '' for unlabelled nodes. */
  readonly value: string;
  readonly controlPlane: boolean;
  readonly nodes: readonly NodeView[];
}

/** The group order of the nodes, made again only when `layoutVersion` moves. */
interface Order {
  readonly version: number;
  readonly groups: readonly { readonly value: string; readonly controlPlane: boolean; readonly names: readonly string[] }[];
  readonly names: readonly string[];
}

/** Natural order (`node-2` before `node-10`); one collator, as comparing with options per call is slow. */
const byName = new Intl.Collator('en', { numeric: true }).compare;

export class PictureModel {
  private readonly objects = new ObjectIndex();
  private readonly cards = new Map<string, NodeView>();
  private readonly dsViews = new Map<string, DaemonSetView>();
  private readonly slots = new Map<string, RevisionSlots>();
  private podCache = new WeakMap<Pod, PodView>();
  private facts: EngineFacts = NO_FACTS;
  private misscheduledSets = new Map<string, ReadonlySet<string>>();
  private grouped: readonly NodeGroup[] | undefined;
  private flat: readonly NodeView[] | undefined;
  private order: Order | undefined;
  private pendingList: readonly PodView[] | undefined;
  private dsList: readonly DaemonSetView[] | undefined;
  private label: string;
  private labelKeyCache: { readonly version: number; readonly keys: string[] } | undefined;
  /** Nodes running pods that no DaemonSet owns (their cards get a row for them). */
  private readonly bareNodes = new Set<string>();
  /** Virtual time of the last batch. */
  now = 0;
  /** Bumps when nodes join, leave or regroup (the layout must be made again). */
  layoutVersion = 0;

  constructor(groupBy = 'pool') {
    this.label = groupBy;
  }

  get groupBy(): string {
    return this.label;
  }

  /** Applies one batch of the worker's stream. */
  apply(batch: ViewBatch): Changed {
    this.now = batch.now;
    const t = this.objects.apply(batch);
    if (batch.facts) {
      // The facts of the moment shown: the cards whose marks they change, and every DaemonSet
      // (its budget), are projected with the batch's own changes.
      for (const name of this.takeFacts(batch.facts)) t.nodes.add(name);
      for (const uid of this.dsViews.keys()) t.daemonSets.add(uid);
    }
    // Without them, the budgets' live counts are the controller's at the moment left behind: until
    // the next `pictureFacts` answer, the meters read the status of the moment shown (`budgetsOfStatus`).
    else if (batch.reset) this.facts = { ...this.facts, budgets: budgetsOfStatus(this.facts.budgets) };
    if (t.reset) {
      this.bareNodes.clear();
      this.cards.clear();
      this.dsViews.clear();
      this.dsList = undefined;
      this.slots.clear();
      this.podCache = new WeakMap();
    }
    if (batch.changes) this.freshSlots(t.daemonSets);
    let revisions = t.reset;
    let marks = t.reset;
    for (const uid of t.daemonSets) {
      const looks = this.projectDaemonSet(uid);
      revisions ||= looks.revisions;
      marks ||= looks.marks;
    }
    if (t.daemonSets.size > 0) this.dsList = undefined;
    for (const name of t.nodes) this.projectCard(name);
    if (t.nodeSet || t.nodes.size > 0) this.regroup();
    if (t.nodeSet) this.layoutVersion++;
    if (t.pending) this.pendingList = undefined;
    return { nodes: t.nodes, layout: t.nodeSet, daemonSets: t.reset || t.daemonSets.size > 0, marks, revisions, pending: t.pending };
  }

  /**
   * After a move: every DaemonSet's revision colours handed out again, as a reset hands them out
   * (in turn over the revisions of the moment moved to), so a move colours as one sent whole;
   * each DaemonSet is projected again (`touched`), its cards and pod views are kept.
   */
  private freshSlots(touched: Set<string>): void {
    this.slots.clear();
    for (const uid of this.dsViews.keys()) touched.add(uid);
  }

  /** Takes the engine facts of the latest `pictureFacts` answer. */
  setFacts(facts: EngineFacts): Changed {
    const nodes = this.takeFacts(facts);
    for (const name of nodes) this.projectCard(name);
    let marks = false;
    for (const uid of this.dsViews.keys()) marks = this.projectDaemonSet(uid).marks || marks;
    this.dsList = undefined;
    if (nodes.size > 0) this.regroup();
    return { nodes, layout: false, daemonSets: true, marks, revisions: false, pending: false };
  }

  /** Keeps `facts` from now on; returns the nodes whose marks they change (misscheduled pods, scheduled evictions), to project again. */
  private takeFacts(facts: EngineFacts): Set<string> {
    const nodes = new Set<string>();
    const old = this.facts;
    for (const key of new Set([...Object.keys(old.misscheduled), ...Object.keys(facts.misscheduled)])) {
      for (const n of old.misscheduled[key] ?? []) nodes.add(n);
      for (const n of facts.misscheduled[key] ?? []) nodes.add(n);
    }
    for (const key of new Set([...Object.keys(old.evictions), ...Object.keys(facts.evictions)])) {
      const before = old.evictions[key];
      const after = facts.evictions[key];
      if (before?.fireAt === after?.fireAt) continue;
      if (before) nodes.add(before.node);
      if (after) nodes.add(after.node);
    }
    this.facts = facts;
    this.misscheduledSets = new Map(Object.entries(facts.misscheduled).map(([k, v]) => [k, new Set(v)]));
    return nodes;
  }

  /** Groups by another node label. */
  setGroupBy(label: string): Changed {
    this.label = label;
    for (const name of this.objects.nodes.keys()) this.projectCard(name);
    this.regroup();
    this.layoutVersion++;
    return { nodes: new Set(this.objects.nodes.keys()), layout: true, daemonSets: false, marks: false, revisions: false, pending: false };
  }

  node(name: string): NodeView | undefined {
    return this.cards.get(name);
  }

  /**
   * Control plane first, then each value of the grouping label in natural order, unlabelled last.
   * The order is sorted again only when nodes join, leave or change labels (`layoutVersion`);
   * otherwise the groups are refilled with the current cards by name.
   */
  groups(): readonly NodeGroup[] {
    this.grouped ??= this.sorted().groups.map((g) => ({ value: g.value, controlPlane: g.controlPlane, nodes: g.names.map((n) => this.cards.get(n)!) }));
    return this.grouped;
  }

  /**
   * Every node's name in group order: the same array until nodes join, leave or regroup, so a
   * view that shows a window of the nodes (the Nodes list) looks up only the cards in it.
   */
  names(): readonly string[] {
    return this.sorted().names;
  }

  private sorted(): Order {
    if (this.order?.version !== this.layoutVersion) {
      const groups = this.sortGroups();
      this.order = { version: this.layoutVersion, groups, names: groups.flatMap((g) => g.names) };
    }
    return this.order;
  }

  private sortGroups(): { value: string; controlPlane: boolean; names: string[] }[] {
    const control: string[] = [];
    const byValue = new Map<string, string[]>();
    for (const card of this.cards.values()) {
      if (card.controlPlane) {
        control.push(card.name);
        continue;
      }
      let list = byValue.get(card.group);
      if (!list) byValue.set(card.group, (list = []));
      list.push(card.name);
    }
    const values = [...byValue.keys()].sort((a, b) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || byName(a, b));
    const out: { value: string; controlPlane: boolean; names: string[] }[] = [];
    if (control.length > 0) out.push({ value: 'control-plane', controlPlane: true, names: control.sort(byName) });
    for (const v of values) out.push({ value: v, controlPlane: false, names: byValue.get(v)!.sort(byName) });
    return out;
  }

  /** Every node card, in group order (one array until the next change). */
  nodes(): readonly NodeView[] {
    this.flat ??= this.groups().flatMap((g) => g.nodes);
    return this.flat;
  }

  /** Some card changed: the groups and the flat list are filled again on the next read. */
  private regroup(): void {
    this.grouped = undefined;
    this.flat = undefined;
  }

  /** Unbound, non-terminal pods: the Pending lane, oldest first. */
  pending(): readonly PodView[] {
    if (this.pendingList) return this.pendingList;
    const out: PodView[] = [];
    for (const p of this.objects.podsOnNode('')) {
      if (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
      out.push(this.podView(p));
    }
    this.pendingList = out.sort((a, b) => a.created - b.created || a.name.localeCompare(b.name));
    return this.pendingList;
  }

  /** DaemonSets by namespace and name. */
  daemonSets(): readonly DaemonSetView[] {
    this.dsList ??= [...this.dsViews.values()].sort((a, b) => a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
    return this.dsList;
  }

  daemonSet(uid: string): DaemonSetView | undefined {
    return this.dsViews.get(uid);
  }

  /** The revision a pod was made from, by its owner and hash. */
  revisionOf(pod: PodView): RevisionView | undefined {
    if (!pod.owner || !pod.hash) return undefined;
    return this.dsViews.get(pod.owner)?.byHash.get(pod.hash);
  }

  /** Label keys the nodes carry (the "group by" choices), sorted; read again only after labels changed. */
  labelKeys(): string[] {
    if (this.labelKeyCache?.version === this.layoutVersion) return this.labelKeyCache.keys;
    const keys = new Set<string>();
    for (const n of this.objects.nodes.values()) for (const k of Object.keys(n.metadata.labels ?? {})) keys.add(k);
    this.labelKeyCache = { version: this.layoutVersion, keys: [...keys].sort(byName) };
    return this.labelKeyCache.keys;
  }

  /** How many nodes there are. */
  nodeCount(): number {
    return this.cards.size;
  }

  /** Whether some node runs pods without a DaemonSet. */
  hasBarePods(): boolean {
    return this.bareNodes.size > 0;
  }

  /** The stored Node and Pod objects, for panels that show more than the card. */
  nodeObject(name: string): Node | undefined {
    return this.objects.nodes.get(name);
  }

  /** Every stored Node (for search). */
  nodeObjects(): Iterable<Node> {
    return this.objects.nodes.values();
  }

  podObject(uid: string): Pod | undefined {
    return this.objects.pods.get(uid);
  }

  private podView(p: Pod): PodView {
    let v = this.podCache.get(p);
    if (!v) this.podCache.set(p, (v = projectPod(p, this.now)));
    return v;
  }

  private projectCard(name: string): void {
    const node = this.objects.nodes.get(name);
    this.bareNodes.delete(name);
    if (!node) {
      this.cards.delete(name);
      return;
    }
    const pods = [...this.objects.podsOnNode(name)];
    const slotFacts: SlotFacts = {
      misscheduled: (owner, n) => this.misscheduledSets.get(owner)?.has(n) ?? false,
      eviction: (pod) => {
        const e = this.facts.evictions[pod.uid];
        if (!e) return undefined;
        const obj = this.objects.pods.get(pod.uid);
        const toleration = obj ? winningToleration(obj, node) : undefined;
        return { createdAt: e.createdAt, fireAt: e.fireAt, ...(toleration ? { toleration } : {}) };
      },
    };
    const card = projectNode(node, pods, pods.map((p) => this.podView(p)), this.label, slotFacts);
    if (card.rows.some((r) => r.owner === '')) this.bareNodes.add(name);
    this.cards.set(name, card);
  }

  /** Projects a DaemonSet again; says whether its revisions, or the facts its pods' marks read, look different. */
  private projectDaemonSet(uid: string): { revisions: boolean; marks: boolean } {
    const old = this.dsViews.get(uid);
    const ds = this.objects.daemonSets.get(uid);
    if (!ds) {
      this.dsViews.delete(uid);
      return { revisions: old !== undefined, marks: old !== undefined };
    }
    let slots = this.slots.get(uid);
    if (!slots) this.slots.set(uid, (slots = new RevisionSlots()));
    const view = projectDaemonSet(ds, projectRevisions(this.objects.revisionsOf(uid), slots), this.facts.budgets[uid]);
    this.dsViews.set(uid, view);
    if (!old) return { revisions: true, marks: true };
    return { revisions: revisionKey(old) !== revisionKey(view), marks: old.rollingOut !== view.rollingOut || old.minReadySeconds !== view.minReadySeconds || old.liveHash !== view.liveHash };
  }
}

function revisionKey(ds: DaemonSetView): string {
  return ds.revisions.map((r) => `${r.hash}:${r.number}:${r.slot}`).join(',');
}

/**
 * Budgets without the controller's live counts (`numUnavailable`, `numSurge`), which belong to the
 * moment they were asked at: the meters then read each DaemonSet's own status (Meters.svelte). The
 * limits stay, so the meters keep their place.
 */
function budgetsOfStatus(budgets: Readonly<Record<string, BudgetFacts>>): Record<string, BudgetFacts> {
  const out: Record<string, BudgetFacts> = {};
  for (const [uid, b] of Object.entries(budgets)) out[uid] = { maxUnavailable: b.maxUnavailable, maxSurge: b.maxSurge, desiredNumberScheduled: b.desiredNumberScheduled };
  return out;
}
