/** The describer of each kind `kubectl describe` supports in the playground. */
import type { ApiObject } from '../../../sim/api/types.js';
import type { Store } from '../../../sim/store/store.js';
import { describeNamespace, describePriorityClass } from './cluster-objects.js';
import { describeDaemonSet } from './daemonset.js';
import { describeGeneric } from './generic.js';
import type { EventSearch } from './events.js';
import { describeNode } from './node.js';
import { describePod } from './pod.js';

/** The description of `obj` (kinds without their own describer get the generic one), its events found by `search` (none: not shown). */
export function describeObject(store: Store, obj: ApiObject, now: number, search: EventSearch | undefined): string {
  switch (obj.kind) {
    case 'DaemonSet':
      return describeDaemonSet(store, obj, now, search);
    case 'Pod':
      return describePod(store, obj, now, search);
    case 'Node':
      return describeNode(store, obj, now, search);
    case 'Namespace':
      return describeNamespace(obj);
    case 'PriorityClass':
      return describePriorityClass(store, obj, now, search);
    default:
      return describeGeneric(store, obj, now, search);
  }
}
