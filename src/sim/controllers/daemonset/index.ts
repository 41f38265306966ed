/**
 * The DaemonSet controller and the pure pieces the bench, `sim why` and the UI use.
 */
export { DaemonSetsController, type DaemonSetsControllerState } from './controller.js';
export {
  nodeShouldRunDaemonPod,
  compileDaemonSetTemplate,
  MSG_NODE_AFFINITY,
  MSG_NODE_NAME,
  type Predicate,
  type PredicateName,
  type NodeVerdict,
  type CompiledTemplate,
} from './eligibility.js';
export { computeDaemonSetStatus, type DaemonSetCounters } from './status.js';
export { explainNode, type NodeExplanation, type PodExplanation, type DecisionExplanation } from './explain.js';
export { manage, podsShouldBeOnNode } from './manage.js';
export { rollingUpdate, type RollingUpdatePlan, type RollingUpdateSummary } from './rolling-update.js';
export { findUpdatedPodsOnNode } from './node-pods-facts.js';
export { daemonSetFacts, type DaemonSetFacts } from './facts.js';
export type { SyncPlan, PodCreation, PodDeletion, PlannedEvent } from './plan.js';
export { getNodesToDaemonPods, getUnscheduledPodsWithoutNode, type NodeToDaemonPods } from './node-pods.js';
export { addOrUpdateDaemonPodTolerations, DAEMON_POD_TOLERATIONS } from './tolerations.js';
export { replaceDaemonSetPodNodeNameNodeAffinity, getTargetNodeName } from './node-affinity-pin.js';
export { createPodTemplate, isPodUpdated, getTemplateGeneration } from './pod-template.js';
export { surgeCount, unavailableCount, allowsSurge, updatedDesiredNodeCounts } from './update-budget.js';
export { computeHash } from './hash.js';
export { isPodAvailable, isPodReady } from './pod-conditions.js';
export { comparePodsByCreationTimestampAndPhase } from './pod-order.js';
export { failedPodsBackoffKey } from './failed-pod-backoff.js';
export { withDaemonSetDefaults } from './defaults.js';
export { HASH_LABEL, TEMPLATE_GENERATION_LABEL, TEMPLATE_GENERATION_ANNOTATION, COMPONENT } from './constants.js';
