/**
 * Label selectors on API objects: metav1 `LabelSelectorAsSelector`, `FormatLabelSelector` and
 * `Selector.Matches`, plus semantic selector equality. Re-exports `kubectl -l` parsing
 * (`labels.Parse`) and the label key/value checks so callers import one module.
 *
 * Semantics (metav1): a nil selector matches nothing; an empty one (`{}`, no matchLabels and no
 * matchExpressions) matches everything; matchLabels and matchExpressions are ANDed; NotIn and
 * DoesNotExist match objects that lack the key. A selector upstream could not convert (an unknown
 * operator, an invalid key or value, In/NotIn without values) matches nothing and formats as
 * `<error>`.
 */
import type { LabelSelector, Labels } from './types.js';
import {
  compareStrings,
  newRequirement,
  requirementMatches,
  requirementString,
  type Requirement,
  type SelectionOperator,
} from './label-requirement.js';

export { parseSelector, type ParsedSelector } from './label-selector-parse.js';
export type { Requirement, SelectionOperator } from './label-requirement.js';
export { requirementMatches, requirementString } from './label-requirement.js';
export {
  isQualifiedName,
  isValidLabelValue,
  isDNS1123Label,
  isDNS1123Subdomain,
  validateLabelKey,
  validateLabelValue,
  regexError,
  maxLenError,
  emptyError,
} from './name-validation.js';

export type LabelPredicate = (labels: Labels | undefined) => boolean;

/** A converted selector: `nothing` for nil, else its requirements sorted by key ([] = everything). */
export type Selector = { readonly nothing: true } | { readonly nothing: false; readonly requirements: readonly Requirement[] };

const OPERATORS: Readonly<Record<string, SelectionOperator>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/** `metav1.LabelSelectorAsSelector`: the requirements, or upstream's conversion error. */
export function labelSelectorAsSelector(sel: LabelSelector | null | undefined): Selector | { error: string } {
  if (sel === undefined || sel === null) return { nothing: true };
  const reqs: Requirement[] = [];
  for (const [key, value] of Object.entries(sel.matchLabels ?? {})) {
    const r = newRequirement(key, '=', [value]);
    if ('error' in r) return r;
    reqs.push(r);
  }
  for (const expr of sel.matchExpressions ?? []) {
    const op = Object.prototype.hasOwnProperty.call(OPERATORS, expr.operator) ? OPERATORS[expr.operator] : undefined;
    if (op === undefined) return { error: `"${String(expr.operator)}" is not a valid label selector operator` };
    const r = newRequirement(expr.key, op, expr.values ?? []);
    if ('error' in r) return r;
    reqs.push(r);
  }
  reqs.sort((a, b) => compareStrings(a.key, b.key));
  return { nothing: false, requirements: reqs };
}

const compiled = new WeakMap<LabelSelector, LabelPredicate>();
const NOTHING: LabelPredicate = () => false;
const EVERYTHING: LabelPredicate = () => true;

/**
 * Compiles a selector once into a predicate to run per object. Cached per selector object
 * (stored objects are immutable, so the cache can never be stale).
 */
export function compileLabelSelector(sel: LabelSelector | null | undefined): LabelPredicate {
  if (sel === undefined || sel === null) return NOTHING;
  const cached = compiled.get(sel);
  if (cached) return cached;
  const s = labelSelectorAsSelector(sel);
  let predicate: LabelPredicate;
  if ('error' in s || s.nothing) predicate = NOTHING;
  else if (s.requirements.length === 0) predicate = EVERYTHING;
  else {
    const reqs = s.requirements;
    predicate = (labels) => {
      for (const r of reqs) if (!requirementMatches(r, labels)) return false;
      return true;
    };
  }
  compiled.set(sel, predicate);
  return predicate;
}

/** `Selector.Matches` for an API selector (see `compileLabelSelector` to match many objects). */
export function matchesLabelSelector(sel: LabelSelector | null | undefined, labels: Labels | undefined): boolean {
  return compileLabelSelector(sel)(labels);
}

/**
 * `metav1.FormatLabelSelector`: `app=x,tier in (a,b),!key` (sorted by key), `<none>` for nil or
 * empty, `<error>` when the selector cannot be converted. Used by `kubectl get ds -o wide`
 * (SELECTOR) and `kubectl describe` (Selector:).
 */
export function formatLabelSelector(sel: LabelSelector | null | undefined): string {
  const s = labelSelectorAsSelector(sel);
  if ('error' in s) return '<error>';
  const text = s.nothing ? '' : s.requirements.map(requirementString).join(',');
  return text.length === 0 ? '<none>' : text;
}

/**
 * `apiequality.Semantic.DeepEqual` on two selectors: nil differs from `{}`, but a missing or empty
 * matchLabels, matchExpressions or values list are the same. Expression and value order matter.
 * Used for the "field is immutable" check on `spec.selector`.
 */
export function selectorsEqual(a: LabelSelector | null | undefined, b: LabelSelector | null | undefined): boolean {
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? undefined) === (b ?? undefined);
  const la = a.matchLabels ?? {};
  const lb = b.matchLabels ?? {};
  const ka = Object.keys(la);
  if (ka.length !== Object.keys(lb).length) return false;
  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(lb, k) || la[k] !== lb[k]) return false;
  const ea = a.matchExpressions ?? [];
  const eb = b.matchExpressions ?? [];
  if (ea.length !== eb.length) return false;
  return ea.every((x, i) => {
    const y = eb[i]!;
    const va = x.values ?? [];
    const vb = y.values ?? [];
    return x.key === y.key && x.operator === y.operator && va.length === vb.length && va.every((v, j) => v === vb[j]);
  });
}
