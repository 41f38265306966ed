/**
 * The cluster-scoped kinds besides Node: core/v1 Namespace and scheduling.k8s.io/v1
 * PriorityClass. PriorityClass has no spec and no status: its fields sit at the top level.
 */
import { condition } from './meta.js';
import { always, arrayOf, bool, int32, named, ptr, str, struct } from './types.js';

export const namespaceSpec = struct('v1.NamespaceSpec', { finalizers: arrayOf(named('v1.FinalizerName')) });

export const namespaceStatus = struct('v1.NamespaceStatus', {
  phase: named('v1.NamespacePhase'),
  conditions: arrayOf(condition('v1.NamespaceCondition', 'v1.NamespaceConditionType')),
});

export const priorityClassFields = {
  value: always(int32),
  globalDefault: bool,
  description: str,
  preemptionPolicy: ptr(named('v1.PreemptionPolicy')),
} as const;
