/**
 * The `why` query: the Why panel's data for one node, built by the same `whyReport` that
 * `sim why` prints from, so the panel and the terminal always agree.
 */
import type { Cluster } from '../../../sim/engine/cluster.js';
import { whyReport, type WhyReport } from '../../../kubectl/sim/why-report.js';

export interface WhyArgs {
  readonly node: string;
}

export function whyQuery(session: { readonly cluster: Cluster }, args: unknown): WhyReport | { error: string } {
  const node = (args as Partial<WhyArgs> | undefined)?.node;
  if (typeof node !== 'string' || node === '') return { error: 'why: a node name is required' };
  return whyReport(session.cluster, node);
}
