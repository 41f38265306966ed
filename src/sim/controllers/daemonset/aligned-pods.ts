/**
 * A DaemonSet's node -> pods map read by node position: `lists[i]` is the pod list of the
 * sync's `nodes[i]` (undefined when it has none). A list's `podListFacts` are made by whoever
 * reads them, for the few nodes a decision looks at: the columns read a one-pod list (a fleet's
 * every node) from its pod.
 *
 * Why: manage, the rolling update and the status count each walk every node of the cluster,
 * and finding a node's pods by name means reading the node object, its metadata and its name,
 * then probing a hash table: several cache misses per node, three times per sync, on a
 * 10,000-node cluster. By position, a sync reads one array front to back.
 *
 * The pod index's map is a `TrackedNodePods`, which notes every node whose list it replaces;
 * its aligned view is kept with the map and patched from those notes, so a sync pays for the
 * nodes whose pods changed, not for every node. Any other map (tests, `sim why`) is aligned
 * afresh on each call.
 *
 * Each node of a tracked map has a `NodeSlot` that holds its list, whether it changed, and its
 * position in the node list last aligned to: the pod index finds a pod's slot from the target
 * node of the pod version it holds, and a change costs the map write alone, where looking the node up again in the map, in
 * a set of changed names and in the node list's positions cost three more hash probes, each a
 * cache miss on a 5,000-node cluster, for every pod write.
 */
import type { Node, Pod } from '../../api/types.js';
import type { ColumnsCache } from './node-columns.js';
import { positionsOf } from './node-list.js';

export interface AlignedPods {
  /** The pods of `nodes[i]`, or undefined. */
  readonly lists: readonly (readonly Pod[] | undefined)[];
  /** How many of the map's lists belong to a node of the list (the rest: nodes that are gone). */
  readonly listed: number;
  /** Whether `nodeColumns` keeps its columns here (a tracked map's view, patched from sync to sync). */
  readonly keepsColumns?: boolean;
  /** The columns kept by `nodeColumns`, told here of every position the view replaces. */
  columns?: ColumnsCache;
}

/** The writable form of a view, as `align` builds it and the patch updates it. */
interface AlignedArrays {
  lists: (readonly Pod[] | undefined)[];
  listed: number;
  columns?: ColumnsCache;
}

/** One node's entry in a tracked map. */
export interface NodeSlot {
  readonly node: string;
  /** The node's list, or undefined when it has none. */
  pods: Pod[] | undefined;
  /** Whether the list was set or deleted since the aligned view was last brought up to date. */
  changed: boolean;
  /** The node's position in the node list of alignment `alignedAs` (-1: not in that list). */
  position: number;
  alignedAs: number;
}

/**
 * A node -> pods map that remembers which nodes' lists changed since it was last aligned. Its
 * owner writes through `put` (`set` and `delete` do the same), and keeps the slots it is handed.
 *
 * The slots are the only place a list is kept: a node's slot is made once and stays, and the
 * map's reads go through them. A write is then the slot's field alone, where a second copy in a
 * hash table keyed by node name cost a probe (a cache miss on a 5,000-node cluster) on every pod
 * write. Iteration is in the order the nodes first had a list (a `Map` would move a node whose
 * list was deleted and set again to the end); no reader depends on that order.
 */
export class TrackedNodePods implements Map<string, Pod[]> {
  /** Node -> slot, for every node that ever had a list here. */
  private readonly slots = new Map<string, NodeSlot>();
  /** How many slots hold a list. */
  private count = 0;
  /** Slots whose list was set or deleted since the aligned view was last brought up to date. */
  readonly changed: NodeSlot[] = [];
  /** How many times the view was aligned afresh: a slot's position is for the alignment it names. */
  alignments = 0;
  /** The view for the last node list it was aligned to. */
  view: (AlignedArrays & { readonly nodes: readonly Node[]; readonly keepsColumns: true }) | undefined;
  readonly [Symbol.toStringTag] = 'TrackedNodePods';

  get size(): number {
    return this.count;
  }

  /** The slot of `node`, if it ever had a list here. */
  peek(node: string): NodeSlot | undefined {
    return this.slots.get(node);
  }

  /** The slot of `node` (made on first use). */
  slot(node: string): NodeSlot {
    let slot = this.slots.get(node);
    if (!slot) this.slots.set(node, (slot = { node, pods: undefined, changed: false, position: -1, alignedAs: -1 }));
    return slot;
  }

  /** Sets the slot's list, or deletes it (undefined), and notes the change. */
  put(slot: NodeSlot, pods: Pod[] | undefined): void {
    if ((slot.pods === undefined) !== (pods === undefined)) this.count += pods === undefined ? -1 : 1;
    slot.pods = pods;
    if (!slot.changed) {
      slot.changed = true;
      this.changed.push(slot);
    }
  }

  get(node: string): Pod[] | undefined {
    return this.slots.get(node)?.pods;
  }

  has(node: string): boolean {
    return this.get(node) !== undefined;
  }

  set(node: string, pods: Pod[]): this {
    this.put(this.slot(node), pods);
    return this;
  }

  delete(node: string): boolean {
    const slot = this.slots.get(node);
    if (slot?.pods === undefined) return false;
    this.put(slot, undefined);
    return true;
  }

  clear(): void {
    for (const slot of this.slots.values()) if (slot.pods !== undefined) this.put(slot, undefined);
  }

  forEach(fn: (pods: Pod[], node: string, map: Map<string, Pod[]>) => void, thisArg?: unknown): void {
    for (const slot of this.slots.values()) if (slot.pods !== undefined) fn.call(thisArg, slot.pods, slot.node, this);
  }

  *entries(): MapIterator<[string, Pod[]]> {
    for (const slot of this.slots.values()) if (slot.pods !== undefined) yield [slot.node, slot.pods];
  }

  *keys(): MapIterator<string> {
    for (const slot of this.slots.values()) if (slot.pods !== undefined) yield slot.node;
  }

  *values(): MapIterator<Pod[]> {
    for (const slot of this.slots.values()) if (slot.pods !== undefined) yield slot.pods;
  }

  [Symbol.iterator](): MapIterator<[string, Pod[]]> {
    return this.entries();
  }
}

const NONE: AlignedPods = { lists: [], listed: 0 };

/** The map's lists by position in `nodes`. */
export function alignedPods(nodes: readonly Node[], map: ReadonlyMap<string, readonly Pod[]>): AlignedPods {
  if (map.size === 0) return NONE;
  if (!(map instanceof TrackedNodePods)) return align(nodes, map);
  let view = map.view;
  if (!view || view.nodes !== nodes) {
    view = { nodes, keepsColumns: true, ...align(nodes, map) };
    map.view = view;
    map.alignments++;
  } else {
    let positions: ReadonlyMap<string, number> | undefined;
    // Indexed loops here: this runs a few times per sync over thousands of slots, too rarely
    // to be optimised, and unoptimised for-of allocates an iterator result per element.
    const changed = map.changed;
    for (let k = 0; k < changed.length; k++) {
      const slot = changed[k]!;
      if (slot.alignedAs !== map.alignments) {
        slot.position = (positions ??= positionsOf(nodes)).get(slot.node) ?? -1;
        slot.alignedAs = map.alignments;
      }
      const i = slot.position;
      if (i < 0) continue;
      const list = slot.pods;
      if ((view.lists[i] === undefined) !== (list === undefined)) view.listed += list === undefined ? -1 : 1;
      view.lists[i] = list;
      view.columns?.dirty.push(i);
    }
  }
  for (let k = 0; k < map.changed.length; k++) map.changed[k]!.changed = false;
  map.changed.length = 0;
  return view;
}

/** The arrays are made at their length: grown by pushes, a fleet's were made several times over. */
function align(nodes: readonly Node[], map: ReadonlyMap<string, readonly Pod[]>): AlignedArrays {
  const lists = new Array<readonly Pod[] | undefined>(nodes.length);
  let listed = 0;
  for (let i = 0; i < nodes.length; i++) {
    const list = map.get(nodes[i]!.metadata.name);
    lists[i] = list;
    if (list !== undefined) listed++;
  }
  return { lists, listed };
}
