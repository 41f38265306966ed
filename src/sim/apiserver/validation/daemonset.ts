/**
 * DaemonSet spec validation: apps `ValidateDaemonSetSpec`, `ValidateDaemonSetUpdateStrategy`,
 * `ValidateRollingUpdateDaemonSet`, `ValidatePositiveIntOrPercent` and `IsNotMoreThan100Percent`
 * (`pkg/apis/apps/validation/validation.go`).
 *
 * Notable upstream behaviour kept: a missing selector is reported only as "`selector` does not
 * match template `labels`" (a nil selector matches nothing); an empty one as "empty selector is
 * invalid for daemonset"; maxSurge and maxUnavailable may not both be non-zero, nor both zero.
 */
import type { DaemonSetSpec, IntOrString, RollingUpdateDaemonSet } from '../../api/types.js';
import { validPercentErrors } from '../../api/intstr.js';
import { labelSelectorAsSelector, matchesLabelSelector } from '../../api/labels.js';
import { child, forbidden, goValue, invalid, nonNegative, required, unsupported, type FieldError } from './field.js';
import { goDaemonSetUpdateStrategy, goIntOrString, goLabelSelector, goStringMap } from './govalue.js';
import { validateLabelSelector } from './labelselector.js';
import { validatePodTemplateSpec } from './podspec.js';

export function validateDaemonSetSpec(spec: DaemonSetSpec, path = 'spec'): FieldError[] {
  const errs = validateLabelSelector(spec.selector, child(path, 'selector'));
  const labels = spec.template?.metadata?.labels;
  if (!('error' in labelSelectorAsSelector(spec.selector)) && !matchesLabelSelector(spec.selector, labels)) {
    errs.push(invalid(child(path, 'template', 'metadata', 'labels'), goStringMap(labels), '`selector` does not match template `labels`'));
  }
  const sel = spec.selector;
  if (sel && Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) {
    errs.push(invalid(child(path, 'selector'), goLabelSelector(sel), 'empty selector is invalid for daemonset'));
  }
  errs.push(...validatePodTemplateSpec(spec.template ?? { spec: { containers: [] } }, child(path, 'template')));
  const restartPolicy = spec.template?.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always') errs.push(unsupported(child(path, 'template', 'spec', 'restartPolicy'), goValue(restartPolicy), ['Always']));
  if (spec.template?.spec?.activeDeadlineSeconds !== undefined && spec.template?.spec?.activeDeadlineSeconds !== null) {
    errs.push(forbidden(child(path, 'template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in DaemonSet is not Supported'));
  }
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  errs.push(...validateUpdateStrategy(spec.updateStrategy, child(path, 'updateStrategy')));
  errs.push(...nonNegative(spec.revisionHistoryLimit, child(path, 'revisionHistoryLimit')));
  return errs;
}

/** `ValidateDaemonSetUpdateStrategy`: OnDelete checks nothing more; RollingUpdate needs its parameters. */
function validateUpdateStrategy(s: DaemonSetSpec['updateStrategy'], path: string): FieldError[] {
  switch (s?.type) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate':
      if (!s.rollingUpdate) return [required(child(path, 'rollingUpdate'))];
      return validateRollingUpdate(s.rollingUpdate, child(path, 'rollingUpdate'));
    default:
      return [unsupported(path, goDaemonSetUpdateStrategy(s as { type?: string }), ['RollingUpdate', 'OnDelete'])];
  }
}

/** `ValidateRollingUpdateDaemonSet`. */
function validateRollingUpdate(ru: RollingUpdateDaemonSet, path: string): FieldError[] {
  const muPath = child(path, 'maxUnavailable');
  const msPath = child(path, 'maxSurge');
  const errs = [
    ...validatePositiveIntOrPercent(ru.maxUnavailable, muPath),
    ...validatePositiveIntOrPercent(ru.maxSurge, msPath),
    ...notMoreThan100Percent(ru.maxUnavailable, muPath),
    ...notMoreThan100Percent(ru.maxSurge, msPath),
  ];
  const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errs.push(invalid(msPath, goIntOrString(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
  else if (!hasUnavailable && !hasSurge) errs.push(required(muPath, 'cannot be 0 when maxSurge is 0'));
  return errs;
}

/** `ValidatePositiveIntOrPercent`: an int >= 0, or a string of the form `N%`. */
function validatePositiveIntOrPercent(v: IntOrString | undefined, path: string): FieldError[] {
  if (typeof v === 'string') return validPercentErrors(v).map((msg) => invalid(path, goIntOrString(v), msg));
  return nonNegative(v ?? 0, path);
}

/** The percentage of a valid `N%` string. */
function percentValue(v: IntOrString | undefined): number | undefined {
  return typeof v === 'string' && validPercentErrors(v).length === 0 ? Number(v.slice(0, -1)) : undefined;
}

/** `IsNotMoreThan100Percent`. */
function notMoreThan100Percent(v: IntOrString | undefined, path: string): FieldError[] {
  const pct = percentValue(v);
  return pct !== undefined && pct > 100 ? [invalid(path, goIntOrString(v), 'must not be greater than 100%')] : [];
}

/** `getIntOrPercentValue`: the percentage, else `IntValue()` (Atoi of a string, 0 when it fails). */
function intOrPercentValue(v: IntOrString | undefined): number {
  const pct = percentValue(v);
  if (pct !== undefined) return pct;
  if (typeof v === 'string') return /^[+-]?[0-9]+$/.test(v) ? Number(v) : 0;
  return v ?? 0;
}
