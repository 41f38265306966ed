/**
 * metav1 `ValidateLabelSelector` / `ValidateLabelSelectorRequirement`: the shape of a
 * `spec.selector` (label keys and values, operators, values present or absent as the operator
 * demands). A nil selector is valid here; the kinds that need one say so themselves.
 */
import type { LabelSelector } from '../../api/types.js';
import { isValidLabelValue } from '../../api/name-validation.js';
import { child, forbidden, goValue, index, invalid, required, type FieldError } from './field.js';
import { validateLabelName, validateLabels } from './objectmeta.js';

export function validateLabelSelector(sel: LabelSelector | undefined | null, path: string): FieldError[] {
  if (sel === undefined || sel === null) return [];
  const errs = validateLabels(sel.matchLabels, child(path, 'matchLabels'));
  (sel.matchExpressions ?? []).forEach((expr, i) => {
    const p = index(child(path, 'matchExpressions'), i);
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(required(child(p, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errs.push(forbidden(child(p, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(invalid(child(p, 'operator'), goValue(String(expr.operator ?? '')), 'not a valid selector operator'));
    }
    errs.push(...validateLabelName(expr.key ?? '', child(p, 'key')));
    values.forEach((v, j) => {
      for (const msg of isValidLabelValue(v)) errs.push(invalid(index(child(p, 'values'), j), goValue(v), msg));
    });
  });
  return errs;
}
