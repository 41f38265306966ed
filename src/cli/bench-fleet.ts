/**
 * `fleet10000x3`: 10,000 nodes and three DaemonSets, settled, and where the heap goes.
 *
 * heapMB is the whole heap after a full collection with that cluster held, built as the page
 * builds it (its trace of the last 2,000 passes included). The parts are measured by building
 * with and without each, one cluster alive at a time:
 * - bytesPerNode: 10,000 nodes settled less an empty cluster, per node (Events removed);
 * - bytesPerPod: the fleet less the nodes alone, per pod (Events removed from both);
 * - bytesPerEvent: the fleet with and without its Events in the store, per Event;
 * - traceMB: the fleet with the page's trace less the same fleet keeping none.
 * Without a trace is `traceLimit: 0`; without Events is every Event removed from the store after
 * the build (what their TTL does an hour later), the diff of that removal dropped.
 */
import type { Cluster } from '../sim/index.js';
import { buildFleet } from './bench-build.js';
import { heapAfterGC, megabytes } from './bench-harness.js';

export interface FleetFigures {
  readonly buildMs: number;
  readonly heapMB: number;
  readonly bytesPerNode: number;
  readonly bytesPerPod: number;
  readonly bytesPerEvent: number;
  readonly traceMB: number;
  readonly events: number;
}

const NODES = 10_000;
const DAEMONSETS = ['agent', 'logs', 'metrics'];

/** Removes every Event from the store (and the removal's pending diff); returns how many. */
function removeEvents(cluster: Cluster): number {
  const events = cluster.store.list('Event');
  for (const e of events) cluster.store.remove('Event', e.metadata.namespace ?? '', e.metadata.name);
  cluster.store.takeDiff();
  return events.length;
}

/** The heap after a full collection while `cluster` is held (read after, so it stays alive). */
function heapHolding(cluster: Cluster): number {
  const bytes = heapAfterGC();
  if (cluster.store.count('Node') < 0) throw new Error('unreachable');
  return bytes;
}

/** The heap held by a cluster built with these arguments, after `then` has run on it. */
function heapOf(base: number, nodes: number, daemonSets: readonly string[], then: (c: Cluster) => void = () => undefined): number {
  const cluster = buildFleet(nodes, daemonSets, { traceLimit: 0 }).cluster;
  then(cluster);
  return heapHolding(cluster) - base;
}

/** The fleet as the page builds it: its build time and the heap it holds. */
function pageFleet(): { buildMs: number; heap: number } {
  const { cluster, times } = buildFleet(NODES, DAEMONSETS);
  return { buildMs: times.total, heap: heapHolding(cluster) };
}

export function measureFleet10000x3(): FleetFigures {
  const base = heapAfterGC();
  const { buildMs, heap } = pageFleet();
  const emptyBytes = heapOf(base, 0, []);
  const nodesBytes = heapOf(base, NODES, [], removeEvents);
  let events = 0;
  let withEvents = 0;
  let pods = 0;
  const withoutEvents = heapOf(base, NODES, DAEMONSETS, (fleet) => {
    withEvents = heapHolding(fleet) - base;
    events = removeEvents(fleet);
    pods = fleet.store.count('Pod');
  });
  return {
    buildMs,
    heapMB: megabytes(heap),
    bytesPerNode: Math.round((nodesBytes - emptyBytes) / NODES),
    bytesPerPod: Math.round((withoutEvents - nodesBytes) / pods),
    bytesPerEvent: Math.round((withEvents - withoutEvents) / events),
    traceMB: megabytes(heap - base - withEvents),
    events,
  };
}
