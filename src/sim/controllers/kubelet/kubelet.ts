/**
 * The kubelets of every simulated machine, as one control loop named `kubelet` (its events carry
 * `host: <node>`). For each machine it posts the Node's conditions (nodestatus.ts) and runs the
 * pods bound to that node through their lifecycle (worker.ts), writing pod status the way the
 * status manager does (podstatus.ts).
 *
 * Heartbeats are not simulated tick by tick: a running kubelet counts as fresh, and a stopped one
 * (`failNode`) is reported through `heartbeat()` with the time it stopped, from which the node
 * lifecycle controller derives Ready=Unknown after the grace period. Pods on a stopped machine
 * make no progress at all (a deletion never completes there); a Node without a registered
 * machine (created with kubectl) has no kubelet.
 *
 * Assumptions:
 * - Machines are registered by `sim node add` (`registerMachine`) before their Node is created.
 * Invariants:
 * - All state is plain data in `state` (snapshotted); the verbs change it only through the
 *   methods below, which enqueue work for the next reconcile.
 * - Snapshots share the machine, machine runtime and pod runtime records, and the machines
 *   table (shared-state.ts): a record is written only after `ownMachine` / `ownRuntime` /
 *   `ownPod` (or when just made), the machines table only after `machineTable`, which copy one
 *   a snapshot holds. A pod's sync takes its machine for writing only to add a
 *   host path: what pods change on a machine is in its runtime.
 */
import type { ConditionStatus, Container, Node, NodeCondition, Pod } from '../../api/types.js';
import type { Result } from '../../apiserver/apiserver.js';
import { jsonEqual } from '../../apiserver/validation/equality.js';
import type { Controller, ControllerContext } from '../../engine/controller.js';
import { CopyOnWrite } from '../../engine/copy-on-write.js';
import { takeQueued } from '../../engine/queue.js';
import { rfc3339 } from '../../engine/time.js';
import type { Change } from '../../store/store.js';
import type { HeartbeatListener, HeartbeatSource, Heartbeat } from '../nodelifecycle/heartbeats.js';
import { nodeStatusMessage } from '../nodelifecycle/node-text.js';
import { admissionCheck, type Rejection } from './admission.js';
import { DEFAULT_HOST_PATHS, parsePathSpec, sharedPathTable, type HostPathKind } from './hostpaths.js';
import { normalizeImage, type ImageBehaviour } from './images.js';
import { NOTHING_FORCED, initialConditions, nodeConditions, sameConditions, type NodeConditionType } from './nodestatus.js';
import { statusWriteReason } from './messages.js';
import { generatePodStatus, type StatusInputs } from './podstatus.js';
import { registrationNode } from './registration.js';
import { copyMachine, copyMachineRuntime, copyMachineTable, copyPodRuntime, shareKubeletState } from './shared-state.js';
import { containerFieldPath, isSidecar } from './slots.js';
import { newKubeletState, type ContainerRuntime, type KubeletState, type MachineRuntime, type MachineState, type PodRuntime, type Slot } from './state.js';
import type { PodEventType } from '../../machines/podLifecycle.js';
import { POD_TABLE, applyPodEvent, syncPod, type PodTransition, type WorkerEnv } from './worker.js';

export interface KubeletOptions {
  /** Called for every pod stage change (tests check them against the pod machine). */
  readonly onTransition?: (t: PodTransition) => void;
  /**
   * Give Nodes created through the API a simulated kubelet, as KWOK does (default true). Off,
   * such a Node has no kubelet at all and the node lifecycle controller marks it Unknown.
   */
  readonly adoptApiNodes?: boolean;
}

export interface MachineSpec {
  readonly paths: readonly { path: string; kind: HostPathKind }[];
  readonly now: number;
  /** Seconds until the runtime network is up (SIM_DEFAULTS.nodeBootSeconds). */
  readonly bootSeconds: number;
}

/**
 * A container the runtime has not created yet. The fields every first start sets are there from
 * the start (undefined), so the record keeps them in itself, without the extra property store
 * later additions would give it: a fleet keeps one per pod, and a checkpoint after a rollout one
 * per new pod. Those a healthy container never has (a message, an end, a scheduled exit or
 * failing probe) are left out: the actions clear them only where set (see containers.ts), and
 * the few containers that fail or stop gain them.
 */
function newContainer(c: Container, reason: string): ContainerRuntime {
  return {
    name: c.name,
    image: c.image ?? '',
    phase: 'waiting',
    reason,
    restartCount: 0,
    ready: false,
    containerId: undefined,
    startedAt: undefined,
    imageResolved: false,
    readyAt: undefined,
  };
}

/** An init container: a sidecar is marked as such. */
function newInitContainer(c: Container, reason: string): ContainerRuntime {
  return isSidecar(c) ? { ...newContainer(c, reason), sidecar: true } : newContainer(c, reason);
}

/**
 * The runtime records of `specs` (made by `make`), in spec order, in an array made at its length.
 * `Array.prototype.map` made holey arrays once the optimising compiler inlined it in `admit`, and
 * packed ones before: every reader of `rt.containers` (the worker's scan, the status, the pod
 * machine's guards), compiled for the one kind, was thrown away when the other came (the 300-node
 * warm-up saw only packed ones, a 5,000-node build then both). An array made at its length is
 * holey in every tier (as the copies of a checkpoint's records are); one grown by `push` would be
 * packed too, but with room for 17 records where a pod has one (130 bytes more per pod).
 */
function newContainers(specs: readonly Container[], reason: string, make: (c: Container, reason: string) => ContainerRuntime): ContainerRuntime[] {
  const out = new Array<ContainerRuntime>(specs.length);
  for (let i = 0; i < specs.length; i++) out[i] = make(specs[i]!, reason);
  return out;
}

/** No pods: `admittedPods` of a node that runs none but the pod being admitted. */
const NO_PODS: readonly Pod[] = [];

/** A pod's key in `KubeletState.pods`: `<namespace>/<name>`, built flat (the table keeps it). */
function podKey(ns: string, name: string): string {
  return [ns, '/', name].join('');
}

/**
 * A pod's work queue key, `pod:<namespace>/<name>`, built flat: the queue, its de-duplicating Set
 * and the reconcile's prefix test all read it, and its timers keep it (a rope would be flattened
 * by the first of them and stay in front of the flat copy).
 */
function podQueueKey(ns: string, name: string): string {
  return ['pod:', ns, '/', name].join('');
}

/**
 * A machine's work queue key, `node:<name>`, built flat, as `podQueueKey` builds a pod's: the
 * queue's de-duplicating table, the reconcile's prefix tests and the node sync's slice read it,
 * and its boot timer keeps it (a template literal made a rope, flattened by the first of them).
 */
function nodeQueueKey(name: string): string {
  return ['node:', name].join('');
}

/** The first letters of the queue keys' prefixes (`pod:`, `node:`, `adopt:`), which differ. */
const POD_KEY_FIRST = 'p'.charCodeAt(0);
const NODE_KEY_FIRST = 'n'.charCodeAt(0);
const ADOPT_KEY_FIRST = 'a'.charCodeAt(0);

/**
 * Whether a Node change needs the node status sync: all but a creation (`registerMachine`
 * queued its machine's sync before the Node was created) and a write of the taints alone, which
 * keeps the status and `spec.unschedulable` (the node lifecycle controller's, one per node of a
 * fleet turning Ready): the sync reads no taint, and would find nothing to do.
 */
function nodeSyncNeeded(change: Change): boolean {
  if (change.type !== 'updated') return change.type === 'removed';
  const old = change.old as Node;
  const node = change.obj as Node;
  return old.spec.taints === node.spec.taints || old.status !== node.status || old.spec.unschedulable !== node.spec.unschedulable;
}

/** A live kubelet's heartbeats: one of each, as the node lifecycle controller only reads them (every monitor of every node asks). */
const RUNNING: Heartbeat = { state: 'running' };
const BOOTING: Heartbeat = { state: 'booting' };

export class Kubelet implements Controller, HeartbeatSource {
  readonly name = 'kubelet';
  readonly sharesSnapshots = true;
  private state: KubeletState = newKubeletState();
  /** Which machine and pod runtime records no snapshot holds (the others are copied before a write). */
  private readonly cow = new CopyOnWrite();
  private listeners: HeartbeatListener[] = [];
  /**
   * Pod uid -> the pod as this controller last wrote it, so a sync can tell that the stored
   * status is still its own (not state: only a shortcut). Keyed by uid, a string the object
   * carries, so no key is built. Only pods: nothing reads a Node's (its sync compares conditions).
   */
  private echoes = new Map<string, Pod>();
  /**
   * The uid of the Pod or Node this kubelet is writing at this moment. The store reports a write
   * to every watcher before the write returns; the kubelet's own echo changes nothing it would
   * act on (the sync that made it left nothing due now), so `observe` drops it instead of
   * queuing a sync that would find nothing to do.
   */
  private writing: string | undefined;

  /** What `writeStatus` hands `generatePodStatus`, which keeps nothing of it: one record, set per write. */
  private readonly statusInputs: { -readonly [K in keyof StatusInputs]-?: StatusInputs[K] } = { machine: 0, now: 0, final: false };

  /** The worker's view of the pod being synced: one, set up by each sync (see `PodEnv`). */
  private readonly env: PodEnv = new PodEnv(this);

  constructor(private readonly opts: KubeletOptions = {}) {}

  // ---------------------------------------------------------------- verbs' entry points

  /**
   * A machine joins: its kubelet will register and boot. Returns the machine (its `index` numbers
   * its addresses, see registration.ts), to read: no record is made for the answer.
   */
  registerMachine(name: string, spec: MachineSpec): Readonly<MachineState> {
    if (this.state.machines[name]) throw new Error(`machine ${name} is already registered`);
    const index = this.state.registrations++;
    const m = this.cow.made({
      name,
      index,
      registeredAt: spec.now,
      bootAt: spec.now + spec.bootSeconds * 1000,
      booted: false,
      bootWake: false,
      running: true,
      resumedAt: spec.now,
      paths: sharedPathTable(spec.paths) as Record<string, HostPathKind>,
      pathsShared: true,
      forced: NOTHING_FORCED,
      announced: false,
      posted: false,
      schedulable: true,
    });
    this.machineTable()[name] = m;
    // The puller is free from registration on (no pull starts earlier): a time, as every later
    // value is, not 0. A record whose field first held a small integer has its shape replaced
    // by the first time written to it, and V8 then migrated every machine's record, one by one,
    // at its first pod's mount.
    this.state.runtimes[name] = this.cow.made({ node: name, images: undefined, pullerFreeAt: spec.now, podIPs: 0 });
    this.enqueue(nodeQueueKey(name));
    return m;
  }

  /** Drops a machine (its registration failed, or it was removed). */
  forgetMachine(name: string): void {
    this.forgetMachines([name]);
  }

  /**
   * Drops machines (`sim node remove` of several), with the pods of all of them found in one pass
   * over the pod table rather than one per machine (a fleet's zone goes in one command).
   */
  forgetMachines(names: readonly string[]): void {
    const machines = this.machineTable();
    for (const name of names) {
      delete machines[name];
      delete this.state.runtimes[name];
      delete this.state.stalled[name];
    }
    const gone = new Set(names);
    for (const [key, rt] of this.state.pods) if (gone.has(rt.node)) this.state.pods.delete(key);
  }

  /** `sim node fail`: the kubelet stops; nothing on the machine progresses. */
  failNode(name: string, now: number): void {
    const m = this.requireMachine(name);
    if (!m.running) return;
    m.running = false;
    m.failedAt = now;
    m.announced = false;
    this.notify(name);
  }

  /** `sim node recover`: the kubelet starts again and catches up. */
  recoverNode(name: string, now: number): void {
    this.recoverNodes([name], now);
  }

  /**
   * `sim node recover` of several nodes: each, in the order named, as `recoverNode` would, with
   * the pods of all of them found in one pass over the pod table rather than one per node (a
   * fleet's zone comes back in one command).
   */
  recoverNodes(names: readonly string[], now: number): void {
    const podsOf = new Map<string, [string, PodRuntime][]>();
    for (const name of names) podsOf.set(name, []);
    for (const entry of this.state.pods) podsOf.get(entry[1].node)?.push(entry);
    for (const name of names) {
      const m = this.requireMachine(name);
      if (m.running) continue;
      m.running = true;
      m.failedAt = undefined;
      m.resumedAt = now;
      m.bootWake = false;
      this.enqueue(nodeQueueKey(name));
      for (const [key, rt] of podsOf.get(name)!) {
        this.ownPod(rt).wakeAt = undefined;
        this.enqueue(`pod:${key}`);
      }
      this.notify(name);
    }
  }

  /** `sim node condition`: the kubelet reports this status until told otherwise. */
  setNodeCondition(name: string, type: NodeConditionType, status: ConditionStatus): void {
    const m = this.requireMachine(name);
    m.forced = { ...m.forced, [type]: status };
    this.enqueue(nodeQueueKey(name));
  }

  /** `sim image`: how containers of this image behave from their next pull or start on. */
  setImageBehaviour(image: string, b: ImageBehaviour): void {
    const key = normalizeImage(image);
    if (b.behaviour === 'ok' && b.afterMs === undefined) delete this.state.images[key];
    else this.state.images[key] = b;
  }

  /** The behaviours set so far, by normalised image reference. */
  imageBehaviours(): Readonly<Record<string, ImageBehaviour>> {
    return this.state.images;
  }

  machine(name: string): Readonly<MachineState> | undefined {
    return this.state.machines[name];
  }

  /** The pod machine state of a pod this kubelet runs (`Running.Ready`, ...). */
  podStage(namespace: string, name: string): string | undefined {
    return this.state.pods.get(podKey(namespace, name))?.stage;
  }

  // ---------------------------------------------------------------- HeartbeatSource

  heartbeat(node: string): Heartbeat | undefined {
    const m = this.state.machines[node];
    if (!m) return undefined;
    if (!m.running) return { state: 'stopped', since: m.failedAt ?? m.registeredAt };
    return m.booted ? RUNNING : BOOTING;
  }

  onHeartbeatChange(listener: HeartbeatListener): void {
    this.listeners.push(listener);
  }

  // ---------------------------------------------------------------- Controller

  observe(change: Change): void {
    const obj = change.obj;
    if (obj.kind === 'Pod') {
      if (change.type === 'removed') this.echoes.delete(obj.metadata.uid);
      // Its own writes, most of the pod writes of a fleet, return before a key is built.
      if (obj.metadata.uid === this.writing) return;
      // Only a pod bound to a simulated machine is queued, so an unbound pod's create (every
      // daemon pod's) builds no key. A pod this kubelet has a record of is such a pod (its node
      // never changes, and forgetting a machine drops its records); another pod of the same name
      // comes only after that one's deletion, which queued the key whose sync drops the record.
      const node = obj.spec.nodeName;
      if (node && this.state.machines[node]) this.enqueue(podQueueKey(obj.metadata.namespace ?? '', obj.metadata.name));
    } else if (obj.kind === 'Node') {
      if (obj.metadata.uid === this.writing) return;
      if (this.state.machines[obj.metadata.name]) {
        if (nodeSyncNeeded(change)) this.enqueue(nodeQueueKey(obj.metadata.name));
      } else if (change.type === 'added' && this.opts.adoptApiNodes !== false) this.enqueue(`adopt:${obj.metadata.name}`);
    }
  }

  wake(key: string): void {
    this.enqueue(key);
  }

  reconcile(ctx: ControllerContext): boolean {
    if (this.state.queue.length === 0) return false;
    const keys = takeQueued(this.state);
    // Pod keys, most of a fleet's, first. An indexed loop: this one runs a few times per settle,
    // rarely long enough to be optimised, and a for-of made an iterator result per key. Every key
    // is made by this kubelet with one of three prefixes, which their first letters tell apart: a
    // `startsWith` per prefix was a builtin call per key, two for a node's.
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const first = key.charCodeAt(0);
      if (first === POD_KEY_FIRST) this.syncPodKey(ctx, key);
      else if (first === NODE_KEY_FIRST) this.syncNode(ctx, key);
      else if (first === ADOPT_KEY_FIRST) this.adoptNode(ctx, key.slice(6));
    }
    return true;
  }

  snapshot(): unknown {
    this.cow.shareAll();
    return shareKubeletState(this.state);
  }

  restore(state: unknown): void {
    this.state = shareKubeletState((state as KubeletState | undefined) ?? {});
    this.cow.shareAll();
    this.echoes.clear();
  }

  // ---------------------------------------------------------------- internals

  private enqueue(key: string): void {
    this.state.queue.push(key);
  }

  private notify(node: string): void {
    const listeners = this.listeners;
    for (let i = 0; i < listeners.length; i++) listeners[i]!.heartbeatChanged(node);
  }

  /** The machine, to write to. */
  private requireMachine(name: string): MachineState {
    const m = this.state.machines[name];
    if (!m) throw new Error(`node ${name} has no simulated machine`);
    return this.ownMachine(m);
  }

  /** `m` if no snapshot holds it, else the copy that replaces it in the live table. */
  ownMachine(m: MachineState): MachineState {
    return this.cow.own(m, copyMachine, this.replaceMachine);
  }

  /** The runtime of machine `m`, to write to (copied if a snapshot holds it). */
  ownRuntime(m: MachineState): MachineRuntime {
    return this.cow.own(this.state.runtimes[m.name]!, copyMachineRuntime, this.replaceRuntime);
  }

  /** `rt` (a pod's runtime) if no snapshot holds it, else the copy that replaces it. */
  private ownPod(rt: PodRuntime): PodRuntime {
    return this.cow.own(rt, copyPodRuntime, this.replacePod);
  }

  // Made once: `own` runs for every sync of every pod, and the copies they make are rare.
  private readonly replaceMachine = (c: MachineState): void => {
    this.machineTable()[c.name] = c;
  };
  private readonly replaceRuntime = (c: MachineRuntime): void => {
    this.state.runtimes[c.node] = c;
  };
  private readonly replacePod = (c: PodRuntime): void => {
    this.state.pods.set(podKey(c.namespace, c.name), c);
  };

  /** The machines table, to add, replace or remove a machine (copied first if a snapshot holds it). */
  private machineTable(): Record<string, MachineState> {
    return this.cow.own(this.state.machines, copyMachineTable, this.replaceMachineTable);
  }

  private readonly replaceMachineTable = (t: Record<string, MachineState>): void => {
    this.state.machines = t;
  };

  /**
   * A Node created through the API (`kubectl apply` of `kind: Node`) gets a simulated kubelet, as
   * KWOK gives every node it manages a fake one: a machine with the default host paths that is up
   * at once (no boot delay: the Node object already exists), so the node turns Ready and its pods
   * run. Nodes added with `sim node add` register their machine before the Node is created.
   */
  private adoptNode(ctx: ControllerContext, name: string): void {
    const node = ctx.store.get('Node', '', name);
    if (this.state.machines[name] || !node) return;
    const paths = DEFAULT_HOST_PATHS.map((p) => parsePathSpec(p)).filter((p): p is { path: string; kind: HostPathKind } => !('error' in p));
    const { index } = this.registerMachine(name, { paths, now: ctx.now, bootSeconds: 0 });
    // The fake kubelet reports what a real one would: addresses, node info, and the default
    // capacity where the manifest gave none (the manifest's own values win).
    const d = ctx.defaults;
    const reg = registrationNode(name, index, { labels: node.metadata.labels ?? {}, taints: [], cpu: d.nodeCpu, memory: d.nodeMemory, pods: String(d.nodePods) }, ctx.now).status!;
    const capacity = node.status.capacity ?? node.status.allocatable ?? reg.capacity;
    const status = {
      ...node.status,
      capacity,
      allocatable: node.status.allocatable ?? capacity,
      addresses: node.status.addresses?.length ? node.status.addresses : reg.addresses,
      nodeInfo: { ...reg.nodeInfo, ...node.status.nodeInfo },
    };
    ctx.client.updateStatus<'Node'>({ ...node, status }, `the simulated kubelet of ${name} (a Node created through the API, as KWOK manages one) reports its machine`);
  }

  /**
   * The node status loop (`syncNodeStatus`) plus the machine's boot, for queue key `queued`
   * (`node:<name>`), which its boot timer reuses.
   */
  private syncNode(ctx: ControllerContext, queued: string): void {
    const queuedName = queued.slice(5);
    const node = ctx.store.get('Node', '', queuedName);
    // The tables are read with the stored Node's name: the string `registerMachine` keyed them
    // with, which the engine has interned, so a look-up by it goes straight to the entry. The
    // name sliced from the queue key is a new string, looked up among the interned ones first.
    const name = node === undefined ? queuedName : node.metadata.name;
    const found = this.state.machines[name];
    if (!found) return;
    if (!node) {
      this.forgetMachine(name);
      return;
    }
    if (!found.running) return;
    const m = this.ownMachine(found);
    const now = ctx.now;
    if (!m.booted && now >= m.bootAt) {
      m.booted = true;
      this.notify(name);
    }
    if (!m.booted && !m.bootWake) {
      m.bootWake = true;
      ctx.after(m.bootAt - now, queued);
    }
    const firstPost = !m.announced;
    if (firstPost) {
      m.announced = true;
      ctx.client.event(node, 'Normal', 'Starting', 'Starting kubelet.', name);
      // At registration the setters ran before the Node was created; their events come now.
      if (!m.posted) this.conditionEvents(ctx, node, initialConditions(m, now).events);
      m.posted = true;
      for (const pod of ctx.store.podsOnNode(name)) this.enqueue(podQueueKey(pod.metadata.namespace ?? '', pod.metadata.name));
    }
    const update = nodeConditions(node, m, now);
    let current: Node = node;
    if (!sameConditions(node.status.conditions, update.conditions)) {
      const r = this.postNodeStatus(ctx, node, update.conditions);
      if (r.ok) current = r.obj;
      this.conditionEvents(ctx, current, update.events);
    }
    if (firstPost) ctx.client.event(current, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods', name);
    const unschedulable = current.spec.unschedulable === true;
    if (m.schedulable === unschedulable) {
      m.schedulable = !unschedulable;
      const reason = unschedulable ? 'NodeNotSchedulable' : 'NodeSchedulable';
      ctx.client.event(current, 'Normal', reason, nodeStatusMessage(name, reason), name);
    }
  }

  /**
   * The condition setters' events (`recordEventFunc`: "Node node-1 status is now: NodeReady"),
   * by an indexed loop: a for-of over the shared reason lists made an iterator per sync.
   */
  private conditionEvents(ctx: ControllerContext, node: Node, reasons: readonly string[]): void {
    const name = node.metadata.name;
    for (let i = 0; i < reasons.length; i++) {
      const reason = reasons[i]!;
      ctx.client.event(node, 'Normal', reason, nodeStatusMessage(name, reason), name);
    }
  }

  /**
   * Syncs the pod of queue key `queued` (`pod:<ns>/<name>`). A pod the kubelet runs is read from
   * the store by its record's namespace and name, strings whose hashes the store's tables have
   * cached; the key's timers reuse `queued`.
   */
  private syncPodKey(ctx: ControllerContext, queued: string): void {
    const key = queued.slice(4);
    let rt = this.state.pods.get(key);
    const pod = rt ? ctx.store.get('Pod', rt.namespace, rt.name) : this.podOfKey(ctx, key);
    if (rt && (!pod || rt.uid !== pod.metadata.uid)) {
      this.transition(pod?.spec.restartPolicy, this.ownPod(rt), 'REMOVED');
      this.state.pods.delete(key);
      rt = undefined;
    }
    if (!pod || !pod.spec.nodeName) return;
    const m = this.state.machines[pod.spec.nodeName];
    if (!m || !m.running) return;
    if (rt) rt = this.ownPod(rt);
    const now = ctx.now;
    const admitted = !rt;
    if (!rt) {
      if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') return;
      const node = ctx.store.get('Node', '', m.name);
      if (!node) return;
      const rejection = admissionCheck(pod, node, this.admittedPods(ctx, m.name, pod));
      if (rejection) {
        this.rejectPod(ctx, pod, m, rejection);
        return;
      }
      rt = this.admit(pod, m, now);
    }
    const env = this.env.begin(ctx, pod, rt, m, this.state.images, key);
    const next = syncPod(env, now);
    // The pod is gone: the kubelet made its final delete and dropped the record.
    if (env.finished) return;
    const acted = env.acted;
    // Nothing ran and the stored status is the one this kubelet last wrote (other writers may
    // have changed the pod's metadata, as a delete does, but not its status): the status it
    // would generate is the one already stored, so the (costly) regeneration is skipped.
    if (acted || admitted || this.echoes.get(pod.metadata.uid)?.status !== pod.status) this.writeStatus(ctx, pod, key, rt, m, false);
    if (next !== undefined && (rt.wakeAt === undefined || rt.wakeAt <= now || next < rt.wakeAt)) {
      rt.wakeAt = next;
      // A mount retry at the back-off cap is the only thing a stalled pod waits for: a background
      // timer, so `sim settle` does not wait for retries that cannot succeed on their own.
      const background = rt.mountStalled === true && rt.mountRetryAt === next;
      ctx.after(next - now, queued, background ? { background: true } : undefined);
    } else if (next === undefined && rt.wakeAt !== undefined && rt.wakeAt <= now) {
      // Nothing is due and the last wake-up has passed, which the test above treats as none:
      // a settled pod keeps no boxed time for it (a fleet's pods, and each checkpoint's).
      rt.wakeAt = undefined;
    }
  }

  /** The pod of pods-table key `key` (`<ns>/<name>`), as stored. */
  private podOfKey(ctx: ControllerContext, key: string): Pod | undefined {
    const slash = key.indexOf('/');
    return ctx.store.get('Pod', key.slice(0, slash), key.slice(slash + 1));
  }

  /** The pods this kubelet has admitted on its node and still runs, but `pod`. */
  private admittedPods(ctx: ControllerContext, node: string, pod: Pod): readonly Pod[] {
    // Made for the first such pod: a node's first pod (every one of a fleet build) finds none.
    let out: Pod[] | undefined;
    for (const p of ctx.store.podsOnNode(node)) {
      if (p.metadata.uid !== pod.metadata.uid && this.state.pods.has(podKey(p.metadata.namespace ?? '', p.metadata.name))) (out ??= []).push(p);
    }
    return out ?? NO_PODS;
  }

  /** `rejectPod`: a Warning event, and the pod is Failed without ever running. */
  private rejectPod(ctx: ControllerContext, pod: Pod, m: MachineState, r: Rejection): void {
    ctx.client.event(pod, 'Warning', r.reason, r.message, m.name);
    const kept = (pod.status.conditions ?? []).filter((c) => c.type === 'PodScheduled' || c.type === 'DisruptionTarget');
    const status = {
      ...(kept.length > 0 ? { conditions: kept } : {}),
      phase: 'Failed' as const,
      reason: r.reason,
      message: `Pod was rejected: ${r.message}`,
      ...(pod.status.qosClass ? { qosClass: pod.status.qosClass } : {}),
      startTime: pod.status.startTime ?? rfc3339(ctx.now),
    };
    this.postStatus(ctx, { ...pod, status }, `the kubelet on ${m.name} rejects ${pod.metadata.namespace ?? ''}/${pod.metadata.name}: ${r.message}`);
  }

  /**
   * `HandlePodAdditions`: the kubelet takes a newly bound pod. The fields every started pod gets
   * are in the record from the start (undefined), as in `newContainer`; those of a failing mount
   * (`mountFailures`, `mountStalled`) are not.
   */
  private admit(pod: Pod, m: MachineState, now: number): PodRuntime {
    const inits = pod.spec.initContainers;
    // `convertToAPIContainerStatuses`: every container of a pod with init containers waits as PodInitializing.
    const waiting = inits && inits.length > 0 ? 'PodInitializing' : 'ContainerCreating';
    const rt: PodRuntime = this.cow.made({
      namespace: pod.metadata.namespace ?? 'default',
      name: pod.metadata.name,
      uid: pod.metadata.uid,
      node: m.name,
      stage: POD_TABLE.initial,
      admittedAt: now,
      sandbox: false,
      podIP: undefined,
      cursor: 0,
      pull: undefined,
      startAt: undefined,
      containers: newContainers(pod.spec.containers, waiting, newContainer),
      mountRetryAt: now,
      wakeAt: undefined,
    });
    // Added to the few pods that have init containers, after a literal without a spread (one
    // spread in it made every record a slot longer and went through a generic copy).
    if (inits && inits.length > 0) Object.assign(rt, { inits: newContainers(inits, waiting, newInitContainer), initNext: 0 });
    this.state.pods.set(podKey(rt.namespace, rt.name), rt);
    this.transition(pod.spec.restartPolicy, rt, 'BOUND');
    return rt;
  }

  /**
   * `WorkerEnv.event`: an Event on the pod (or a part of it), from this node's kubelet. The pod
   * read at the start of the sync is its latest version: the kubelet writes it only after the
   * sync's last event, and nothing else writes while the sync runs.
   */
  podEvent(ctx: ControllerContext, env: WorkerEnv, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath?: string): void {
    ctx.client.event(env.pod, type, reason, message, env.machine.name, fieldPath);
  }

  /** `WorkerEnv.transition`. */
  podTransition(env: WorkerEnv, event: PodEventType): void {
    this.transition(env.pod.spec.restartPolicy, env.rt, event);
  }

  /** `WorkerEnv.finish`: the terminal status, then the final delete. */
  podFinished(ctx: ControllerContext, env: PodEnv): void {
    const { rt, machine: m, key } = env;
    const latest = this.writeStatus(ctx, env.pod, key, rt, m, true);
    this.writing = latest.metadata.uid;
    try {
      ctx.client.finishPodDeletion(latest, `the kubelet on ${m.name} stopped every container of ${key}`);
    } finally {
      this.writing = undefined;
    }
    this.state.pods.delete(key);
    env.finished = true;
  }

  /** `WorkerEnv.pathsChanged`: pods of this machine stalled on a missing path retry at once. */
  pathsChanged(ctx: ControllerContext, m: MachineState): void {
    const waiting = this.state.stalled[m.name] ?? [];
    delete this.state.stalled[m.name];
    for (const k of waiting) {
      const found = this.state.pods.get(k);
      if (!found || !found.mountStalled) continue;
      const other = this.ownPod(found);
      other.mountStalled = false;
      other.mountRetryAt = ctx.now;
      other.wakeAt = undefined;
      this.enqueue(`pod:${k}`);
    }
  }

  /** `WorkerEnv.mountStalled`. */
  mountStalled(env: PodEnv): void {
    const waiting = (this.state.stalled[env.machine.name] ??= []);
    if (!waiting.includes(env.key)) waiting.push(env.key);
  }

  /**
   * The status manager's write of `pod` (its latest version: read by the sync that ran `rt`);
   * returns the pod as stored afterwards. The generated status is handed to the API server as
   * it is (`updateGeneratedStatus`): no copy of the pod with it, nor of it. The echo of the write is
   * dropped by `observe`, as `postStatus`'s.
   */
  private writeStatus(ctx: ControllerContext, pod: Pod, key: string, rt: PodRuntime, m: MachineState, final: boolean): Pod {
    const inputs = this.statusInputs;
    inputs.machine = m.index;
    inputs.now = ctx.now;
    inputs.final = final;
    const status = generatePodStatus(pod, rt, inputs);
    if (jsonEqual(status, pod.status)) return pod;
    this.writing = pod.metadata.uid;
    let r: Result<Pod>;
    try {
      r = ctx.client.updateGeneratedStatus(pod, status, statusWriteReason(m.name, key, rt.stage));
    } finally {
      this.writing = undefined;
    }
    if (!r.ok) return pod;
    this.echoes.set(r.obj.metadata.uid, r.obj);
    return r.obj;
  }

  /**
   * The node status post (`tryUpdateNodeStatus`) of `node`, as stored, with `conditions`: the
   * status record is made here and handed to the API server as it is (`updateGeneratedStatus`), not
   * copied again with a copy of the Node around it. Its echo is dropped by `observe`.
   */
  private postNodeStatus(ctx: ControllerContext, node: Node, conditions: NodeCondition[]): Result<Node> {
    this.writing = node.metadata.uid;
    try {
      return ctx.client.updateGeneratedStatus(node, { ...node.status, conditions }, `the kubelet on ${node.metadata.name} posts its node status`);
    } finally {
      this.writing = undefined;
    }
  }

  /** `client.updateStatus` of pod `obj` by this kubelet, whose echo `observe` drops (see `writing`). */
  private postStatus(ctx: ControllerContext, obj: Pod, reason: string): Result<Pod> {
    this.writing = obj.metadata.uid;
    try {
      return ctx.client.updateStatus<'Pod'>(obj, reason);
    } finally {
      this.writing = undefined;
    }
  }

  /** Moves the pod's stage by `event`, telling `onTransition` (the transition is built only for it). */
  private transition(restartPolicy: Pod['spec']['restartPolicy'], rt: PodRuntime, event: PodEventType): void {
    const from = applyPodEvent(restartPolicy, rt, event);
    this.opts.onTransition?.({ pod: podKey(rt.namespace, rt.name), from, event, to: rt.stage });
  }
}

/**
 * The worker's view of one pod for one sync: a small object whose methods call the kubelet. One
 * per kubelet, set up again by each sync (`begin`): syncs never nest (what a sync writes only
 * queues work), and nothing keeps the view past its sync; one each was made for every sync of
 * every pod.
 */
class PodEnv implements WorkerEnv {
  private ctx!: ControllerContext;
  pod!: Pod;
  rt!: PodRuntime;
  machine!: MachineState;
  behaviours!: Readonly<Record<string, ImageBehaviour>>;
  /** The pod's key in `KubeletState.pods`. */
  key = '';

  /** The kubelet made the pod's final delete in this sync (`podFinished`): its record is gone. */
  finished = false;

  /** `WorkerEnv.acted`. */
  acted = false;

  /**
   * The machine's runtime once `runtime()` has taken it for writing in this sync: a pod's first
   * sync asks three times (its mount's pod IP, its image's state, its pull), and each was a
   * look-up in the table of a fleet's runtimes. Nothing copies it again within the sync (only a
   * snapshot shares it, and none is taken while a sync runs).
   */
  private ownedRuntime: MachineRuntime | undefined;

  constructor(private readonly kubelet: Kubelet) {}

  /** The view of `pod` (run by `rt` on machine `machine`) for a sync that starts now. */
  begin(ctx: ControllerContext, pod: Pod, rt: PodRuntime, machine: MachineState, behaviours: Readonly<Record<string, ImageBehaviour>>, key: string): this {
    this.ctx = ctx;
    this.pod = pod;
    this.rt = rt;
    this.machine = machine;
    this.behaviours = behaviours;
    this.key = key;
    this.finished = false;
    this.acted = false;
    this.ownedRuntime = undefined;
    return this;
  }

  ownMachine(): MachineState {
    return (this.machine = this.kubelet.ownMachine(this.machine));
  }

  runtime(): MachineRuntime {
    return (this.ownedRuntime ??= this.kubelet.ownRuntime(this.machine));
  }

  get defaults(): ControllerContext['defaults'] {
    return this.ctx.defaults;
  }

  event(type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.kubelet.podEvent(this.ctx, this, type, reason, message);
  }

  containerEvent(slot: Slot, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.kubelet.podEvent(this.ctx, this, type, reason, message, containerFieldPath(this.pod, slot));
  }

  transition(event: PodEventType): void {
    this.kubelet.podTransition(this, event);
  }

  finish(): void {
    this.kubelet.podFinished(this.ctx, this);
  }

  pathsChanged(): void {
    this.kubelet.pathsChanged(this.ctx, this.machine);
  }

  mountStalled(): void {
    this.kubelet.mountStalled(this);
  }
}
