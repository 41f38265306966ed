/**
 * The public face of the engine: `createCluster` builds a fresh, bootstrapped cluster with every
 * control loop wired in, in the order each engine pass runs them.
 */
import { Cluster, type ClusterOptions } from './engine/cluster.js';
import { bootstrap } from './engine/bootstrap.js';
import { GarbageCollector } from './controllers/garbagecollector/garbagecollector.js';

export type CreateClusterOptions = Omit<ClusterOptions, 'controllers'>;

export function createCluster(opts: CreateClusterOptions = {}): Cluster {
  const cluster = new Cluster({
    ...opts,
    controllers: () => [new GarbageCollector()],
  });
  bootstrap(cluster);
  return cluster;
}

export { Cluster } from './engine/cluster.js';
export type { TraceEntry, ClusterSnapshot } from './engine/cluster.js';
