/**
 * The tolerations every DaemonSet pod gets (`util/daemonset_util.go:
 * AddOrUpdateDaemonPodTolerations`, merged by `helpers.go: AddOrUpdateTolerationInPodSpec`).
 *
 * Why: daemon pods must survive node problems (not-ready, unreachable) and land on nodes under
 * resource pressure or cordoned, so the controller adds these to the hypothetical pod it checks
 * eligibility with and to every pod it creates.
 */
import type { PodSpec, Toleration } from '../../api/types.js';
import { sameToleration } from '../../api/toleration.js';

const exists = (key: string, effect: 'NoExecute' | 'NoSchedule'): Toleration => ({ key, operator: 'Exists', effect });

/** Always added, in this order, tolerating forever (no tolerationSeconds). */
export const DAEMON_POD_TOLERATIONS: readonly Toleration[] = [
  exists('node.kubernetes.io/not-ready', 'NoExecute'),
  exists('node.kubernetes.io/unreachable', 'NoExecute'),
  exists('node.kubernetes.io/disk-pressure', 'NoSchedule'),
  exists('node.kubernetes.io/memory-pressure', 'NoSchedule'),
  exists('node.kubernetes.io/pid-pressure', 'NoSchedule'),
  exists('node.kubernetes.io/unschedulable', 'NoSchedule'),
];

/** Added only to `hostNetwork: true` pods. */
export const HOST_NETWORK_TOLERATION: Toleration = exists('node.kubernetes.io/network-unavailable', 'NoSchedule');

/**
 * `AddOrUpdateTolerationInPodSpec` for one toleration: every entry with the same key, operator,
 * value and effect is replaced in place by `tol` (dropping its tolerationSeconds); if none
 * matched, `tol` is appended. User entries keep their order.
 */
export function addOrUpdateToleration(list: readonly Toleration[], tol: Toleration): Toleration[] {
  let replaced = false;
  const out: Toleration[] = [];
  for (const t of list) {
    if (sameToleration(t, tol)) {
      out.push(tol);
      replaced = true;
    } else out.push(t);
  }
  if (!replaced) out.push(tol);
  return out;
}

/**
 * `AddOrUpdateDaemonPodTolerations`: the pod spec's tolerations with the automatic DaemonSet
 * tolerations merged in (a new array; the spec is not touched).
 */
export function addOrUpdateDaemonPodTolerations(spec: Pick<PodSpec, 'tolerations' | 'hostNetwork'>): Toleration[] {
  let list: Toleration[] = [...(spec.tolerations ?? [])];
  for (const tol of DAEMON_POD_TOLERATIONS) list = addOrUpdateToleration(list, tol);
  if (spec.hostNetwork) list = addOrUpdateToleration(list, HOST_NETWORK_TOLERATION);
  return list;
}
