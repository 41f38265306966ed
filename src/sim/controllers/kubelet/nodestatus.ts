/**
 * The node conditions a kubelet posts (pkg/kubelet/nodestatus/setters.go: `MemoryPressureCondition`,
 * `DiskPressureCondition`, `PIDPressureCondition`, `ReadyCondition`) and the events its setters
 * record when a status changes ("Node node-1 status is now: NodeHasSufficientMemory").
 *
 * A booting machine reports Ready=False with the container runtime's "cni plugin not initialized"
 * error, like a kubeadm node before its CNI is up. `sim node condition` pins a condition to a
 * status until it is changed again; NetworkUnavailable (normally a route controller's or CNI's
 * condition) only appears once it has been set that way.
 */
import type { ConditionStatus, Node, NodeCondition } from '../../api/types.js';
import { jsonEqual } from '../../apiserver/validation/equality.js';
import { rfc3339 } from '../../engine/time.js';
import type { MachineState } from './state.js';
import { sameElements, trimmed } from '../../intern.js';
import { BoundedTable } from '../../bounded-table.js';

/** The condition types `sim node condition` may set. */
export const NODE_CONDITION_TYPES = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'] as const;
export type NodeConditionType = (typeof NODE_CONDITION_TYPES)[number];

export const NETWORK_NOT_READY_MESSAGE =
  'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

interface Wording {
  readonly reason: string;
  readonly message: string;
  /** The event reason the kubelet records when the condition turns to this status. */
  readonly event?: string;
}

const WORDING: Record<NodeConditionType, Partial<Record<ConditionStatus, Wording>>> = {
  MemoryPressure: {
    False: { reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available', event: 'NodeHasSufficientMemory' },
    True: { reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available', event: 'NodeHasInsufficientMemory' },
  },
  DiskPressure: {
    False: { reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', event: 'NodeHasNoDiskPressure' },
    True: { reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure', event: 'NodeHasDiskPressure' },
  },
  PIDPressure: {
    False: { reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available', event: 'NodeHasSufficientPID' },
    True: { reason: 'KubeletHasInsufficientPID', message: 'kubelet has insufficient PID available', event: 'NodeHasInsufficientPID' },
  },
  Ready: {
    True: { reason: 'KubeletReady', message: 'kubelet is posting ready status', event: 'NodeReady' },
    False: { reason: 'KubeletNotReady', message: NETWORK_NOT_READY_MESSAGE, event: 'NodeNotReady' },
  },
  NetworkUnavailable: {
    True: { reason: 'NoRouteCreated', message: 'Node created without a route' },
    False: { reason: 'RouteCreated', message: 'RouteController created a route' },
  },
};

/**
 * `MachineState.forced` of a machine with no condition set by `sim node condition`: one empty
 * table for all of them (a fleet's every machine), never changed (`setNodeCondition` replaces a
 * machine's table). One each cost a fleet of 10,000 nodes half a megabyte.
 */
export const NOTHING_FORCED: Readonly<Record<string, ConditionStatus>> = {};

/** What the condition setters read from a machine. */
export type ConditionInputs = Pick<MachineState, 'forced' | 'booted'>;

/** One condition type and the status the kubelet reports for it. */
type Posted = { readonly type: NodeConditionType; readonly status: ConditionStatus };

/** What a machine with no forced condition posts, booted or not: shared, as nearly every node of a fleet posts one of these. */
const UNFORCED_BOOTED: readonly Posted[] = unforced('True');
const UNFORCED_BOOTING: readonly Posted[] = unforced('False');

function unforced(ready: ConditionStatus): readonly Posted[] {
  return [...(['MemoryPressure', 'DiskPressure', 'PIDPressure'] as const).map((type) => ({ type, status: 'False' as const })), { type: 'Ready', status: ready }];
}

/** What this machine's kubelet reports for each condition type, in the order it posts them. */
export function postedConditions(m: ConditionInputs): readonly Posted[] {
  if (!anyForced(m.forced)) return m.booted ? UNFORCED_BOOTED : UNFORCED_BOOTING;
  const out: Posted[] = [];
  if (m.forced['NetworkUnavailable']) out.push({ type: 'NetworkUnavailable', status: m.forced['NetworkUnavailable'] });
  for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure'] as const) out.push({ type, status: m.forced[type] ?? 'False' });
  out.push({ type: 'Ready', status: m.forced['Ready'] ?? (m.booted ? 'True' : 'False') });
  return out;
}

function anyForced(forced: ConditionInputs['forced']): boolean {
  for (const _ in forced) return true;
  return false;
}

const KUBELET_TYPES = new Set<string>(NODE_CONDITION_TYPES);

export interface NodeConditionUpdate {
  readonly conditions: NodeCondition[];
  /** Event reasons to record, in order (`recordEventFunc`); shared, so only read. */
  readonly events: readonly string[];
}

/**
 * The conditions to post now, given what the Node currently says. Unchanged conditions keep
 * their lastTransitionTime; every posted condition gets lastHeartbeatTime = now.
 *
 * The nodes that register or change together hold one conditions list and post the same
 * conditions: the answer for a list is kept for the instant (`updatesAt`), so every node after
 * the first is one lookup, and they all get the same new list (stored lists are never mutated).
 */
export function nodeConditions(node: Pick<Node, 'status'>, m: ConditionInputs, now: number): NodeConditionUpdate {
  const old = node.status.conditions ?? NO_CONDITIONS;
  const posted = postedConditions(m);
  // A forced condition makes a list of its own, so only the shared lists are worth keeping.
  if (posted !== UNFORCED_BOOTED && posted !== UNFORCED_BOOTING) return computeConditions(old, posted, now);
  const table = updatesAt(now, posted);
  return table.get(old) ?? table.set(old, computeConditions(old, posted, now));
}

/** A node's conditions before its kubelet first posts: one list, so registrations share their answer. */
const NO_CONDITIONS: readonly NodeCondition[] = [];

/**
 * The answers of the current instant, by old conditions list, for the two lists every node
 * without a forced condition posts; forgotten when the clock moves on (a heartbeat is `now`).
 */
let updatesInstant: number | undefined;
let updatesBooted = newUpdates();
let updatesBooting = newUpdates();

function newUpdates(): BoundedTable<readonly NodeCondition[], NodeConditionUpdate> {
  return new BoundedTable(4096);
}

function updatesAt(now: number, posted: readonly Posted[]): BoundedTable<readonly NodeCondition[], NodeConditionUpdate> {
  if (now !== updatesInstant) {
    updatesInstant = now;
    updatesBooted = newUpdates();
    updatesBooting = newUpdates();
  }
  return posted === UNFORCED_BOOTED ? updatesBooted : updatesBooting;
}

function computeConditions(old: readonly NodeCondition[], posted: readonly Posted[], now: number): NodeConditionUpdate {
  const events: string[] = [];
  const conditions: NodeCondition[] = old.filter((c) => !KUBELET_TYPES.has(c.type));
  const heartbeat = rfc3339(now);
  for (const { type, status } of posted) {
    const prev = old.find((c) => c.type === type);
    const w = WORDING[type][status]!;
    const changed = !prev || prev.status !== status;
    // A new Ready condition records no event (the setter only reports transitions of Ready).
    if (changed && w.event && (prev || type !== 'Ready')) events.push(w.event);
    const transition = changed ? heartbeat : (prev.lastTransitionTime ?? heartbeat);
    if (prev && prev.status === status && prev.lastHeartbeatTime === heartbeat && prev.lastTransitionTime === transition && prev.reason === w.reason && prev.message === w.message) {
      conditions.push(prev);
      continue;
    }
    conditions.push(sharedCondition(type, status, w, heartbeat, transition));
  }
  return { conditions: sameElements(old, conditions) ? (old as NodeCondition[]) : trimmed(conditions), events };
}

/**
 * The conditions posted at the current heartbeat, by transition time and wording (which names
 * the type and status). The nodes that register or change together post equal conditions: they
 * share them. Looked up by strings and objects that already exist (the heartbeat and transition
 * come from the clock's memo), so a post builds no key; forgotten when the clock moves on.
 */
let heartbeatOfShared: string | undefined;
let sharedByTransition = new Map<string, Map<Wording, NodeCondition>>();

function sharedCondition(type: NodeConditionType, status: ConditionStatus, w: Wording, heartbeat: string, transition: string): NodeCondition {
  if (heartbeat !== heartbeatOfShared) {
    heartbeatOfShared = heartbeat;
    sharedByTransition = new Map();
  }
  let byWording = sharedByTransition.get(transition);
  if (!byWording) sharedByTransition.set(transition, (byWording = new Map()));
  let c = byWording.get(w);
  if (!c) byWording.set(w, (c = { type, status, lastHeartbeatTime: heartbeat, lastTransitionTime: transition, reason: w.reason, message: w.message }));
  return c;
}

/**
 * The conditions a kubelet registers its Node with (`initialNode` runs the status setters before
 * the create), and the events those setters record: NodeHasSufficientMemory, ... (not Ready).
 */
export function initialConditions(m: ConditionInputs, now: number): NodeConditionUpdate {
  return nodeConditions(UNPOSTED, m, now);
}

/** A Node before its kubelet's setters ran: one, only read, for every registration and first post. */
const UNPOSTED: Pick<Node, 'status'> = { status: {} };

/** The conditions without heartbeat times, to tell whether posting would change anything. */
export function sameConditions(a: readonly NodeCondition[] | undefined, b: readonly NodeCondition[]): boolean {
  const old = a ?? [];
  if (old === b) return true;
  if (old.length !== b.length) return false;
  // Compared in place, not through heartbeat-less copies: every node status sync asks.
  for (let i = 0; i < b.length; i++) {
    const x = old[i]!;
    const y = b[i]!;
    if (x === y) continue;
    for (const k in x) if (k !== 'lastHeartbeatTime' && !jsonEqual(x[k as keyof NodeCondition], y[k as keyof NodeCondition])) return false;
    for (const k in y) if (k !== 'lastHeartbeatTime' && !(k in x) && y[k as keyof NodeCondition] !== undefined) return false;
  }
  return true;
}
