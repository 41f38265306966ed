/**
 * One term of a label selector: apimachinery `labels.Requirement` with `NewRequirement`,
 * `Requirement.Matches` and `Requirement.String`.
 *
 * Why: both `metav1.LabelSelectorAsSelector` (API objects) and `labels.Parse` (`kubectl -l`) build
 * requirements, and the selector text kubectl prints is the requirements' strings joined by ','.
 */
import type { Labels } from './types.js';
import { goQuote } from './goquote.js';
import { isQualifiedName, isValidLabelValue } from './name-validation.js';

/** apimachinery `selection.Operator` values. */
export type SelectionOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export interface Requirement {
  readonly key: string;
  readonly operator: SelectionOperator;
  /** In the order given; `String()` prints them sorted. */
  readonly values: readonly string[];
}

/** `field.Invalid(path, value, detail).Error()` for a string value. */
export function invalidValue(path: string, value: string, detail: string): string {
  return `${path}: Invalid value: ${goQuote(value)}: ${detail}`;
}

/** `utilerrors.NewAggregate(...).Error()` after `ErrorList.ToAggregate` de-duplication. */
export function aggregateMessage(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

/**
 * `labels.NewRequirement` (with no field path): the requirement, or the aggregated validation
 * error upstream returns for it.
 */
export function newRequirement(key: string, operator: SelectionOperator, values: readonly string[]): Requirement | { error: string } {
  const errs: string[] = [];
  const keyErrs = isQualifiedName(key);
  if (keyErrs.length > 0) errs.push(invalidValue('key', key, keyErrs.join('; ')));
  switch (operator) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push(`values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty`);
      break;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push(`values: Invalid value: ${jsonList(values)}: exact-match compatibility requires one single value`);
      break;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push(`values: Invalid value: ${jsonList(values)}: values set must be empty for exists and does not exist`);
      break;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push(`values: Invalid value: ${jsonList(values)}: for 'Gt', 'Lt' operators, exactly one value is required`);
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(invalidValue(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
  }
  values.forEach((v, i) => {
    const valueErrs = isValidLabelValue(v);
    if (valueErrs.length > 0) errs.push(invalidValue(`values[${i}][${key}]`, v, valueErrs.join('; ')));
  });
  if (errs.length > 0) return { error: aggregateMessage(errs) };
  return { key, operator, values };
}

/** `Requirement.Matches`: NotIn, != and DoesNotExist match when the key is absent. */
export function requirementMatches(r: Requirement, labels: Labels | undefined): boolean {
  const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(labels![r.key]!);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(labels![r.key]!);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || r.values.length !== 1) return false;
      const have = parseInt64(labels![r.key]!);
      const want = parseInt64(r.values[0]!);
      if (have === undefined || want === undefined) return false;
      return r.operator === 'gt' ? have > want : have < want;
    }
  }
}

/** `Requirement.String`: `!key`, `key`, `key=v`, `key in (a,b)` (values sorted). */
export function requirementString(r: Requirement): string {
  let out = r.operator === '!' ? `!${r.key}` : r.key;
  switch (r.operator) {
    case 'exists':
    case '!':
      return out;
    case 'in':
      out += ' in ';
      break;
    case 'notin':
      out += ' notin ';
      break;
    case 'gt':
      out += '>';
      break;
    case 'lt':
      out += '<';
      break;
    default:
      out += r.operator;
  }
  const values = r.values.length === 1 ? r.values[0]! : [...r.values].sort(compareStrings).join(',');
  return r.operator === 'in' || r.operator === 'notin' ? `${out}(${values})` : out + values;
}

/** Go's byte-wise string order (equal to UTF-16 order for the ASCII that keys and values hold). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `strconv.ParseInt(s, 10, 64)`, or undefined when Go would fail. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n > 9223372036854775807n || n < -9223372036854775808n ? undefined : n;
}

function jsonList(values: readonly string[]): string {
  return values.length === 0 ? '[]' : JSON.stringify(values);
}
