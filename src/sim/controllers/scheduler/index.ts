/**
 * kube-scheduler (default profile) for the simulated cluster: the `Scheduler` control loop, and
 * the pure pieces the CLI and UI read (explanations, fit checks, request arithmetic, reason
 * strings).
 */
export { Scheduler, responsibleFor } from './scheduler.js';
export { SCHEDULER_NAME, type SchedulingDecision } from './scheduleone.js';
export { explainScheduling, fitsOnNode, FILTER_PLUGIN_NAMES, type ExplainOptions, type NodeExplanation, type PluginVerdict, type SchedulingExplanation } from './explain.js';
export type { Code, InsufficientResource, Status } from './framework.js';
export { fitErrorMessage, ERR_NO_NODES_AVAILABLE } from './fiterror.js';
export { podRequests, nodeAllocatable, podPriority, type PodRequests, type Resources } from './resources.js';
export { ERR_REASON_UNSCHEDULABLE } from './plugins/nodeunschedulable.js';
export { ERR_REASON_NODE_NAME } from './plugins/nodename.js';
export { ERR_REASON_UNTOLERATED_TAINT } from './plugins/tainttoleration.js';
export { ERR_REASON_POD, ERR_REASON_CONFLICT } from './plugins/nodeaffinity.js';
export { ERR_REASON_PORTS, podHostPorts } from './plugins/nodeports.js';
export { ERR_REASON_TOO_MANY_PODS, insufficientReason } from './plugins/noderesourcesfit.js';
export { ERR_NO_VICTIMS, MSG_POLICY_NEVER, MSG_TERMINATING_ON_NOMINATED } from './plugins/defaultpreemption.js';
export { ERR_NOT_HELPFUL } from './preemption.js';
export { didNotSatisfyReason } from './schedule.js';
