/**
 * The template-derived facts one sync works from, computed once per sync: the defaulted
 * DaemonSet, its compiled template (eligibility), the current revision hash, the template
 * generation, minReadySeconds, whether surge is allowed, and the instant of the sync.
 */
import type { DaemonSet } from '../../api/types.js';
import { withDaemonSetDefaults } from './defaults.js';
import { compileDaemonSetTemplate, type CompiledTemplate } from './eligibility.js';
import { templateGenerationOrUndefined } from './pod-template.js';
import { allowsSurge } from './update-budget.js';

export interface DaemonSetFacts {
  /** The DaemonSet with apps/v1 defaults applied (see defaults.ts). */
  readonly ds: DaemonSet;
  readonly compiled: CompiledTemplate;
  /** The current revision's `controller-revision-hash`. */
  readonly hash: string;
  /** From the `deprecated.daemonset.template.generation` annotation, when it parses. */
  readonly generation: number | undefined;
  readonly minReadySeconds: number;
  /** `AllowsSurge(ds)`. */
  readonly allowsSurge: boolean;
  /** Virtual now, ms. */
  readonly now: number;
}

export function daemonSetFacts(ds: DaemonSet, hash: string, now: number): DaemonSetFacts {
  const d = withDaemonSetDefaults(ds);
  return {
    ds: d,
    compiled: compileDaemonSetTemplate(d.spec.template),
    hash,
    generation: templateGenerationOrUndefined(d),
    minReadySeconds: d.spec.minReadySeconds ?? 0,
    allowsSurge: allowsSurge(d),
    now,
  };
}
