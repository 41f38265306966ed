/**
 * The kubelet's pod runtime records in a snapshot, which a kept moment compacts like its pods
 * (compact.ts): once a rollout replaced a generation, only the moments before it hold that
 * generation's runtimes, and those of one generation are alike (the same stage, image and
 * container, differing in names, uids, addresses, container ids and times).
 */
import type { KubeletState, PodRuntime } from '../../sim/controllers/kubelet/state.js';
import type { ClusterSnapshot } from '../../sim/engine/cluster.js';
import type { Grouping } from './compact.js';

/** The kubelet's name among the controllers: its state (`KubeletState`) holds a runtime record per pod. */
const KUBELET = 'kubelet';

/** Pod runtimes by `<namespace>/<name>` (`KubeletState.pods`). */
export type RuntimeTable = ReadonlyMap<string, PodRuntime>;

/**
 * Pod runtimes by their pod's namespace and images: those of a rollout's generation are alike.
 * Their strings (names, uids, addresses, container ids) are their pods' too, which count them.
 */
export const RUNTIME_TEMPLATES: Grouping<PodRuntime> = {
  key: (rt) => `${rt.namespace}/${rt.containers.map((c) => c.image).join(' ')}`,
  stringShare: 0,
};

/** The kubelet's pod runtimes `s` holds (none in a snapshot without a kubelet). */
export function runtimesOf(s: ClusterSnapshot): RuntimeTable | undefined {
  return (s.controllers?.[KUBELET] as KubeletState | undefined)?.pods;
}

/** `s` with `pods` as the kubelet's pod runtimes (`s` has a kubelet). */
export function withRuntimes(s: ClusterSnapshot, pods: RuntimeTable): ClusterSnapshot {
  const kubelet = s.controllers[KUBELET] as KubeletState;
  return { ...s, controllers: { ...s.controllers, [KUBELET]: { ...kubelet, pods } } };
}
