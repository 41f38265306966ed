/**
 * The `lifecycle` query: the state a pod or node is in on its lifecycle machine
 * (sim/machines/), as the component that drives it records it: the kubelet for a pod
 * (`podStage`), the node lifecycle controller for a node (`nodeStage`). A pod no kubelet runs yet
 * is still being scheduled (the machine's first state); a gone object is in the final state.
 * The answer carries the machine's transition table (plain data, the one the engine runs), so
 * the page draws the machine without loading the definitions itself.
 */
import type { Cluster } from '../../../sim/engine/cluster.js';
import { POD_TABLE } from '../../../sim/controllers/kubelet/worker.js';
import type { Kubelet } from '../../../sim/controllers/kubelet/kubelet.js';
import { NODE_TABLE, type NodeLifecycleController } from '../../../sim/controllers/nodelifecycle/nodelifecycle.js';
import type { TransitionTable } from '../../../sim/machines/table.js';

export interface LifecycleArgs {
  readonly kind: 'Pod' | 'Node';
  readonly name: string;
  readonly namespace?: string;
}

export interface LifecycleState {
  readonly machine: 'pod' | 'node';
  /** The atomic state path (`Pending.Pulling`, `Running.Ready`, `Unknown`). */
  readonly state: string;
  readonly table: TransitionTable;
}

export function lifecycleQuery(session: { readonly cluster: Cluster }, args: unknown): LifecycleState | { error: string } {
  const a = args as Partial<LifecycleArgs> | undefined;
  if (!a || typeof a.name !== 'string' || (a.kind !== 'Pod' && a.kind !== 'Node')) return { error: 'lifecycle: kind (Pod or Node) and name are required' };
  const { cluster } = session;
  if (a.kind === 'Node') {
    const node = { machine: 'node', table: NODE_TABLE } as const;
    if (!cluster.store.get('Node', '', a.name)) return { ...node, state: 'Removed' };
    return { ...node, state: cluster.controller<NodeLifecycleController>('node-controller')?.nodeStage(a.name) ?? NODE_TABLE.initial };
  }
  const pod = { machine: 'pod', table: POD_TABLE } as const;
  const namespace = a.namespace ?? 'default';
  if (!cluster.store.get('Pod', namespace, a.name)) return { ...pod, state: 'Deleted' };
  return { ...pod, state: cluster.controller<Kubelet>('kubelet')?.podStage(namespace, a.name) ?? POD_TABLE.initial };
}
