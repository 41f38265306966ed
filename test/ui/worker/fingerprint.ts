/**
 * A cluster's whole state as one string (every stored object, the clock, the RNG, the timers and
 * each controller's state), to show that two ways of getting somewhere give the same cluster
 * byte for byte.
 */
import type { Cluster } from '../../../src/sim/engine/cluster.js';

export function fingerprint(cluster: Cluster): string {
  const s = cluster.snapshot();
  const objects = [...s.store.objects].map(([kind, byNs]) => [kind, [...byNs].map(([ns, names]) => [ns, [...names]])]);
  return JSON.stringify({ ...s, store: { objects, resourceVersion: s.store.resourceVersion } });
}
