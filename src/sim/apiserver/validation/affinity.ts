/**
 * `spec.affinity` validation: core `validateAffinity`, `validateNodeAffinity`,
 * `ValidateNodeSelector`, `ValidateNodeSelectorTerm`, `ValidateNodeSelectorRequirement`,
 * `ValidateNodeFieldSelectorRequirement` and `ValidatePreferredSchedulingTerms`.
 *
 * Pod (anti-)affinity is kept as written and not validated: the model never schedules by it.
 * Upstream reports an unknown operator as `Invalid value: "Foo": not a valid selector operator`
 * (not "Unsupported value"), and we follow it.
 *
 * Every error goes into one list, and a field's path is built only when it has an error: each
 * pod a DaemonSet creates has an affinity of its own (its node pin), and building the path of
 * every term and requirement it visits was most of what validating a pod's spec allocated.
 */
import type { Affinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm } from '../../api/types.js';
import { isDNS1123Subdomain, isValidLabelValue } from '../../api/name-validation.js';
import { memo } from '../../memo.js';
import { child, forbidden, goValue, index, invalid, required, type FieldError } from './field.js';
import { isLabelName, validateLabelName } from './objectmeta.js';

export function validateAffinity(affinity: Affinity | undefined, path: string): FieldError[] {
  const na = affinity?.nodeAffinity;
  if (!na) return [];
  const p = pathsOf(path);
  const errs: FieldError[] = [];
  const req = na.requiredDuringSchedulingIgnoredDuringExecution;
  if (req) nodeSelectorInto(errs, req, p.requiredTerms);
  const pref = na.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  pref.forEach((term, i) => {
    const tp = index(p.preferred, i);
    if (!(term.weight > 0 && term.weight <= 100)) errs.push(invalid(child(tp, 'weight'), goValue(term.weight ?? 0), 'must be in the range 1-100'));
    // Upstream always allows invalid label values in preferred terms.
    termInto(errs, term.preference ?? {}, true, child(tp, 'preference'), -1);
  });
  return errs;
}

/** The paths under an affinity's path, built once per path (a pod's is always `spec.affinity`). */
const pathsOf = memo((path: string) => {
  const p = child(path, 'nodeAffinity');
  return {
    requiredTerms: child(p, 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms'),
    preferred: child(p, 'preferredDuringSchedulingIgnoredDuringExecution'),
  };
}, 64);

/** `ValidateNodeSelector` into `errs` (`termsPath`: its nodeSelectorTerms'): at least one term, each term validated. */
function nodeSelectorInto(errs: FieldError[], sel: NodeSelector, termsPath: string): void {
  const terms = sel.nodeSelectorTerms ?? [];
  if (terms.length === 0) {
    errs.push(required(termsPath, 'must have at least one node selector term'));
    return;
  }
  for (let i = 0; i < terms.length; i++) termInto(errs, terms[i]!, false, termsPath, i);
}

/**
 * `ValidateNodeSelectorTerm` into `errs`. The term's path is `path`, or its `i`th element for
 * `i` >= 0 (built only if the term has an error).
 */
function termInto(errs: FieldError[], term: NodeSelectorTerm, allowInvalidValues: boolean, path: string, i: number): void {
  const expressions = term.matchExpressions ?? [];
  for (let j = 0; j < expressions.length; j++) requirementInto(errs, expressions[j]!, allowInvalidValues, path, i, j);
  const fields = term.matchFields ?? [];
  for (let j = 0; j < fields.length; j++) fieldRequirementInto(errs, fields[j]!, path, i, j);
}

/**
 * The path of field `name` of the `j`th requirement of a term's `list` (`matchExpressions` or
 * `matchFields`), the term being at `path` (or its `i`th element for `i` >= 0).
 */
function at(path: string, i: number, list: string, j: number, name: string): string {
  return child(index(child(i >= 0 ? index(path, i) : path, list), j), name);
}

/** `ValidateNodeSelectorRequirement` into `errs`, for the `j`th of the term's matchExpressions (`at`). */
function requirementInto(errs: FieldError[], rq: NodeSelectorRequirement, allowInvalidValues: boolean, path: string, i: number, j: number): void {
  const values = rq.values ?? [];
  switch (rq.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(required(at(path, i, 'matchExpressions', j, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(forbidden(at(path, i, 'matchExpressions', j, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errs.push(required(at(path, i, 'matchExpressions', j, 'values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(invalid(at(path, i, 'matchExpressions', j, 'operator'), goValue(String(rq.operator ?? '')), 'not a valid selector operator'));
  }
  const key = rq.key ?? '';
  if (!isLabelName(key)) errs.push(...validateLabelName(key, at(path, i, 'matchExpressions', j, 'key')));
  if (!allowInvalidValues) {
    for (let k = 0; k < values.length; k++) {
      const v = values[k]!;
      for (const msg of isValidLabelValue(v)) errs.push(invalid(index(at(path, i, 'matchExpressions', j, 'values'), k), goValue(v), msg));
    }
  }
}

/**
 * `ValidateNodeFieldSelectorRequirement` into `errs`, for the `j`th of the term's matchFields
 * (`at`): only `metadata.name`, In/NotIn with one node name.
 */
function fieldRequirementInto(errs: FieldError[], rq: NodeSelectorRequirement, path: string, i: number, j: number): void {
  const values = rq.values ?? [];
  if (rq.operator === 'In' || rq.operator === 'NotIn') {
    if (values.length !== 1) {
      errs.push(required(at(path, i, 'matchFields', j, 'values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    }
  } else {
    errs.push(invalid(at(path, i, 'matchFields', j, 'operator'), goValue(String(rq.operator ?? '')), 'not a valid selector operator'));
  }
  if (rq.key !== 'metadata.name') {
    errs.push(invalid(at(path, i, 'matchFields', j, 'key'), goValue(rq.key ?? ''), 'not a valid field selector key'));
  } else {
    for (let k = 0; k < values.length; k++) {
      const v = values[k]!;
      for (const msg of isDNS1123Subdomain(v)) errs.push(invalid(index(at(path, i, 'matchFields', j, 'values'), k), goValue(v), msg));
    }
  }
}
