/**
 * `kubectl get daemonsets`: `printDaemonSet` of `pkg/printers/internalversion/printers.go`.
 * Wide adds CONTAINERS, IMAGES (`layoutContainerCells`) and SELECTOR.
 */
import type { Container, DaemonSet } from '../../../sim/api/types.js';
import { formatLabelSelector } from '../../../sim/api/labels.js';
import { translateTimestampSince } from '../../format/duration.js';
import { formatLabels } from '../go-format.js';
import type { TableDef } from './types.js';

/** `layoutContainerCells`: container names and images, each joined by `,`. */
export function containerCells(containers: readonly Container[]): [string, string] {
  return [containers.map((c) => c.name).join(','), containers.map((c) => c.image ?? '').join(',')];
}

export const DAEMONSET_TABLE: TableDef<DaemonSet> = {
  columns: ['NAME', 'DESIRED', 'CURRENT', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'NODE SELECTOR', 'AGE'],
  wideColumns: ['NAME', 'DESIRED', 'CURRENT', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'NODE SELECTOR', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR'],
  row(ds, { wide, now }) {
    const s = ds.status ?? ({} as Partial<DaemonSet['status']>);
    const cells = [
      ds.metadata.name,
      String(s.desiredNumberScheduled ?? 0),
      String(s.currentNumberScheduled ?? 0),
      String(s.numberReady ?? 0),
      String(s.updatedNumberScheduled ?? 0),
      String(s.numberAvailable ?? 0),
      formatLabels(ds.spec.template.spec.nodeSelector),
      translateTimestampSince(ds.metadata.creationTimestamp, now),
    ];
    if (wide) cells.push(...containerCells(ds.spec.template.spec.containers), formatLabelSelector(ds.spec.selector));
    return cells;
  },
};
