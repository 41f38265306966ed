/**
 * The `lifecycle` query: the state a pod or node is in on its lifecycle machine
 * (sim/machines/), as the component that drives it records it: the kubelet for a pod
 * (`podStage`), the node lifecycle controller for a node (`nodeStage`). A pod no kubelet runs yet
 * is still being scheduled (the machine's first state); a gone object is in the final state.
 */
import type { Cluster } from '../../../sim/engine/cluster.js';
import type { Kubelet } from '../../../sim/controllers/kubelet/kubelet.js';
import type { NodeLifecycleController } from '../../../sim/controllers/nodelifecycle/nodelifecycle.js';

export interface LifecycleArgs {
  readonly kind: 'Pod' | 'Node';
  readonly name: string;
  readonly namespace?: string;
}

export interface LifecycleState {
  readonly machine: 'pod' | 'node';
  /** The atomic state path (`Pending.Pulling`, `Running.Ready`, `Unknown`). */
  readonly state: string;
}

export function lifecycleQuery(session: { readonly cluster: Cluster }, args: unknown): LifecycleState | { error: string } {
  const a = args as Partial<LifecycleArgs> | undefined;
  if (!a || typeof a.name !== 'string' || (a.kind !== 'Pod' && a.kind !== 'Node')) return { error: 'lifecycle: kind (Pod or Node) and name are required' };
  const { cluster } = session;
  if (a.kind === 'Node') {
    if (!cluster.store.get('Node', '', a.name)) return { machine: 'node', state: 'Removed' };
    const stage = cluster.controller<NodeLifecycleController>('node-controller')?.nodeStage(a.name);
    return { machine: 'node', state: stage ?? 'Registered' };
  }
  const namespace = a.namespace ?? 'default';
  if (!cluster.store.get('Pod', namespace, a.name)) return { machine: 'pod', state: 'Deleted' };
  const stage = cluster.controller<Kubelet>('kubelet')?.podStage(namespace, a.name);
  return { machine: 'pod', state: stage ?? 'Pending.Scheduling' };
}
