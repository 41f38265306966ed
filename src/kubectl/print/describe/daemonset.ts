/**
 * `kubectl describe daemonset`: describe.go's `DaemonSetDescriber` / `describeDaemonSet`,
 * with `getPodStatusForController` (pods matching the selector AND controlled by this DaemonSet,
 * counted by phase).
 */
import type { DaemonSet } from '../../../sim/api/types.js';
import { formatLabelSelector, matchesLabelSelector } from '../../../sim/api/labels.js';
import type { Store } from '../../../sim/store/store.js';
import { formatLabels } from '../go-format.js';
import { describeEvents, type EventSearch } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { describePodTemplate } from './pod-template.js';
import { LEVEL_0, tabbedString } from './writer.js';

/** `getPodStatusForController`: running / waiting / succeeded / failed. */
export function podStatusForController(store: Store, ds: DaemonSet): [number, number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (const pod of store.list('Pod', ds.metadata.namespace ?? '')) {
    if (!matchesLabelSelector(ds.spec.selector, pod.metadata.labels)) continue;
    if (pod.metadata.ownerReferences?.find((r) => r.controller)?.uid !== ds.metadata.uid) continue;
    const i = ['Running', 'Pending', 'Succeeded', 'Failed'].indexOf(pod.status?.phase ?? '');
    if (i >= 0) counts[i]!++;
  }
  return counts;
}

export function describeDaemonSet(store: Store, ds: DaemonSet, now: number, search: EventSearch | undefined): string {
  const [running, waiting, succeeded, failed] = podStatusForController(store, ds);
  const events = search?.about({ name: ds.metadata.name, namespace: ds.metadata.namespace ?? '', kind: 'DaemonSet', uids: [ds.metadata.uid] });
  const st = ds.status ?? ({} as Partial<DaemonSet['status']>);
  const selector = formatLabelSelector(ds.spec.selector);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${ds.metadata.name}\n`);
    w.write(LEVEL_0, `Namespace:\t${ds.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${selector === '<none>' ? '' : selector}\n`);
    w.write(LEVEL_0, `Node-Selector:\t${formatLabels(ds.spec.template.spec.nodeSelector)}\n`);
    printLabelsMultiline(w, 'Labels', ds.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', ds.metadata.annotations);
    w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${st.desiredNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${st.currentNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${st.updatedNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${st.numberAvailable ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Misscheduled: ${st.numberMisscheduled ?? 0}\n`);
    w.write(LEVEL_0, `Pods Status:\t${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`);
    describePodTemplate(ds.spec.template, w);
    describeEvents(events, w, now);
  });
}
