/**
 * The node list of one sync by name (`nodeLister.Get`), built once per list object: the sync
 * lists nodes once and manage, the rolling update and the unscheduled-pod check all look
 * nodes up by name.
 */
import type { Node } from '../../api/types.js';

/** Looks a node up by name (`nodeLister.Get`). */
export type NodeLookup = (name: string) => Node | undefined;

/** A lookup over a node list (built once per list object). */
export function lookupIn(nodes: readonly Node[]): NodeLookup {
  const positions = positionsOf(nodes);
  return (name) => {
    const i = positions.get(name);
    return i === undefined ? undefined : nodes[i];
  };
}

const positionIndexes = new WeakMap<readonly Node[], ReadonlyMap<string, number>>();

/** Node name -> position in the list, built once per list object. */
export function positionsOf(nodes: readonly Node[]): ReadonlyMap<string, number> {
  let m = positionIndexes.get(nodes);
  if (!m) {
    const built = new Map<string, number>();
    nodes.forEach((n, i) => built.set(n.metadata.name, i));
    positionIndexes.set(nodes, (m = built));
  }
  return m;
}

const sortedLists = new WeakMap<readonly Node[], boolean>();

/** Whether the names ascend strictly (the store lists nodes so), checked once per list object. */
export function isSortedByName(nodes: readonly Node[]): boolean {
  let sorted = sortedLists.get(nodes);
  if (sorted === undefined) {
    sorted = nodes.every((n, i) => i === 0 || nodes[i - 1]!.metadata.name < n.metadata.name);
    sortedLists.set(nodes, sorted);
  }
  return sorted;
}
