/**
 * The public face of the engine: `createCluster` builds a fresh, bootstrapped cluster with every
 * control loop wired in, in the order each engine pass runs them: node health first (so taints
 * are current), then what reacts to taints and deletions, then the DaemonSet controller, the
 * scheduler and finally the kubelets.
 */
import { Cluster, type ClusterOptions } from './engine/cluster.js';
import { bootstrap } from './engine/bootstrap.js';
import { GarbageCollector } from './controllers/garbagecollector/garbagecollector.js';
import { DaemonSetsController } from './controllers/daemonset/index.js';
import { Scheduler } from './controllers/scheduler/index.js';
import { Kubelet } from './controllers/kubelet/kubelet.js';
import { NodeLifecycleController } from './controllers/nodelifecycle/nodelifecycle.js';
import { TaintEvictionController } from './controllers/tainteviction/tainteviction.js';
import { PodGCController } from './controllers/podgc/podgc.js';

export type CreateClusterOptions = Omit<ClusterOptions, 'controllers'>;

export function createCluster(opts: CreateClusterOptions = {}): Cluster {
  const cluster = new Cluster({
    ...opts,
    controllers: (c) => {
      const kubelet = new Kubelet();
      return [
        new NodeLifecycleController(kubelet),
        new TaintEvictionController(),
        new PodGCController(),
        new GarbageCollector(),
        new DaemonSetsController(c.store),
        new Scheduler(c.store),
        kubelet,
      ];
    },
  });
  bootstrap(cluster);
  return cluster;
}

export { Cluster } from './engine/cluster.js';
export type { TraceEntry, ClusterSnapshot } from './engine/cluster.js';
