/**
 * The `why` query: the Why panel's data for one node, built by the same `whyReport` that
 * `sim why` prints from, so the panel and the terminal always agree. With the editor's files it
 * also links each failing verdict to the YAML line behind it (parsed here, in the worker, where
 * the manifest parser already lives).
 */
import type { Cluster } from '../../../sim/engine/cluster.js';
import { whyReport } from '../../../kubectl/sim/why-report.js';
import { linkKey, type WhyAnswer } from './why-answer.js';
import { yamlLink, type YamlLink } from './yaml-link.js';

export interface WhyArgs {
  readonly node: string;
  /** The editor's files, to link verdicts to lines. */
  readonly files?: Readonly<Record<string, string>>;
}

export function whyQuery(session: { readonly cluster: Cluster }, args: unknown): WhyAnswer | { error: string } {
  const a = args as Partial<WhyArgs> | undefined;
  if (typeof a?.node !== 'string' || a.node === '') return { error: 'why: a node name is required' };
  const report = whyReport(session.cluster, a.node);
  if ('error' in report) return report;
  const links: Record<string, YamlLink> = {};
  const files = a.files ?? {};
  for (const ds of report.daemonSets) {
    for (const v of [...ds.controller.verdicts, ...ds.scheduling.flatMap((s) => s.verdicts)]) {
      const key = linkKey(ds, v.name);
      if (v.passed || key in links) continue;
      const link = yamlLink(files, ds, v.fields);
      if (link) links[key] = link;
    }
  }
  return { report, links };
}
