/**
 * The `why` query's answer, shared by the worker and the page without pulling the manifest
 * parser into the page: the report and, for failing verdicts, the YAML line behind each.
 */
import type { WhyReport } from '../../../kubectl/sim/why-report.js';
import type { YamlLink } from './yaml-link.js';

export interface WhyAnswer {
  readonly report: WhyReport;
  /** `linkKey(ds, verdict)` -> where the manifest decides it (failing verdicts only). */
  readonly links: Readonly<Record<string, YamlLink>>;
}

/** The key of a verdict's link in `WhyAnswer.links`. */
export function linkKey(ds: { readonly namespace: string; readonly name: string }, verdict: string): string {
  return `${ds.namespace}/${ds.name}|${verdict}`;
}
