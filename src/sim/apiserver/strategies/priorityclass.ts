/**
 * The PriorityClass strategy (scheduling/v1 `SetDefaults_PriorityClass`, `pkg/apis/scheduling/
 * validation` `ValidatePriorityClass` / `ValidatePriorityClassUpdate`, `IsKnownSystemPriorityClass`,
 * and the Priority admission plugin's one-globalDefault rule).
 *
 * - defaults: preemptionPolicy `PreemptLowerPriority`; a missing value is Go's zero, 0; a false
 *   globalDefault is omitted (omitempty), as the API server's encoding drops it.
 * - PrepareForCreate: generation 1 (a PriorityClass has no spec, so no update bumps it).
 * - validation: names starting `system-` are reserved for the two built-in classes with their
 *   exact values; other classes may not exceed 1000000000. On update, value and
 *   preemptionPolicy are immutable.
 */
import type { PriorityClass } from '../../api/types.js';
import type { Strategy } from '../strategy.js';
import { FIELD_IMMUTABLE, forbidden, goValue, invalid, unsupported, type FieldError } from '../validation/field.js';
import { nameIsDNSSubdomain, validateObjectMeta } from '../validation/objectmeta.js';
import { admitPriorityClass } from './priority-admission.js';

/** `scheduling.HighestUserDefinablePriority`. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1000000000;
/** `scheduling.SystemCriticalPriority`. */
export const SYSTEM_CRITICAL_PRIORITY = 2 * HIGHEST_USER_DEFINABLE_PRIORITY;
/** `scheduling.SystemPriorityClasses()`: name and value (both have globalDefault false). */
export const SYSTEM_PRIORITY_CLASSES: readonly { name: string; value: number }[] = [
  { name: 'system-node-critical', value: SYSTEM_CRITICAL_PRIORITY + 1000 },
  { name: 'system-cluster-critical', value: SYSTEM_CRITICAL_PRIORITY },
];

/** `IsKnownSystemPriorityClass`: undefined when it is one, else upstream's error text. */
function unknownSystemClass(pc: PriorityClass): string | undefined {
  const spc = SYSTEM_PRIORITY_CLASSES.find((s) => s.name === pc.metadata.name);
  if (!spc) return `${pc.metadata.name} is not a known system priority class`;
  if (spc.value !== pc.value) return `value of ${spc.name} PriorityClass must be ${spc.value}`;
  if (pc.globalDefault) return `globalDefault of ${spc.name} PriorityClass must be false`;
  return undefined;
}

export const priorityClassStrategy: Strategy<PriorityClass> = {
  defaults(pc) {
    const out: PriorityClass = { ...pc, value: pc.value ?? 0, preemptionPolicy: pc.preemptionPolicy ?? 'PreemptLowerPriority' };
    // `globalDefault bool json:"globalDefault,omitempty"`: a stored false is never serialized.
    if (!out.globalDefault) delete (out as { globalDefault?: boolean }).globalDefault;
    return out;
  },

  prepareForCreate(pc) {
    return { ...pc, metadata: { ...pc.metadata, generation: 1 } };
  },

  admit(pc, op, ctx) {
    return admitPriorityClass(pc, op, ctx);
  },

  validate(pc) {
    const errs: FieldError[] = validateObjectMeta(pc.metadata, false, nameIsDNSSubdomain);
    if ((pc.metadata.name ?? '').startsWith('system-')) {
      const why = unknownSystemClass(pc);
      if (why) errs.push(forbidden('metadata.name', `priority class names with 'system-' prefix are reserved for system use only. error: ${why}`));
    } else if (pc.value > HIGHEST_USER_DEFINABLE_PRIORITY) {
      errs.push(forbidden('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
    }
    const policy = pc.preemptionPolicy ?? '';
    if (policy !== 'PreemptLowerPriority' && policy !== 'Never') {
      errs.push(unsupported('preemptionPolicy', goValue(policy), ['PreemptLowerPriority', 'Never']));
    }
    return errs;
  },

  validateUpdate(pc, old) {
    const errs: FieldError[] = [];
    if (pc.value !== old.value) errs.push(forbidden('value', 'may not be changed in an update.'));
    if ((pc.preemptionPolicy ?? '') !== (old.preemptionPolicy ?? '')) errs.push(invalid('preemptionPolicy', goValue(pc.preemptionPolicy), FIELD_IMMUTABLE));
    return errs;
  },
};
