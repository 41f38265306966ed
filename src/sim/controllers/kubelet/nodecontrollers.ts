/**
 * The node-level control loops, wired together in the order each engine pass runs them (the
 * order `createCluster` uses around the other loops): the node lifecycle controller, the taint
 * eviction controller, pod GC and last the kubelet, which is also the node lifecycle
 * controller's heartbeat source.
 */
import type { Controller } from '../../engine/controller.js';
import { NodeLifecycleController } from '../nodelifecycle/nodelifecycle.js';
import { PodGCController } from '../podgc/podgc.js';
import { TaintEvictionController } from '../tainteviction/tainteviction.js';
import { Kubelet, type KubeletOptions } from './kubelet.js';

export function nodeControllers(opts: KubeletOptions = {}): Controller[] {
  const kubelet = new Kubelet(opts);
  return [new NodeLifecycleController(kubelet), new TaintEvictionController(), new PodGCController(), kubelet];
}
