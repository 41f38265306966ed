/**
 * apps/v1 DaemonSet (spec and status) and ControllerRevision.
 * Field names and Go types follow `k8s.io/api/apps/v1/types.go`.
 */
import { condition, labelSelector } from './meta.js';
import { podTemplateSpec } from './pod.js';
import { always, arrayOf, int32, int64, intOrString, named, ptr, raw, struct } from './types.js';

export const daemonSetSpec = struct('v1.DaemonSetSpec', {
  selector: always(ptr(labelSelector)),
  template: always(podTemplateSpec),
  updateStrategy: struct('v1.DaemonSetUpdateStrategy', {
    type: named('v1.DaemonSetUpdateStrategyType'),
    rollingUpdate: ptr(struct('v1.RollingUpdateDaemonSet', {
      maxUnavailable: ptr(intOrString),
      maxSurge: ptr(intOrString),
    })),
  }),
  minReadySeconds: int32,
  revisionHistoryLimit: ptr(int32),
});

export const daemonSetStatus = struct('v1.DaemonSetStatus', {
  currentNumberScheduled: always(int32),
  numberMisscheduled: always(int32),
  desiredNumberScheduled: always(int32),
  numberReady: always(int32),
  observedGeneration: int64,
  updatedNumberScheduled: int32,
  numberAvailable: int32,
  numberUnavailable: int32,
  collisionCount: ptr(int32),
  conditions: arrayOf(condition('v1.DaemonSetCondition', 'v1.DaemonSetConditionType')),
});

/** ControllerRevision's own fields: `data` is a RawExtension, kept as written. */
export const controllerRevisionFields = {
  data: raw,
  revision: always(int64),
} as const;
