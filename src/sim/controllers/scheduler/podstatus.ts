/** The `namespace/name` key the scheduler's queue and decisions use for a pod. */
import type { Pod } from '../../api/types.js';

/** The pod asked for last (its name and namespace) and its key. */
let lastName: string | undefined;
let lastNamespace = '';
let lastKey = '';

/**
 * `namespace/name`. The last key made is kept: an attempt asks for its pod's key three times in
 * a row (the attempt, its Scheduled event, the binding observed), and a key made afresh is a new
 * string for every queue and map it is looked up in to hash again.
 */
export function podKey(pod: Pod): string {
  const name = pod.metadata.name;
  const namespace = pod.metadata.namespace ?? '';
  if (name !== lastName || namespace !== lastNamespace) {
    lastName = name;
    lastNamespace = namespace;
    lastKey = `${namespace}/${name}`;
  }
  return lastKey;
}
