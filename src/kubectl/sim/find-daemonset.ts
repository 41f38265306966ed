/**
 * Finding the DaemonSet a `sim` command names (`sim why NODE DS`, `sim step --wave DS`): `NAME` or
 * `ds/NAME` (any of kubectl's spellings of the kind), in the namespace given with `-n`, or else in
 * whichever namespace has one of that name. A learner who applied a DaemonSet to `kube-system`
 * should not have to say so again; a name found in several namespaces asks for `-n`, naming them.
 */
import type { DaemonSet } from '../../sim/api/types.js';
import type { Store } from '../../sim/store/store.js';

const KIND_PREFIX = /^(ds|daemonset|daemonsets|daemonset\.apps|daemonsets\.apps)\//;

export function findDaemonSet(store: Store, arg: string, namespace: string | undefined): DaemonSet | { error: string } {
  const name = arg.replace(KIND_PREFIX, '');
  if (namespace !== undefined) {
    return store.get('DaemonSet', namespace, name) ?? { error: `daemonset "${name}" not found in namespace "${namespace}"` };
  }
  const found = store.list('DaemonSet').filter((ds) => ds.metadata.name === name);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) return { error: `daemonset "${name}" not found in any namespace` };
  const namespaces = found.map((ds) => ds.metadata.namespace ?? '').join(', ');
  return { error: `daemonset "${name}" exists in several namespaces (${namespaces}): name one with -n NAMESPACE` };
}
