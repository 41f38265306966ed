/**
 * Container `resources` validation: core `ValidateContainerResourceRequirements`
 * (`validateResourceRequirements`, `validateContainerResourceName`, `ValidateResourceQuantityValue`).
 *
 * Rules: names are `cpu`, `memory`, `ephemeral-storage`, `hugepages-*` or a domain-qualified
 * extended resource; quantities are non-negative; a request may not exceed its limit, and an
 * extended resource (not overcommittable) must request exactly its limit.
 * Go walks the maps in random order; we walk them sorted so messages are stable.
 * A quantity the API server could not even decode is reported here as an Invalid value (a real
 * server fails earlier, while decoding, with the same text).
 */
import type { ResourceList, ResourceRequirements } from '../../api/types.js';
import { isQualifiedName } from '../../api/name-validation.js';
import { compareQuantity, formatQuantity, parseQuantity, type Quantity } from '../../api/quantity.js';
import { child, goValue, invalid, key, required, IS_NEGATIVE, type FieldError } from './field.js';

const STANDARD_CONTAINER = new Set(['cpu', 'memory', 'ephemeral-storage']);

function isHugePages(name: string): boolean {
  return name.startsWith('hugepages-');
}

/** `IsNativeResource`: no domain, or a `kubernetes.io/` one. */
function isNative(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** `IsOvercommitAllowed`: native and not huge pages. */
export function isOvercommitAllowed(name: string): boolean {
  return isNative(name) && !isHugePages(name);
}

function validateResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => invalid(path, goValue(name), msg));
  if (errs.length > 0) return errs;
  if (!name.includes('/')) {
    if (!STANDARD_CONTAINER.has(name) && !isHugePages(name)) return [invalid(path, goValue(name), 'must be a standard resource for containers')];
  } else if (!isNative(name) && name.startsWith('requests.')) {
    return [invalid(path, goValue(name), "doesn't follow extended resource name standard")];
  }
  return [];
}

function quantityErrors(name: string, raw: string | number, path: string): { q?: Quantity; errs: FieldError[] } {
  const q = parseQuantity(raw);
  if ('error' in q) return { errs: [invalid(path, goValue(String(raw)), q.error)] };
  const errs: FieldError[] = [];
  if (q.nano < 0n) errs.push(invalid(path, goValue(formatQuantity(q)), IS_NEGATIVE));
  if (!isNative(name) && q.nano % 1_000_000_000n !== 0n) errs.push(invalid(path, goValue(formatQuantity(q)), 'must be an integer'));
  return { q, errs };
}

export function validateResourceRequirements(res: ResourceRequirements | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const limPath = child(path, 'limits');
  const reqPath = child(path, 'requests');
  const limits = parsedList(res?.limits);
  for (const name of sortedKeys(res?.limits)) {
    const p = key(limPath, name);
    errs.push(...validateResourceName(name, p), ...quantityErrors(name, res!.limits![name]!, p).errs);
  }
  for (const name of sortedKeys(res?.requests)) {
    const p = key(reqPath, name);
    const { q, errs: qErrs } = quantityErrors(name, res!.requests![name]!, p);
    errs.push(...validateResourceName(name, p), ...qErrs);
    if (!q) continue;
    const limit = limits.get(name);
    if (limit) {
      const cmp = compareQuantity(q, limit);
      if (cmp !== 0 && !isOvercommitAllowed(name)) {
        errs.push(invalid(reqPath, goValue(formatQuantity(q)), `must be equal to ${name} limit of ${formatQuantity(limit)}`));
      } else if (cmp > 0) {
        errs.push(invalid(reqPath, goValue(formatQuantity(q)), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
      }
    } else if (!isOvercommitAllowed(name)) {
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'));
    }
  }
  return errs;
}

function sortedKeys(list: ResourceList | undefined): string[] {
  return Object.keys(list ?? {}).sort();
}

function parsedList(list: ResourceList | undefined): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  for (const name of sortedKeys(list)) {
    const q = parseQuantity(list![name]!);
    if (!('error' in q)) out.set(name, q);
  }
  return out;
}
