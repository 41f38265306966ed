/**
 * The node lifecycle controller's state as snapshots hold it. Its per-node records are most of
 * it (one per node: 5,000 on a fleet), and between two checkpoints few of them change (a node
 * failing or coming back): a snapshot and a restore copy the table that holds them and share the
 * records, and the controller copies a record the first time it writes to it afterwards
 * (engine/copy-on-write.ts, `copyNodeRecord`). The rest (work queues, zones with their tainting
 * queues, zone wake-ups) is small and copied whole.
 */
import { copyMap, copyPlain } from '../../engine/plain-copy.js';
import { emptyList } from '../../engine/queue.js';
import type { ZoneRecord } from './zones.js';

export interface NodeRecord {
  /** The node's name, the record's key in `nodes` (so a copy can take its place there). */
  readonly name: string;
  uid: string;
  zone: string;
  /** Ready=True after the last health update (what the zone state counts). */
  ready: boolean;
  excluded: boolean;
  firstSeen: number;
  /** The node machine state. */
  stage: string;
  /** The grace-period timer already requested. */
  graceAt?: number;
}

export interface NodeLifecycleState {
  queue: string[];
  podQueue: string[];
  /** By node name, in the order the nodes were first seen. */
  nodes: Map<string, NodeRecord>;
  zones: Record<string, ZoneRecord>;
  zoneWakeAt: Record<string, number>;
}

export function newNodeLifecycleState(): NodeLifecycleState {
  return { queue: emptyList(), podQueue: emptyList(), nodes: new Map(), zones: {}, zoneWakeAt: {} };
}

/** A record the controller may write to. */
export function copyNodeRecord(rec: NodeRecord): NodeRecord {
  return { ...rec };
}

/**
 * `state` with a new table of the same node records (so neither side adds or removes one in the
 * other's) and a copy of everything else: what a snapshot takes and a restore puts back.
 */
export function shareNodeLifecycleState(state: NodeLifecycleState): NodeLifecycleState {
  return {
    queue: [...state.queue],
    podQueue: [...state.podQueue],
    nodes: copyMap(state.nodes),
    zones: copyPlain(state.zones),
    zoneWakeAt: { ...state.zoneWakeAt },
  };
}
