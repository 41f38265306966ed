/**
 * apps/v1 DaemonSet (spec and status) and ControllerRevision.
 * Field names and Go types follow `k8s.io/api/apps/v1/types.go`.
 */
import { condition, labelSelector } from './meta.js';
import { podTemplateSpec } from './pod.js';
import { arrayOf, int32, int64, intOrString, named, raw, struct } from './types.js';

export const daemonSetSpec = struct('v1.DaemonSetSpec', {
  selector: labelSelector,
  template: podTemplateSpec,
  updateStrategy: struct('v1.DaemonSetUpdateStrategy', {
    type: named('v1.DaemonSetUpdateStrategyType'),
    rollingUpdate: struct('v1.RollingUpdateDaemonSet', {
      maxUnavailable: intOrString,
      maxSurge: intOrString,
    }),
  }),
  minReadySeconds: int32,
  revisionHistoryLimit: int32,
});

export const daemonSetStatus = struct('v1.DaemonSetStatus', {
  currentNumberScheduled: int32,
  numberMisscheduled: int32,
  desiredNumberScheduled: int32,
  numberReady: int32,
  observedGeneration: int64,
  updatedNumberScheduled: int32,
  numberAvailable: int32,
  numberUnavailable: int32,
  collisionCount: int32,
  conditions: arrayOf(condition('v1.DaemonSetCondition', 'v1.DaemonSetConditionType')),
});

/** ControllerRevision's own fields: `data` is a RawExtension, kept as written. */
export const controllerRevisionFields = {
  data: raw,
  revision: int64,
} as const;
