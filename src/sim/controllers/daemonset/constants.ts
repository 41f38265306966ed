/**
 * Well-known keys and constants of the DaemonSet controller (`pkg/controller/daemon`,
 * `pkg/controller/controller_utils.go`, `k8s.io/api/apps/v1`).
 */

/** The component name events carry as their source (`daemonset-controller`). */
export const COMPONENT = 'daemonset-controller';

/** apps/v1 `DefaultDaemonSetUniqueLabelKey` = `ControllerRevisionHashLabelKey`. */
export const HASH_LABEL = 'controller-revision-hash';

/** extensions/v1beta1 `DaemonSetTemplateGenerationKey`: the legacy label written on created pods. */
export const TEMPLATE_GENERATION_LABEL = 'pod-template-generation';

/** apps/v1 `DeprecatedTemplateGeneration`: written by the API server's DaemonSet strategy. */
export { TEMPLATE_GENERATION_ANNOTATION } from '../../apiserver/strategies/daemonset.js';

/** `BurstReplicas`: at most this many creations and this many deletions per `syncNodes` call. */
export const BURST_REPLICAS = 250;

/** `SlowStartInitialBatchSize`: creations go in batches of 1, 2, 4, 8, ... */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

/** The failed-pod backoff of kube-controller-manager: `flowcontrol.NewBackOff(1s, 15m)`. */
export const FAILED_POD_BACKOFF_INITIAL_MS = 1_000;
export const FAILED_POD_BACKOFF_MAX_MS = 15 * 60_000;

/** client-go `DefaultControllerRateLimiter` per-item part: 5 ms doubling to 1000 s. */
export const ERROR_REQUEUE_BASE_MS = 5;
export const ERROR_REQUEUE_MAX_MS = 1_000_000;

/** Event reasons on the DaemonSet (upstream pkg/controller/daemon/daemon_controller.go and
 * pkg/controller/controller_utils.go). */
export const REASON = {
  SuccessfulCreate: 'SuccessfulCreate',
  FailedCreate: 'FailedCreate',
  SuccessfulDelete: 'SuccessfulDelete',
  FailedDelete: 'FailedDelete',
  FailedDaemonPod: 'FailedDaemonPod',
  SucceededDaemonPod: 'SucceededDaemonPod',
  SelectingAll: 'SelectingAll',
} as const;

/** `metav1.NewControllerRef(ds, apps/v1 DaemonSet)`. */
export function controllerRefFor(ds: { readonly metadata: { readonly name: string; readonly uid: string } }) {
  return { apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name, uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true } as const;
}
