/**
 * `metadata` validation: apimachinery `ValidateObjectMeta` (name, namespace, generation, labels,
 * annotations) and metav1 `ValidateLabels` / `ValidateLabelName`, plus the name checks
 * (`NameIsDNSSubdomain`, `NameIsDNSLabel`).
 *
 * Why: every kind validates its metadata first, so these are the first lines of most error lists.
 * Label errors are reported on the map's path (`metadata.labels`), not per key, as upstream does;
 * keys are visited in sorted order (Go visits a map in random order).
 */
import type { ObjectMeta } from '../../api/types.js';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, utf8Length } from '../../api/name-validation.js';
import { appendErrors, child, forbidden, goValue, invalid, nonNegative, required, tooLong, type FieldError } from './field.js';
import { identityMemo, memo } from '../../memo.js';

/** A name check: the list of problems with `name` ([] when valid). */
export type NameFn = (name: string) => string[];

/** `NameIsDNSSubdomain` (most kinds). */
export const nameIsDNSSubdomain: NameFn = isDNS1123Subdomain;
/** `NameIsDNSLabel` (`ValidateNamespaceName`). */
export const nameIsDNSLabel: NameFn = isDNS1123Label;

/** apimachinery `TotalAnnotationSizeLimitB`. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/**
 * `ValidateObjectMeta(meta, requiresNamespace, nameFn, path)`. Name generation has already run,
 * so `metadata.name` is set whenever the request was acceptable. The list is a new one, the
 * caller's own: strategies append the rest of their errors to it (`appendErrors`).
 */
export function validateObjectMeta(
  meta: Partial<ObjectMeta>,
  requiresNamespace: boolean,
  nameFn: NameFn,
  path = 'metadata',
): FieldError[] {
  const errs: FieldError[] = [];
  const p = pathsOf(path);
  const name = meta.name ?? '';
  if (name.length === 0) errs.push(required(p.name, 'name or generateName is required'));
  else invalidInto(errs, p.name, name, nameFn(name));
  const ns = meta.namespace ?? '';
  if (requiresNamespace) {
    if (ns.length === 0) errs.push(required(p.namespace));
    else invalidInto(errs, p.namespace, ns, namespaceErrors(ns));
  } else if (ns.length > 0) {
    errs.push(forbidden(p.namespace, 'not allowed on this type'));
  }
  if (meta.generation !== undefined) appendErrors(errs, nonNegative(meta.generation, p.generation));
  if (meta.labels) appendErrors(errs, labelErrors(meta.labels, p.labels));
  if (meta.annotations) appendErrors(errs, annotationErrors(meta.annotations, p.annotations));
  return errs;
}

/**
 * An Invalid error per message about `value` at `path`, appended to `errs`. By index: every
 * create and update checks its name (nearly always clean), and a `for of` made an iterator
 * per list where it ran unoptimised.
 */
function invalidInto(errs: FieldError[], path: string, value: string, msgs: readonly string[]): void {
  for (let i = 0; i < msgs.length; i++) errs.push(invalid(path, goValue(value), msgs[i]!));
}

/**
 * The paths of the metadata's fields, built once per metadata path (nearly always `metadata`):
 * every create and update validates its metadata, and built anew they were a third of what
 * that allocated.
 */
const pathsOf = memo((path: string) => {
  const names = ['name', 'namespace', 'generation', 'labels', 'annotations'] as const;
  return Object.fromEntries(names.map((n) => [n, child(path, n)])) as Record<(typeof names)[number], string>;
}, 64);

/**
 * `validateLabels` and `validateAnnotations` once per map object and path. Maps are readonly
 * and travel unchanged from one version of an object to the next (a node's status and taint
 * writes keep its labels), and objects built from one template or one registration share them,
 * so a big cluster validates each map once instead of on every write. The lists are only read.
 */
const labelErrors = identityMemo((labels: Readonly<Record<string, string>>, path: string) => validateLabels(labels, path));
const annotationErrors = identityMemo((annotations: Readonly<Record<string, string>>, path: string) => validateAnnotations(annotations, path));

/**
 * `isDNS1123Label` of a namespaced object's namespace: a cluster has a few, and every create
 * and update of a pod checked its namespace anew (a regular expression and a list each). The
 * lists are only read.
 */
const namespaceErrors = memo(isDNS1123Label);

/**
 * `isQualifiedName` of label and annotation keys, which repeat on every node and pod (a big
 * cluster checks the same few keys tens of thousands of times). The lists are only read.
 */
const keyErrors = memo(isQualifiedName);

/** Whether `labelName` is a qualified name (`validateLabelName` finds no error). */
export function isLabelName(labelName: string): boolean {
  return keyErrors(labelName).length === 0;
}

/** metav1 `ValidateLabelName`: the key must be a qualified name. */
export function validateLabelName(labelName: string, path: string): FieldError[] {
  return keyErrors(labelName).map((msg) => invalid(path, goValue(labelName), msg));
}

/**
 * metav1 `ValidateLabels`: every key a qualified name, every value a label value. Valid maps
 * (nearly all: every node's own labels, with its hostname, on every node create) are told in
 * one pass in their own order; only a map with an error is walked again in sorted key order to
 * list the errors.
 */
export function validateLabels(labels: Readonly<Record<string, string>> | undefined, path: string): FieldError[] {
  if (labels === undefined || labelsValid(labels)) return [];
  const errs: FieldError[] = [];
  for (const k of Object.keys(labels ?? {}).sort()) {
    const v = String(labels![k] ?? '');
    errs.push(...validateLabelName(k, path));
    for (const msg of isValidLabelValue(v)) errs.push(invalid(path, goValue(v), msg));
  }
  return errs;
}

/** Whether every key of `labels` is a qualified name and every value a label value. */
function labelsValid(labels: Readonly<Record<string, string>>): boolean {
  for (const k in labels) if (keyErrors(k).length > 0 || isValidLabelValue(String(labels[k] ?? '')).length > 0) return false;
  return true;
}

/**
 * apimachinery `ValidateAnnotations`: keys are qualified names compared in lower case; the total
 * size of keys and values is at most 256 KiB.
 */
export function validateAnnotations(annotations: Readonly<Record<string, string>> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const k of Object.keys(annotations ?? {}).sort()) {
    for (const msg of keyErrors(k.toLowerCase())) errs.push(invalid(path, goValue(k), msg));
    size += utf8Length(k) + utf8Length(String(annotations![k] ?? ''));
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}
