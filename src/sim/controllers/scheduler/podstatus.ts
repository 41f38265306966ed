/** The `namespace/name` key the scheduler's queue and decisions use for a pod. */
import type { Pod } from '../../api/types.js';

export function podKey(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
}
