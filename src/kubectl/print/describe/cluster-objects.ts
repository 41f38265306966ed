/**
 * `kubectl describe namespace` and `kubectl describe priorityclass`: describe.go's
 * `describeNamespace` (no quotas or limit ranges exist in the playground) and
 * `describePriorityClass`.
 */
import type { Namespace, PriorityClass } from '../../../sim/api/types.js';
import type { Store } from '../../../sim/store/store.js';
import { formatLabels } from '../go-format.js';
import { describeEvents, type EventSearch } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, tabbedString } from './writer.js';

export function describeNamespace(ns: Namespace): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${ns.metadata.name}\n`);
    printLabelsMultiline(w, 'Labels', ns.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', ns.metadata.annotations);
    w.write(LEVEL_0, `Status:\t${ns.status?.phase ?? ''}\n`);
    w.write(LEVEL_0, '\n');
    w.write(LEVEL_0, 'No resource quota.\n');
    w.write(LEVEL_0, '\n');
    w.write(LEVEL_0, 'No LimitRange resource.\n');
  });
}

export function describePriorityClass(store: Store, pc: PriorityClass, now: number, search: EventSearch | undefined): string {
  const events = search?.about({ name: pc.metadata.name, namespace: '', kind: 'PriorityClass', uids: [pc.metadata.uid] });
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pc.metadata.name}\n`);
    w.write(LEVEL_0, `Value:\t${pc.value}\n`);
    w.write(LEVEL_0, `GlobalDefault:\t${pc.globalDefault === true}\n`);
    w.write(LEVEL_0, `PreemptionPolicy:\t${pc.preemptionPolicy ?? 'PreemptLowerPriority'}\n`);
    w.write(LEVEL_0, `Description:\t${pc.description ?? ''}\n`);
    w.write(LEVEL_0, `Annotations:\t${formatLabels(pc.metadata.annotations)}\n`);
    describeEvents(events, w, now);
  });
}
