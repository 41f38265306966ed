/**
 * What every fresh cluster has before the first command, as a kubeadm cluster does: the
 * `default`, `kube-system`, `kube-public` and `kube-node-lease` namespaces and the two built-in
 * PriorityClasses (`system-node-critical` 2000001000, `system-cluster-critical` 2000000000).
 * No nodes: scripts add them.
 */
import type { Cluster } from './cluster.js';

export const BUILTIN_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'] as const;

export const BUILTIN_PRIORITY_CLASSES = [
  {
    name: 'system-cluster-critical',
    value: 2000000000,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
  {
    name: 'system-node-critical',
    value: 2000001000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
] as const;

export function bootstrap(cluster: Cluster): void {
  for (const name of BUILTIN_NAMESPACES) {
    cluster.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
  }
  for (const pc of BUILTIN_PRIORITY_CLASSES) {
    cluster.api.create({
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name: pc.name },
      value: pc.value,
      globalDefault: false,
      preemptionPolicy: 'PreemptLowerPriority',
      description: pc.description,
    });
  }
  cluster.settle('bootstrap');
}
