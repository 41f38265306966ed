/** Every check kind, by the name lesson.yaml uses in `kind:`. */
import type { CheckKind, CheckSpec } from './types.js';
import { podsOnNodes } from './pods-on-nodes.js';
import { noPodOn } from './no-pod-on.js';
import { statusEquals } from './status-equals.js';
import { rolloutComplete } from './rollout-complete.js';
import { eventSeen } from './event-seen.js';
import { objectMatches } from './object-matches.js';
import { kubectl } from './kubectl.js';
import { invariant } from './invariant.js';
import { prediction } from './prediction.js';

export const CHECK_KINDS: ReadonlyMap<string, CheckKind> = new Map(
  ([podsOnNodes, noPodOn, statusEquals, rolloutComplete, eventSeen, objectMatches, kubectl, invariant, prediction] as unknown as CheckKind<CheckSpec>[]).map((k) => [k.kind, k]),
);

/** The words the checklist leads with: the author's title, else what the kind says it wants. */
export function checkTitle(spec: CheckSpec): string {
  return spec.title ?? (CHECK_KINDS.get(spec.kind) as CheckKind<CheckSpec>).describe(spec);
}

export type { CheckSpec, CheckOutcome, CheckContext, GradedCheck } from './types.js';
