/**
 * What a pod update may change: core `ValidatePodUpdate` (the part after the ordinary pod
 * validation), with `ValidateContainerUpdates` and `validateOnlyAddedTolerations`.
 *
 * Only container and init-container images, activeDeadlineSeconds (set, or lowered),
 * tolerations (additions; seconds may change) and a negative terminationGracePeriodSeconds
 * raised to 1 may change. Anything else is one Forbidden error on `spec` listing those fields,
 * followed by a diff. Upstream prints a `cmp.Diff` of the whole spec; we print the changed
 * top-level fields in the same `- old` / `+ new` shape.
 */
import type { Container, PodSpec } from '../../api/types.js';
import { goQuote } from '../../api/goquote.js';
import { semanticEqual } from './equality.js';
import { child, forbidden, goValue, index, invalid, required, type FieldError } from './field.js';
import { validateOnlyAddedTolerations } from './tolerations.js';

const MAX_INT32 = 2147483647;

export const UPDATABLE_POD_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

export function validatePodSpecUpdate(next: PodSpec, old: PodSpec, path = 'spec'): FieldError[] {
  const errs: FieldError[] = [];
  for (const name of ['containers', 'initContainers'] as const) {
    const r = validateContainerUpdates(next[name], old[name], child(path, name));
    errs.push(...r.errors);
    if (r.stop) return errs;
  }
  const adsPath = child(path, 'activeDeadlineSeconds');
  const nextAds = next.activeDeadlineSeconds;
  const oldAds = old.activeDeadlineSeconds;
  if (nextAds !== undefined && nextAds !== null) {
    if (nextAds < 0 || nextAds > MAX_INT32) return [...errs, invalid(adsPath, goValue(nextAds), `must be between 0 and ${MAX_INT32}, inclusive`)];
    if (oldAds !== undefined && oldAds !== null && oldAds < nextAds) return [...errs, invalid(adsPath, goValue(nextAds), 'must be less than or equal to previous value')];
  } else if (oldAds !== undefined && oldAds !== null) {
    errs.push(invalid(adsPath, goValue(null), 'must not update from a positive integer to nil value'));
  }
  errs.push(...validateOnlyAddedTolerations(next.tolerations, old.tolerations, child(path, 'tolerations')));
  if (semanticEqual(next, old)) return errs;

  const munged: Record<string, unknown> = {
    ...next,
    containers: mungeImages(next.containers, old.containers),
    initContainers: mungeImages(next.initContainers, old.initContainers),
    activeDeadlineSeconds: old.activeDeadlineSeconds,
    tolerations: old.tolerations,
  };
  const oldGrace = old.terminationGracePeriodSeconds;
  if (oldGrace !== undefined && oldGrace < 0 && next.terminationGracePeriodSeconds === 1) munged['terminationGracePeriodSeconds'] = oldGrace;
  if (!semanticEqual(munged, old)) {
    const detail = `pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS.join(',')}\n${specDiff(old, munged)}`;
    errs.push(forbidden(path, detail));
  }
  return errs;
}

/** `ValidateContainerUpdates`: the number of containers is fixed; every image must stay set. */
function validateContainerUpdates(next: readonly Container[] | undefined, old: readonly Container[] | undefined, path: string): { errors: FieldError[]; stop: boolean } {
  const n = next ?? [];
  if (n.length !== (old ?? []).length) return { errors: [forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errors: FieldError[] = [];
  n.forEach((c, i) => {
    const image = c.image ?? '';
    if (image.length === 0) errors.push(required(child(index(path, i), 'image')));
    if (image.trim() !== image) errors.push(invalid(child(index(path, i), 'image'), goValue(image), 'must not have leading or trailing whitespace'));
  });
  return { errors, stop: false };
}

function mungeImages(next: readonly Container[] | undefined, old: readonly Container[] | undefined): Container[] | undefined {
  if (!next) return undefined;
  return next.map((c, i) => ({ ...c, image: old?.[i]?.image ?? c.image }));
}

const GO_FIELD_NAMES: Readonly<Record<string, string>> = { dnsPolicy: 'DNSPolicy', hostPID: 'HostPID', hostIPC: 'HostIPC', dnsConfig: 'DNSConfig', os: 'OS' };

/** A `cmp.Diff`-shaped listing of the top-level PodSpec fields that differ. */
function specDiff(old: PodSpec, next: Record<string, unknown>): string {
  const o = old as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(o), ...Object.keys(next)])].sort();
  const lines = ['  core.PodSpec{'];
  for (const k of keys) {
    if (semanticEqual(o[k], next[k])) continue;
    const name = GO_FIELD_NAMES[k] ?? k.charAt(0).toUpperCase() + k.slice(1);
    if (!isAbsent(o[k])) lines.push(`- \t${name}: ${render(o[k])},`);
    if (!isAbsent(next[k])) lines.push(`+ \t${name}: ${render(next[k])},`);
  }
  lines.push('  }');
  return lines.join('\n');
}

function isAbsent(v: unknown): boolean {
  return v === undefined || v === null;
}

function render(v: unknown): string {
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return Array.isArray(v) ? `{...} // ${v.length} elements` : '{...}';
}
