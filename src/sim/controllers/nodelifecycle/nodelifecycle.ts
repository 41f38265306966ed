/**
 * The node lifecycle controller (pkg/controller/nodelifecycle/node_lifecycle_controller.go),
 * component `node-controller`, driven by node and heartbeat changes instead of a 5 s poll:
 *
 * - `monitorNodeHealth`/`tryUpdateNodeHealth`: a node whose kubelet stopped is set Unknown once
 *   `nodeMonitorGracePeriodSeconds` have passed since (health.ts); when that turns a Ready node
 *   not-Ready it records `NodeNotReady` "Node <n> status is now: NodeNotReady" and runs
 *   `MarkPodsNotReady`. New and removed nodes get `RegisteredNode` / `RemovingNode` events.
 * - `processTaintBaseEviction` + `doNoExecuteTaintingPass`: NoExecute not-ready/unreachable
 *   taints through the zone rate limiter, swapped at once, removed when Ready (zones.ts).
 * - `doNoScheduleTaintingPass`: the condition and unschedulable NoSchedule taints (taints.ts).
 * - `processPod`: a pod newly bound to a not-Ready node is marked not ready.
 * - `reconcileNodeLabels`: beta.kubernetes.io/os and /arch follow the stable labels.
 * - Each node's stage in the node machine (sim/machines/nodeLifecycle.ts) is kept for views.
 * - Snapshots share the per-node records (records.ts): a record is copied before its first
 *   change after a snapshot or a restore, and only when a value actually changes.
 *
 * Deviation: the controller reacts at the instant of a change rather than on its next 5 s
 * monitor pass, so an unreachable:NoExecute taint lands together with Ready=Unknown.
 */
import type { Node, Pod } from '../../api/types.js';
import type { Result } from '../../apiserver/apiserver.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import { NODE_GUARDS, nodeLifecycle, type NodeEventType, type NodeFacts } from '../../machines/nodeLifecycle.js';
import { step, transitionTable } from '../../machines/table.js';
import { takeQueued } from '../../engine/queue.js';
import { parseTime } from '../../engine/time.js';
import { CopyOnWrite } from '../../engine/copy-on-write.js';
import type { Change } from '../../store/store.js';
import { NODE_STARTUP_GRACE_MS, readyStatus, unknownConditions } from './health.js';
import type { Heartbeat, HeartbeatListener, HeartbeatSource } from './heartbeats.js';
import { markPodsNotReady } from './markpods.js';
import { flatJoin } from '../../intern.js';
import { nodeStatusMessage } from './node-text.js';
import { copyNodeRecord, newNodeLifecycleState, shareNodeLifecycleState, type NodeLifecycleState, type NodeRecord } from './records.js';
import { hasReachabilityNoExecute, hasTaint, noScheduleTaintDiff, NOT_READY_NO_EXECUTE, swapTaints, taintDiffWords, UNREACHABLE_NO_EXECUTE } from './taints.js';
import { computeZoneState, newZone, qpsFor, swapLimiter, tryAccept, zoneKey } from './zones.js';

export const NODE_TABLE = transitionTable(nodeLifecycle);

const LABELS_TO_RECONCILE: readonly (readonly [string, string])[] = [
  ['kubernetes.io/os', 'beta.kubernetes.io/os'],
  ['kubernetes.io/arch', 'beta.kubernetes.io/arch'],
];

export class NodeLifecycleController implements Controller, HeartbeatListener {
  readonly name = 'node-controller';
  readonly sharesSnapshots = true;
  private state = newNodeLifecycleState();
  /** Which node records no snapshot holds (the others are copied before a write: `set`). */
  private readonly cow = new CopyOnWrite();
  /**
   * True while this controller writes a Node's taints or labels. The store delivers the change
   * inside the write, and such an echo is not queued: monitoring the node again finds nothing
   * more to do (the taint writes are a third of the Node writes of a fleet coming up). The
   * write that marks a node Unknown is not one of them: monitoring after it is what taints the
   * node NoExecute at the same instant.
   */
  private writing = false;
  /** The records table `allReady` was found for (see `everyNodeReady`). Derived, not state. */
  private readyTable: Map<string, NodeRecord> | undefined;
  private allReady = false;

  constructor(private readonly heartbeats?: HeartbeatSource) {
    heartbeats?.onHeartbeatChange(this);
  }

  /** A kubelet started, booted or stopped: its node is looked at again. */
  heartbeatChanged(node: string): void {
    this.state.queue.push(node);
  }

  /** The node machine state of a node (`Ready`, `Unknown`, ...). */
  nodeStage(name: string): string | undefined {
    return this.state.nodes.get(name)?.stage;
  }

  observe(change: Change): void {
    const obj = change.obj;
    if (obj.kind === 'Node') {
      // A removal is never skipped: a write can finish a deletion, and RemovingNode must follow.
      if (!this.writing || change.type === 'removed') this.state.queue.push(obj.metadata.name);
    }
    else if (obj.kind === 'Pod' && change.type !== 'removed' && obj.spec.nodeName) {
      const old = change.type === 'updated' ? (change.old as Pod) : undefined;
      if (!old || old.spec.nodeName !== obj.spec.nodeName) this.state.podQueue.push(`${obj.metadata.namespace ?? ''}/${obj.metadata.name}`);
    }
  }

  wake(key: string): void {
    if (key.startsWith('node:')) this.state.queue.push(key.slice(5));
    else if (key.startsWith('zone:')) delete this.state.zoneWakeAt[key.slice(5)];
  }

  reconcile(ctx: ControllerContext): boolean {
    const s = this.state;
    const pendingTaints = Object.values(s.zones).some((z) => z.queue.size > 0);
    if (s.queue.length === 0 && s.podQueue.length === 0 && !pendingTaints) return false;
    // Each name once, in first-queued order, without a Set and a list per pass (a fleet's node
    // list is queued whole, and most of it twice: the kubelet's heartbeat and its status write).
    const names = takeQueued(s);
    const podKeys = s.podQueue;
    s.podQueue = [];
    // Indexed: a fleet's first pass monitors thousands of nodes before this is optimised.
    for (let i = 0; i < names.length; i++) this.monitorNode(ctx, names[i]!);
    if (names.length > 0) {
      this.readyTable = undefined;
      this.handleDisruption(ctx);
    }
    if (podKeys.length > 0 && !this.everyNodeReady()) for (const key of new Set(podKeys)) this.processPod(ctx, key);
    const tainted = this.doNoExecuteTaintingPass(ctx);
    return names.length > 0 || podKeys.length > 0 || tainted;
  }

  /**
   * Whether every node record says Ready, so that `processPod` has nothing to do for any pod.
   *
   * Why: every newly bound pod is queued (5,000 in a fleet's build, again in each rollout) and
   * each was looked up, with its node, to find the node Ready. A record's `ready` is what the
   * store's node says: any Node write but this controller's own taint and label writes (which
   * keep the conditions) queues the node, and the nodes queued are monitored before the pods
   * are processed. The answer is kept for the records table it was found in until a node is
   * monitored again (a restore brings a new table).
   */
  private everyNodeReady(): boolean {
    const nodes = this.state.nodes;
    if (this.readyTable !== nodes) {
      this.readyTable = nodes;
      // forEach, not for-of: this runs a few times per build over every record, too rarely to
      // be optimised, and an unoptimised for-of allocated an iterator result per record.
      let ready = true;
      nodes.forEach((rec) => {
        ready &&= rec.ready;
      });
      this.allReady = ready;
    }
    return this.allReady;
  }

  snapshot(): unknown {
    this.cow.shareAll();
    return shareNodeLifecycleState(this.state);
  }

  restore(state: unknown): void {
    this.state = shareNodeLifecycleState((state as NodeLifecycleState | undefined) ?? newNodeLifecycleState());
    this.cow.shareAll();
  }

  /**
   * `rec` with `key` set to `value`: the record itself if no snapshot holds it, else its copy,
   * which takes its place in the table. A value that does not change copies nothing.
   */
  private set<K extends Exclude<keyof NodeRecord, 'name'>>(rec: NodeRecord, key: K, value: NodeRecord[K]): NodeRecord {
    if (rec[key] === value) return rec;
    const own = this.cow.own(rec, copyNodeRecord, this.replaceRecord);
    own[key] = value;
    return own;
  }

  // Made once: `set` runs for every node monitored, and the copies it makes are rare.
  private readonly replaceRecord = (rec: NodeRecord): void => {
    this.state.nodes.set(rec.name, rec);
  };

  // ------------------------------------------------------------------ monitorNodeHealth

  private monitorNode(ctx: ControllerContext, name: string): void {
    const s = this.state;
    let node = ctx.store.get('Node', '', name);
    let rec = s.nodes.get(name);
    if (!node) {
      if (rec) {
        const gone = { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: rec.uid, resourceVersion: '', creationTimestamp: '' }, spec: {}, status: {} } as Node;
        ctx.client.event(gone, 'Normal', 'RemovingNode', `Node ${name} event: Removing Node ${name} from Controller`);
        this.forget(name, rec);
        s.nodes.delete(name);
      }
      return;
    }
    if (!rec) {
      rec = this.cow.made<NodeRecord>({ name, uid: node.metadata.uid, zone: zoneKey(node), ready: false, excluded: false, firstSeen: ctx.now, stage: NODE_TABLE.initial });
      s.nodes.set(name, rec);
      ctx.client.event(node, 'Normal', 'RegisteredNode', flatJoin('Node ', name, ' event: Registered Node ', name, ' in Controller'));
      s.zones[rec.zone] ??= newZone(ctx.now);
      node = this.markNodeAsReachable(ctx, node, rec);
    }
    const zone = zoneKey(node);
    if (zone !== rec.zone) {
      this.forget(name, rec);
      rec = this.set(rec, 'zone', zone);
      s.zones[zone] ??= newZone(ctx.now);
    }
    rec = this.set(rec, 'excluded', node.metadata.labels?.['node.kubernetes.io/exclude-disruption'] !== undefined);

    // tryUpdateNodeHealth
    const observed = readyStatus(node);
    const hb = this.heartbeats?.heartbeat(name);
    const expiry = healthExpiry(node, rec, hb, ctx.defaults.nodeMonitorGracePeriodSeconds * 1000);
    if (expiry !== undefined) {
      if (ctx.now >= expiry) {
        const conditions = unknownConditions(node, ctx.now);
        if (conditions) {
          const r = ctx.client.updateStatus<'Node'>({ ...node, status: { ...node.status, conditions } }, `the kubelet on ${name} has not posted status for the node monitor grace period`);
          if (r.ok) node = r.obj;
        }
      } else if (rec.graceAt !== expiry) {
        rec = this.set(rec, 'graceAt', expiry);
        ctx.after(expiry - ctx.now, `node:${name}`);
      }
    } else if (rec.graceAt !== undefined) {
      // The kubelet is posting again: the grace countdown no longer applies.
      rec = this.set(rec, 'graceAt', undefined);
      ctx.cancel(`node:${name}`);
    }
    const current = readyStatus(node);
    rec = this.set(rec, 'ready', current === 'True');
    if (current !== undefined) {
      if (current !== 'True' && observed === 'True') {
        ctx.client.event(node, 'Normal', 'NodeNotReady', nodeStatusMessage(name, 'NodeNotReady'));
        markPodsNotReady(ctx, this.podsOn(ctx, name), name);
      }
      node = this.processTaintBaseEviction(ctx, node, rec, observed ?? 'Unknown');
    }
    node = this.doNoScheduleTaintingPass(ctx, node);
    this.reconcileNodeLabels(ctx, node);
    this.advanceStage(rec, hb, current);
  }

  /**
   * `reconcileNodeLabels`: the beta os/arch labels follow the stable ones. `node` is the stored
   * version: monitorNode carries every write it makes forward, so it is not looked up again.
   */
  private reconcileNodeLabels(ctx: ControllerContext, node: Node): void {
    const labels = node.metadata.labels;
    if (!labels) return;
    const name = node.metadata.name;
    // Made only when a label differs: nearly every node, every time, already agrees.
    let updates: Record<string, string> | undefined;
    // Indexed, neither destructured nor for-of: an array pattern runs the pair's iterator, and
    // a for-of before the loop is optimised makes an iterator and a result per pair, on every
    // monitor of every node.
    for (let i = 0; i < LABELS_TO_RECONCILE.length; i++) {
      const pair = LABELS_TO_RECONCILE[i]!;
      const v = labels[pair[0]];
      if (v !== undefined && labels[pair[1]] !== v) (updates ??= {})[pair[1]] = v;
    }
    if (!updates) return;
    this.write(ctx, node, `the beta os/arch labels of node ${name} follow the stable ones`, { ...labels, ...updates });
  }

  private podsOn(ctx: ControllerContext, node: string): Pod[] {
    const key = (p: Pod) => `${p.metadata.namespace ?? ''}/${p.metadata.name}`;
    return [...ctx.store.podsOnNode(node)].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }

  private forget(name: string, rec: NodeRecord): void {
    const z = this.state.zones[rec.zone];
    if (!z) return;
    z.queue.delete(name);
    z.done.delete(name);
  }

  private writeTaints(ctx: ControllerContext, node: Node, taints: Node['spec']['taints'], why: string): Node {
    // Without the field by leaving it out of the copy: deleting it from a copy turned the copy
    // into a dictionary-mode object, slow to build and to copy again in the write.
    const spec = taints && taints.length > 0 ? { ...node.spec, taints } : specWithoutTaints(node.spec);
    const r = this.write(ctx, { ...node, spec }, why);
    return r.ok ? r.obj : node;
  }

  /**
   * A taint write (`update` of `node`) or, given `labels`, a label write of this controller's
   * (see `writing`). Told what to write rather than handed a closure: one per taint write was
   * most of what a write allocated here (a write per node of a fleet coming up).
   */
  private write(ctx: ControllerContext, node: Node, why: string, labels?: Record<string, string>): Result<Node> {
    this.writing = true;
    try {
      return labels ? ctx.client.updateMetadata<'Node'>(node, { labels }, why) : ctx.client.update<'Node'>(node, why);
    } finally {
      this.writing = false;
    }
  }

  /** `markNodeAsReachable`: drop the NoExecute not-ready/unreachable taints and any queued tainting. */
  private markNodeAsReachable(ctx: ControllerContext, node: Node, rec = this.state.nodes.get(node.metadata.name)): Node {
    if (rec) this.forget(node.metadata.name, rec);
    if (!hasReachabilityNoExecute(node)) return node;
    const taints = swapTaints(node, [], [NOT_READY_NO_EXECUTE, UNREACHABLE_NO_EXECUTE], ctx.now);
    return this.writeTaints(ctx, node, taints, `node ${node.metadata.name} is reachable: its NoExecute not-ready/unreachable taints go`);
  }

  /** `processTaintBaseEviction`, on the Ready status as read before this pass's update. */
  private processTaintBaseEviction(ctx: ControllerContext, node: Node, rec: NodeRecord, observed: string): Node {
    if (observed === 'True') return this.markNodeAsReachable(ctx, node, rec);
    // Two choices, not a destructured pair: a pair is a list and an iterator per not-ready node.
    const notReady = observed === 'False';
    const want = notReady ? NOT_READY_NO_EXECUTE : UNREACHABLE_NO_EXECUTE;
    const opposite = notReady ? UNREACHABLE_NO_EXECUTE : NOT_READY_NO_EXECUTE;
    if (hasTaint(node, opposite)) {
      const taints = swapTaints(node, [want], [opposite], ctx.now);
      return this.writeTaints(ctx, node, taints, `node ${node.metadata.name} is ${observed === 'False' ? 'not ready' : 'unreachable'}: its ${opposite.key} taint is swapped for ${want.key}`);
    }
    const z = this.state.zones[rec.zone]!;
    const name = node.metadata.name;
    if (!hasTaint(node, want)) z.done.delete(name);
    if (!z.queue.has(name) && !z.done.has(name)) z.queue.add(name);
    return node;
  }

  /** `doNoScheduleTaintingPass`; returns the node as stored afterwards. */
  private doNoScheduleTaintingPass(ctx: ControllerContext, node: Node): Node {
    const diff = noScheduleTaintDiff(node);
    if (!diff) return node;
    return this.writeTaints(ctx, node, swapTaints(node, diff.add, diff.remove, ctx.now), `node ${node.metadata.name} conditions call for NoSchedule taints ${taintDiffWords(diff)}`);
  }

  /** `doNoExecuteTaintingPass`: taint queued nodes as the zone limiters allow. */
  private doNoExecuteTaintingPass(ctx: ControllerContext): boolean {
    let did = false;
    for (const zoneName of Object.keys(this.state.zones).sort()) {
      const z = this.state.zones[zoneName]!;
      while (z.queue.size > 0) {
        if (!tryAccept(z, ctx.now)) {
          if (z.qps > 0 && this.state.zoneWakeAt[zoneName] !== z.tokenAt) {
            this.state.zoneWakeAt[zoneName] = z.tokenAt;
            ctx.after(z.tokenAt - ctx.now, `zone:${zoneName}`);
          }
          break;
        }
        const name = z.queue.values().next().value!;
        z.queue.delete(name);
        z.done.add(name);
        did = true;
        const node = ctx.store.get('Node', '', name);
        const status = node ? readyStatus(node) : undefined;
        if (!node || (status !== 'False' && status !== 'Unknown')) continue;
        const want = status === 'False' ? NOT_READY_NO_EXECUTE : UNREACHABLE_NO_EXECUTE;
        const opposite = status === 'False' ? UNREACHABLE_NO_EXECUTE : NOT_READY_NO_EXECUTE;
        if (hasTaint(node, want) && !hasTaint(node, opposite)) continue;
        this.writeTaints(ctx, node, swapTaints(node, [want], [opposite], ctx.now), `node ${name} is ${status === 'False' ? 'not ready' : 'unreachable'}: NoExecute ${want.key} (rate-limited per zone)`);
      }
    }
    return did;
  }

  // ------------------------------------------------------------------ handleDisruption

  private handleDisruption(ctx: ControllerContext): void {
    const s = this.state;
    const counts = new Map<string, { ready: number; notReady: number }>();
    // forEach, not for-of: this counts every node after each monitoring pass, and an iterator
    // result per node was what handling a disruption allocated.
    s.nodes.forEach((rec) => {
      if (rec.excluded) return;
      let c = counts.get(rec.zone);
      if (c === undefined) counts.set(rec.zone, (c = { ready: 0, notReady: 0 }));
      if (rec.ready) c.ready++;
      else c.notReady++;
    });
    const next = new Map<string, ReturnType<typeof computeZoneState>>();
    for (const [zone, c] of counts) {
      next.set(zone, computeZoneState(c.ready, c.notReady));
      s.zones[zone] ??= newZone(ctx.now);
    }
    const allAre = [...next.values()].every((st) => st === 'FullDisruption');
    for (const zone of Object.keys(s.zones)) if (!counts.has(zone)) delete s.zones[zone];
    const allWas = Object.values(s.zones).every((z) => z.state === 'FullDisruption');
    if (allAre && allWas) return;
    const size = (zone: string) => (counts.get(zone)?.ready ?? 0) + (counts.get(zone)?.notReady ?? 0);
    if (allAre) {
      for (const name of [...s.nodes.keys()].sort()) {
        const node = ctx.store.get('Node', '', name);
        if (node) this.markNodeAsReachable(ctx, node);
      }
      for (const z of Object.values(s.zones)) {
        swapLimiter(z, 0, ctx.now);
        z.state = 'FullDisruption';
      }
      return;
    }
    for (const [zone, z] of Object.entries(s.zones)) {
      const st = next.get(zone)!;
      if (!allWas && z.state === st) continue;
      swapLimiter(z, qpsFor(st, size(zone)), ctx.now);
      z.state = st;
    }
  }

  // ------------------------------------------------------------------ processPod

  private processPod(ctx: ControllerContext, key: string): void {
    const slash = key.indexOf('/');
    const pod = ctx.store.get('Pod', key.slice(0, slash), key.slice(slash + 1));
    const nodeName = pod?.spec.nodeName;
    if (!pod || !nodeName || !this.state.nodes.has(nodeName)) return;
    const node = ctx.store.get('Node', '', nodeName);
    const ready = node ? readyStatus(node) : undefined;
    if (ready !== undefined && ready !== 'True') markPodsNotReady(ctx, [pod], nodeName);
  }

  // ------------------------------------------------------------------ node machine

  private advanceStage(rec: NodeRecord, hb: Heartbeat | undefined, ready: string | undefined): void {
    for (let i = 0; i < 4; i++) {
      const event = stageEvent(rec.stage, hb, ready);
      if (!event) return;
      rec = this.set(rec, 'stage', step(NODE_TABLE, rec.stage, event, NODE_GUARDS, ready === 'True' ? POSTS_READY : POSTS_NOT_READY));
    }
  }
}

/** The two facts the node machine's guards can be given: shared, as the guards only read them. */
const POSTS_READY: NodeFacts = { postsReady: true };
const POSTS_NOT_READY: NodeFacts = { postsReady: false };

/** A copy of the node spec without `taints`, its other fields in their order. */
function specWithoutTaints(spec: Node['spec']): Node['spec'] {
  const { taints: _dropped, ...rest } = spec;
  return rest;
}

/** When this node's health signal runs out, or undefined while its kubelet posts. */
function healthExpiry(node: Node, rec: NodeRecord, hb: Heartbeat | undefined, graceMs: number): number | undefined {
  if (hb?.state === 'stopped') return hb.since + graceMs;
  if (hb) return undefined;
  // No kubelet: a node that never posted Ready gets the startup grace from its creation.
  if (!node.status.conditions?.some((c) => c.type === 'Ready')) return parseTime(node.metadata.creationTimestamp) + NODE_STARTUP_GRACE_MS;
  return rec.firstSeen + graceMs;
}

/** Which node machine event the observed kubelet and Ready condition amount to, if any. */
export function stageEvent(stage: string, hb: Heartbeat | undefined, ready: string | undefined): NodeEventType | undefined {
  const alive = hb !== undefined && hb.state !== 'stopped';
  switch (stage) {
    case 'Registered':
      if (hb?.state === 'booting') return 'KUBELET_BOOTING';
      if (hb?.state === 'running') return 'BOOTED';
      if (hb?.state === 'stopped') return 'KUBELET_STOPPED';
      return ready === 'Unknown' ? 'GRACE_EXPIRED' : undefined;
    case 'Booting':
      if (hb?.state === 'running') return 'BOOTED';
      return hb?.state === 'stopped' ? 'KUBELET_STOPPED' : undefined;
    case 'Ready':
      if (hb?.state === 'stopped') return 'KUBELET_STOPPED';
      return alive && ready === 'False' ? 'NOT_READY' : undefined;
    case 'NotReady':
      if (hb?.state === 'stopped') return 'KUBELET_STOPPED';
      return alive && ready === 'True' ? 'READY' : undefined;
    case 'Unresponsive':
      if (ready === 'Unknown') return 'GRACE_EXPIRED';
      return alive ? 'KUBELET_RESTARTED' : undefined;
    case 'Unknown':
      return alive && ready !== 'Unknown' && ready !== undefined ? 'KUBELET_RESTARTED' : undefined;
    default:
      return undefined;
  }
}
