/**
 * The public face of the engine: `createCluster` builds a fresh, bootstrapped cluster with every
 * control loop wired in, in the order each engine pass runs them: node health first (so taints
 * are current), then what reacts to taints and deletions, then the DaemonSet controller, the
 * scheduler and finally the kubelets. The namespace controller empties namespaces being deleted.
 */
import { Cluster, type ClusterOptions } from './engine/cluster.js';
import { bootstrap } from './engine/bootstrap.js';
import { GarbageCollector } from './controllers/garbagecollector/garbagecollector.js';
import { NamespaceController } from './controllers/namespace/namespace.js';
import { DaemonSetsController } from './controllers/daemonset/index.js';
import { Scheduler } from './controllers/scheduler/index.js';
import { nodeControllers } from './controllers/kubelet/nodecontrollers.js';

export type CreateClusterOptions = Omit<ClusterOptions, 'controllers'>;

export function createCluster(opts: CreateClusterOptions = {}): Cluster {
  const cluster = new Cluster({
    ...opts,
    controllers: (c) => {
      const [nodeLifecycle, taintEviction, podGC, kubelet] = nodeControllers();
      return [nodeLifecycle!, taintEviction!, podGC!, new NamespaceController(c.store), new GarbageCollector(), new DaemonSetsController(c.store), new Scheduler(c.store), kubelet!];
    },
  });
  bootstrap(cluster);
  return cluster;
}

export { Cluster } from './engine/cluster.js';
export type { TraceEntry, ClusterSnapshot } from './engine/cluster.js';
