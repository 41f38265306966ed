/**
 * `kubectl rollout history` text: polymorphichelpers' `DaemonSetHistoryViewer.ViewHistory`
 * (`REVISION  CHANGE-CAUSE` through `tabbedString`, the change-cause annotation or `<none>`) and
 * `printTemplate` (`DescribePodTemplate` written raw, tabs and all, with no alignment).
 */
import type { ControllerRevision, PodTemplateSpec } from '../../sim/api/types.js';
import { formatTabbed, TABBED_STRING } from '../format/tabwriter.js';
import { describePodTemplate } from './describe/pod-template.js';
import { RawPrefixWriter } from './describe/writer.js';

export const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** The revision table (revisions ascending; a later duplicate number replaces an earlier one). */
export function historyTable(history: readonly ControllerRevision[]): string {
  const byRevision = new Map<number, ControllerRevision>();
  for (const cr of history) byRevision.set(cr.revision, cr);
  if (byRevision.size === 0) return 'No rollout history found.';
  const rows = [...byRevision.keys()]
    .sort((a, b) => a - b)
    .map((r) => `${r}\t${byRevision.get(r)!.metadata.annotations?.[CHANGE_CAUSE] || '<none>'}\n`);
  return formatTabbed(`REVISION\tCHANGE-CAUSE\n${rows.join('')}`, TABBED_STRING);
}

/** `printTemplate`. */
export function printTemplate(template: PodTemplateSpec): string {
  const w = new RawPrefixWriter();
  describePodTemplate(template, w);
  return w.text;
}
