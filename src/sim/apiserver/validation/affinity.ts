/**
 * `spec.affinity` validation: core `validateAffinity`, `validateNodeAffinity`,
 * `ValidateNodeSelector`, `ValidateNodeSelectorTerm`, `ValidateNodeSelectorRequirement`,
 * `ValidateNodeFieldSelectorRequirement` and `ValidatePreferredSchedulingTerms`.
 *
 * Pod (anti-)affinity is kept as written and not validated: the model never schedules by it.
 * Upstream reports an unknown operator as `Invalid value: "Foo": not a valid selector operator`
 * (not "Unsupported value"), and we follow it.
 */
import type { Affinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm } from '../../api/types.js';
import { isDNS1123Subdomain, isValidLabelValue } from '../../api/name-validation.js';
import { child, forbidden, goValue, index, invalid, required, type FieldError } from './field.js';
import { validateLabelName } from './objectmeta.js';

export function validateAffinity(affinity: Affinity | undefined, path: string): FieldError[] {
  const na = affinity?.nodeAffinity;
  if (!na) return [];
  const p = child(path, 'nodeAffinity');
  const errs: FieldError[] = [];
  const req = na.requiredDuringSchedulingIgnoredDuringExecution;
  if (req) errs.push(...validateNodeSelector(req, child(p, 'requiredDuringSchedulingIgnoredDuringExecution')));
  const pref = na.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  pref.forEach((term, i) => {
    const tp = index(child(p, 'preferredDuringSchedulingIgnoredDuringExecution'), i);
    if (!(term.weight > 0 && term.weight <= 100)) errs.push(invalid(child(tp, 'weight'), goValue(term.weight ?? 0), 'must be in the range 1-100'));
    // Upstream always allows invalid label values in preferred terms.
    errs.push(...validateNodeSelectorTerm(term.preference ?? {}, true, child(tp, 'preference')));
  });
  return errs;
}

/** `ValidateNodeSelector`: at least one term, each term validated. */
export function validateNodeSelector(sel: NodeSelector, path: string): FieldError[] {
  const termsPath = child(path, 'nodeSelectorTerms');
  const terms = sel.nodeSelectorTerms ?? [];
  if (terms.length === 0) return [required(termsPath, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => validateNodeSelectorTerm(term, false, index(termsPath, i)));
}

function validateNodeSelectorTerm(term: NodeSelectorTerm, allowInvalidValues: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (term.matchExpressions ?? []).forEach((req, j) => {
    errs.push(...validateNodeSelectorRequirement(req, allowInvalidValues, index(child(path, 'matchExpressions'), j)));
  });
  (term.matchFields ?? []).forEach((req, j) => {
    errs.push(...validateNodeFieldSelectorRequirement(req, index(child(path, 'matchFields'), j)));
  });
  return errs;
}

/** `ValidateNodeSelectorRequirement`. */
export function validateNodeSelectorRequirement(rq: NodeSelectorRequirement, allowInvalidValues: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  switch (rq.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errs.push(required(child(path, 'values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(invalid(child(path, 'operator'), goValue(String(rq.operator ?? '')), 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(rq.key ?? '', child(path, 'key')));
  if (!allowInvalidValues) {
    values.forEach((v, i) => {
      for (const msg of isValidLabelValue(v)) errs.push(invalid(index(child(path, 'values'), i), goValue(v), msg));
    });
  }
  return errs;
}

/** `ValidateNodeFieldSelectorRequirement`: only `metadata.name`, In/NotIn with one node name. */
function validateNodeFieldSelectorRequirement(rq: NodeSelectorRequirement, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  if (rq.operator === 'In' || rq.operator === 'NotIn') {
    if (values.length !== 1) {
      errs.push(required(child(path, 'values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    }
  } else {
    errs.push(invalid(child(path, 'operator'), goValue(String(rq.operator ?? '')), 'not a valid selector operator'));
  }
  if (rq.key !== 'metadata.name') {
    errs.push(invalid(child(path, 'key'), goValue(rq.key ?? ''), 'not a valid field selector key'));
  } else {
    values.forEach((v, i) => {
      for (const msg of isDNS1123Subdomain(v)) errs.push(invalid(index(child(path, 'values'), i), goValue(v), msg));
    });
  }
  return errs;
}
