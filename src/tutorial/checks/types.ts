/**
 * What every check kind shares: the common fields of a check (id, failsAtStart, hint), the
 * context a check is evaluated in, and the outcome (passed, or the reason it has not).
 * Each kind lives in its own file beside this one and is listed in index.ts.
 */
import type { Cluster } from '../../sim/engine/cluster.js';
import type { ExecResult } from '../../kubectl/result.js';
import type { EventLog } from '../event-log.js';
import type { MapReader, Located } from '../yaml-reader.js';
import type { PodsOnNodesSpec } from './pods-on-nodes.js';
import type { NoPodOnSpec } from './no-pod-on.js';
import type { StatusEqualsSpec } from './status-equals.js';
import type { RolloutCompleteSpec } from './rollout-complete.js';
import type { EventSeenSpec } from './event-seen.js';
import type { ObjectMatchesSpec } from './object-matches.js';
import type { KubectlSpec } from './kubectl.js';
import type { InvariantSpec } from './invariant.js';
import type { PredictionSpec } from './prediction.js';

export interface CheckBase {
  readonly id: string;
  /** What the check wants, in the learner's words (`title:`); without it, the kind's describe(). */
  readonly title?: string;
  /** Whether the check must fail right after setup (the proof enforces it). Default true. */
  readonly failsAtStart: boolean;
  /** One line shown beside the check while it does not pass. */
  readonly hint: string;
  /** Where the check starts in lesson.yaml. */
  readonly line: number;
  readonly column: number;
}

export type CheckSpec =
  | PodsOnNodesSpec
  | NoPodOnSpec
  | StatusEqualsSpec
  | RolloutCompleteSpec
  | EventSeenSpec
  | ObjectMatchesSpec
  | KubectlSpec
  | InvariantSpec
  | PredictionSpec;

/** A graded check: every kind but prediction. */
export type GradedCheck = Exclude<CheckSpec, PredictionSpec>;

export interface CheckOutcome {
  readonly passed: boolean;
  /** Why it does not pass yet ("node-2 has 0 log-agent pods, want 1"); '' when it passes. */
  readonly reason: string;
}

export const PASS: CheckOutcome = { passed: true, reason: '' };
export const notYet = (reason: string): CheckOutcome => ({ passed: false, reason });

/** What a stateless check reads: the cluster, the events seen so far, a read-only kubectl. */
export interface CheckContext {
  readonly cluster: Cluster;
  readonly events: EventLog;
  /** Runs one read-only command (kubectl checks) without changing the cluster. */
  readonly exec: (line: string) => ExecResult;
}

/** What a kind's parser gets besides the check's mapping. */
export interface ParseEnv {
  /** Records a reference to a step id, resolved once every step is known. */
  readonly stepRef: (ref: Located<string>) => void;
}

/** A check kind: its extra keys, how to read them, and (stateless kinds) how to evaluate. */
export interface CheckKind<S extends CheckSpec = CheckSpec> {
  readonly kind: S['kind'];
  /** Whether a check of this kind needs `hint`/`failsAtStart` (every kind but prediction). */
  readonly graded: boolean;
  readonly parse: (r: MapReader, base: CheckBase, env: ParseEnv) => S | undefined;
  /** Stateless kinds answer from the context; invariant and prediction are run by the runtime. */
  readonly evaluate?: (spec: S, ctx: CheckContext) => CheckOutcome;
  /** What the check wants, in plain words, for a check the author gave no `title`. */
  readonly describe: (spec: S) => string;
}
