/**
 * One node card as the picture draws it: readiness, cordon, taint badges by effect, capacity
 * filled to the sum of requests, and the node's pods in one row per DaemonSet. The words are
 * kubectl's (`nodeStatus`, `formatTaint`); requests and allocatable are the scheduler's
 * (`podRequests`, `nodeAllocatable`), so the bars agree with `kubectl describe node`.
 */
import type { Node, Pod, TaintEffect } from '../../sim/api/types.js';
import { formatTaint } from '../../sim/api/toleration.js';
import { isTerminal, nodeAllocatable, podRequests } from '../../sim/controllers/scheduler/resources.js';
import { parseTime } from '../../sim/engine/time.js';
import { nodeStatus } from '../../kubectl/print/tables/node.js';
import type { PodView } from './pod-view.js';

/** Taints the node controllers add for conditions (drawn lighter than a learner's taints). */
const CONDITION_TAINT_PREFIX = 'node.kubernetes.io/';
const CONTROL_PLANE = 'node-role.kubernetes.io/control-plane';

export interface TaintBadge {
  readonly effect: TaintEffect;
  /** `key=value:Effect`. */
  readonly text: string;
  /** Added by the node controllers for a condition (not-ready, unreachable, pressure, ...). */
  readonly condition: boolean;
}

/** One pod in its node's card, with what the engine says about it there. */
export interface PodSlot {
  readonly pod: PodView;
  /** Running where its DaemonSet would not place it now (the controller's verdict). */
  readonly misscheduled: boolean;
  /** A newer pod of the same DaemonSet next to an older one that is still running. */
  readonly surge: boolean;
  /** A scheduled NoExecute eviction: when it was scheduled, when it fires, the toleration that set the deadline. */
  readonly eviction?: SlotEviction;
}

export interface SlotEviction {
  readonly createdAt: number;
  readonly fireAt: number;
  readonly toleration?: string;
}

/** The pods of one owner on the node, oldest first. `owner` is '' for pods without a DaemonSet. */
export interface PodRow {
  readonly owner: string;
  readonly slots: readonly PodSlot[];
}

export interface NodeView {
  readonly name: string;
  readonly uid: string;
  /** The value of the grouping label ('' when unset). */
  readonly group: string;
  readonly controlPlane: boolean;
  /** kubectl's STATUS column (`Ready,SchedulingDisabled`). */
  readonly status: string;
  /** The Ready condition: True, False or Unknown (no condition yet counts as Unknown). */
  readonly readiness: 'Ready' | 'NotReady' | 'Unknown';
  readonly cordoned: boolean;
  readonly taints: readonly TaintBadge[];
  readonly cpu: { readonly allocatableMilli: number; readonly requestedMilli: number };
  readonly memory: { readonly allocatable: number; readonly requested: number };
  readonly rows: readonly PodRow[];
  readonly created: number;
}

/** What the engine said about the node's pods (see facts.ts), looked up per pod. */
export interface SlotFacts {
  misscheduled(owner: string, node: string): boolean;
  eviction(pod: PodView): SlotEviction | undefined;
}

export function projectNode(node: Node, pods: readonly Pod[], views: readonly PodView[], groupBy: string, facts: SlotFacts): NodeView {
  const ready = node.status.conditions?.find((c) => c.type === 'Ready')?.status;
  const alloc = nodeAllocatable(node);
  let cpu = 0;
  let memory = 0;
  for (const p of pods) {
    if (isTerminal(p)) continue;
    const r = podRequests(p).requests;
    cpu += r.milliCPU;
    memory += r.memory;
  }
  return {
    name: node.metadata.name,
    uid: node.metadata.uid,
    group: node.metadata.labels?.[groupBy] ?? '',
    controlPlane: node.metadata.labels?.[CONTROL_PLANE] !== undefined,
    status: nodeStatus(node),
    readiness: ready === 'True' ? 'Ready' : ready === 'False' ? 'NotReady' : 'Unknown',
    cordoned: node.spec.unschedulable === true,
    taints: (node.spec.taints ?? []).map((t) => ({ effect: t.effect, text: formatTaint(t), condition: t.key.startsWith(CONDITION_TAINT_PREFIX) })),
    cpu: { allocatableMilli: alloc.milliCPU, requestedMilli: cpu },
    memory: { allocatable: alloc.memory, requested: memory },
    rows: podRows(node.metadata.name, views, facts),
    created: parseTime(node.metadata.creationTimestamp),
  };
}

function podRows(node: string, views: readonly PodView[], facts: SlotFacts): PodRow[] {
  const byOwner = new Map<string, PodView[]>();
  for (const v of views) {
    const owner = v.owner ?? '';
    let list = byOwner.get(owner);
    if (!list) byOwner.set(owner, (list = []));
    list.push(v);
  }
  const rows: PodRow[] = [];
  for (const [owner, list] of byOwner) {
    list.sort((a, b) => a.created - b.created || a.name.localeCompare(b.name));
    const slots = list.map((pod, i): PodSlot => {
      const eviction = facts.eviction(pod);
      return {
        pod,
        misscheduled: owner !== '' && facts.misscheduled(owner, node),
        surge: owner !== '' && i > 0 && list.slice(0, i).some((older) => older.deletionAt === undefined),
        ...(eviction ? { eviction } : {}),
      };
    });
    rows.push({ owner, slots });
  }
  // DaemonSet rows first, in a stable order; bare pods last.
  return rows.sort((a, b) => (a.owner === '' ? 1 : 0) - (b.owner === '' ? 1 : 0) || a.owner.localeCompare(b.owner));
}
