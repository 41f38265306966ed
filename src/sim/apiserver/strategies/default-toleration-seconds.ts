/**
 * The `DefaultTolerationSeconds` admission plugin
 * (`plugin/pkg/admission/defaulttolerationseconds/admission.go`, `Admit`), run on pod create and
 * update.
 *
 * Appends `{key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute,
 * tolerationSeconds: 300}` and the same for `node.kubernetes.io/unreachable`, unless the pod
 * already has a toleration that covers that key (same key, or an empty key) for NoExecute (same
 * effect, or an empty effect). This is why an ordinary pod is evicted 300 s after its node goes
 * NotReady, while a DaemonSet pod (which carries those tolerations without seconds) never is.
 */
import type { Pod, Toleration } from '../../api/types.js';
import { SIM_DEFAULTS } from '../../engine/defaults.js';
import { identityMemo } from '../../memo.js';

export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';

function covers(tolerations: readonly Toleration[], key: string): boolean {
  return tolerations.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));
}

export function admitDefaultTolerationSeconds(pod: Pod): Pod {
  const tolerations = withDefaultTolerations(pod.spec.tolerations);
  return tolerations === pod.spec.tolerations ? pod : { ...pod, spec: { ...pod.spec, tolerations } };
}

const NO_TOLERATIONS: readonly Toleration[] = [];

/**
 * The tolerations the plugin leaves a pod with: `tolerations` itself when it covers both keys,
 * else a list with the missing ones appended (a pod without tolerations always gets both). Once per list object: the pods of one template
 * share theirs, and the answer is shared by them too (stored objects are never mutated).
 */
export function withDefaultTolerations(tolerations: readonly Toleration[] | undefined): readonly Toleration[] {
  return defaulted(tolerations ?? NO_TOLERATIONS);
}

const defaulted = identityMemo((tolerations: readonly Toleration[]): readonly Toleration[] => {
  const seconds = SIM_DEFAULTS.defaultTolerationSeconds;
  const added: Toleration[] = [];
  for (const key of [TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE]) {
    if (!covers(tolerations, key)) added.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds });
  }
  return added.length === 0 ? tolerations : [...tolerations, ...added];
});
