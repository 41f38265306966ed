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
 * Without a trace is `traceLimit: 0`; without Events is the same cluster an hour and a minute
 * later, when the Events' TTL has removed them all (a settled cluster writes nothing more).
 */
import type { Cluster } from '../sim/index.js';
import { buildFleet } from './bench-build.js';
import { heapAfterGC, megabytes } from './bench-harness.js';
import { run } from './bench-fleet-steps.js';

export interface FleetFigures {
  readonly buildMs: number;
  readonly heapMB: number;
  readonly bytesPerNode: number;
  readonly bytesPerPod: number;
  readonly bytesPerEvent: number;
  readonly traceMB: number;
  readonly events: number;
}

const DAEMONSETS = ['agent', 'logs', 'metrics'];

/** Lets the Events' one-hour TTL remove them all; returns how many there were. */
function removeEvents(cluster: Cluster): number {
  const events = cluster.store.count('Event');
  run(cluster, 'sim advance 61m');
  const left = cluster.store.count('Event');
  if (left > 0) throw new Error(`${left} Events are left an hour after a settled build`);
  return events;
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
function pageFleet(nodes: number): { buildMs: number; heap: number } {
  const { cluster, times } = buildFleet(nodes, DAEMONSETS);
  return { buildMs: times.total, heap: heapHolding(cluster) };
}

/** The figures for `nodes` nodes (10,000 in the bench) and three DaemonSets. */
export function measureFleet(nodes: number): FleetFigures {
  const base = heapAfterGC();
  const { buildMs, heap } = pageFleet(nodes);
  const emptyBytes = heapOf(base, 0, []);
  const nodesBytes = heapOf(base, nodes, [], removeEvents);
  let events = 0;
  let withEvents = 0;
  let pods = 0;
  const withoutEvents = heapOf(base, nodes, DAEMONSETS, (fleet) => {
    withEvents = heapHolding(fleet) - base;
    events = removeEvents(fleet);
    pods = fleet.store.count('Pod');
  });
  return {
    buildMs,
    heapMB: megabytes(heap),
    bytesPerNode: Math.round((nodesBytes - emptyBytes) / nodes),
    bytesPerPod: Math.round((withoutEvents - nodesBytes) / pods),
    bytesPerEvent: Math.round((withEvents - withoutEvents) / events),
    traceMB: megabytes(heap - base - withEvents),
    events,
  };
}
