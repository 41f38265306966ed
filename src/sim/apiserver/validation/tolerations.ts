/**
 * Tolerations and taint effects: core validation `ValidateTolerations`, `validateTaintEffect` and
 * `validateOnlyAddedTolerations` (pod updates may only add tolerations).
 *
 * Note the upstream quirks kept here: operator/value problems are reported on the `operator`
 * path (with the whole toleration as the bad value for Exists-with-a-value), and an empty
 * operator means `Equal`.
 */
import type { Toleration } from '../../api/types.js';
import { isValidLabelValue } from '../../api/name-validation.js';
import { jsonEqual } from './equality.js';
import { goToleration } from './govalue.js';
import { child, forbidden, goValue, index, invalid, required, unsupported, type FieldError } from './field.js';
import { validateLabelName } from './objectmeta.js';

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** `validateTaintEffect`: one of the three effects; empty is allowed for tolerations only. */
export function validateTaintEffect(effect: string | undefined, allowEmpty: boolean, path: string): FieldError[] {
  const e = effect ?? '';
  if (!allowEmpty && e.length === 0) return [required(path)];
  if ((TAINT_EFFECTS as readonly string[]).includes(e)) return [];
  return [unsupported(path, goValue(e), TAINT_EFFECTS)];
}

/** `ValidateTolerations`. */
export function validateTolerations(tolerations: readonly Toleration[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const p = index(path, i);
    const key = t.key ?? '';
    const op = t.operator ?? '';
    const value = t.value ?? '';
    if (key.length > 0) errs.push(...validateLabelName(key, child(p, 'key')));
    if (key.length === 0 && op !== 'Exists') {
      errs.push(invalid(child(p, 'operator'), goValue(op), 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null && t.effect !== 'NoExecute') {
      errs.push(invalid(child(p, 'effect'), goValue(t.effect ?? ''), "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (op) {
      case 'Equal':
      case '': {
        const msgs = isValidLabelValue(value);
        if (msgs.length > 0) errs.push(invalid(child(p, 'operator'), goValue(value), msgs.join(';')));
        break;
      }
      case 'Exists':
        // upstream passes the whole toleration as the bad value here
        if (value.length > 0) errs.push(invalid(child(p, 'operator'), goToleration(t), "value must be empty when `operator` is 'Exists'"));
        break;
      default:
        errs.push(unsupported(child(p, 'operator'), goValue(op), ['Equal', 'Exists']));
    }
    if ((t.effect ?? '').length > 0) errs.push(...validateTaintEffect(t.effect, true, child(p, 'effect')));
  });
  return errs;
}

/**
 * `validateOnlyAddedTolerations`: every old toleration must still be there (only its
 * tolerationSeconds may change); then the new list is validated as a whole.
 */
export function validateOnlyAddedTolerations(next: readonly Toleration[] | undefined, old: readonly Toleration[] | undefined, path: string): FieldError[] {
  for (const o of old ?? []) {
    const found = (next ?? []).some((n) => jsonEqual({ ...o, tolerationSeconds: n.tolerationSeconds }, n));
    if (!found) return [forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(next, path);
}
